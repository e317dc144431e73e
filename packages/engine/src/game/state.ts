/**
 * A game's state between phases, and the step from one phase to the next: movement, retreats
 * (only when a unit must retreat), the Fall ownership update, adjustments (only when someone
 * builds or removes), to a solo or a set last year.
 */
import {
  adjudicateAdjustments,
  adjustmentTally,
  ownedTally,
  tallyByPower,
  unitProvinces,
} from '../adjudicate/adjustment.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type {
  DislodgedUnit,
  MovementResolution,
  OrderOutcome,
  Removal,
  RemovalReason,
} from '../adjudicate/outcome.js';
import type { AdjustmentRules, MovementRules, RuleChoices } from '../adjudicate/rules.js';
import { adjudicateRetreats } from '../adjudicate/retreat.js';
import { InvariantError } from '../errors.js';
import type { GameMap, ProvinceInfo } from '../map/game-map.js';
import type {
  Ownership,
  PhaseType,
  Power,
  PowerOrder,
  ProvinceId,
  Season,
  Unit,
} from '../types.js';
import { mapSupplyCenters, supplyCentersOf, type SupplyCenters } from '../map/supply-centers.js';
import { keysExactly } from '../keys.js';
import { Recent } from '../recent.js';

export interface Phase {
  readonly year: number;
  readonly season: Season;
  readonly type: PhaseType;
  /**
   * For a module phase: the module that plays it and its step (`pink-economy`, `budget-a`). On a
   * standard kind of phase, a module's later step of that kind: the Fink's retreat after the
   * other retreats is `{ type: 'retreat', module: 'fink', step: 'fink' }`, named `S1901R-fink`.
   */
  readonly module?: string;
  readonly step?: string;
}

export interface GameState {
  readonly map: string;
  readonly phase: Phase;
  /** Units on the board; in a retreat phase, those that were not dislodged. */
  readonly units: readonly Unit[];
  readonly supplyCenters: Ownership;
  /**
   * The provinces that are supply centres, sorted, when rules in force have changed the map's
   * (Deviant Diplomacy II's NEW_CENTRES); absent, the map's (`supplyCentersOf`). Ownership lists
   * only centres that exist.
   */
  readonly supplyCenterIds?: readonly ProvinceId[];
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
  /**
   * The phase the game goes to next, as the plan decided (set by the variant pipeline, which
   * knows the modules' plans); null once the game is over.
   */
  readonly next?: Phase | null;
}

const REMOVAL_WORDS: Readonly<Record<RemovalReason, string>> = {
  'no-retreat': 'destroyed: dislodged, with no retreat open to it',
  'retreats-taken': 'destroyed: every place it could retreat to was taken by the other retreats',
  'retreat-clash': 'disbanded: another unit retreated to the same place',
  'no-retreat-order': 'disbanded: no legal retreat was ordered for it',
  disbanded: 'disbanded by order',
  removed: 'removed by order',
  'civil-disorder': 'removed by the civil-disorder rule (no removal was ordered for it)',
  'by-rule': 'removed by a rule in force',
};

/** Why a unit left the board, in words: "destroyed: dislodged, with no retreat open to it". */
export function removalWords(why: RemovalReason): string {
  return REMOVAL_WORDS[why];
}

/**
 * "ITA F nap is destroyed: dislodged, with no retreat open to it"; a removal by a rule gives its
 * detail: "AUS A vie is removed by the NMR Rule: it had no orders".
 */
export function describeRemoval(r: Removal): string {
  const l = r.unit.location;
  const at = l.coast === undefined ? l.province : `${l.province}/${l.coast}`;
  const words = r.why === 'by-rule' && r.detail !== undefined ? r.detail : REMOVAL_WORDS[r.why];
  return `${r.unit.power} ${r.unit.type === 'army' ? 'A' : 'F'} ${at} is ${words}`;
}

const SEASON_LETTER: Record<Season, string> = { spring: 'S', fall: 'F', winter: 'W' };
const TYPE_LETTER: Record<PhaseType, string> = {
  movement: 'M',
  retreat: 'R',
  adjustment: 'A',
  module: '-',
};

/**
 * `S1901M`, `F1901R`, `W1901A`; a module phase by its step: `W1901-budget-a`; a module's later
 * step of a standard kind by its step too: `S1901R-fink`.
 */
export function phaseName(p: Phase): string {
  const base = `${SEASON_LETTER[p.season]}${p.year}${TYPE_LETTER[p.type]}`;
  if (p.type === 'module') return `${base}${p.step ?? p.module ?? 'module'}`;
  return p.step === undefined ? base : `${base}-${p.step}`;
}

/** The starting position of a map: its units, and each power owning its home centres. */
export function initialState(map: GameMap): GameState {
  const supplyCenters: Record<string, Power> = {};
  for (const p of map.provinces)
    if (p.isSupplyCenter && p.home !== undefined) supplyCenters[p.id] = p.home;
  const units = map.spec.startingUnits.map((u): Unit => {
    const [province, coast] = u.location.split('/') as [string, string | undefined];
    // The map's own location object where there is one (the kernel reads its index off it).
    const own = map.locations[map.locationIndex(u.location)]?.location;
    return {
      power: u.power,
      type: u.type === 'A' ? 'army' : 'fleet',
      location: own ?? (coast === undefined ? { province } : { province, coast }),
    };
  });
  return {
    map: map.spec.id,
    phase: { year: map.spec.startYear ?? 1901, season: 'spring', type: 'movement' },
    units,
    supplyCenters: sortKeys(fastProperties(supplyCenters)),
    dislodged: [],
    winner: null,
  };
}

/** `GameState`'s fields, in `initialState`'s order. */
const STATE_KEYS = ['map', 'phase', 'units', 'supplyCenters', 'dislodged', 'winner'] as const;

/**
 * Whether `state` has exactly `GameState`'s six fields in `initialState`'s order (not a variant's
 * state, which carries its modules' fields, nor one with `supplyCenterIds`).
 */
function plainState(state: GameState): boolean {
  return keysExactly(state, STATE_KEYS);
}

/**
 * `state` with these fields replaced. A literal that spreads an object and then adds keys takes a
 * slow path in V8 (Node 20), a few microseconds each, four times a game year: for a state with
 * only `GameState`'s own fields the literal is written out, with its keys in the same order; any
 * other is spread, which keeps every field it has.
 */
function nextState(
  state: GameState,
  phase: Phase,
  units: readonly Unit[],
  supplyCenters: Ownership,
  dislodged: readonly DislodgedUnit[],
  winner: Power | null,
): GameState {
  if (!plainState(state)) return { ...state, phase, units, supplyCenters, dislodged, winner };
  return { map: state.map, phase, units, supplyCenters, dislodged, winner };
}

/**
 * Options for one phase: explanations, the rule modules' changes to adjudication, and the
 * rulebook edition's DATC choices.
 */
export interface PhaseOptions {
  /** Human explanations on every outcome (default true). */
  readonly explain?: boolean;
  readonly movementRules?: MovementRules;
  /**
   * Runs on the movement result before retreats are set up (the Fink's dislodgement); may also
   * change the supply-centre owners (a capture rule), which the Fall's update then starts from.
   */
  readonly afterMovement?: (
    r: MovementResolution,
    supplyCenters: Ownership,
  ) => { readonly resolution: MovementResolution; readonly supplyCenters: Ownership };
  readonly adjustmentRules?: AdjustmentRules;
  /**
   * The game's rulebook edition, as its DATC choices (`rulebookChoices`); default the DATC's
   * preferences, the 2023 rules.
   */
  readonly choices?: RuleChoices;
}

/**
 * The changes to adjudication in force for a phase: the rule modules' and the rulebook
 * edition's (see `phaseRules`).
 */
export type PhaseRules = Pick<PhaseOptions, 'movementRules' | 'adjustmentRules' | 'choices'>;

/** Supply centres each power owns. */
export function centerCounts(map: GameMap, supplyCenters: Ownership): Record<Power, number> {
  return tallyByPower(map.powers, ownedTally(map, supplyCenters, null));
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
  const choices = options.choices === undefined ? {} : { choices: options.choices };
  const opts = {
    ...(explain === undefined ? {} : { explain }),
    ...(options.movementRules === undefined ? {} : { rules: options.movementRules }),
    ...choices,
  };
  const centers = supplyCentersOf(map, state);
  // The reports below are written out in full: a literal that spreads an object and then adds
  // keys (`{ ...empty, phase }`) takes a slow path in V8 that cost more than the adjudication.
  switch (phase.type) {
    case 'movement': {
      const adjudicated = adjudicateMovement(map, state.units, orders, opts);
      const after = options.afterMovement?.(adjudicated, state.supplyCenters);
      const r = after?.resolution ?? adjudicated;
      const supplyCenters = after?.supplyCenters ?? state.supplyCenters;
      const mustRetreat = r.dislodged.filter((d) => d.retreats.length > 0);
      const destroyed = r.dislodged.filter((d) => d.retreats.length === 0).map((d) => d.unit);
      const byRule = r.removals ?? [];
      const report: PhaseReport = {
        built: [],
        declined: {},
        captured: [],
        winner: null,
        phase,
        name,
        outcomes: r.outcomes,
        dislodged: r.dislodged,
        removed: [...byRule.map((x) => x.unit), ...destroyed],
        removals: [
          ...byRule,
          ...destroyed.map((unit): Removal => ({ unit, why: 'no-retreat' as const })),
        ],
      };
      if (mustRetreat.length > 0) {
        const retreat = { ...phase, type: 'retreat' as const };
        const next = nextState(state, retreat, r.units, supplyCenters, mustRetreat, state.winner);
        return { state: next, report };
      }
      return afterSeason(
        map,
        nextState(state, phase, r.units, supplyCenters, [], state.winner),
        report,
        options.adjustmentRules,
        centers,
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
        nextState(state, phase, r.units, state.supplyCenters, [], state.winner),
        report,
        options.adjustmentRules,
        centers,
      );
    }
    case 'adjustment': {
      const r = adjudicateAdjustments(map, state.units, state.supplyCenters, orders, {
        ...(explain === undefined ? {} : { explain }),
        ...(options.adjustmentRules === undefined ? {} : { rules: options.adjustmentRules }),
        ...choices,
        // Only when rules changed them: the map's are the default, and the options object
        // keeps the shape the standard game's fast path has always had.
        ...(state.supplyCenterIds === undefined ? {} : { centers }),
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
      const spring = { year: phase.year + 1, season: 'spring' as const, type: 'movement' as const };
      const next = nextState(
        state,
        spring,
        r.units,
        state.supplyCenters,
        state.dislodged,
        state.winner,
      );
      return { state: next, report };
    }
    case 'module':
      throw new InvariantError(
        `${name} is a module phase: its module plays it (processVariantPhase), not the kernel`,
      );
  }
}

/**
 * The power that owns enough of the centres in force for a solo (`centers.victory`), or null.
 * Should two ever qualify (a map whose solo count is half its centres or less), the last in the
 * map's order of powers.
 */
export function soloWinner(
  map: GameMap,
  supplyCenters: Ownership,
  centers: SupplyCenters = mapSupplyCenters(map),
): Power | null {
  // By the powers' places (`centerCounts` without its record).
  const counts = ownedTally(map, supplyCenters, null);
  const powers = map.powers;
  let winner: Power | null = null;
  for (let i = 0; i < powers.length; i++) if (counts[i]! >= centers.victory) winner = powers[i]!;
  return winner;
}

/**
 * After a season's moves and retreats: Fall updates ownership of the centres in force, checks
 * for a solo against them, adjusts.
 */
function afterSeason(
  map: GameMap,
  state: GameState,
  report: PhaseReport,
  rules: AdjustmentRules | undefined,
  centers: SupplyCenters,
): { readonly state: GameState; readonly report: PhaseReport } {
  const { year, season } = state.phase;
  const { units, dislodged } = state;
  if (season === 'spring') {
    const fall: Phase = { year, season: 'fall', type: 'movement' };
    return {
      state: nextState(state, fall, units, state.supplyCenters, dislodged, state.winner),
      report,
    };
  }
  // In most Falls of a long game nothing changes hands, and the record is handed on as it is.
  const before = state.supplyCenters;
  /** Whether a centre nobody owned was taken: a new key for the record. */
  let added = false;
  const captured: { province: string; from: Power | null; to: Power }[] = [];
  for (const u of state.units) {
    const pi = map.provinceOf(u.location);
    if (pi < 0 || !centers.hasIndex(pi)) continue;
    const id = u.location.province;
    const owner = ownerNow(before, captured, id);
    if (owner !== u.power) {
      captured.push({ province: id, from: owner ?? null, to: u.power });
      if (owner === undefined) added = true;
    }
  }
  const owners = captured.length === 0 ? before : handedOver(before, captured, added);
  // By province, by insertion (a Fall takes a few centres; a comparator's sort cost more).
  for (let i = 1; i < captured.length; i++) {
    const c = captured[i]!;
    let j = i;
    for (; j > 0 && captured[j - 1]!.province > c.province; j--) captured[j] = captured[j - 1]!;
    captured[j] = c;
  }
  const supplyCenters = sortKeys(owners);
  const winner = soloWinner(map, supplyCenters, centers);
  // Written out (see `nextState`): the report is one of `processPhase`'s, whose keys are these.
  const withCaptures: PhaseReport = {
    built: report.built,
    declined: report.declined,
    captured,
    winner,
    phase: report.phase,
    name: report.name,
    outcomes: report.outcomes,
    dislodged: report.dislodged,
    removed: report.removed,
    removals: report.removals,
  };
  const next: Phase =
    winner === null && needsAdjustment(map, units, supplyCenters, rules, centers)
      ? { year, season: 'winter', type: 'adjustment' }
      : { year: year + 1, season: 'spring', type: 'movement' };
  return {
    state: nextState(state, next, units, supplyCenters, dislodged, winner),
    report: withCaptures,
  };
}

/** The owner of centre `id`: its last capture in this Fall so far, else the record's. */
function ownerNow(
  before: Ownership,
  captured: readonly { readonly province: string; readonly to: Power }[],
  id: string,
): Power | undefined {
  for (let i = captured.length - 1; i >= 0; i--)
    if (captured[i]!.province === id) return captured[i]!.to;
  return before[id];
}

/**
 * `before` with the centres `captured` (in the order taken) handed over. A copy of a sorted
 * record with only its owners changed keeps its keys' order; when a centre nobody owned was taken
 * (`added`), the new keys are merged in among the old ones in order rather than appended and the
 * whole record sorted again (34 keys, a few Falls a game: 3% of a random game). A record not
 * known to be sorted is copied, and `sortKeys` sorts it.
 */
function handedOver(
  before: Ownership,
  captured: readonly { readonly province: string; readonly to: Power }[],
  added: boolean,
): Ownership {
  const sorted = SORTED.get(before) === true;
  if (!added || !sorted) {
    const owners: Record<string, Power> = { ...before };
    for (const c of captured) owners[c.province] = c.to;
    if (!added && sorted) SORTED.set(owners, true);
    return owners;
  }
  const fresh: string[] = [];
  for (const c of captured) if (before[c.province] === undefined) fresh.push(c.province);
  fresh.sort();
  const merged: Record<string, Power> = {};
  let f = 0;
  for (const id in before) {
    for (; f < fresh.length && fresh[f]! < id; f++)
      merged[fresh[f]!] ??= ownerNow(before, captured, fresh[f]!)!;
    merged[id] = ownerNow(before, captured, id)!;
  }
  for (; f < fresh.length; f++) merged[fresh[f]!] ??= ownerNow(before, captured, fresh[f]!)!;
  const owners = fastProperties(merged);
  SORTED.set(owners, true);
  return owners;
}

/** Whether anyone must remove a unit or can build one (an owned, empty home centre). */
function needsAdjustment(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  rules: AdjustmentRules | undefined,
  centers: SupplyCenters,
): boolean {
  const counts = adjustmentTally(map, units, supplyCenters, centers);
  const powers = map.powers;
  let occupied: Set<string> | undefined;
  for (let i = 0; i < powers.length; i++) {
    const power = powers[i]!;
    const c = counts[i]!;
    if (c < 0) return true;
    if (c <= 0 || rules?.mayBuild?.(power) === false) continue;
    occupied ??= unitProvinces(units);
    const sites =
      rules?.buildSites?.(power, supplyCenters, occupied) ??
      buildSites(map, power, supplyCenters, occupied, centers);
    if (sites.length > 0) return true;
  }
  return false;
}

/** Home centres (still centres, in `centers`) where a power may build now: owned by it and empty. */
export function buildSites(
  map: GameMap,
  power: Power,
  supplyCenters: Ownership,
  occupied: ReadonlySet<string>,
  centers: SupplyCenters = mapSupplyCenters(map),
): string[] {
  const sites: string[] = [];
  for (const p of homesOf(map, power)) {
    if (centers.hasIndex(p.index) && supplyCenters[p.id] === power && !occupied.has(p.id))
      sites.push(p.id);
  }
  return sites;
}

/** Each power's home provinces, in the map's order of provinces (built once per map). */
const HOMES = new WeakMap<GameMap, ReadonlyMap<Power, readonly ProvinceInfo[]>>();

function homesOf(map: GameMap, power: Power): readonly ProvinceInfo[] {
  let homes = HOMES.get(map);
  if (homes === undefined) {
    const byPower = new Map<Power, ProvinceInfo[]>();
    for (const p of map.provinces) {
      if (p.home === undefined) continue;
      const list = byPower.get(p.home);
      if (list === undefined) byPower.set(p.home, [p]);
      else list.push(p);
    }
    homes = byPower;
    HOMES.set(map, homes);
  }
  return homes.get(power) ?? [];
}

/**
 * `o` with its keys in sorted order: `o` itself when they already are, as they mostly are after
 * the first years (callers pass an object of their own and do not change it afterwards).
 */
function sortKeys<T extends string>(o: Record<string, T>): Record<string, T> {
  if (SORTED.get(o) === true) return o;
  const keys = Object.keys(o);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  let out = o;
  if (!sorted) {
    const filled: Record<string, T> = {};
    for (const k of keys.sort()) filled[k] = o[k]!;
    out = fastProperties(filled);
  }
  SORTED.set(out, true);
  return out;
}

/**
 * A copy of `record`, which was filled in key by key (`o[k] = v`): V8 turns such an object into
 * a dictionary past a dozen keys, and every later copy, look-up and walk of it, and of the
 * records copied from it, is slower; a copy made by spreading it has fast properties (the
 * ownership records of a random game: 2% faster in all).
 */
function fastProperties<T extends string>(record: Record<string, T>): Record<string, T> {
  return { ...record };
}

/**
 * The last few ownership records known to list their keys in sorted order (records are never
 * changed once made): `sortKeys` then need not read their keys, which cost a tenth of a random
 * game. A record forgotten is checked again.
 */
const SORTED = new Recent<Ownership, true>(8);
