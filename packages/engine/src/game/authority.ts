/**
 * Who an order is given for: the power whose unit (or build) it is, if the submitter may order
 * it. The variant pipeline reads submissions with it and `submissionWarnings` checks them with
 * it, so both decide authority the same way.
 */
import type { GameMap } from '../map/game-map.js';
import type { Order, Power, Unit } from '../types.js';
import { Recent } from '../recent.js';
import type { GameState } from './state.js';

/** What a submitter may order now. */
export interface Authority {
  /** Powers whose units, builds and removals the submitter orders (`orderablePowers`). */
  readonly powers: readonly Power[];
  /**
   * Units of other powers whose retreat the submitter orders in a retreat phase (a module's
   * `retreatController`: the Fink chooses a finked unit's retreat).
   */
  readonly choosesRetreat?: (unit: Unit) => boolean;
}

/**
 * The power an order is given for: the unit's owner, the build site's power, or the prefix; or
 * `undefined` when the submitter may not give it (another power's unit). An order for a unit
 * that is not there is still the submitter's, to be judged illegal. Several units may share a
 * combat-free space (oceans): the submitter's own comes first, and of the type the order names.
 */
export function orderPower(
  map: GameMap,
  state: GameState,
  order: Order,
  prefix: Power | undefined,
  authority: Authority,
): Power | undefined {
  const { powers } = authority;
  if (order.kind === 'waive' || order.kind === 'build') {
    const site =
      order.kind === 'build' ? map.province(order.unit.location.province)?.home : undefined;
    const power = prefix ?? site ?? (powers.length === 1 ? powers[0] : undefined);
    return power !== undefined && powers.includes(power) ? power : undefined;
  }
  const unit = orderedUnit(state, order.unit.location.province, order.unit.type, powers);
  const power = unit?.power ?? prefix;
  if (unit === undefined)
    return power !== undefined && powers.includes(power)
      ? power
      : powers.length === 1
        ? powers[0]
        : undefined;
  if (powers.includes(unit.power)) return unit.power;
  // A module may hand a dislodged unit's retreat to another player (the Fink).
  return state.phase.type === 'retreat' && authority.choosesRetreat?.(unit) === true
    ? unit.power
    : undefined;
}

/**
 * The unit an order for `province` names: in a retreat phase a dislodged one; where several
 * share a combat-free space, one of `powers` first, of the named type first.
 */
export function orderedUnit(
  state: GameState,
  province: string,
  type: Unit['type'] | undefined,
  powers: readonly Power[],
): Unit | undefined {
  const here = unitsByProvince(state).get(province);
  if (here === undefined) return undefined;
  if (here.length === 1) return here[0];
  const fits = (u: Unit): boolean => type === undefined || u.type === type;
  return (
    here.find((u) => powers.includes(u.power) && fits(u)) ??
    here.find((u) => powers.includes(u.power)) ??
    here[0]
  );
}

/**
 * The units of the last few boards asked about, by province, in the board's order: every order
 * of every sheet asks for its unit, twice, and a scan of the board for each cost a tenth of a
 * random game through the variant pipeline. Keyed by the list itself (`units`, or `dislodged` in
 * a retreat phase), which is never changed once it is a state's.
 */
const BY_PROVINCE = new Recent<readonly unknown[], ReadonlyMap<string, readonly Unit[]>>(8);

function unitsByProvince(state: GameState): ReadonlyMap<string, readonly Unit[]> {
  const retreat = state.phase.type === 'retreat';
  const list: readonly unknown[] = retreat ? state.dislodged : state.units;
  let index = BY_PROVINCE.get(list);
  if (index === undefined) {
    const byProvince = new Map<string, Unit[]>();
    for (let i = 0; i < list.length; i++) {
      const u = retreat ? state.dislodged[i]!.unit : state.units[i]!;
      const here = byProvince.get(u.location.province);
      if (here === undefined) byProvince.set(u.location.province, [u]);
      else here.push(u);
    }
    index = byProvince;
    BY_PROVINCE.set(list, index);
  }
  return index;
}
