/**
 * Orders and readiness: a player submits an order sheet, reads their own last one back, and
 * says they are ready (which processes the phase once everyone who must act is). Routes:
 * `POST|GET /games/{id}/orders`, `POST /games/{id}/ready`.
 */
import { err, type Result } from '@arbiter/engine';
import {
  gameOf,
  lastSubmission,
  playerInOpenPhase,
  read,
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
  return run(ctx, async (tx) => {
    const { phase, seat } = await playerInOpenPhase(ctx, tx, gameId, caller, 'share');
    const now = ctx.clock.now();
    if (phase.deadline !== null && now > phase.deadline)
      refuse('phase/closed', `the deadline of ${phase.name} has passed`);
    return storeSheet(ctx, tx, phase, seat.playerId, text, 'orders/submitted', now);
  });
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
    await tx.setReady({ phaseId: phase.id, playerId: seat.playerId, ready, updatedAt: now });
    await tx.appendEvent({
      gameId,
      type: 'ready/set',
      data: { player: seat.playerId, phaseId: phase.id, ready },
      at: now,
    });
    let processed = false;
    if (ready) {
      const game = await gameOf(tx, gameId, true);
      processed = (await processIfAllReady(ctx, tx, phase, game, now)) !== undefined;
    }
    return { ready, processed };
  });
}
