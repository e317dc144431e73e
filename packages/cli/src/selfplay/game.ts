/**
 * One game of a self-play run: played between seeded random players from its own seed
 * (`gameSeed(run seed, index)`) and written as one line of JSON, in the project's own compact
 * format or as a MILA saved game. Pure: the same spec and index give the same line anywhere.
 */
import {
  centerCounts,
  gameSeed,
  initialState,
  playRandomGame,
  playVariantGame,
  toMilaGame,
  type GameMap,
  type GameState,
  type PhaseReport,
  type PlayedPhase,
} from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { seats } from '../commands/play.js';
import type { ByteWriter } from '../byte-writer.js';
import { CompactWriter } from './compact.js';

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

/** A game played: what the run's summary counts (its line is in the writer). */
export interface PlayedGame {
  readonly index: number;
  readonly seed: number;
  readonly phases: number;
  /** The power with a solo, or the players a module named winners; empty when nobody won. */
  readonly winners: readonly string[];
}

/** Each map's writer of compact phases (its tables are made once). */
const writers = new WeakMap<GameMap, CompactWriter>();

function writerOf(map: GameMap): CompactWriter {
  let w = writers.get(map);
  if (w === undefined) writers.set(map, (w = new CompactWriter(map)));
  return w;
}

/**
 * A compact record, written as its game is played: the head (`{"game":0,"seed":...,"phases":[`)
 * at once, each phase as it comes (so that its report need not be kept), the tail at the end.
 * The keys are in the order of the record's object when it was built and stringified whole.
 */
class CompactGame {
  private phases = 0;

  constructor(
    private readonly out: ByteWriter,
    private readonly writer: CompactWriter,
    spec: GamesSpec,
    index: number,
    seed: number,
  ) {
    out.text(
      `{"game":${index},"seed":${seed},"variant":${JSON.stringify(spec.variant)},"phases":[`,
    );
  }

  phase(report: PhaseReport): void {
    if (this.phases++ > 0) this.out.byte(0x2c);
    this.writer.phase(this.out, report.name, report.outcomes);
  }

  end(map: GameMap, last: GameState, winners: readonly string[]): void {
    const centers = centerCounts(map, last.supplyCenters);
    this.out.text(`],"winners":${JSON.stringify(winners)},"centers":${JSON.stringify(centers)}}\n`);
  }
}

/**
 * Plays game `index` of a run and writes its line (ending in a newline) to `out`; a game that
 * throws leaves `out` as it found it. Standard games without module options take the engine's
 * direct path (`playRandomGame`: structured orders, no text); every other variant plays through
 * the variant pipeline (`playVariantGame`), whose random players write orders as text.
 */
export function playGame(spec: GamesSpec, index: number, out: ByteWriter): PlayedGame {
  const start = out.length;
  try {
    return play(spec, index, out);
  } catch (e) {
    out.truncate(start);
    throw e;
  }
}

function play(spec: GamesSpec, index: number, out: ByteWriter): PlayedGame {
  const variant = VARIANTS[spec.variant];
  if (variant === undefined) throw new RangeError(`unknown variant "${spec.variant}"`);
  const seed = gameSeed(spec.seed, index);
  const map = variant.map;
  const lastYear = (map.spec.startYear ?? 1901) + spec.years - 1;
  if (spec.variant === 'standard' && spec.options === undefined && spec.players === undefined) {
    const game = playRandomGame(map, { seed, lastYear, explain: false });
    if (spec.format === 'mila') {
      const played: PlayedPhase[] = [];
      let step = game.next();
      for (; step.done !== true; step = game.next()) played.push(step.value);
      const id = `selfplay-${spec.seed}-${index}`;
      out.text(
        `${JSON.stringify(toMilaGame(map, { id, start: initialState(map), phases: played }))}\n`,
      );
      const winners = step.value.winner === null ? [] : [step.value.winner];
      return { index, seed, phases: played.length, winners };
    }
    const record = new CompactGame(out, writerOf(map), spec, index, seed);
    let phases = 0;
    for (let step = game.next(); ; step = game.next()) {
      if (step.done === true) {
        const last = step.value;
        const winners = last.winner === null ? [] : [last.winner];
        record.end(map, last, winners);
        return { index, seed, phases, winners };
      }
      record.phase(step.value.report);
      phases++;
    }
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
  const record = new CompactGame(out, writerOf(map), spec, index, seed);
  let phases = 0;
  for (let step = game.next(); ; step = game.next()) {
    if (step.done === true) {
      const last = step.value;
      const winners = last.winners ?? (last.winner === null ? [] : [last.winner]);
      record.end(map, last, winners);
      return { index, seed, phases, winners };
    }
    const rejected = step.value.rejections[0];
    if (rejected !== undefined)
      // A random player wrote an order its own game refused: a bug, reported as this game's.
      throw new Error(
        `${step.value.report.name}: ${rejected.player}'s random order "${rejected.text}" was ` +
          `refused: ${rejected.message} (${rejected.code})`,
      );
    record.phase(step.value.report);
    phases++;
  }
}
