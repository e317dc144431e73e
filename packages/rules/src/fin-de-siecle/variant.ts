/**
 * Fin de Siecle as a variant: the frame, dip points and press composed over a map, and the
 * harness the scenarios run on (RULINGS.md §2: the standard map with MAO and BAR as oceans;
 * majors England, France and Turkey, all others minor; player P1 runs England and Austria).
 */
import {
  defineModule,
  finDeSiecleMap,
  standardMap,
  type GameMap,
  type PlayerSetup,
  type Power,
  type RuleModule,
  type Variant,
} from '@arbiter/engine';
import { finDeSiecleDips } from './dips.js';
import { finDeSiecleFrame, setupPhase } from './frame.js';
import type { PowerClass } from './ledger.js';
import { oceansModule } from './oceans.js';
import { finDeSieclePress } from './press.js';

export interface FinDeSiecleOptions {
  readonly id: string;
  readonly name: string;
  /** Power classes; default: the map's power data (`class`), else major. */
  readonly classes?: Readonly<Record<Power, PowerClass>>;
  /** The module that makes oceans combat-free (the world map's own, once merged). */
  readonly oceans?: RuleModule;
  /** The first Spring (1880); the setup step is the Winter before it. */
  readonly firstYear?: number;
  readonly seats?: Variant['seats'];
  readonly players?: Variant['players'];
}

/** Composes Fin de Siecle over `map`: frame, oceans (if given), dips, press, in that order. */
export function finDeSiecleVariant(map: GameMap, o: FinDeSiecleOptions): Variant {
  const modules: RuleModule[] = [
    finDeSiecleFrame,
    ...(o.oceans === undefined ? [] : [o.oceans]),
    finDeSiecleDips(o.classes),
    finDeSieclePress,
  ];
  return {
    id: o.id,
    name: o.name,
    map,
    // "All rules are the same as the standard diplomacy ones": today's edition.
    rulebook: '2023',
    modules,
    players: o.players ?? { min: 2, max: map.powers.length },
    ...(o.seats === undefined ? {} : { seats: o.seats }),
    startPhase: setupPhase(o.firstYear ?? 1880),
  };
}

/** The harness's classes (RULINGS.md §2). */
export const HARNESS_CLASSES: Readonly<Record<Power, PowerClass>> = {
  ENG: 'major',
  FRA: 'major',
  TUR: 'major',
  AUS: 'minor',
  GER: 'minor',
  ITA: 'minor',
  RUS: 'minor',
};

/** The harness's oceans: MAO and BAR, combat-free (the standard map's adjacencies kept). */
export const harnessOceans = defineModule({
  id: 'fds-harness-oceans',
  headline: 'Harness oceans: MAO and BAR are combat-free.',
  movementRules: () => ({ combatFree: (p: string) => p === 'mao' || p === 'bar' }),
});

/** The harness's players: P1 runs England and Austria, every other power its own player. */
export const HARNESS_PLAYERS: readonly PlayerSetup[] = [
  { id: 'P1', powers: ['ENG', 'AUS'] },
  ...['FRA', 'GER', 'ITA', 'RUS', 'TUR'].map((p) => ({ id: p, powers: [p] })),
];

export const finDeSiecleHarness: Variant = finDeSiecleVariant(standardMap, {
  id: 'fin-de-siecle-harness',
  name: 'Fin de Siecle (harness: standard map)',
  classes: HARNESS_CLASSES,
  oceans: harnessOceans,
  seats: () => HARNESS_PLAYERS,
});

/**
 * The suggested seating of docs/maps/fin-de-siecle.md: each player one major and a distant minor,
 * the text's two rows first. With fewer than 8 players the pairs after theirs are nobody's (their
 * units hold, ruling 10); with more, the last pairs are split, the minor seated alone.
 */
export const WORLD_PAIRS: readonly (readonly [Power, Power])[] = [
  ['GBR', 'CHL'],
  ['OTT', 'HOL'],
  ['FRA', 'JAP'],
  ['GER', 'BRA'],
  ['RUS', 'MEX'],
  ['AUH', 'SPA'],
  ['ITA', 'CHN'],
  ['USA', 'POR'],
];

/** Seats for `count` players on the world map (see `WORLD_PAIRS`). */
export function worldSeats(count: number): PlayerSetup[] {
  const pairs = WORLD_PAIRS.length;
  const split = Math.max(0, Math.min(pairs, count - pairs));
  const seats: (readonly Power[])[] = [];
  WORLD_PAIRS.forEach(([major, minor], i) => {
    if (i >= count) return;
    if (i >= pairs - split) seats.push([major], [minor]);
    else seats.push([major, minor]);
  });
  return seats.slice(0, count).map((powers, i) => ({ id: `player-${i + 1}`, powers }));
}

/** Fin de Siecle on the designed world map of 1880 (docs/maps/fin-de-siecle.md). */
export const finDeSiecleWorld: Variant = finDeSiecleVariant(finDeSiecleMap, {
  id: 'fin-de-siecle',
  name: 'Fin de Siecle',
  oceans: oceansModule,
  players: { min: 1, max: 16 },
  seats: worldSeats,
});
