/**
 * A game's state between phases, and the step from one phase to the next: movement, retreats
 * (only when a unit must retreat), the Fall ownership update, adjustments (only when someone
 * builds or removes), to a solo or a set last year.
 */
import { adjudicateAdjustments, adjustmentCounts } from '../adjudicate/adjustment.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { DislodgedUnit, MovementResolution, OrderOutcome } from '../adjudicate/outcome.js';
import type { AdjustmentRules, MovementRules } from '../adjudicate/rules.js';
import { adjudicateRetreats } from '../adjudicate/retreat.js';
import { InvariantError } from '../errors.js';
import type { GameMap } from '../map/game-map.js';
import type { Ownership, PhaseType, Power, PowerOrder, Season, Unit } from '../types.js';

export interface Phase {
  readonly year: number;
  readonly season: Season;
  readonly type: PhaseType;
  /** For a module phase: the module that plays it and its step (`pink-economy`, `budget-a`). */
  readonly module?: string;
  readonly step?: string;
}

export interface GameState {
  readonly map: string;
  readonly phase: Phase;
  /** Units on the board; in a retreat phase, those that were not dislodged. */
  readonly units: readonly Unit[];
  readonly supplyCenters: Ownership;
  /** In a retreat phase: the units that must retreat, with their options. */
  readonly dislodged: readonly DislodgedUnit[];
  /** The power that reached the solo, once one has. */
  readonly winner: Power | null;
}

/** What one phase did: every order's outcome and every change to the board. */
export interface PhaseReport {
  readonly phase: Phase;
  readonly name: string;
  readonly outcomes: readonly OrderOutcome[];
  /** Dislodged units and where they may go (movement phases). */
  readonly dislodged: readonly DislodgedUnit[];
  /** Units removed: destroyed for want of a retreat, disbanded, removed, or by civil disorder. */
  readonly removed: readonly Unit[];
  /** The same units, each with why it left the board (`describeRemoval` says it in words). */
  readonly removals: readonly Removal[];
  readonly built: readonly Unit[];
  /** Builds a power could have made and did not. */
  readonly declined: Readonly<Record<Power, number>>;
  /** Supply centres that changed hands in this phase's ownership update. */
  readonly captured: readonly {
    readonly province: string;
    readonly from: Power | null;
    readonly to: Power;
  }[];
  readonly winner: Power | null;
}

/**
 * Why a unit left the board: dislodged with no retreat open to it, two retreats to one place,
 * no legal retreat ordered, disbanded by its owner's order, removed by order in the winter, or
 * removed by the civil-disorder rule.
 */
export type RemovalReason =
  'no-retreat' | 'retreat-clash' | 'no-retreat-order' | 'disbanded' | 'removed' | 'civil-disorder';

export interface Removal {
  readonly unit: Unit;
  readonly why: RemovalReason;
}

const REMOVAL_WORDS: Readonly<Record<RemovalReason, string>> = {
  'no-retreat': 'destroyed: dislodged, with no retreat open to it',
  'retreat-clash': 'disbanded: another unit retreated to the same place',
  'no-retreat-order': 'disbanded: no legal retreat was ordered for it',
  disbanded: 'disbanded by order',
  removed: 'removed by order',
  'civil-disorder': 'removed by the civil-disorder rule (no removal was ordered for it)',
};

/** Why a unit left the board, in words: "destroyed: dislodged, with no retreat open to it". */
export function removalWords(why: RemovalReason): string {
  return REMOVAL_WORDS[why];
}

/** "ITA F nap is destroyed: dislodged, with no retreat open to it". */
export function describeRemoval(r: Removal): string {
  const l = r.unit.location;
  const at = l.coast === undefined ? l.province : `${l.province}/${l.coast}`;
  return `${r.unit.power} ${r.unit.type === 'army' ? 'A' : 'F'} ${at} is ${REMOVAL_WORDS[r.why]}`;
}

const SEASON_LETTER: Record<Season, string> = { spring: 'S', fall: 'F', winter: 'W' };
const TYPE_LETTER: Record<PhaseType, string> = {
  movement: 'M',
  retreat: 'R',
  adjustment: 'A',
  module: '-',
};

/** `S1901M`, `F1901R`, `W1901A`; a module phase by its step: `W1901-budget-a`. */
export function phaseName(p: Phase): string {
  const base = `${SEASON_LETTER[p.season]}${p.year}${TYPE_LETTER[p.type]}`;
  return p.type === 'module' ? `${base}${p.step ?? p.module ?? 'module'}` : base;
}

/** The starting position of a map: its units, and each power owning its home centres. */
export function initialState(map: GameMap): GameState {
  const supplyCenters: Record<string, Power> = {};
  for (const p of map.provinces)
    if (p.isSupplyCenter && p.home !== undefined) supplyCenters[p.id] = p.home;
  const units = map.spec.startingUnits.map((u): Unit => {
    const [province, coast] = u.location.split('/') as [string, string | undefined];
    return {
      power: u.power,
      type: u.type === 'A' ? 'army' : 'fleet',
      location: coast === undefined ? { province } : { province, coast },
    };
  });
  return {
    map: map.spec.id,
    phase: { year: map.spec.startYear ?? 1901, season: 'spring', type: 'movement' },
    units,
    supplyCenters: sortKeys(supplyCenters),
    dislodged: [],
    winner: null,
  };
}

/** Options for one phase: explanations, and the rule modules' changes to adjudication. */
export interface PhaseOptions {
  /** Human explanations on every outcome (default true). */
  readonly explain?: boolean;
  readonly movementRules?: MovementRules;
  /** Runs on the movement result before retreats are set up (the Fink's dislodgement). */
  readonly afterMovement?: (r: MovementResolution) => MovementResolution;
  readonly adjustmentRules?: AdjustmentRules;
}

/** The rule modules' changes to adjudication in force for a phase (see `phaseRules`). */
export type PhaseRules = Pick<PhaseOptions, 'movementRules' | 'adjustmentRules'>;

/** Supply centres each power owns. */
export function centerCounts(map: GameMap, supplyCenters: Ownership): Record<Power, number> {
  const counts: Record<Power, number> = {};
  for (const p of map.powers) counts[p] = 0;
  for (const owner of Object.values(supplyCenters)) if (owner in counts) counts[owner]! += 1;
  return counts;
}

/**
 * Adjudicates the current phase with the orders given and moves to the next phase. Units
 * without orders hold; dislodged units without a retreat order are disbanded; missing builds
 * are declined and missing removals made by civil disorder.
 */
export function processPhase(
  map: GameMap,
  state: GameState,
  orders: readonly PowerOrder[],
  options: PhaseOptions = {},
): { readonly state: GameState; readonly report: PhaseReport } {
  if (state.winner !== null) throw new RangeError(`the game is over: ${state.winner} has won`);
  const phase = state.phase;
  const name = phaseName(phase);
  const explain = options.explain;
  const opts = {
    ...(explain === undefined ? {} : { explain }),
    ...(options.movementRules === undefined ? {} : { rules: options.movementRules }),
  };
  // The reports below are written out in full: a literal that spreads an object and then adds
  // keys (`{ ...empty, phase }`) takes a slow path in V8 that cost more than the adjudication.
  switch (phase.type) {
    case 'movement': {
      const adjudicated = adjudicateMovement(map, state.units, orders, opts);
      const r =
        options.afterMovement === undefined ? adjudicated : options.afterMovement(adjudicated);
      const mustRetreat = r.dislodged.filter((d) => d.retreats.length > 0);
      const destroyed = r.dislodged.filter((d) => d.retreats.length === 0).map((d) => d.unit);
      const report: PhaseReport = {
        built: [],
        declined: {},
        captured: [],
        winner: null,
        phase,
        name,
        outcomes: r.outcomes,
        dislodged: r.dislodged,
        removed: destroyed,
        removals: destroyed.map((unit) => ({ unit, why: 'no-retreat' as const })),
      };
      if (mustRetreat.length > 0) {
        const next = {
          ...state,
          phase: { ...phase, type: 'retreat' as const },
          units: r.units,
          dislodged: mustRetreat,
        };
        return { state: next, report };
      }
      return afterSeason(
        map,
        { ...state, units: r.units, dislodged: [] },
        report,
        options.adjustmentRules,
      );
    }
    case 'retreat': {
      const r = adjudicateRetreats(map, state.units, state.dislodged, orders, opts);
      const report: PhaseReport = {
        built: [],
        declined: {},
        captured: [],
        winner: null,
        phase,
        name,
        outcomes: r.outcomes,
        dislodged: [],
        removed: r.disbanded,
        removals: r.disbanded.map((unit, i) => ({ unit, why: r.disbandedWhy[i]! })),
      };
      return afterSeason(
        map,
        { ...state, units: r.units, dislodged: [] },
        report,
        options.adjustmentRules,
      );
    }
    case 'adjustment': {
      const r = adjudicateAdjustments(map, state.units, state.supplyCenters, orders, {
        ...(explain === undefined ? {} : { explain }),
        ...(options.adjustmentRules === undefined ? {} : { rules: options.adjustmentRules }),
      });
      const report: PhaseReport = {
        built: r.built,
        declined: r.declined,
        captured: [],
        winner: null,
        phase,
        name,
        outcomes: r.outcomes,
        dislodged: [],
        removed: [...r.removed, ...r.civilDisorder],
        removals: [
          ...r.removed.map((unit) => ({ unit, why: 'removed' as const })),
          ...r.civilDisorder.map((unit) => ({ unit, why: 'civil-disorder' as const })),
        ],
      };
      const next = {
        ...state,
        units: r.units,
        phase: { year: phase.year + 1, season: 'spring' as const, type: 'movement' as const },
      };
      return { state: next, report };
    }
    case 'module':
      throw new InvariantError(
        `${name} is a module phase: its module plays it (processVariantPhase), not the kernel`,
      );
  }
}

/** After a season's moves and retreats: Fall updates ownership, checks for a solo, adjusts. */
function afterSeason(
  map: GameMap,
  state: GameState,
  report: PhaseReport,
  rules: AdjustmentRules | undefined,
): { readonly state: GameState; readonly report: PhaseReport } {
  const { year, season } = state.phase;
  if (season === 'spring') {
    return { state: { ...state, phase: { year, season: 'fall', type: 'movement' } }, report };
  }
  const owners: Record<string, Power> = { ...state.supplyCenters };
  const captured: { province: string; from: Power | null; to: Power }[] = [];
  for (const u of state.units) {
    const p = map.province(u.location.province);
    if (p?.isSupplyCenter === true && owners[p.id] !== u.power) {
      captured.push({ province: p.id, from: owners[p.id] ?? null, to: u.power });
      owners[p.id] = u.power;
    }
  }
  captured.sort((a, b) => (a.province < b.province ? -1 : 1));
  const supplyCenters = sortKeys(owners);
  const counts = centerCounts(map, supplyCenters);
  let winner: Power | null = null;
  for (const p of map.powers) if (counts[p]! >= map.victoryCenters) winner = p;
  const withCaptures: PhaseReport = { ...report, captured, winner };
  const base = { ...state, supplyCenters, winner };
  if (winner === null && needsAdjustment(map, state.units, supplyCenters, rules)) {
    return {
      state: { ...base, phase: { year, season: 'winter', type: 'adjustment' } },
      report: withCaptures,
    };
  }
  return {
    state: { ...base, phase: { year: year + 1, season: 'spring', type: 'movement' } },
    report: withCaptures,
  };
}

/** Whether anyone must remove a unit or can build one (an owned, empty home centre). */
function needsAdjustment(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  rules: AdjustmentRules | undefined,
): boolean {
  const counts = adjustmentCounts(map, units, supplyCenters);
  let occupied: Set<string> | undefined;
  for (const power of map.powers) {
    const c = counts[power]!;
    if (c < 0) return true;
    if (c <= 0 || rules?.mayBuild?.(power) === false) continue;
    occupied ??= new Set(units.map((u) => u.location.province));
    const sites =
      rules?.buildSites?.(power, supplyCenters, occupied) ??
      buildSites(map, power, supplyCenters, occupied);
    if (sites.length > 0) return true;
  }
  return false;
}

/** Home centres where a power may build now: owned by it and empty. */
export function buildSites(
  map: GameMap,
  power: Power,
  supplyCenters: Ownership,
  occupied: ReadonlySet<string>,
): string[] {
  return map.provinces
    .filter(
      (p) =>
        p.isSupplyCenter &&
        p.home === power &&
        supplyCenters[p.id] === power &&
        !occupied.has(p.id),
    )
    .map((p) => p.id);
}

/**
 * `o` with its keys in sorted order: `o` itself when they already are, as they mostly are after
 * the first years (callers pass an object of their own and do not change it afterwards).
 */
function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  const keys = Object.keys(o);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (sorted) return o;
  const out: Record<string, T> = {};
  for (const k of keys.sort()) out[k] = o[k]!;
  return out;
}
