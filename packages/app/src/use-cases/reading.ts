/**
 * Reading a game: the game as the caller may see it, and every processed phase of its line of
 * play, and whether the database answers. Routes: `GET /games/{id}`, `GET /games/{id}/phases`,
 * `GET /health`.
 */
import type { Result } from '@arbiter/engine';
import { gameOf, noGame, read, viewerIn, viewIn, type AppContext } from '../context.js';
import type { AppError } from '../errors.js';
import type { AccountId, GameId } from '../ports.js';
import { phaseView, type GameView, type PhaseView } from '../views.js';

/** The game as the caller may see it (the public, a player, or the gamesmaster). */
export async function getGame(
  ctx: AppContext,
  caller: AccountId | undefined,
  gameId: GameId,
): Promise<Result<GameView, AppError>> {
  return read(ctx, async (tx) => {
    // The game, its latest phases, the open one's readiness and the caller's sheets, and the
    // seats unless they are cached for the game's version: one read on PostgreSQL, where they
    // were five.
    const play =
      typeof gameId === 'string'
        ? await tx.gameAndPlay(gameId, caller, {
            seats: { unlessVersion: ctx.seatCache.get(gameId)?.version },
          })
        : undefined;
    if (play === undefined) noGame(gameId);
    return viewIn(ctx, tx, play.game, caller, play);
  });
}

/** Every processed phase of the line of play, as the caller may see it. */
export async function history(
  ctx: AppContext,
  caller: AccountId | undefined,
  gameId: GameId,
): Promise<Result<PhaseView[], AppError>> {
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const viewer = await viewerIn(ctx, tx, game, caller);
    const phases = await tx.phases(gameId);
    return phases
      .filter((p) => p.status === 'processed')
      .map((p) => phaseView(p, viewer))
      .filter((v) => v !== undefined);
  });
}

/**
 * Whether the database answers a read, and how long it took (ms). A store that cannot be reached
 * gives `ok: false` with the reason, never a throw: a health check must answer.
 */
export async function health(
  ctx: AppContext,
): Promise<{ readonly ok: boolean; readonly ms: number; readonly error?: string }> {
  const started = performance.now();
  try {
    await ctx.store.read((tx) => tx.game('health-check'));
    return { ok: true, ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    return { ok: false, ms: Math.round((performance.now() - started) * 100) / 100, error };
  }
}
