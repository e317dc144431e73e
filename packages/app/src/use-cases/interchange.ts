/**
 * Exporting a stored game for other programs: the MILA saved-game JSON (docs/mila-format.md)
 * that bots, datasets and `arbiter replay` read. Route: `GET /games/{id}/export`.
 *
 * Secrecy: an export holds only what every viewer of the game may already see — each processed
 * phase's board, its adjudicated orders and their results (public once processed), and the board
 * the game stands on. It never holds an order sheet (pending or used), a rule module's state (a
 * Fink's identity) or press, so it is the same for the gamesmaster, a player and the public, and
 * anyone may export a started game at any time. Press is left out altogether: MILA names a
 * message's sender power, which grey and anonymous press must not reveal.
 */
import {
  toMilaGame,
  type GameState,
  type HistoryPhase,
  type MilaSavedGame,
  type Result,
} from '@arbiter/engine';
import { gameOf, read, variantOf, type AppContext } from '../context.js';
import { refuse, type AppError } from '../errors.js';
import type { AccountId, GameId } from '../ports.js';
import { storedResult } from '../views.js';

/**
 * A started standard-map game as a MILA saved game: every processed phase of the line of play
 * (rolled-back phases are left out), then the open phase, or `COMPLETED` after a solo. A game on
 * another map, or with a rule module's own phases (Deviant Diplomacy II), is refused with
 * `export/unsupported`: MILA knows the standard map and its three kinds of phase only.
 */
export async function exportGame(
  ctx: AppContext,
  _caller: AccountId | undefined,
  gameId: GameId,
): Promise<Result<MilaSavedGame, AppError>> {
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const variant = variantOf(ctx, game.variant);
    if (variant.map.spec.id !== 'standard')
      refuse(
        'export/unsupported',
        `MILA saved games hold standard-map games only; ${game.variant} is played on ${variant.map.spec.id}`,
      );
    if (game.status === 'forming') refuse('game/not-running', 'the game is forming');
    const records = await tx.phases(gameId);
    // MILA knows movement, retreat and adjustment phases only (Deviant Diplomacy II's winters
    // of proposals have no name there).
    if (records.some((p) => p.state.phase.type === 'module'))
      refuse('export/unsupported', `MILA saved games have no phases like those of ${game.variant}`);
    const first = records[0];
    if (first === undefined) refuse('game/not-running', 'the game has no phases');
    const phases: HistoryPhase[] = [];
    for (const [i, p] of records.entries()) {
      const r = storedResult(p);
      if (p.status !== 'processed' || r === undefined) break;
      const after: GameState | undefined = records[i + 1]?.state ?? r.final;
      if (after === undefined) break;
      phases.push({ orders: r.orders, report: r.report, state: after });
    }
    return toMilaGame(variant.map, {
      id: game.id,
      start: first.state,
      phases,
      // MILA's clock is in microseconds: each phase's opening time.
      timestamps: records.map((p) => p.openedAt * 1000),
    });
  });
}
