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
  type AppContext,
} from '../context.js';
import { invalid, refuse, type AppError } from '../errors.js';
import { checkText } from '../input.js';
import type { AccountId, GameId } from '../ports.js';
import type { SubmissionResult, SubmissionView } from '../views.js';
import { processIfAllReady } from './processing.js';

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
 * A submission when nothing stands in its way, in two round trips to the store: the open phase
 * and the caller's seat read without a lock, the sheet read against that phase outside any
 * transaction, and the sheet stored by one statement that checks, as it writes, that the phase
 * is still open, unchanged and before its deadline and the seat still the caller's
 * (`insertSubmissionIfCurrent` in `GameStore.single`; a transaction on PostgreSQL takes four
 * round trips, BEGIN and COMMIT among them). Undefined if any of that fails, or the read finds
 * something to refuse: `submitOrders` then does it all again in a transaction that locks the
 * phase, which stores the sheet or says exactly why not, as it always has.
 */
async function submitAtOnce(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  text: string,
): Promise<SubmissionResult | undefined> {
  if (typeof gameId !== 'string') return undefined;
  const { phase, seat } = await ctx.store.read((tx) => tx.openPhaseAndSeat(gameId, caller));
  if (phase === undefined || seat === undefined) return undefined;
  const now = ctx.clock.now();
  if (phase.deadline !== null && now > phase.deadline) return undefined;
  const lines = readSheet(ctx, phase, seat.playerId, text);
  const submissionId = await ctx.store.single((tx) =>
    tx.insertSubmissionIfCurrent(
      phase,
      { phaseId: phase.id, playerId: seat.playerId, text, createdAt: now },
      { accountId: caller, type: 'orders/submitted' },
    ),
  );
  return submissionId === undefined ? undefined : { submissionId, phase: phase.name, lines };
}

/** The caller's last submission in the open phase, with each line read; null if none. */
export async function mySubmission(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
): Promise<Result<SubmissionView | null, AppError>> {
  return read(ctx, async (tx) => {
    const { phase, seat } = await playerInOpenPhase(ctx, tx, gameId, caller, 'none');
    return lastSubmission(ctx, tx, phase, seat.playerId);
  });
}

/**
 * Marks the caller ready (or not) in the open phase. When every player who must act is ready,
 * the phase is processed at once, in the same transaction (not while the game is paused).
 */
export async function setReady(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  ready: boolean,
): Promise<Result<{ ready: boolean; processed: boolean }, AppError>> {
  if (typeof ready !== 'boolean') return err(invalid('ready', 'true or false'));
  return run(ctx, async (tx) => {
    const { phase, seat } = await playerInOpenPhase(ctx, tx, gameId, caller);
    const now = ctx.clock.now();
    if (phase.deadline !== null && now > phase.deadline)
      refuse('phase/closed', `the deadline of ${phase.name} has passed`);
    await tx.setReadyLogged(
      { phaseId: phase.id, playerId: seat.playerId, ready, updatedAt: now },
      phase.gameId,
    );
    let processed = false;
    if (ready) {
      const game = await gameOf(tx, gameId, true);
      processed = (await processIfAllReady(ctx, tx, phase, game, now)) !== undefined;
    }
    return { ready, processed };
  });
}
