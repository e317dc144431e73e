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

/**
 * The seed of game `index` of a run of many games started with `seed` (`arbiter selfplay`):
 * each pair gives its own well-mixed 32-bit seed, so game 17 is the same game whichever worker
 * plays it and however many there are.
 *
 * @example playRandomGame(standardMap, { seed: gameSeed(1, 17), lastYear: 1920 })
 */
export function gameSeed(seed: number, index: number): number {
  return mix32((mix32(seed >>> 0) + Math.imul(index >>> 0, 0x9e3779b9)) >>> 0);
}

/** MurmurHash3's finaliser: every input bit changes every output bit with probability ½. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
