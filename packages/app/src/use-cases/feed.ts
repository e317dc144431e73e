/**
 * The feed of a game: what happened since a given event of its log, as the caller may see it,
 * one item per thing to tell (a phase processed, a message the caller may read, a deadline
 * moved, the game started, paused, resumed, rolled back or finished, seats changed; a player's
 * own orders and readiness, to him and to the gamesmaster only). Route:
 * `GET /games/{id}/events` (server-sent events).
 *
 * Items are built only from the log's own records and the views every other read uses
 * (`phaseView`, `messageView`), so the feed tells nobody more than `GET /games/{id}`,
 * `/phases` and `/messages` would. Each item carries the id of the event it comes from; one
 * event may give several items (a phase that finishes the game, a pause that clears a
 * deadline), which share its id, so resuming after an id never repeats nor skips any.
 */
import { err, type Result, type Viewer } from '@arbiter/engine';
import type { ProcessedData, RolledBackData } from '../audit.js';
import { gameOf, phaseInfo, read, viewerIn, type AppContext } from '../context.js';
import { invalid, type AppError } from '../errors.js';
import type { AccountId, EventRecord, GameId, MessageRecord, PhaseId, StoreTx } from '../ports.js';
import {
  messageView,
  phaseView,
  type MessageView,
  type PhaseMeta,
  type PhaseView,
} from '../views.js';

/** What every item has: the id of the event it comes from and when that event happened. */
interface ItemBase {
  readonly id: number;
  readonly at: number;
}

/** A game's change of state, or of its seats while forming. */
export type GameChange =
  'seats' | 'started' | 'paused' | 'resumed' | 'rolled-back' | 'finished' | 'ballot';

export type FeedItem = ItemBase &
  (
    | {
        readonly kind: 'phase';
        /** The phase processed, as `GET /games/{id}/phases` shows it to this viewer. */
        readonly phase: PhaseView;
        /** The phase that opened after it, with its deadline then; null if the game ended. */
        readonly next: { readonly name: string; readonly deadline: number | null } | null;
      }
    | { readonly kind: 'message'; readonly message: MessageView }
    | {
        readonly kind: 'deadline';
        /** The open phase whose deadline changed. */
        readonly phase: string;
        /** The new deadline; null while the game is paused. */
        readonly deadline: number | null;
        readonly previous: number | null;
      }
    | {
        readonly kind: 'game';
        readonly change: GameChange;
        /** The phase the game stands at after the change (none while forming or finished). */
        readonly phase: string | null;
      }
    | {
        /** A player sent orders: told to that player and the gamesmaster only. */
        readonly kind: 'orders';
        readonly player: string;
        readonly phase: string;
        readonly submissionId: number;
      }
    | {
        /** A player said he is ready, or not: told to that player and the gamesmaster only. */
        readonly kind: 'ready';
        readonly player: string;
        readonly phase: string;
        readonly ready: boolean;
      }
  );

export interface Feed {
  readonly items: readonly FeedItem[];
  /**
   * The id of the last event read (the `after` given if there was none): where to go on from,
   * past events this viewer is told nothing of.
   */
  readonly last: number;
}

/** What the app records with the events the feed reads (besides `ProcessedData`, `RolledBackData`). */
interface PhaseRef {
  readonly phaseId: PhaseId;
}

/**
 * Everything that happened in the game after event `after` (0: from the start) that the caller
 * may be told, in order. The public (no caller) gets what the public reads show.
 */
export async function feed(
  ctx: AppContext,
  caller: AccountId | undefined,
  gameId: GameId,
  after = 0,
): Promise<Result<Feed, AppError>> {
  if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0)
    return err(invalid('after', 'an event id: a whole number, 0 or more'));
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const events = await tx.events(gameId, { afterId: after });
    const lastEvent = events[events.length - 1];
    if (lastEvent === undefined) return { items: [], last: after };
    const viewer = await viewerIn(ctx, tx, game, caller);
    const items: FeedItem[] = [];
    const messages = await messagesOf(ctx, tx, gameId, events, viewer);
    const name = async (id: PhaseId): Promise<string> => (await phaseInfo(ctx, tx, id))?.name ?? '';
    for (const e of events) {
      const base = { id: e.id, at: e.at };
      switch (e.type) {
        case 'game/joined':
        case 'game/powers-assigned':
          items.push({ ...base, kind: 'game', change: 'seats', phase: null });
          break;
        case 'seat/filled':
        case 'seat/left': {
          // A player replaced, or gone: every page learns who holds the seats now. The open
          // phase is recorded with the event (not by events logged before it was).
          const d = e.data as { readonly phaseId?: PhaseId };
          const phase = d.phaseId === undefined ? null : await name(d.phaseId);
          items.push({ ...base, kind: 'game', change: 'seats', phase });
          break;
        }
        case 'game/started': {
          const d = e.data as PhaseRef;
          items.push({ ...base, kind: 'game', change: 'started', phase: await name(d.phaseId) });
          break;
        }
        case 'gm/paused': {
          const d = e.data as PhaseRef & { readonly remaining: number };
          const phase = await name(d.phaseId);
          items.push({ ...base, kind: 'game', change: 'paused', phase });
          // The pause kept what was left of the phase: the deadline it cleared is now + that.
          const previous = e.at + d.remaining;
          items.push({ ...base, kind: 'deadline', phase, deadline: null, previous });
          break;
        }
        case 'gm/resumed': {
          const d = e.data as PhaseRef & { readonly deadline: number };
          const phase = await name(d.phaseId);
          items.push({ ...base, kind: 'game', change: 'resumed', phase });
          items.push({ ...base, kind: 'deadline', phase, deadline: d.deadline, previous: null });
          break;
        }
        case 'gm/extended': {
          const d = e.data as PhaseRef & { readonly from: number | null; readonly to: number };
          const phase = await name(d.phaseId);
          items.push({ ...base, kind: 'deadline', phase, deadline: d.to, previous: d.from });
          break;
        }
        case 'gm/ruled': {
          // The gamesmaster ruled on a free-text proposal: the public ballot changed (what the
          // text said stays with its proposer and the gamesmaster; the pages read the game).
          const d = e.data as PhaseRef;
          items.push({ ...base, kind: 'game', change: 'ballot', phase: await name(d.phaseId) });
          break;
        }
        case 'gm/rolled-back': {
          const d = e.data as RolledBackData;
          items.push({ ...base, kind: 'game', change: 'rolled-back', phase: d.toPhase });
          break;
        }
        case 'phase/processed':
          items.push(...(await processed(tx, e, viewer, messages)));
          break;
        case 'message/sent': {
          const d = e.data as { readonly messageId: number };
          const m = messages.byId.get(d.messageId);
          // As it was when sent: a copy the rules give only once the phase is played comes then.
          const view = m === undefined ? undefined : messageView(m, viewer, messages.asSent);
          if (view !== undefined) items.push({ ...base, kind: 'message', message: view });
          break;
        }
        case 'orders/submitted': {
          const d = e.data as PhaseRef & { readonly player: string; readonly submissionId: number };
          if (!ownOrGm(viewer, d.player)) break;
          const phase = await name(d.phaseId);
          items.push({
            ...base,
            kind: 'orders',
            player: d.player,
            phase,
            submissionId: d.submissionId,
          });
          break;
        }
        case 'ready/set': {
          const d = e.data as PhaseRef & { readonly player: string; readonly ready: boolean };
          if (!ownOrGm(viewer, d.player)) break;
          const phase = await name(d.phaseId);
          items.push({ ...base, kind: 'ready', player: d.player, phase, ready: d.ready });
          break;
        }
        default:
          // `game/created` (nobody follows a game before it exists) and `gm/forced` (its
          // `phase/processed` follows in the same transaction) tell nothing of their own.
          break;
      }
    }
    return { items, last: lastEvent.id };
  });
}

/** Readiness and order hints are for the player himself and the gamesmaster (issue 9). */
function ownOrGm(viewer: Viewer, player: string): boolean {
  return viewer.kind === 'gm' || (viewer.kind === 'player' && viewer.player === player);
}

/** The messages the events name, and the phases they were sent in as they were then. */
interface Messages {
  readonly byId: ReadonlyMap<number, MessageRecord>;
  /** Every phase a message was sent in, as not yet processed (how it was when sent). */
  readonly asSent: ReadonlyMap<PhaseId, PhaseMeta>;
}

async function messagesOf(
  ctx: AppContext,
  tx: StoreTx,
  gameId: GameId,
  events: readonly EventRecord[],
  viewer: Viewer,
): Promise<Messages> {
  const ids = events
    .filter((e) => e.type === 'message/sent')
    .map((e) => (e.data as { readonly messageId: number }).messageId);
  // A player may be given copies once a phase is played: those are looked for in all of it.
  const whole = viewer.kind === 'player' && events.some((e) => e.type === 'phase/processed');
  const from = ids.length === 0 ? undefined : Math.min(...ids) - 1;
  const records =
    whole || from !== undefined
      ? await tx.messages(gameId, whole || from === undefined ? {} : { afterId: from })
      : [];
  const byId = new Map(records.map((m) => [m.id, m]));
  const asSent = new Map<PhaseId, PhaseMeta>();
  for (const id of new Set(records.map((m) => m.phaseId))) {
    if (id === null) continue;
    asSent.set(id, { name: (await phaseInfo(ctx, tx, id))?.name ?? '', processedAt: null });
  }
  return { byId, asSent };
}

/**
 * A processed phase: its view for this viewer, the copies of its messages the rules hand out
 * now that it is played, and the end of the game if it ended it.
 */
async function processed(
  tx: StoreTx,
  e: EventRecord,
  viewer: Viewer,
  messages: Messages,
): Promise<FeedItem[]> {
  const d = e.data as ProcessedData;
  const base = { id: e.id, at: e.at };
  const record = await tx.phase(d.phaseId);
  const view = record === undefined ? undefined : phaseView(record, viewer);
  if (view === undefined) return [];
  const next = d.nextPhaseId === null ? undefined : await tx.phase(d.nextPhaseId);
  const items: FeedItem[] = [
    {
      ...base,
      kind: 'phase',
      phase: view,
      next: next === undefined ? null : { name: next.name, deadline: next.deadline },
    },
  ];
  if (viewer.kind === 'player') {
    const played = new Map(messages.asSent);
    played.set(d.phaseId, { name: view.name, processedAt: e.at });
    for (const m of messages.byId.values()) {
      if (m.phaseId !== d.phaseId || messageView(m, viewer, messages.asSent) !== undefined)
        continue;
      const copy = messageView(m, viewer, played);
      if (copy !== undefined) items.push({ ...base, kind: 'message', message: copy });
    }
  }
  if (d.finished) items.push({ ...base, kind: 'game', change: 'finished', phase: null });
  return items;
}
