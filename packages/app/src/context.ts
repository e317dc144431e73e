/**
 * What every use case shares: the store, the clock, the variants and house rules, the caches of
 * things that never change, and the helpers that run a command in one transaction, find a game,
 * its seats, its open phase and the caller's place in it, and build the game as the caller may
 * see it. Use cases (`use-cases/*.ts`) are plain functions over one `AppContext`.
 */
import { err, ok, type Catalogue, type Result, type Variant, type Viewer } from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { invalid, refuse, Refusal, type AppError } from './errors.js';
import { describeSubmission } from './lines.js';
import type {
  AccountId,
  AccountRecord,
  Clock,
  GameAndPlay,
  GameId,
  GameRecord,
  GameStore,
  PhaseId,
  PhaseRecord,
  PlayerId,
  SeatRecord,
  StoreTx,
  SubmissionRecord,
} from './ports.js';
import {
  gameView,
  type GameView,
  type PhaseMeta,
  type SubmissionResult,
  type SubmissionView,
} from './views.js';

export interface AppDeps {
  readonly store: GameStore;
  readonly clock: Clock;
  /** Variants by id (default: every variant of `@arbiter/rules`). */
  readonly variants?: Readonly<Record<string, Variant>>;
  /** House rules a rule set may switch on (default: `@arbiter/rules`' catalogue). */
  readonly catalogue?: Catalogue;
  /**
   * Test hook: awaited inside the processing transaction, after the new state is computed and
   * before commit. A throw rolls the whole processing back.
   */
  readonly duringProcessing?: (gameId: GameId, phaseName: string) => Promise<void>;
  /**
   * Told of every phase processed, once its transaction has committed (a rolled-back processing
   * is never reported): for the server's structured log.
   */
  readonly onPhaseProcessed?: (info: PhaseProcessedInfo) => void;
  /** How long a token from `register` or `login` works, in seconds (default 30 days). */
  readonly tokenTtlSeconds?: number;
  /**
   * Failed logins allowed per account name and per address within `windowSeconds` before
   * further attempts are refused with `auth/throttled` (default 10 in 15 minutes).
   */
  readonly loginThrottle?: { readonly failures: number; readonly windowSeconds: number };
}

/** What `onPhaseProcessed` is told. */
export interface PhaseProcessedInfo {
  readonly gameId: GameId;
  readonly phase: string;
  readonly reason: 'deadline' | 'ready' | 'forced' | 'nobody-to-act';
  readonly finished: boolean;
  /** Time spent processing it (adjudication and writes), in milliseconds. */
  readonly ms: number;
}

/** The one context of an `Arbiter`: its dependencies, with defaults filled in, and its caches. */
export interface AppContext {
  readonly store: GameStore;
  readonly clock: Clock;
  readonly variants: Readonly<Record<string, Variant>>;
  readonly catalogue: Catalogue;
  readonly duringProcessing: AppDeps['duringProcessing'];
  readonly onPhaseProcessed: AppDeps['onPhaseProcessed'];
  readonly tokenTtlMs: number;
  readonly loginThrottle: NonNullable<AppDeps['loginThrottle']>;
  /**
   * Seats of started games, with the game version they were read at: every change to a seat
   * bumps the version, so an entry is used only for the version it was read at (a seat changed
   * by another process is never taken from here), and only committed reads are kept.
   */
  readonly seatCache: Map<
    GameId,
    { readonly version: number; readonly seats: readonly SeatRecord[] }
  >;
  /**
   * Accounts by token hash, with when the token expires and when the entry was read: an entry
   * is trusted for `TOKEN_CACHE_MS` at most, so a token revoked by another process stops
   * working there within that time (at once in the process that revoked it).
   */
  readonly tokenCache: Map<
    string,
    { readonly account: AccountRecord; readonly expiresAt: number; readonly readAt: number }
  >;
  /** Phase names and processing times: immutable once a phase is processed. */
  readonly phaseCache: Map<PhaseId, PhaseMeta>;
}

/**
 * Optional on every gamesmaster command: the game version the gamesmaster acted on (from
 * `GameView.version`). If the game changed since, the command is refused with `game/conflict`.
 * Without it, the version read just before the command is used.
 */
export interface GmOptions {
  readonly version?: number;
}

export function createContext(deps: AppDeps): AppContext {
  return {
    store: deps.store,
    clock: deps.clock,
    variants: deps.variants ?? VARIANTS,
    catalogue: deps.catalogue ?? CATALOGUE,
    duringProcessing: deps.duringProcessing,
    onPhaseProcessed: deps.onPhaseProcessed,
    tokenTtlMs: (deps.tokenTtlSeconds ?? 30 * 86_400) * 1000,
    loginThrottle: deps.loginThrottle ?? { failures: 10, windowSeconds: 15 * 60 },
    seatCache: new Map(),
    tokenCache: new Map(),
    phaseCache: new Map(),
  };
}

// ---- transactions ---------------------------------------------------------------------------

const AFTER_COMMIT = new WeakMap<StoreTx, (() => void)[]>();

/**
 * Runs `fn` once the transaction `tx` has committed; never if it rolls back. Only for
 * transactions begun by `transaction` (every use case's are).
 */
export function afterCommit(tx: StoreTx, fn: () => void): void {
  AFTER_COMMIT.get(tx)?.push(fn);
}

/** One store transaction, then whatever `afterCommit` queued in the attempt that committed. */
export async function transaction<T>(ctx: AppContext, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
  let queued: (() => void)[] = [];
  const value = await ctx.store.transaction((tx) => {
    // A store may retry the function (a deadlock on PostgreSQL): only the last attempt counts.
    queued = [];
    AFTER_COMMIT.set(tx, queued);
    return fn(tx);
  });
  for (const f of queued) f();
  return value;
}

/** Runs a command in one transaction; a `Refusal` rolls it back and becomes the error. */
export function run<T>(
  ctx: AppContext,
  fn: (tx: StoreTx) => Promise<T>,
): Promise<Result<T, AppError>> {
  return refusalAsError(() => transaction(ctx, fn));
}

/** Runs a read; a `Refusal` becomes the error. */
export function read<T>(
  ctx: AppContext,
  fn: (tx: StoreTx) => Promise<T>,
): Promise<Result<T, AppError>> {
  return refusalAsError(() => ctx.store.read(fn));
}

/** What `work` gives, or the error of the `Refusal` it threw; anything else is thrown on. */
async function refusalAsError<T>(work: () => Promise<T>): Promise<Result<T, AppError>> {
  try {
    return ok(await work());
  } catch (e) {
    if (e instanceof Refusal) return err(e.error);
    throw e;
  }
}

/**
 * A gamesmaster command: the caller must run the game, and the game must still be at the
 * version the caller acted on (given, or read just before the transaction).
 */
export async function gmCommand<T>(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  opts: GmOptions | undefined,
  fn: (tx: StoreTx, game: GameRecord) => Promise<T>,
): Promise<Result<T, AppError>> {
  if (opts?.version !== undefined && !Number.isSafeInteger(opts.version))
    return err(invalid('version', 'a whole number'));
  const expected = opts?.version ?? (await ctx.store.read((tx) => tx.game(gameId)))?.version;
  return run(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    if (game.gm !== caller) refuse('game/not-gm', 'only the gamesmaster may do that');
    if (expected !== undefined && game.version !== expected)
      refuse('game/conflict', 'the game changed meanwhile; reload it and try again', {
        version: game.version,
      });
    return fn(tx, game);
  });
}

/** Writes the game with `change`, bumping its version; a stale copy is a conflict. */
export async function saveGame(
  tx: StoreTx,
  game: GameRecord,
  change: Partial<Pick<GameRecord, 'status' | 'paused' | 'pausedRemaining'>>,
): Promise<GameRecord> {
  const next: GameRecord = { ...game, ...change };
  if (!(await tx.updateGame(next)))
    refuse('game/conflict', 'the game changed meanwhile; reload it and try again');
  return { ...next, version: game.version + 1 };
}

// ---- lookups --------------------------------------------------------------------------------

export async function gameOf(tx: StoreTx, gameId: GameId, forUpdate = false): Promise<GameRecord> {
  const game =
    typeof gameId === 'string'
      ? await tx.game(gameId, forUpdate ? { forUpdate: true } : {})
      : undefined;
  if (game === undefined) noGame(gameId);
  return game;
}

/** Refuses: there is no game `gameId`. */
export function noGame(gameId: GameId): never {
  refuse('game/not-found', `no game ${JSON.stringify(gameId)}`);
}

export function mustRun(game: GameRecord): void {
  if (game.status !== 'running')
    refuse('game/not-running', `the game is ${game.status === 'forming' ? 'forming' : 'over'}`);
}

/** The open phase, locked. */
export async function openOf(tx: StoreTx, gameId: GameId): Promise<PhaseRecord> {
  const phase = await tx.openPhase(gameId, { forUpdate: true });
  // A running game always has an open phase, except while another process is processing it.
  if (phase === undefined)
    refuse('game/conflict', 'the phase was processed meanwhile; reload the game and try again');
  return phase;
}

export function variantOf(ctx: AppContext, id: string): Variant {
  const v = ctx.variants[id];
  if (v === undefined) refuse('variant/unknown', `this server does not play ${id}`);
  return v;
}

export async function seatsOf(
  ctx: AppContext,
  tx: StoreTx,
  game: GameRecord,
  /** The game's seats, if the caller has read them with `game` (in the same snapshot). */
  known?: readonly SeatRecord[],
): Promise<readonly SeatRecord[]> {
  const cached = game.status === 'forming' ? undefined : ctx.seatCache.get(game.id);
  if (cached?.version === game.version) return cached.seats;
  const seats = known ?? (await tx.seats(game.id));
  if (game.status !== 'forming') {
    const entry = { version: game.version, seats };
    // Inside a transaction, only once it has committed: a rolled-back read is no truth.
    if (AFTER_COMMIT.has(tx)) afterCommit(tx, () => ctx.seatCache.set(game.id, entry));
    else ctx.seatCache.set(game.id, entry);
  }
  return seats;
}

/** The caller in this game: its gamesmaster, a seated player, or (anyone else) the public. */
export async function viewerIn(
  ctx: AppContext,
  tx: StoreTx,
  game: GameRecord,
  caller: AccountId | undefined,
  seats?: readonly SeatRecord[],
): Promise<Viewer> {
  if (caller === undefined) return { kind: 'public' };
  if (game.gm === caller) return { kind: 'gm' };
  const seat = (seats ?? (await seatsOf(ctx, tx, game))).find((s) => s.accountId === caller);
  return seat === undefined ? { kind: 'public' } : { kind: 'player', player: seat.playerId };
}

/**
 * The open phase, locked as `lock` says, and the caller's seat in it, in one read: the hot path
 * of order submission, so the game row is read only to explain a refusal. A submission shares
 * the phase's lock with the other players' (it only adds a row), a change of the phase (ready,
 * processing) takes it alone. The seat is read afresh (no cache: without
 * the game row there is no version to check an entry against), so a replaced player is refused
 * at once; only the caller's, not the whole table of the game's seats.
 */
export async function playerInOpenPhase(
  ctx: AppContext,
  tx: StoreTx,
  gameId: GameId,
  caller: AccountId,
  lock: 'update' | 'share' | 'none' = 'update',
): Promise<{ phase: PhaseRecord; seat: SeatRecord }> {
  const { phase, seat } =
    typeof gameId === 'string'
      ? await tx.openPhaseAndSeat(gameId, caller, lock === 'none' ? {} : { lock })
      : {};
  if (phase === undefined) {
    const game = await gameOf(tx, gameId);
    const seats = await seatsOf(ctx, tx, game);
    if (!seats.some((s) => s.accountId === caller))
      refuse('game/not-a-player', 'you have no seat in this game');
    // Running with no open phase: another process has just processed it (on PostgreSQL the
    // locked read waited for that transaction, then found the phase no longer open).
    if (game.status === 'running')
      refuse('game/conflict', 'the phase was processed meanwhile; reload the game and try again');
    refuse('game/not-running', `the game is ${game.status === 'forming' ? 'forming' : 'over'}`);
  }
  if (seat === undefined) refuse('game/not-a-player', 'you have no seat in this game');
  return { phase, seat };
}

/** A phase's name and processing time (cached once processed, when they no longer change). */
export async function phaseInfo(
  ctx: AppContext,
  tx: StoreTx,
  id: PhaseId,
): Promise<PhaseMeta | undefined> {
  const cached = ctx.phaseCache.get(id);
  if (cached !== undefined) return cached;
  const p = await tx.phase(id);
  if (p === undefined) return undefined;
  const meta: PhaseMeta = { name: p.name, processedAt: p.processedAt };
  if (p.processedAt !== null) ctx.phaseCache.set(id, meta);
  return meta;
}

// ---- what the caller sees -------------------------------------------------------------------

/**
 * Stores a sheet whole in the open phase (a player's orders, or the gamesmaster's own actions
 * under `GAMESMASTER`), logs it as `type` with its submission, player and phase, and reads it
 * back line by line. `now` is the submission's time.
 */
export async function storeSheet(
  ctx: AppContext,
  tx: StoreTx,
  phase: PhaseRecord,
  player: PlayerId,
  text: string,
  type: 'orders/submitted' | 'gm/actions',
  now: number,
): Promise<SubmissionResult> {
  const lines = readSheet(ctx, phase, player, text);
  const submissionId = await tx.insertSubmissionLogged(
    { phaseId: phase.id, playerId: player, text, createdAt: now },
    { gameId: phase.gameId, type },
  );
  return { submissionId, phase: phase.name, lines };
}

/** Each line of `player`'s sheet `text`, read against the phase: canonical, or refused and why. */
export function readSheet(
  ctx: AppContext,
  phase: PhaseRecord,
  player: PlayerId,
  text: string,
): SubmissionResult['lines'] {
  const variant = variantOf(ctx, phase.state.variant);
  return describeSubmission(variant, phase.state, player, text, ctx.catalogue).lines;
}

/** A player's last submission in a phase, with each line read; null if none. */
export async function lastSubmission(
  ctx: AppContext,
  tx: StoreTx,
  phase: PhaseRecord,
  player: PlayerId,
): Promise<SubmissionView | null> {
  return submissionView(ctx, phase, player, await tx.submissions(phase.id, { playerId: player }));
}

/** The last of a player's submissions to a phase (`mine`, in order), with each line read. */
export function submissionView(
  ctx: AppContext,
  phase: PhaseRecord,
  player: PlayerId,
  mine: readonly SubmissionRecord[],
): SubmissionView | null {
  const last = mine[mine.length - 1];
  if (last === undefined) return null;
  const variant = variantOf(ctx, phase.state.variant);
  const { lines } = describeSubmission(variant, phase.state, player, last.text, ctx.catalogue);
  return {
    submissionId: last.id,
    phase: phase.name,
    lines,
    player,
    text: last.text,
    createdAt: last.createdAt,
  };
}

/**
 * The game as the caller may see it, read inside the transaction `tx`; `play`, if given, is
 * what `tx.gameAndPlay` read of it (the game included), so that only what it lacks is read.
 */
export async function viewIn(
  ctx: AppContext,
  tx: StoreTx,
  game: GameRecord,
  caller: AccountId | undefined,
  play?: GameAndPlay,
): Promise<GameView> {
  const variant = variantOf(ctx, game.variant);
  const seats = await seatsOf(ctx, tx, game, play?.seats);
  const viewer = await viewerIn(ctx, tx, game, caller, seats);
  const latest =
    game.status === 'forming' ? [] : (play?.latest ?? (await tx.phases(game.id, { latest: 2 })));
  const open = latest.find((p) => p.status === 'open');
  const last = latest.filter((p) => p.status === 'processed').pop();
  // What was read with the game, if it was read for this open phase.
  const known = open !== undefined && play?.open?.id === open.id ? play.open : undefined;
  const ready =
    open === undefined
      ? []
      : (known?.readiness ?? (await tx.readiness(open.id)))
          .filter((r) => r.ready)
          .map((r) => r.playerId);
  const mine =
    viewer.kind === 'player' && open !== undefined
      ? known?.player === viewer.player
        ? submissionView(ctx, open, viewer.player, known.submissions)
        : await lastSubmission(ctx, tx, open, viewer.player)
      : null;
  // The gamesmaster sees every player's orders as they stand, to help and to fix mistakes.
  const pending: SubmissionView[] = [];
  if (viewer.kind === 'gm' && open !== undefined) {
    for (const seat of seats) {
      const s = await lastSubmission(ctx, tx, open, seat.playerId);
      if (s !== null) pending.push(s);
    }
  }
  return gameView({
    game,
    variant,
    catalogue: ctx.catalogue,
    seats,
    viewer,
    open,
    ready,
    last,
    mine,
    pending,
  });
}
