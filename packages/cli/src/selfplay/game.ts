/**
 * One game of a self-play run: played between seeded random players from its own seed
 * (`gameSeed(run seed, index)`) and written as one line of JSON, in the project's own compact
 * format or as a MILA saved game. Pure: the same spec and index give the same line anywhere.
 */
import {
  centerCounts,
  formatPowerOrder,
  gameSeed,
  initialState,
  playRandomGame,
  playVariantGame,
  toMilaGame,
  type GameMap,
  type GameState,
  type OrderOutcome,
  type PhaseReport,
  type PlayedPhase,
} from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { seats } from '../commands/play.js';

/** `arbiter`: the project's own compact record; `mila`: the MILA saved game (standard only). */
export type GameFormat = 'arbiter' | 'mila';

/** What every game of a run shares; a game is this plus its index. */
export interface GamesSpec {
  /** A variant id of `@arbiter/rules` (`standard`, `fink`, ...). */
  readonly variant: string;
  /** The run's seed; game `i` is played from `gameSeed(seed, i)`. */
  readonly seed: number;
  /** How many game years to play at most (20: to 1920 on the standard map); a solo ends sooner. */
  readonly years: number;
  readonly format: GameFormat;
  /** How many players (default: as `arbiter play`, one per power). */
  readonly players?: number;
  /** Settings of the variant's modules, as `arbiter play --option` gives them. */
  readonly options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A game played: its line of JSON and what the run's summary counts. */
export interface PlayedGame {
  readonly index: number;
  readonly seed: number;
  readonly json: string;
  readonly phases: number;
  /** The power with a solo, or the players a module named winners; empty when nobody won. */
  readonly winners: readonly string[];
}

/** One phase as the compact record keeps it: every order in canonical notation and its result. */
interface CompactPhase {
  readonly name: string;
  readonly orders: readonly string[];
  readonly results: readonly string[];
}

function compactPhase(report: PhaseReport): CompactPhase {
  const outcomes: readonly OrderOutcome[] = report.outcomes;
  // Filled by push: arrays made with `new Array(n)` are holey, which is slower to stringify.
  const orders: string[] = [];
  const results: string[] = [];
  for (const o of outcomes) {
    orders.push(formatPowerOrder(o));
    results.push(o.result);
  }
  return { name: report.name, orders, results };
}

function compactGame(
  spec: GamesSpec,
  index: number,
  seed: number,
  map: GameMap,
  phases: readonly CompactPhase[],
  last: GameState,
  winners: readonly string[],
): string {
  return JSON.stringify({
    game: index,
    seed,
    variant: spec.variant,
    phases,
    winners,
    centers: centerCounts(map, last.supplyCenters),
  });
}

/**
 * Plays game `index` of a run. Standard games without module options take the engine's direct
 * path (`playRandomGame`: structured orders, no text); every other variant plays through the
 * variant pipeline (`playVariantGame`), whose random players write orders as text.
 */
export function playGame(spec: GamesSpec, index: number): PlayedGame {
  const variant = VARIANTS[spec.variant];
  if (variant === undefined) throw new RangeError(`unknown variant "${spec.variant}"`);
  const seed = gameSeed(spec.seed, index);
  const map = variant.map;
  const lastYear = (map.spec.startYear ?? 1901) + spec.years - 1;
  if (spec.variant === 'standard' && spec.options === undefined && spec.players === undefined) {
    const game = playRandomGame(map, { seed, lastYear, explain: false });
    const played: PlayedPhase[] = [];
    let last: GameState;
    for (let step = game.next(); ; step = game.next()) {
      if (step.done === true) {
        last = step.value;
        break;
      }
      played.push(step.value);
    }
    const winners = last.winner === null ? [] : [last.winner];
    const json =
      spec.format === 'mila'
        ? JSON.stringify(
            toMilaGame(map, {
              id: `selfplay-${spec.seed}-${index}`,
              start: initialState(map),
              phases: played,
            }),
          )
        : compactGame(
            spec,
            index,
            seed,
            map,
            played.map((p) => compactPhase(p.report)),
            last,
            winners,
          );
    return { index, seed, json, phases: played.length, winners };
  }
  if (spec.format === 'mila')
    throw new RangeError('MILA saved games are written for standard games only');
  const count = spec.players ?? Math.min(variant.players.max, map.powers.length);
  const setup = {
    variant: variant.id,
    seed,
    players: seats(variant, count),
    ...(spec.options === undefined ? {} : { options: spec.options }),
  };
  const game = playVariantGame(variant, setup, { lastYear, catalogue: CATALOGUE });
  const phases: CompactPhase[] = [];
  for (let step = game.next(); ; step = game.next()) {
    if (step.done === true) {
      const last = step.value;
      const winners = last.winners ?? (last.winner === null ? [] : [last.winner]);
      const json = compactGame(spec, index, seed, map, phases, last, winners);
      return { index, seed, json, phases: phases.length, winners };
    }
    const rejected = step.value.rejections[0];
    if (rejected !== undefined)
      // A random player wrote an order its own game refused: a bug, reported as this game's.
      throw new Error(
        `${step.value.report.name}: ${rejected.player}'s random order "${rejected.text}" was ` +
          `refused: ${rejected.message} (${rejected.code})`,
      );
    phases.push(compactPhase(step.value.report));
  }
}
