/**
 * Orders and readiness: a player submits an order sheet, reads their own last one back, and
 * says they are ready (which processes the phase once everyone who must act is). Routes:
 * `POST|GET /games/{id}/orders`, `POST /games/{id}/ready`.
 */
import { err, ok, type Result } from '@arbiter/engine';
import {
  gameOf,
  lastSubmission,
  playerInOpenPhase,
  read,
  readSheet,
  run,
  storeSheet,
  submissionView,
  variantOf,
  type AppContext,
} from '../context.js';
import { invalid, refuse, type AppError } from '../errors.js';
import { checkText } from '../input.js';
import type { AccountId, GameId } from '../ports.js';
import type { SubmissionResult, SubmissionView } from '../views.js';
import { allReady, processIfAllReady } from './processing.js';

/**
 * Stores a player's order sheet whole (every submission is kept; the last one at or before the
 * deadline counts) and answers with each line read: its canonical form or why it is refused.
 * Paused games still take orders.
 */
export async function submitOrders(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  text: string,
): Promise<Result<SubmissionResult, AppError>> {
  const bad = checkText('text', text, true);
  if (bad !== undefined) return err(bad);
  const quick = await submitAtOnce(ctx, caller, gameId, text);
  if (quick !== undefined) return ok(quick);
  return run(ctx, async (tx) => {
    const { phase, seat } = await playerInOpenPhase(ctx, tx, gameId, caller, 'share');
    const now = ctx.clock.now();
    if (phase.deadline !== null && now > phase.deadline)
      refuse('phase/closed', `the deadline of ${phase.name} has passed`);
    return storeSheet(ctx, tx, phase, seat.playerId, text, 'orders/submitted', now);
  });
}

/**
 * A submission when nothing stands in its way, in one round trip to the store: one statement
 * finds the game's open phase and the caller's seat, checks the deadline, and stores and logs
 * the sheet (`submitToOpenPhase` in `GameStore.single`, where a transaction on PostgreSQL takes
 * four round trips, BEGIN and COMMIT among them); the sheet is then read against the phase it
 * went to (a sheet is stored whole whatever its lines say, so the reading need not come first).
 * Undefined if the statement stored nothing: `submitOrders` then does it all again in a
 * transaction that locks the phase, which stores the sheet or says exactly why not.
 */
async function submitAtOnce(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  text: string,
): Promise<SubmissionResult | undefined> {
  if (typeof gameId !== 'string') return undefined;
  const now = ctx.clock.now();
  const stored = await ctx.store.single((tx) =>
    tx.submitToOpenPhase(
      gameId,
      caller,
      { text, createdAt: now },
      // Only a game this server can read the sheet of: it is read once stored.
      { type: 'orders/submitted', variants: Object.keys(ctx.variants) },
    ),
  );
  if (stored === undefined) return undefined;
  const { submissionId, phase, playerId } = stored;
  return { submissionId, phase: phase.name, lines: readSheet(ctx, phase, playerId, text) };
}

/** The caller's last submission in the open phase, with each line read; null if none. */
export async function mySubmission(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
): Promise<Result<SubmissionView | null, AppError>> {
  return read(ctx, async (tx) => {
    // The open phase, the caller's seat and its sheets in one read where the store can (players
    // waiting for a phase to end ask this again and again); where it finds no phase or no seat,
    // the reads that say why.
    const found =
      typeof gameId === 'string' ? await tx.openPhaseAndSeat(gameId, caller, { sheets: true }) : {};
    if (found.phase !== undefined && found.seat !== undefined && found.sheets !== undefined)
      return submissionView(ctx, found.phase, found.seat.playerId, found.sheets);
    const { phase, seat } = await playerInOpenPhase(ctx, tx, gameId, caller, 'none');
    return lastSubmission(ctx, tx, phase, seat.playerId);
  });
}

/**
 * Marks the caller ready (or not) in the open phase. When every player who must act is ready,
 * the phase is processed at once (not while the game is paused).
 */
export async function setReady(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  ready: boolean,
): Promise<Result<{ ready: boolean; processed: boolean }, AppError>> {
  if (typeof ready !== 'boolean') return err(invalid('ready', 'true or false'));
  const quick = await readyAtOnce(ctx, caller, gameId, ready);
  if (quick !== undefined) return quick;
  return run(ctx, async (tx) => {
    const { phase, seat } = await playerInOpenPhase(ctx, tx, gameId, caller);
    const now = ctx.clock.now();
    if (phase.deadline !== null && now > phase.deadline)
      refuse('phase/closed', `the deadline of ${phase.name} has passed`);
    const readiness = await tx.setReadyLogged(
      { phaseId: phase.id, playerId: seat.playerId, ready, updatedAt: now },
      phase.gameId,
    );
    let processed = false;
    if (ready) {
      const game = await gameOf(tx, gameId, true);
      processed = (await processIfAllReady(ctx, tx, phase, game, now, readiness)) !== undefined;
    }
    return { ready, processed };
  });
}

/**
 * Saying ready when nothing stands in its way, in two round trips to the store where a
 * transaction takes five: one statement stores the readiness and logs it under the conditions
 * of a sheet (`readyInOpenPhase` in `GameStore.single`), and a read after it commits counts the
 * phase's readiness (unless the store vouches for the count it gave: SQLite, one transaction).
 * Of two players saying ready at the same moment, the statement that commits last (they take
 * the game's row in turn) is followed by a read that sees the other's, so at least one of them
 * finds everyone ready. Only then does a transaction lock the phase, read its
 * readiness again and process it, unless another processing has taken it meanwhile. Undefined
 * if the statement stored nothing: `setReady` then does it all in a locked transaction, which
 * stores the readiness or says exactly why not.
 */
async function readyAtOnce(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  ready: boolean,
): Promise<Result<{ ready: boolean; processed: boolean }, AppError> | undefined> {
  if (typeof gameId !== 'string') return undefined;
  const now = ctx.clock.now();
  const stored = await ctx.store.single((tx) =>
    tx.readyInOpenPhase(
      gameId,
      caller,
      { ready, updatedAt: now },
      // Only a game this server plays: its phase's players who must act are read below.
      { variants: Object.keys(ctx.variants) },
    ),
  );
  if (stored === undefined) return undefined;
  const { phase } = stored;
  if (!ready || stored.paused) return ok({ ready, processed: false });
  const variant = variantOf(ctx, phase.state.variant);
  // The seats as of the game's version the statement found, from the cache where it has them.
  // Read here, they are kept for that version: every change to a seat bumps the version, so
  // they are the seats of that version unless one changed since, and then nobody can hold the
  // game's row at that version any more.
  const cached = ctx.seatCache.get(gameId);
  const known = cached?.version === stored.gameVersion ? cached.seats : undefined;
  const [seats, readiness] =
    known !== undefined && stored.readiness !== undefined
      ? [known, stored.readiness]
      : await ctx.store.read(async (tx) => {
          let read = known;
          if (read === undefined) {
            read = await tx.seats(gameId);
            ctx.seatCache.set(gameId, { version: stored.gameVersion, seats: read });
          }
          return [read, stored.readiness ?? (await tx.readiness(phase.id))] as const;
        });
  const maybe = allReady(ctx, variant, phase, readiness, seats);
  if (!maybe) return ok({ ready, processed: false });
  return run(ctx, async (tx) => {
    const open = await tx.openPhase(gameId, { forUpdate: true });
    // Processed meanwhile (by another player's ready, the deadline or the gamesmaster).
    if (open?.id !== phase.id) return { ready, processed: false };
    const game = await gameOf(tx, gameId, true);
    return { ready, processed: (await processIfAllReady(ctx, tx, open, game, now)) !== undefined };
  });
}
