/** Whole games between seeded random players: the main job of the command line, and a benchmark. */
import type { GameMap } from '../map/game-map.js';
import { Rng } from '../random.js';
import type { PowerOrder } from '../types.js';
import { randomOrdersForAll } from './random-player.js';
import { initialState, processPhase, type GameState, type PhaseReport } from './state.js';

export interface PlayOptions {
  readonly seed: number;
  /** The last game year to play; the game also ends at a solo. */
  readonly lastYear?: number;
  /** Human explanations on every outcome (default true). */
  readonly explain?: boolean;
}

export interface PlayedPhase {
  readonly orders: readonly PowerOrder[];
  readonly report: PhaseReport;
  /** The state after the phase. */
  readonly state: GameState;
}

/**
 * Plays a game between random players, phase by phase, until a solo or the end of `lastYear`.
 * The same seed always gives the same game.
 */
export function* playRandomGame(
  map: GameMap,
  options: PlayOptions,
): Generator<PlayedPhase, GameState> {
  const rng = new Rng(options.seed);
  const lastYear = options.lastYear ?? Number.POSITIVE_INFINITY;
  let state = initialState(map);
  const explain = options.explain === undefined ? {} : { explain: options.explain };
  while (state.winner === null && state.phase.year <= lastYear) {
    const orders = randomOrdersForAll(map, state, rng);
    const next = processPhase(map, state, orders, explain);
    state = next.state;
    yield { orders, report: next.report, state };
  }
  return state;
}
