/**
 * Secrecy at the boundary: the one place where stored records become what a caller may see.
 * Every response the app gives is built here, from the engine's `viewFor` and `eventsFor` for
 * the caller's `Viewer`; nothing else in the app hands out a state, a submission or a message.
 */
import {
  eventsFor,
  reportFor,
  viewFor,
  type Catalogue,
  type GameEvent,
  type PhaseReport,
  type PowerOrder,
  type SubmissionWarning,
  type Variant,
  type VariantState,
  type Viewer,
} from '@arbiter/engine';
import type {
  AccountId,
  GameRecord,
  GameSettings,
  GameStatus,
  MessageRecord,
  PhaseId,
  PhaseRecord,
  PlayerId,
  SeatRecord,
} from './ports.js';
import type { MissedOrders } from './disorder.js';
import { naturalEnd, type GameEnd } from './ends.js';
import type { UsedSubmission } from './phases.js';

/** The state as a viewer sees it; the random source's state is the gamesmaster's alone. */
export type StateView = Omit<VariantState, 'rng'> & { readonly rng?: number };

/** How one line of a submission was read. */
export type LineResult =
  | {
      readonly text: string;
      readonly ok: true;
      readonly canonical: string;
      /** Why the adjudicator will ignore the order or it will change nothing; empty if neither. */
      readonly warnings: readonly SubmissionWarning[];
    }
  | { readonly text: string; readonly ok: false; readonly code: string; readonly message: string };

/** What `submitOrders` answers: the submission as stored and each line's parse result. */
export interface SubmissionResult {
  readonly submissionId: number;
  /** The phase it was sent to: `S1901M`. */
  readonly phase: string;
  readonly lines: readonly LineResult[];
}

/** A player's own submission, as only they (and the gamesmaster) see it. */
export interface SubmissionView extends SubmissionResult {
  readonly player: PlayerId;
  readonly text: string;
  readonly createdAt: number;
}

/** A seat, as everyone sees it (the account behind it is not shown). */
export interface SeatView {
  readonly playerId: PlayerId;
  readonly name: string;
  readonly powers: readonly string[];
  /** Nobody sits here: the player left, or the seat fell into civil disorder. */
  readonly vacant: boolean;
  /** Phases missed in a row (had to order, sent nothing) since it last ordered or was filled. */
  readonly missed: number;
  /** Its powers are in civil disorder (units hold, removals by the rules) until it is filled. */
  readonly civilDisorder: boolean;
}

/** The open phase: its deadline and who has said they are ready. */
export interface OpenPhaseView {
  readonly id: PhaseId;
  readonly seq: number;
  readonly name: string;
  readonly openedAt: number;
  /** Null while the game is paused. */
  readonly deadline: number | null;
  /**
   * Players who marked themselves ready, as the viewer may see them (`readyFor`): all of them
   * for the gamesmaster, or for everyone if the game's settings make readiness public;
   * otherwise a player sees only himself, the public nobody.
   */
  readonly ready: readonly PlayerId[];
}

/** A processed phase, as a viewer may see it. */
export interface PhaseView {
  readonly id: PhaseId;
  readonly seq: number;
  readonly name: string;
  readonly processedAt: number | null;
  /** Every order's outcome and the changes to the board (public). */
  readonly report: PhaseReport;
  /** The one order per unit that was adjudicated (public). */
  readonly orders: readonly PowerOrder[];
  /** The phase's events this viewer may see. */
  readonly events: readonly GameEvent[];
  /**
   * The submissions that counted: all of them for the gamesmaster, the player's own for a
   * player, none for the public.
   */
  readonly submissions: readonly UsedSubmission[];
  /** The seats that had to order and sent nothing (NMR), with their powers (public). */
  readonly missed: readonly MissedOrders[];
  /** On the phase the game ended with: how it ended. */
  readonly end?: GameEnd;
}

/** A game as the caller may see it. */
export interface GameView {
  readonly id: string;
  readonly name: string;
  readonly variant: string;
  readonly variantName: string;
  readonly options: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The seed decides every random draw of the game: the gamesmaster's only. */
  readonly seed?: number;
  readonly gm: AccountId;
  readonly status: GameStatus;
  readonly settings: GameSettings;
  readonly paused: boolean;
  readonly pausedRemaining: number | null;
  readonly createdAt: number;
  /** The game's version; pass it back with a gamesmaster command to refuse a stale one. */
  readonly version: number;
  /** Who the caller is in this game. */
  readonly viewer: Viewer;
  readonly seats: readonly SeatView[];
  readonly phase: OpenPhaseView | null;
  /** The state of the open phase (or the final state), as `viewFor` gives it to the caller. */
  readonly state: StateView | null;
  /** The last processed phase, as the caller may see it. */
  readonly lastPhase: PhaseView | null;
  /** How the game ended (public); null while it is not over. */
  readonly end: GameEnd | null;
  /** A player's own last submission in the open phase (players only). */
  readonly mySubmission?: SubmissionView | null;
  /** The gamesmaster's only: each player's last submission in the open phase. */
  readonly pendingSubmissions?: readonly SubmissionView[];
}

export interface GameSummary {
  readonly id: string;
  readonly name: string;
  readonly variant: string;
  readonly status: GameStatus;
  readonly paused: boolean;
  readonly gm: AccountId;
  readonly createdAt: number;
}

/** A message as the caller may see it. */
export interface MessageView {
  readonly id: number;
  /** The phase it was sent in (`S1901M`), or null before the game started. */
  readonly phase: string | null;
  /** The sender (a player id or `gm`), or null when it is anonymous to this viewer. */
  readonly from: string | null;
  readonly to: 'public' | readonly PlayerId[];
  readonly anonymous: boolean;
  readonly text: string;
  readonly createdAt: number;
  /** Set when the viewer reads a copy the rules gave them (interception): why. */
  readonly copy?: string;
}

/** What a phase record's `result` holds once processed (written by the app, read back here). */
export interface StoredResult {
  readonly report: PhaseReport;
  readonly orders: readonly PowerOrder[];
  readonly events: readonly GameEvent[];
  /** The submissions that counted, in the order they were given to the engine (secret). */
  readonly submissions: readonly UsedSubmission[];
  /** The state after the last phase of a finished game (no phase follows to hold it). */
  readonly final?: VariantState;
  /** The seats that had to order and sent nothing (absent in phases processed before NMRs were kept). */
  readonly missed?: readonly MissedOrders[];
  /** How the game ended, on the phase it ended with. */
  readonly end?: GameEnd;
}

/** The gamesmaster, a seated player, or the public: who `caller` is in this game. */
export function viewerOf(
  game: GameRecord,
  seats: readonly SeatRecord[],
  caller: AccountId | undefined,
): Viewer {
  if (caller === undefined) return { kind: 'public' };
  if (game.gm === caller) return { kind: 'gm' };
  const seat = seats.find((s) => s.accountId === caller);
  return seat === undefined ? { kind: 'public' } : { kind: 'player', player: seat.playerId };
}

export function stateView(
  variant: Variant,
  state: VariantState,
  viewer: Viewer,
  catalogue: Catalogue | undefined,
): StateView {
  if (viewer.kind === 'gm') return state;
  const seen = viewFor(variant, state, viewer, catalogue);
  return Object.fromEntries(Object.entries(seen).filter(([k]) => k !== 'rng')) as StateView;
}

export function seatView(s: SeatRecord): SeatView {
  return {
    playerId: s.playerId,
    name: s.name,
    powers: [...s.powers],
    vacant: s.accountId === null,
    missed: s.missed ?? 0,
    civilDisorder: s.civilDisorder ?? false,
  };
}

export function storedResult(phase: PhaseRecord): StoredResult | undefined {
  const r = phase.result as StoredResult | null;
  return r === null || typeof r !== 'object' ? undefined : r;
}

/** A processed phase for `viewer`; undefined if the phase has no result. */
export function phaseView(phase: PhaseRecord, viewer: Viewer): PhaseView | undefined {
  const r = storedResult(phase);
  if (r === undefined) return undefined;
  const submissions =
    viewer.kind === 'gm'
      ? r.submissions
      : viewer.kind === 'player'
        ? r.submissions.filter((s) => s.player === viewer.player)
        : [];
  return {
    id: phase.id,
    seq: phase.seq,
    name: phase.name,
    processedAt: phase.processedAt,
    report: reportFor(r.report, viewer),
    orders: r.orders,
    events: eventsFor(r.events, viewer),
    submissions: submissions.map((s) => ({ ...s })),
    missed: (r.missed ?? []).map((m) => ({ player: m.player, powers: [...m.powers] })),
    ...(r.end === undefined ? {} : { end: r.end }),
  };
}

/**
 * Who of `ready` the viewer may know to be ready. Readiness is private by default: a player
 * who marks ready in a retreat phase where he has nothing to retreat would otherwise show that a
 * module handed him a unit (the Fink's retreat choice).
 */
export function readyFor(
  ready: readonly PlayerId[],
  viewer: Viewer,
  settings: GameSettings,
): PlayerId[] {
  if (viewer.kind === 'gm' || settings.publicReadiness === true) return [...ready];
  if (viewer.kind === 'public') return [];
  return ready.filter((p) => p === viewer.player);
}

export function openPhaseView(phase: PhaseRecord, ready: readonly PlayerId[]): OpenPhaseView {
  return {
    id: phase.id,
    seq: phase.seq,
    name: phase.name,
    openedAt: phase.openedAt,
    deadline: phase.deadline,
    ready: [...ready],
  };
}

export function gameSummary(g: GameRecord): GameSummary {
  return {
    id: g.id,
    name: g.name,
    variant: g.variant,
    status: g.status,
    paused: g.paused,
    gm: g.gm,
    createdAt: g.createdAt,
  };
}

/** What a game view is made of; `gameView` decides what of it the viewer sees. */
export interface GameParts {
  readonly game: GameRecord;
  readonly variant: Variant;
  readonly catalogue: Catalogue | undefined;
  readonly seats: readonly SeatRecord[];
  readonly viewer: Viewer;
  readonly open: PhaseRecord | undefined;
  /** Everyone who is ready; `gameView` shows the viewer only what `readyFor` allows. */
  readonly ready: readonly PlayerId[];
  /** The last processed phase of the line of play. */
  readonly last: PhaseRecord | undefined;
  /** The player's own last submission in the open phase, already described. */
  readonly mine?: SubmissionView | null;
  /** For the gamesmaster: every player's last submission in the open phase. */
  readonly pending?: readonly SubmissionView[];
}

export function gameView(p: GameParts): GameView {
  const { game, viewer } = p;
  const lastResult = p.last === undefined ? undefined : storedResult(p.last);
  const final = lastResult?.final;
  const state = p.open?.state ?? (game.status === 'finished' ? final : undefined);
  // Games finished before ends were recorded get theirs worked out from the final state.
  const end =
    game.status !== 'finished' || p.last === undefined || final === undefined
      ? null
      : (lastResult?.end ??
        naturalEnd(p.variant, final, game.settings, p.last.state.phase, lastResult?.events));
  const view: GameView = {
    id: game.id,
    name: game.name,
    variant: game.variant,
    variantName: p.variant.name,
    options: game.options,
    ...(viewer.kind === 'gm' ? { seed: game.seed } : {}),
    gm: game.gm,
    status: game.status,
    settings: game.settings,
    paused: game.paused,
    pausedRemaining: game.pausedRemaining,
    createdAt: game.createdAt,
    version: game.version,
    viewer,
    seats: p.seats.map(seatView),
    phase:
      p.open === undefined ? null : openPhaseView(p.open, readyFor(p.ready, viewer, game.settings)),
    state: state === undefined ? null : stateView(p.variant, state, viewer, p.catalogue),
    lastPhase: (p.last === undefined ? undefined : phaseView(p.last, viewer)) ?? null,
    end,
  };
  if (viewer.kind === 'gm') return { ...view, pendingSubmissions: p.pending ?? [] };
  return viewer.kind === 'player' ? { ...view, mySubmission: p.mine ?? null } : view;
}

/** What a message view needs of the phase it was sent in. */
export interface PhaseMeta {
  readonly name: string;
  readonly processedAt: number | null;
}

/** Whether `viewer` may read a message, and as what; undefined if not at all. */
export function messageView(
  m: MessageRecord,
  viewer: Viewer,
  phases: ReadonlyMap<PhaseId, PhaseMeta>,
): MessageView | undefined {
  const phase = m.phaseId === null ? undefined : phases.get(m.phaseId);
  let copy: string | undefined;
  if (viewer.kind !== 'gm' && m.to.kind !== 'public') {
    if (viewer.kind === 'public') return undefined;
    const me = viewer.player;
    if (m.from !== me && !m.to.players.includes(me)) {
      const c = (m.copies ?? []).find(
        (x) =>
          x.player === me &&
          (x.at === 'now' || (phase !== undefined && phase.processedAt !== null)),
      );
      if (c === undefined) return undefined;
      copy = c.note;
    }
  }
  const showsSender =
    !m.anonymous || viewer.kind === 'gm' || (viewer.kind === 'player' && viewer.player === m.from);
  return {
    id: m.id,
    phase: phase?.name ?? null,
    from: showsSender ? m.from : null,
    to: m.to.kind === 'public' ? 'public' : [...m.to.players],
    anonymous: m.anonymous,
    text: m.text,
    createdAt: m.createdAt,
    ...(copy === undefined ? {} : { copy }),
  };
}
