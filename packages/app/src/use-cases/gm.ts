/**
 * The gamesmaster's tools on a running game: pause and resume the clock, move the deadline,
 * process the open phase now, roll the game back to an earlier phase, and audit it against its
 * event log. Routes: `POST /games/{id}/pause|resume|process|deadline|rollback`,
 * `GET /games/{id}/rollback` (what a rollback would undo), `GET /games/{id}/audit`, and the
 * gamesmaster's own actions in the open phase (`POST|GET /games/{id}/gm/actions`: Pink
 * Diplomacy's bonus). (Giving out powers and starting the game are in `lobby.ts`.)
 */
import { err, GAMESMASTER, type Result } from '@arbiter/engine';
import { auditGame, type AuditReport, type RolledBackData } from '../audit.js';
import {
  gameOf,
  gmCommand,
  lastSubmission,
  mustRun,
  openOf,
  read,
  saveGame,
  storeSheet,
  variantOf,
  viewIn,
  type AppContext,
  type GmOptions,
} from '../context.js';
import { invalid, refuse, Refusal, type AppError } from '../errors.js';
import { checkSeconds, checkText } from '../input.js';
import { LIMITS } from '../limits.js';
import { phaseLength } from '../phases.js';
import type { AccountId, GameId } from '../ports.js';
import {
  storedResult,
  type GameView,
  type LineResult,
  type SubmissionResult,
  type SubmissionView,
} from '../views.js';
import { processIfAllReady, processPhase } from './processing.js';

export type ExtendInput = { readonly seconds: number } | { readonly deadline: number };

/** Stops the clock: the time left is kept and the deadline cleared. Orders are still taken. */
export async function pause(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    mustRun(game);
    if (game.paused) refuse('game/paused', 'the game is already paused');
    const phase = await openOf(tx, gameId);
    const now = ctx.clock.now();
    const remaining =
      phase.deadline === null
        ? phaseLength(game.settings, phase.state.phase.type)
        : Math.max(0, phase.deadline - now);
    await tx.updatePhase(phase.id, { deadline: null });
    const saved = await saveGame(tx, game, { paused: true, pausedRemaining: remaining });
    await tx.appendEvent({
      gameId,
      type: 'gm/paused',
      data: { phaseId: phase.id, remaining },
      at: now,
    });
    return viewIn(ctx, tx, saved, caller);
  });
}

/** Restarts the clock with the time that was left; if everyone is ready, processes at once. */
export async function resume(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    mustRun(game);
    if (!game.paused) refuse('game/not-paused', 'the game is not paused');
    const phase = await openOf(tx, gameId);
    const now = ctx.clock.now();
    const deadline =
      now + (game.pausedRemaining ?? phaseLength(game.settings, phase.state.phase.type));
    await tx.updatePhase(phase.id, { deadline });
    let saved = await saveGame(tx, game, { paused: false, pausedRemaining: null });
    await tx.appendEvent({
      gameId,
      type: 'gm/resumed',
      data: { phaseId: phase.id, deadline },
      at: now,
    });
    const done = await processIfAllReady(ctx, tx, { ...phase, deadline }, saved, now);
    if (done !== undefined) saved = done;
    return viewIn(ctx, tx, saved, caller);
  });
}

/**
 * Moves the open phase's deadline: by `seconds` from the current deadline (or from now, if it
 * has passed), or to a given time, which must be in the future.
 */
export async function extend(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  by: ExtendInput,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  if (typeof by !== 'object' || (by as unknown) === null)
    return err(invalid('extend', '{ seconds } or { deadline }'));
  if ('seconds' in by) {
    const bad = checkSeconds('seconds', by.seconds);
    if (bad !== undefined) return err(bad);
  } else if (typeof by.deadline !== 'number' || !Number.isSafeInteger(by.deadline)) {
    return err(invalid('deadline', 'a time in milliseconds since the epoch'));
  }
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    mustRun(game);
    if (game.paused) refuse('game/paused', 'the game is paused: resume it first');
    const phase = await openOf(tx, gameId);
    const now = ctx.clock.now();
    const deadline =
      'seconds' in by ? Math.max(phase.deadline ?? now, now) + by.seconds * 1000 : by.deadline;
    const field = 'seconds' in by ? 'seconds' : 'deadline';
    if (deadline <= now) throw new Refusal(invalid(field, 'the deadline must be in the future'));
    if (deadline > now + LIMITS.seconds * 1000)
      throw new Refusal(
        invalid(field, `the deadline may be at most ${LIMITS.seconds / 86400} days from now`),
      );
    await tx.updatePhase(phase.id, { deadline });
    const saved = await saveGame(tx, game, {});
    await tx.appendEvent({
      gameId,
      type: 'gm/extended',
      data: { phaseId: phase.id, from: phase.deadline, to: deadline },
      at: now,
    });
    return viewIn(ctx, tx, saved, caller);
  });
}

/** Processes the open phase now, whatever the deadline and readiness (paused games too). */
export async function forceProcess(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    mustRun(game);
    const phase = await openOf(tx, gameId);
    const now = ctx.clock.now();
    await tx.appendEvent({ gameId, type: 'gm/forced', data: { phaseId: phase.id }, at: now });
    const saved = await processPhase(ctx, tx, phase, game, now, 'forced');
    return viewIn(ctx, tx, saved, caller);
  });
}

/**
 * Rolls the game back to the start of `toPhase`: it and every later phase are marked
 * rolled-back (kept, with their submissions), a fresh copy of it opens with a new deadline,
 * and each player's last submission to it is carried over, so it can be corrected and played
 * again. A finished game runs again.
 */
export async function rollback(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  input: { readonly toPhase: string },
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  if (typeof input !== 'object' || typeof (input as { toPhase?: unknown }).toPhase !== 'string')
    return err(invalid('toPhase', 'a phase name such as F1901M'));
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    if (game.status === 'forming') refuse('game/not-running', 'the game has not started');
    // Lock the open phase first, as processing does, so the two never interleave.
    await tx.openPhase(gameId, { forUpdate: true });
    const line = await tx.phases(gameId);
    const target = line.find((p) => p.name === input.toPhase);
    if (target === undefined)
      refuse('phase/not-found', `no phase ${input.toPhase} in this game's line of play`);
    const now = ctx.clock.now();
    const later = line.filter((p) => p.seq >= target.seq);
    for (const p of later) await tx.updatePhase(p.id, { status: 'rolled-back' });
    const length = phaseLength(game.settings, target.state.phase.type);
    const phaseId = await tx.insertPhase({
      gameId,
      seq: target.seq,
      name: target.name,
      state: target.state,
      status: 'open',
      deadline: game.paused ? null : now + length,
      openedAt: now,
      processedAt: null,
      result: null,
    });
    const carried: { player: string; from: number; to: number }[] = [];
    for (const s of await tx.latestSubmissions(target.id)) {
      const to = await tx.insertSubmission({
        phaseId,
        playerId: s.playerId,
        text: s.text,
        createdAt: now,
      });
      carried.push({ player: s.playerId, from: s.id, to });
    }
    const saved = await saveGame(tx, game, {
      status: 'running',
      pausedRemaining: game.paused ? length : null,
    });
    const data: RolledBackData = {
      toPhase: target.name,
      toSeq: target.seq,
      fromPhaseId: target.id,
      rolledBack: later.map((p) => p.id),
      phaseId,
      carried,
    };
    await tx.appendEvent({ gameId, type: 'gm/rolled-back', data, at: now });
    return viewIn(ctx, tx, saved, caller);
  });
}

/** One phase a rollback would undo: played again from its start, or dropped from the line. */
export interface UndonePhase {
  readonly name: string;
  readonly seq: number;
  /** `processed`: its result is undone; `open`: the phase open now, closed unplayed. */
  readonly status: 'processed' | 'open';
  readonly processedAt: number | null;
  /** How many orders were adjudicated in it (0 for the open phase). */
  readonly orders: number;
  /** How many things happened in it (dislodgements, builds, votes...), all undone. */
  readonly events: number;
}

/** A player's orders in a phase a rollback would undo. */
export interface UndoneOrders {
  readonly phase: string;
  readonly player: string;
  readonly text: string;
  /** Carried over to the replayed phase as the player's starting sheet (the target phase's). */
  readonly carried: boolean;
}

/** What `rollback` to `toPhase` would undo, without doing it. */
export interface RollbackPreview {
  readonly toPhase: string;
  /** The target and every later phase of the line of play, oldest first. */
  readonly phases: readonly UndonePhase[];
  /** Each player's last orders in those phases: those that counted, or pending in the open one. */
  readonly orders: readonly UndoneOrders[];
  /** Messages sent since the target phase opened: kept, a rollback does not unsend them. */
  readonly messagesKept: number;
  /** The game is over and would run again. */
  readonly endUndone: boolean;
}

/**
 * What rolling back to `toPhase` would undo: the phases from it on, the orders sent in them
 * (the target's carried over), and whether the game's end goes; messages stay. Changes nothing.
 * Without `toPhase`, the last processed phase (the open one if none is).
 */
export async function rollbackPreview(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  toPhase?: string,
): Promise<Result<RollbackPreview, AppError>> {
  if (toPhase !== undefined && (typeof toPhase !== 'string' || toPhase === ''))
    return err(invalid('to', 'a phase name such as F1901M'));
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    if (game.gm !== caller) refuse('game/not-gm', 'only the gamesmaster may roll the game back');
    if (game.status === 'forming') refuse('game/not-running', 'the game has not started');
    const line = (await tx.phases(gameId)).sort((a, b) => a.seq - b.seq);
    const target =
      toPhase === undefined
        ? (line.filter((p) => p.status === 'processed').at(-1) ?? line.at(-1))
        : line.find((p) => p.name === toPhase);
    if (target === undefined)
      refuse('phase/not-found', `no phase ${toPhase ?? ''} in this game's line of play`);
    const later = line.filter((p) => p.seq >= target.seq);
    const orders: UndoneOrders[] = [];
    for (const p of later) {
      // Each player's last submission: the one that counted, or in the open phase the pending one.
      for (const s of await tx.latestSubmissions(p.id))
        orders.push({
          phase: p.name,
          player: s.playerId,
          text: s.text,
          carried: p.id === target.id,
        });
    }
    const messages = await tx.messages(gameId);
    return {
      toPhase: target.name,
      phases: later.map((p) => {
        const r = storedResult(p);
        return {
          name: p.name,
          seq: p.seq,
          status: p.status === 'open' ? ('open' as const) : ('processed' as const),
          processedAt: p.processedAt,
          orders: r?.orders.length ?? 0,
          events: r?.events.length ?? 0,
        };
      }),
      orders,
      messagesKept: messages.filter((m) => m.createdAt >= target.openedAt).length,
      endUndone: game.status === 'finished',
    };
  });
}

/** Rebuilds every phase from the event log and compares it with what is stored. */
export async function audit(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
): Promise<Result<AuditReport, AppError>> {
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    if (game.gm !== caller) refuse('game/not-gm', 'only the gamesmaster may audit the game');
    return auditGame(tx, variantOf(ctx, game.variant), ctx.catalogue, gameId);
  });
}

/**
 * The gamesmaster's own sheet in the open phase: the actions the game's modules give the
 * gamesmaster (Pink Diplomacy's `BONUS 5 TO FRA`), stored whole like a player's sheet under the
 * reserved id `gm` (the last one counts when the phase is processed) and read line by line. Unit
 * orders have no place on it and are refused as such; the modules refuse the rest of what they
 * do not take, with their own codes.
 */
export async function submitGmActions(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  text: string,
): Promise<Result<SubmissionResult, AppError>> {
  const bad = checkText('text', text, true);
  if (bad !== undefined) return err(bad);
  return gmCommand(ctx, caller, gameId, undefined, async (tx, game) => {
    mustRun(game);
    const sheet = await storeSheet(
      ctx,
      tx,
      await openOf(tx, gameId),
      GAMESMASTER,
      text,
      'gm/actions',
      ctx.clock.now(),
    );
    return { ...sheet, lines: sheet.lines.map(noUnitOrders) };
  });
}

/** The gamesmaster's last sheet in the open phase, read line by line; null if none. */
export async function gmActions(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
): Promise<Result<SubmissionView | null, AppError>> {
  return gmCommand(ctx, caller, gameId, undefined, async (tx, game) => {
    mustRun(game);
    const last = await lastSubmission(ctx, tx, await openOf(tx, gameId), GAMESMASTER);
    return last === null ? null : { ...last, lines: last.lines.map(noUnitOrders) };
  });
}

/** A unit order on the gamesmaster's sheet, said as what it is. */
function noUnitOrders(line: LineResult): LineResult {
  if (line.ok || line.code !== 'command/not-your-unit') return line;
  return {
    text: line.text,
    ok: false,
    code: 'gm/not-an-action',
    message:
      "the gamesmaster's sheet takes the game's gamesmaster actions (such as BONUS 5 TO FRA), not unit orders",
  };
}
