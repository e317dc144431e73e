/**
 * Press: sending a message (the game's press setting, then the rules in force, decide what a
 * player may send; the gamesmaster is bound by neither) and reading the messages the caller may
 * read. Routes: `POST|GET /games/{id}/messages`.
 */
import { err, routeMessage, type PressMessage, type Result } from '@arbiter/engine';
import {
  gameOf,
  phaseInfo,
  read,
  run,
  seatsOf,
  variantOf,
  viewerIn,
  type AppContext,
} from '../context.js';
import { invalid, refuse, Refusal, type AppError, type AppErrorCode } from '../errors.js';
import { checkCount, checkText } from '../input.js';
import { LIMITS } from '../limits.js';
import type {
  AccountId,
  GameId,
  MessageAudience,
  MessageCopy,
  MessageRecord,
  PhaseId,
} from '../ports.js';
import { messageView, type MessageView, type PhaseMeta } from '../views.js';

export interface MessageInput {
  readonly to: 'public' | readonly string[];
  readonly text: string;
  readonly anonymous?: boolean;
}

/** Refusals by the rules in force that keep their code; any other becomes `press/refused`. */
const ROUTED_PRESS_CODES: ReadonlySet<string> = new Set<AppErrorCode>([
  'press/no-press',
  'press/public-only',
]);

/**
 * Sends a message. Players write while the game is forming or running, as the game's press
 * setting and then the rules in force (`routeMessage`) allow; the gamesmaster writes to anyone
 * at any time and is not bound by either.
 */
export async function sendMessage(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  input: MessageInput,
): Promise<Result<MessageView, AppError>> {
  if (typeof input !== 'object' || (input as unknown) === null)
    return err(invalid('input', 'must be an object'));
  const bad = checkText('text', input.text, false);
  if (bad !== undefined) return err(bad);
  const to = input.to;
  if (to !== 'public' && !(Array.isArray(to) && to.every((p) => typeof p === 'string')))
    return err(invalid('to', '"public" or a list of player ids'));
  const tooMany = to === 'public' ? undefined : checkCount('to', to, LIMITS.recipients);
  if (tooMany !== undefined) return err(tooMany);
  if (input.anonymous !== undefined && typeof input.anonymous !== 'boolean')
    return err(invalid('anonymous', 'true or false'));
  return run(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const seats = await seatsOf(ctx, tx, game);
    const viewer = await viewerIn(ctx, tx, game, caller, seats);
    if (viewer.kind === 'public')
      refuse('game/not-a-player', 'only players and the gamesmaster send messages here');
    const from = viewer.kind === 'gm' ? 'gm' : viewer.player;
    let audience: MessageAudience = { kind: 'public' };
    if (to !== 'public') {
      const unknown = to.filter((p) => !seats.some((s) => s.playerId === p));
      if (unknown.length > 0)
        refuse('press/unknown-recipient', `no player ${unknown.join(', ')} in this game`, {
          players: unknown,
        });
      const players = [...new Set(to)].filter((p) => p !== from).sort();
      if (players.length === 0) throw new Refusal(invalid('to', 'nobody to send to'));
      audience = { kind: 'players', players };
    }
    const now = ctx.clock.now();
    const open = game.status === 'running' ? await tx.openPhase(gameId) : undefined;
    let anonymous = input.anonymous ?? false;
    let copies: readonly MessageCopy[] = [];
    if (viewer.kind === 'player') {
      if (game.status === 'finished') refuse('press/not-allowed', 'the game is over');
      const press = game.settings.press;
      if (press === 'none') refuse('press/no-press', 'this game has no press');
      if (press === 'public' && audience.kind !== 'public')
        refuse('press/public-only', 'this game has public press only: send it to everyone');
      if (press === 'grey') anonymous = true;
      if (open !== undefined) {
        const message: PressMessage = { from, to: audience, text: input.text, anonymous };
        const earlier = (await tx.messages(gameId))
          .filter((m) => m.phaseId === open.id && m.from !== 'gm')
          .map((m): PressMessage => ({
            from: m.from,
            to: m.to,
            text: m.text,
            anonymous: m.anonymous,
          }));
        const variant = variantOf(ctx, game.variant);
        const routed = routeMessage(variant, open.state, message, earlier, ctx.catalogue);
        if (routed.refused !== undefined) {
          const code = routed.refused.code;
          if (ROUTED_PRESS_CODES.has(code)) refuse(code as AppErrorCode, routed.refused.message);
          refuse('press/refused', routed.refused.message, { code });
        }
        anonymous = routed.anonymous;
        copies = routed.copies;
      }
    }
    const record: Omit<MessageRecord, 'id'> = {
      gameId,
      phaseId: open?.id ?? null,
      from,
      to: audience,
      anonymous,
      text: input.text,
      createdAt: now,
      ...(copies.length === 0 ? {} : { copies }),
    };
    const id = await tx.insertMessage(record);
    await tx.appendEvent({
      gameId,
      type: 'message/sent',
      data: { messageId: id, from, phaseId: record.phaseId },
      at: now,
    });
    const phases = new Map<PhaseId, PhaseMeta>(open === undefined ? [] : [[open.id, open]]);
    const view = messageView({ ...record, id }, viewer, phases);
    if (view === undefined) throw new Error('a sender must be able to read their own message');
    return view;
  });
}

/** The messages the caller may read, in order; `afterId` pages on. */
export async function messages(
  ctx: AppContext,
  caller: AccountId | undefined,
  gameId: GameId,
  opts: { readonly afterId?: number } = {},
): Promise<Result<MessageView[], AppError>> {
  if (
    opts.afterId !== undefined &&
    (typeof opts.afterId !== 'number' || !Number.isSafeInteger(opts.afterId))
  )
    return err(invalid('afterId', 'a whole number'));
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const viewer = await viewerIn(ctx, tx, game, caller);
    const all = await tx.messages(
      gameId,
      opts.afterId === undefined ? {} : { afterId: opts.afterId },
    );
    const phases = new Map<PhaseId, PhaseMeta>();
    for (const id of new Set(all.map((m) => m.phaseId))) {
      if (id === null) continue;
      const p = await phaseInfo(ctx, tx, id);
      if (p !== undefined) phases.set(id, p);
    }
    return all.map((m) => messageView(m, viewer, phases)).filter((m) => m !== undefined);
  });
}
