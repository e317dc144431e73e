/**
 * Fin de Siecle as a variant: the frame, dip points and press composed over a map, and the
 * harness the scenarios run on (RULINGS.md §2: the standard map with MAO and BAR as oceans;
 * majors England, France and Turkey, all others minor; player P1 runs England and Austria).
 */
import {
  defineModule,
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
