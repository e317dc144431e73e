/**
 * Legal orders: every order a power, or one unit, may give in the current phase that the
 * adjudicator accepts, under the rule modules in force. Each list comes from the adjudicator's
 * own checks (the movement kernel's `bind`, `retreatTarget`, `buildProblem`), not from a second
 * copy of the rules, so a bot or an order form offers exactly what will be judged legal.
 */
import { adjustmentAllowance, buildProblem, unitProvinces } from '../adjudicate/adjustment.js';
import { legalMovementOrders } from '../adjudicate/movement.js';
import type { DislodgedUnit } from '../adjudicate/outcome.js';
import { retreatTarget } from '../adjudicate/retreat.js';
import type { GameMap } from '../map/game-map.js';
import { formatOrder, formatUnit } from '../orders/format.js';
import { sameLocation, type Order, type Power, type Unit, type UnitRef } from '../types.js';
import { buildSites, type GameState, type PhaseRules } from './state.js';
import { supplyCentersOf } from '../map/supply-centers.js';

/**
 * Every legal order of one power in the state's phase, under the rule modules' changes and the
 * rulebook edition's choices in `rules` (for a variant game, `phaseRules(variant, state)`; none
 * for standard Diplomacy under the 2023 rules).
 * Format one with `formatOrder(map, order)`.
 *
 * - **Movement**, per unit in board order: hold; moves to each neighbour, a fleet's to each
 *   coast it reaches (`F mao - spa/nc`); an army's moves by convoy wherever fleets on the board
 *   make a route of seas (DATC 4.E.1, 6.D.32), listed with `viaConvoy: true`; supports to hold
 *   of every unit in a province it could move into; supports of every legal move (of any
 *   power) into such a province, naming the province without a coast (which supports the move
 *   to either coast), except a fleet's support of a move that must go by convoy through that
 *   very fleet (6.D.31); convoys, for a fleet at sea on a proper route (6.G.19), of every army
 *   whose convoyed move the route serves. A module's veto (`MovementRules.illegal`) removes
 *   orders, a convoyed move needs fleets the veto lets convoy, and supports a module does not
 *   let count (`supportCounts`) are left out. An order listed is never judged illegal when it
 *   is the unit's first; a support or convoy is matched when the unit it names is ordered as it
 *   says (a listed support of an army that may also walk becomes illegal if the army instead
 *   goes by convoy through the supporter, 6.D.31).
 * - **Retreats**: each dislodged unit's retreat to each of its options, and its disband.
 * - **Adjustments**: with builds to make, a build of each unit type at each build site (owned,
 *   empty home centres, or the modules' `buildSites`; a fleet on each coast of a split-coast
 *   province, none inland; types `mayBuildType` allows), and a waive; with removals owed, the
 *   removal of each unit. Builds are listed one at a time: two in one province, or more than the
 *   power has, are each legal alone but not together.
 * - **Module phases**: none.
 *
 * @example
 * legalOrders(standardMap, initialState(standardMap), 'ENG').map(formatOrder);
 * // ['F lon H', 'F lon - eng', 'F lon - nth', 'F lon - wal', 'F lon - yor', 'F lon S F bre - eng', ...]
 */
export function legalOrders(
  map: GameMap,
  state: GameState,
  power: Power,
  rules: PhaseRules = {},
): Order[] {
  switch (state.phase.type) {
    case 'movement': {
      const which: number[] = [];
      state.units.forEach((u, i) => {
        if (u.power === power && !sharesNameWithEarlier(state.units, i)) which.push(i);
      });
      return legalMovementOrders(
        map,
        state.units,
        which,
        rules.movementRules,
        rules.choices,
      ).flat();
    }
    case 'retreat':
      return state.dislodged.filter((d) => d.unit.power === power).flatMap((d) => retreats(map, d));
    case 'adjustment':
      return adjustmentOrders(map, state, power, rules);
    case 'module':
      return [];
  }
}

/**
 * Every legal order of each power (map order), as `legalOrders` lists them; on a movement
 * board, faster than asking power by power, since the board is read once.
 */
export function legalOrdersByPower(
  map: GameMap,
  state: GameState,
  rules: PhaseRules = {},
): Record<Power, Order[]> {
  const out: Record<Power, Order[]> = {};
  if (state.phase.type !== 'movement') {
    for (const p of map.powers) out[p] = legalOrders(map, state, p, rules);
    return out;
  }
  for (const p of map.powers) out[p] = [];
  const which: number[] = [];
  state.units.forEach((_, i) => {
    if (!sharesNameWithEarlier(state.units, i)) which.push(i);
  });
  const lists = legalMovementOrders(map, state.units, which, rules.movementRules, rules.choices);
  which.forEach((i, k) => out[state.units[i]!.power]?.push(...lists[k]!));
  return out;
}

/**
 * Every legal order of one unit in the state's phase (see `legalOrders`): in a movement phase,
 * the unit on the board; in a retreat phase, a dislodged unit's retreats and disband; in an
 * adjustment phase, its removal when its power owes one. Empty for a unit not in the state.
 */
export function legalUnitOrders(
  map: GameMap,
  state: GameState,
  unit: Unit,
  rules: PhaseRules = {},
): Order[] {
  const same = (u: Unit): boolean =>
    u.power === unit.power && u.type === unit.type && sameLocation(u.location, unit.location);
  switch (state.phase.type) {
    case 'movement': {
      const i = state.units.findIndex(same);
      return i < 0
        ? []
        : legalMovementOrders(map, state.units, [i], rules.movementRules, rules.choices)[0]!;
    }
    case 'retreat': {
      const d = state.dislodged.find((x) => same(x.unit));
      return d === undefined ? [] : retreats(map, d);
    }
    case 'adjustment': {
      if (!state.units.some(same)) return [];
      const owed = allowance(map, state, unit.power, rules);
      return owed < 0 ? [{ kind: 'remove', unit: ref(unit) }] : [];
    }
    case 'module':
      return [];
  }
}

/** One legal order with its canonical text (`formatOrder`), as order forms and the API show it. */
export interface LegalOrderText {
  readonly text: string;
  readonly order: Order;
}

/**
 * Orders grouped by the unit they are for (`F lon`), in the order first listed; the builds and
 * the waive of an adjustment phase, which name no unit on the board, under `null`.
 *
 * @example
 * legalOrdersByUnit(legalOrders(standardMap, initialState(standardMap), 'ENG'))[0];
 * // { unit: 'F lon', orders: [{ text: 'F lon H', order: { kind: 'hold', ... } }, ...] }
 */
export function legalOrdersByUnit(
  orders: readonly Order[],
): { unit: string | null; orders: LegalOrderText[] }[] {
  const groups = new Map<string | null, LegalOrderText[]>();
  for (const order of orders) {
    const unit = order.kind === 'build' || order.kind === 'waive' ? null : formatUnit(order.unit);
    let list = groups.get(unit);
    if (list === undefined) groups.set(unit, (list = []));
    list.push({ text: formatOrder(order), order });
  }
  return [...groups].map(([unit, list]) => ({ unit, orders: list }));
}

/** A unit named as the notation names it: by type and place. */
function ref(u: Unit): UnitRef {
  return { type: u.type, location: u.location };
}

/** Whether an earlier unit of the same power is named alike (both in one combat-free space). */
function sharesNameWithEarlier(units: readonly Unit[], i: number): boolean {
  const u = units[i]!;
  for (let j = 0; j < i; j++) {
    const v = units[j]!;
    if (v.power === u.power && v.type === u.type && sameLocation(v.location, u.location))
      return true;
  }
  return false;
}

function retreats(map: GameMap, d: DislodgedUnit): Order[] {
  const unit = ref(d.unit);
  const out: Order[] = [];
  for (const to of d.retreats) {
    if (typeof retreatTarget(map, d, to) !== 'string') out.push({ kind: 'retreat', unit, to });
  }
  out.push({ kind: 'disband', unit });
  return out;
}

function allowance(map: GameMap, state: GameState, power: Power, rules: PhaseRules): number {
  return (
    adjustmentAllowance(
      map,
      state.units,
      state.supplyCenters,
      rules.adjustmentRules,
      supplyCentersOf(map, state),
    )[power] ?? 0
  );
}

function adjustmentOrders(
  map: GameMap,
  state: GameState,
  power: Power,
  rules: PhaseRules,
): Order[] {
  const owed = allowance(map, state, power, rules);
  const out: Order[] = [];
  if (owed < 0) {
    state.units.forEach((u, i) => {
      if (u.power === power && !sharesNameWithEarlier(state.units, i))
        out.push({ kind: 'remove', unit: ref(u) });
    });
    return out;
  }
  if (owed === 0) return out;
  const owners = state.supplyCenters;
  const centers = supplyCentersOf(map, state);
  const occupied = unitProvinces(state.units);
  const hook = rules.adjustmentRules?.buildSites;
  const sites =
    hook === undefined
      ? buildSites(map, power, owners, occupied, centers)
      : hook(power, owners, occupied);
  for (const id of sites) {
    const p = map.province(id);
    if (p === undefined) continue;
    const candidates: BuildUnit[] = [{ type: 'army', location: { province: p.id } }];
    for (const l of p.fleetLocations)
      candidates.push({ type: 'fleet', location: map.locations[l]!.location });
    for (const unit of candidates) {
      const problem = buildProblem(
        map,
        power,
        unit,
        owners,
        occupied,
        rules.adjustmentRules,
        centers,
      );
      if (problem === undefined) out.push({ kind: 'build', unit });
    }
  }
  out.push({ kind: 'waive' });
  return out;
}

type BuildUnit = Extract<Order, { kind: 'build' }>['unit'];
