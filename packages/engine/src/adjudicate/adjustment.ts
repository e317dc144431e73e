/**
 * Adjustment (winter) adjudication: builds up to the number of supply centres a power owns
 * beyond its units, removals down to it. Orders are taken in the order given and illegal ones
 * are skipped (DATC 4.D.4, 4.D.6, 4.E.1); builds not ordered are declined, and removals not
 * ordered are made by the civil-disorder rule (4.D.8: the 2023 one, or the older editions').
 */
import type { GameMap, ProvinceInfo } from '../map/game-map.js';
import { mapSupplyCenters, type SupplyCenters } from '../map/supply-centers.js';
import type { BuildOrder, Ownership, Power, PowerOrder, Unit, UnitType } from '../types.js';
import type { AdjustmentRules, RuleChoices } from './rules.js';
import { describeOutcome } from './explain.js';
import type { IllegalReason, OrderOutcome, OrderResult, OutcomeReason } from './outcome.js';
import { Recent } from '../recent.js';

export interface AdjustmentResolution {
  readonly outcomes: readonly OrderOutcome[];
  /** The units on the board after the phase. */
  readonly units: readonly Unit[];
  readonly built: readonly Unit[];
  /** Units removed by order. */
  readonly removed: readonly Unit[];
  /** Units removed by the civil-disorder rule, in the order they were chosen. */
  readonly civilDisorder: readonly Unit[];
  /** Builds each power was entitled to but did not make. */
  readonly declined: Readonly<Record<Power, number>>;
}

export interface AdjustmentOptions {
  readonly explain?: boolean;
  /** Rule modules' changes: who may build, where, how many, which types. */
  readonly rules?: AdjustmentRules;
  /** The rulebook edition's DATC choices; only `civilDisorder` (4.D.8) matters here. */
  readonly choices?: RuleChoices;
  /** The supply centres in force (`supplyCentersOf`); default: the map's. */
  readonly centers?: SupplyCenters;
}

/**
 * How many builds (positive) or removals (negative) each power has: the centres it owns among
 * those in force (`centers`, by default the map's) less its units.
 */
export function adjustmentCounts(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  centers: SupplyCenters = mapSupplyCenters(map),
): Record<Power, number> {
  return tallyByPower(map.powers, adjustmentTally(map, units, supplyCenters, centers));
}

/** `adjustmentCounts` by the powers' places in `map.powers` (no record made). */
export function adjustmentTally(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  centers: SupplyCenters,
): number[] {
  // Counted by the power's place in the map's list (a scan of a few ids with ===, which for
  // these strings compares pointers): `owner in counts` costs three times as much, and
  // self-play asks this three times a game year.
  const powers = map.powers;
  const tally = ownedTally(map, supplyCenters, centers).slice();
  for (let i = 0; i < units.length; i++) {
    const p = indexAmong(powers, units[i]!.power);
    if (p >= 0) tally[p]! -= 1;
  }
  return tally;
}

/**
 * Tallies already counted, per ownership record (the last few records asked about): for which
 * map and centres, and the tally.
 */
const TALLIES = new Recent<
  Ownership,
  { map: GameMap; centers: SupplyCenters | null; tally: readonly number[] }[]
>(8);

/**
 * The centres each power owns, by its place in `map.powers`: those among `centers`, or every
 * one the record lists when `centers` is null. Counted once per ownership record while it is one of
 * the last few asked about (a record is never changed once made, and in most Falls of a long game
 * it is handed on unchanged), so the Fall's solo check, the winter's counts and the random
 * player's builds share one count.
 */
export function ownedTally(
  map: GameMap,
  supplyCenters: Ownership,
  centers: SupplyCenters | null,
): readonly number[] {
  let known = TALLIES.get(supplyCenters);
  if (known !== undefined) {
    for (const k of known) if (k.map === map && k.centers === centers) return k.tally;
  } else {
    known = [];
    TALLIES.set(supplyCenters, known);
  }
  const powers = map.powers;
  const tally = powerTally(powers.length);
  // `for...in` over the record: `Object.keys` would make an array of its keys first.
  for (const id in supplyCenters) {
    const p = indexAmong(powers, supplyCenters[id]);
    if (p >= 0 && (centers === null || centers.has(id))) tally[p]! += 1;
  }
  known.push({ map, centers, tally });
  return tally;
}

/** The provinces the units stand in (filled by a loop: no array of them is made first). */
export function unitProvinces(units: readonly Unit[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < units.length; i++) out.add(units[i]!.location.province);
  return out;
}

/** Zeroes, one per power. */
export function powerTally(n: number): number[] {
  const tally: number[] = [];
  for (let i = 0; i < n; i++) tally.push(0);
  return tally;
}

/** `power`'s place in `powers`, or -1 (also for anything not a string). */
export function indexAmong(powers: readonly Power[], power: unknown): number {
  for (let i = 0; i < powers.length; i++) if (powers[i] === power) return i;
  return -1;
}

/** A tally by the powers' places as a record, in the powers' order. */
export function tallyByPower(
  powers: readonly Power[],
  tally: readonly number[],
): Record<Power, number> {
  const out: Record<Power, number> = {};
  for (let i = 0; i < powers.length; i++) out[powers[i]!] = tally[i]!;
  return out;
}

/**
 * How many builds (positive) or removals (negative) each power has this winter under the rule
 * modules' adjustment rules: a power that may not build has none, and builds are capped.
 */
export function adjustmentAllowance(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  rules?: AdjustmentRules,
  centers?: SupplyCenters,
): Record<Power, number> {
  const counts = adjustmentCounts(map, units, supplyCenters, centers);
  if (rules !== undefined) {
    for (const p of map.powers) {
      if (counts[p]! > 0 && rules.mayBuild?.(p) === false) counts[p] = 0;
      if (rules.maxBuilds !== undefined && counts[p]! > rules.maxBuilds)
        counts[p] = rules.maxBuilds;
    }
  }
  return counts;
}

/**
 * Why `power` may not build this unit now, with the provinces in `occupied` taken (a build
 * site must be an owned, empty home centre, or one the modules' `buildSites` give; a fleet
 * needs a coast, and on a split-coast province must name it: DATC 4.B.7, 6.B.14); `undefined`
 * when it may. Whether the power has a build left is `adjustmentAllowance`'s business.
 */
export function buildProblem(
  map: GameMap,
  power: Power,
  unit: BuildOrder['unit'],
  supplyCenters: Ownership,
  occupied: ReadonlySet<string>,
  rules?: AdjustmentRules,
  centers: SupplyCenters = mapSupplyCenters(map),
): IllegalReason | OutcomeReason | undefined {
  const l = buildLocation(
    rules,
    map,
    power,
    unit.type,
    unit.location.province,
    unit.location.coast,
    supplyCenters,
    occupied,
    centers,
  );
  return typeof l === 'string' ? l : undefined;
}

/** Adjudicates an adjustment phase. */
export function adjudicateAdjustments(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  orders: readonly PowerOrder[],
  options: AdjustmentOptions = {},
): AdjustmentResolution {
  const rules = options.rules;
  const centers = options.centers ?? mapSupplyCenters(map);
  const counts = adjustmentAllowance(map, units, supplyCenters, rules, centers);
  const left: Record<Power, number> = { ...counts };
  const occupied = unitProvinces(units);
  const removedSet = new Set<number>();
  const built: Unit[] = [];
  const removed: Unit[] = [];
  const verdicts: { result: OrderResult; reason: OutcomeReason }[] = [];
  const board: AdjustmentBoard = { map, units, supplyCenters, rules, centers, counts };
  for (const po of orders) {
    const { power, order } = po;
    const have = left[power];
    const v = judgeAdjustment(board, po, have, occupied, removedSet);
    verdicts.push({ result: v.result, reason: v.reason });
    if (v.result !== 'succeeds' || have === undefined) continue;
    if (v.built !== undefined) {
      occupied.add(v.built.location.province);
      left[power] = have - 1;
      built.push(v.built);
    } else if (v.removes !== undefined) {
      removedSet.add(v.removes);
      left[power] = have + 1;
      removed.push(units[v.removes]!);
    } else if (order.kind === 'waive') {
      left[power] = have - 1;
    }
  }

  // Removals still owed are made by civil disorder; builds still open are declined.
  const civilDisorder: Unit[] = [];
  const declined: Record<Power, number> = {};
  for (const power of map.powers) {
    const owed = left[power]!;
    if (owed > 0) declined[power] = owed;
    if (owed >= 0) continue;
    const candidates = units
      .map((u, i) => ({ u, i }))
      .filter(({ u, i }) => u.power === power && !removedSet.has(i));
    const order = civilDisorderOrder(
      map,
      candidates,
      power,
      supplyCenters,
      options.choices?.civilDisorder,
      centers,
    );
    for (const { u, i } of order.slice(0, -owed)) {
      removedSet.add(i);
      civilDisorder.push(u);
    }
  }
  const after = [...units.filter((_, i) => !removedSet.has(i)), ...built];
  const explain = options.explain !== false;
  const outcomes = verdicts.map((v, k): OrderOutcome => {
    const po = orders[k]!;
    const base = { power: po.power, order: po.order, result: v.result, reason: v.reason };
    return explain ? { ...base, explanation: describeOutcome(base, undefined) } : base;
  });
  return { outcomes, units: after, built, removed, civilDisorder, declined };
}

/** What one adjustment order comes to: its verdict and, when it succeeds, what it does. */
export interface AdjustmentVerdict {
  readonly result: OrderResult;
  readonly reason: OutcomeReason;
  /** A build that succeeds: the unit built. */
  readonly built?: Unit;
  /** A removal that succeeds: the removed unit's place in the phase's units. */
  readonly removes?: number;
}

/** What every order of an adjustment phase is judged against. */
interface AdjustmentBoard {
  readonly map: GameMap;
  readonly units: readonly Unit[];
  readonly supplyCenters: Ownership;
  readonly rules: AdjustmentRules | undefined;
  readonly centers: SupplyCenters;
  /** Each power's builds (positive) or removals (negative) this winter. */
  readonly counts: Readonly<Record<Power, number>>;
}

/**
 * One order of `po`'s power, with `have` builds (or, negative, removals) still open to it, the
 * provinces in `occupied` taken and the units at the places in `removedSet` already removed: the
 * verdict, with nothing changed (the caller counts what a success uses up).
 */
function judgeAdjustment(
  board: AdjustmentBoard,
  po: PowerOrder,
  have: number | undefined,
  occupied: ReadonlySet<string>,
  removedSet: ReadonlySet<number>,
): AdjustmentVerdict {
  const { map, units, rules, centers, counts } = board;
  const { power, order } = po;
  if (have === undefined) return { result: 'illegal', reason: 'foreign-unit' };
  switch (order.kind) {
    case 'build': {
      if (counts[power]! <= 0 || have <= 0) return { result: 'illegal', reason: 'no-builds-left' };
      const reason = buildLocation(
        rules,
        map,
        power,
        order.unit.type,
        order.unit.location.province,
        order.unit.location.coast,
        board.supplyCenters,
        occupied,
        centers,
      );
      // A build on a split coast without the coast fails and uses no build (6.B.14, 4.E.1).
      if (typeof reason === 'string')
        return { result: reason === 'coast-needed' ? 'fails' : 'illegal', reason };
      return {
        result: 'succeeds',
        reason: 'built',
        built: { power, type: order.unit.type, location: map.locations[reason]!.location },
      };
    }
    case 'waive':
      if (counts[power]! <= 0 || have <= 0) return { result: 'illegal', reason: 'no-builds-left' };
      return { result: 'succeeds', reason: 'waived' };
    case 'remove':
    case 'disband': {
      const province = order.unit.location.province;
      const named = order.unit.type;
      // Several units may share a combat-free space (Fin de Siecle's oceans): the power's
      // first one there of the named type not yet removed; failing that, its first one there,
      // or else the first unit there, says what is wrong.
      let i = units.findIndex(
        (u, j) =>
          u.location.province === province &&
          u.power === power &&
          (named === undefined || u.type === named) &&
          !removedSet.has(j),
      );
      if (i < 0) {
        i = units.findIndex((u) => u.location.province === province && u.power === power);
      }
      if (i < 0) i = units.findIndex((u) => u.location.province === province);
      const unit = units[i];
      if (unit === undefined) return { result: 'illegal', reason: 'no-unit' };
      if (unit.power !== power) return { result: 'illegal', reason: 'foreign-unit' };
      if (order.unit.type !== undefined && order.unit.type !== unit.type)
        return { result: 'illegal', reason: 'wrong-unit-type' };
      if (removedSet.has(i)) return { result: 'illegal', reason: 'duplicate-order' };
      if (counts[power]! >= 0 || have >= 0)
        return { result: 'illegal', reason: 'no-removals-left' };
      return { result: 'succeeds', reason: 'removed', removes: i };
    }
    default:
      return { result: 'illegal', reason: 'wrong-phase' };
  }
}

/**
 * For each order, what `adjudicateAdjustments(map, units, supplyCenters, [order], options)`
 * makes of it were it the only order given: its verdict and the unit it builds or removes. The
 * winter's counts and taken sites are worked out once for all of them (Fiascomacy's tally weighs
 * every investor's build and removal, and ran the whole adjustment once an order).
 */
export function adjustmentsAlone(
  map: GameMap,
  units: readonly Unit[],
  supplyCenters: Ownership,
  orders: readonly PowerOrder[],
  options: Omit<AdjustmentOptions, 'explain'> = {},
): AdjustmentVerdict[] {
  const rules = options.rules;
  const centers = options.centers ?? mapSupplyCenters(map);
  const counts = adjustmentAllowance(map, units, supplyCenters, rules, centers);
  const occupied = unitProvinces(units);
  const none = new Set<number>();
  const board: AdjustmentBoard = { map, units, supplyCenters, rules, centers, counts };
  return orders.map((po) => judgeAdjustment(board, po, counts[po.power], occupied, none));
}

/** The location index to build on, or why not. */
function buildLocation(
  rules: AdjustmentRules | undefined,
  map: GameMap,
  power: Power,
  type: UnitType,
  provinceId: string,
  coast: string | undefined,
  owners: Ownership,
  occupied: ReadonlySet<string>,
  centers: SupplyCenters,
): number | IllegalReason | OutcomeReason {
  const p = map.province(provinceId);
  if (rules?.mayBuildType?.(type) === false) return 'type-not-allowed';
  if (rules?.buildSites !== undefined) {
    if (p === undefined || !rules.buildSites(power, owners, occupied).includes(p.id)) {
      return occupied.has(provinceId) ? 'site-occupied' : 'not-build-site';
    }
  } else {
    if (p === undefined || !centers.hasIndex(p.index) || p.home !== power) return 'not-home-center';
    if (owners[p.id] !== power) return 'not-owned';
    if (occupied.has(p.id)) return 'site-occupied';
  }
  if (type === 'army') return p.armyLocation >= 0 ? p.armyLocation : 'unreachable';
  if (p.fleetLocations.length === 0 || p.terrain === 'land') return 'unreachable';
  if (p.coasts.length === 0) return p.fleetLocations[0]!;
  // A build on a split-coast province must name the coast (DATC 4.B.7, 6.B.14).
  if (coast === undefined) return 'coast-needed';
  const l = map.locationIndex(`${p.id}/${coast}`);
  return l >= 0 ? l : 'coast-unreachable';
}

/**
 * Units in the order civil disorder removes them (DATC 4.D.8), farthest first. The 2023 rule
 * (`c`, the default): from any supply centre the power owns, counting provinces crossed whatever
 * the unit type. The 1971/1982 rule (`a`): from the nearest of the power's home supply centres,
 * owned or not, a fleet counting fleet moves (coast by coast) and an army any border, across
 * seas too, as the DPTG and DATC v2 count it (DATC v2.4 6.J.3-6.J.11); a fleet that can reach
 * no home centre by sea is farthest of all. Then fleets before armies; then by the province's
 * English name.
 */
export function civilDisorderOrder<T extends { readonly u: Unit }>(
  map: GameMap,
  candidates: readonly T[],
  power: Power,
  owners: Ownership,
  rule: RuleChoices['civilDisorder'] = 'c',
  centers: SupplyCenters = mapSupplyCenters(map),
): T[] {
  const fromHome = rule === 'a';
  const centres = map.provinces.filter(
    (p) => centers.hasIndex(p.index) && (fromHome ? p.home === power : owners[p.id] === power),
  );
  const distance = provinceDistances(map, centres);
  const bySea = fromHome ? fleetDistances(map, centres) : undefined;
  const far = (u: Unit): number => {
    if (bySea !== undefined && u.type === 'fleet') {
      return bySea[map.indexOf(u.location)] ?? Infinity;
    }
    return distance[map.provinceIndex(u.location.province)] ?? Infinity;
  };
  const name = (u: Unit): string => map.province(u.location.province)?.name ?? u.location.province;
  return [...candidates].sort((a, b) => {
    const da = far(a.u);
    const db = far(b.u);
    if (da !== db) return db - da;
    if (a.u.type !== b.u.type) return a.u.type === 'fleet' ? -1 : 1;
    const na = name(a.u);
    const nb = name(b.u);
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
}

/** Breadth-first distance from every province to the nearest of `centres`, across any border. */
function provinceDistances(map: GameMap, centres: readonly ProvinceInfo[]): number[] {
  const np = map.provinces.length;
  const dist = new Array<number>(np).fill(Infinity);
  const queue: number[] = [];
  for (const p of centres) {
    dist[p.index] = 0;
    queue.push(p.index);
  }
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    for (let q = 0; q < np; q++) {
      if (map.provinceAdjacent[p * np + q] === 1 && dist[q] === Infinity) {
        dist[q] = dist[p]! + 1;
        queue.push(q);
      }
    }
  }
  return dist;
}

/**
 * Breadth-first distance from every location to the nearest of `centres` in fleet moves: from
 * any coast of a centre a fleet may stand on (DATC v2.4 6.J.9 counts from both coasts).
 */
function fleetDistances(map: GameMap, centres: readonly ProvinceInfo[]): number[] {
  const dist = new Array<number>(map.locations.length).fill(Infinity);
  const queue: number[] = [];
  for (const p of centres) {
    for (const l of p.fleetLocations) {
      if (dist[l] !== 0) {
        dist[l] = 0;
        queue.push(l);
      }
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const l = queue[head]!;
    // Fleet moves are symmetric: a fleet that can go from l to m can come back.
    for (const m of map.fleetMoves[l]!) {
      if (dist[m] === Infinity) {
        dist[m] = dist[l]! + 1;
        queue.push(m);
      }
    }
  }
  return dist;
}
