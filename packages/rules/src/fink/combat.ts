/**
 * The Fink in the movement phase: other powers' supports to the Fink's units are void (and, with
 * FINK_NO_CONVOY, their convoys of his armies); the spring fink dislodges a victim unit after
 * the moves; and /ngf/ marks a void support only where counting it would have changed the result.
 */
import {
  adjudicateMovement,
  type DislodgedUnit,
  type GameMap,
  type Location,
  type MovementResolution,
  type MovementRules,
  type OrderOutcome,
  type Power,
  type PowerOrder,
  type ProvinceId,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import { finkPowers, unitKey, type FinkSettings, type FinkState } from './state.js';

/** The explanation a void support or convoy carries when it changed the result. */
export const NGF_SUPPORT =
  '/ngf/ (no good fink): support from another power for a unit of the Fink';
export const NGF_CONVOY = '/ngf/ (no good fink): convoy by another power of an army of the Fink';

function unitAt(state: VariantState, province: ProvinceId): Unit | undefined {
  return state.units.find((u) => u.location.province === province);
}

/**
 * The combat rules while there is a Fink. `counted` names one supporting (or convoying) unit's
 * province whose help counts after all: the counterfactual run for /ngf/ (ruling 8).
 */
export function finkMovementRules(
  state: VariantState,
  own: FinkState,
  settings: FinkSettings,
  counted?: ProvinceId,
): MovementRules | undefined {
  const powers = finkPowers(state, own);
  if (powers.length === 0) return undefined;
  const isFinks = (p: Power): boolean => powers.includes(p);
  const supportCounts = (supporter: Unit, supported: Unit): boolean =>
    !isFinks(supported.power) ||
    isFinks(supporter.power) ||
    supporter.location.province === counted;
  if (!settings.noConvoy) return { supportCounts };
  return {
    supportCounts,
    illegal: (order, unit) => {
      if (order.kind !== 'convoy' || isFinks(unit.power)) return undefined;
      if (unit.location.province === counted) return undefined;
      const army = unitAt(state, order.army.province);
      return army !== undefined && army.type === 'army' && isFinks(army.power)
        ? 'forbidden-by-rule'
        : undefined;
    },
  };
}

/** Whether outcome o is a support or convoy that the Fink rule voided. */
function voidedByFink(
  state: VariantState,
  rules: MovementRules,
  o: OrderOutcome,
): 'support' | 'convoy' | undefined {
  const order = o.order;
  if (
    (order.kind === 'support-hold' || order.kind === 'support-move') &&
    o.reason === 'support-not-counted'
  ) {
    const supporter = unitAt(state, order.unit.location.province);
    const supported = unitAt(state, order.supported.location.province);
    if (supporter === undefined || supported === undefined) return undefined;
    return rules.supportCounts?.(supporter, supported) === false ? 'support' : undefined;
  }
  if (order.kind === 'convoy' && o.reason === 'forbidden-by-rule') {
    const fleet = unitAt(state, order.unit.location.province);
    if (fleet === undefined) return undefined;
    return rules.illegal?.(order, fleet) === 'forbidden-by-rule' ? 'convoy' : undefined;
  }
  return undefined;
}

function locationKey(l: Location): string {
  return l.coast === undefined ? l.province : `${l.province}/${l.coast}`;
}

/** Everything the adjudication decided, except order `skip`'s own outcome. */
function decided(r: MovementResolution, skip: number): string {
  const outcomes = r.outcomes.map((o, k) => (k === skip ? '' : `${o.result}:${o.dislodged ?? ''}`));
  const units = r.units.map(unitKey).sort();
  const dislodged = r.dislodged
    .map((d) => `${unitKey(d.unit)}>${d.retreats.map(locationKey).sort().join(',')}`)
    .sort();
  return JSON.stringify([outcomes, units, dislodged, [...r.contested].sort()]);
}

/**
 * Ruling 8: each void support (or convoy) is re-adjudicated on its own as if it counted. If any
 * result changes it is marked /ngf/; otherwise it is shown as it would have been, so the Fink's
 * identity stays secret where it made no difference.
 */
export function explainNgf(
  map: GameMap,
  state: VariantState,
  own: FinkState,
  settings: FinkSettings,
  outcomes: readonly OrderOutcome[],
): readonly OrderOutcome[] {
  const rules = finkMovementRules(state, own, settings);
  if (rules === undefined) return outcomes;
  const voids: { k: number; kind: 'support' | 'convoy' }[] = [];
  outcomes.forEach((o, k) => {
    const kind = voidedByFink(state, rules, o);
    if (kind !== undefined) voids.push({ k, kind });
  });
  if (voids.length === 0) return outcomes;
  const orders: PowerOrder[] = outcomes.map((o) => ({ power: o.power, order: o.order }));
  const base = adjudicateMovement(map, state.units, orders, { rules, explain: false });
  const out = [...outcomes];
  for (const { k, kind } of voids) {
    const given = outcomes[k]!;
    if (given.order.kind === 'waive' || given.order.kind === 'build') continue;
    const counted = given.order.unit.location.province;
    const alt = adjudicateMovement(map, state.units, orders, {
      rules: finkMovementRules(state, own, settings, counted)!,
    });
    if (decided(alt, k) === decided(base, k)) {
      // No difference: show the order as it would have been, keeping a fink's dislodgement.
      const would = alt.outcomes[k]!;
      out[k] = given.dislodged === undefined ? would : { ...would, dislodged: given.dislodged };
    } else {
      const why = kind === 'support' ? NGF_SUPPORT : NGF_CONVOY;
      out[k] = { ...given, explanation: `${why}; it does not count` };
    }
  }
  return out;
}

/** The places a unit the Fink dislodged may retreat to: as for a normal retreat, any attacker aside. */
export function finkRetreats(map: GameMap, r: MovementResolution, unit: Unit): Location[] {
  // Every province occupied after the moves, the finked one included (ruling 2), and standoffs.
  const blocked = new Set<string>([...r.units.map((u) => u.location.province), ...r.contested]);
  const from = map.indexOf(unit.location);
  const moves = (unit.type === 'army' ? map.armyMoves[from] : map.fleetMoves[from]) ?? [];
  const out: Location[] = [];
  for (const l of moves) {
    const info = map.locations[l]!;
    if (!blocked.has(map.provinces[info.province]!.id)) out.push(info.location);
  }
  return out;
}

/** Whether outcome o is an order of the unit that ended the moves at `province`. */
function orderOfUnitAt(o: OrderOutcome, unit: Unit, province: ProvinceId): boolean {
  if (o.power !== unit.power) return false;
  const order = o.order;
  if (order.kind === 'waive' || order.kind === 'build') return false;
  if (order.kind === 'move' && o.result === 'succeeds') return order.to.province === province;
  return order.unit.location.province === province;
}

/**
 * The fink step (sequence step 2): the victim's unit standing in `province` after the moves is
 * dislodged, unless it was dislodged in combat (it is then not among the units). Undefined when
 * there is no such unit.
 */
export function finkDislodge(
  map: GameMap,
  r: MovementResolution,
  victim: Power,
  province: ProvinceId,
): { readonly resolution: MovementResolution; readonly dislodged: DislodgedUnit } | undefined {
  const i = r.units.findIndex((u) => u.power === victim && u.location.province === province);
  if (i < 0) return undefined;
  const unit = r.units[i]!;
  const retreats = finkRetreats(map, r, unit);
  const fate: 'destroyed' | 'dislodged' = retreats.length === 0 ? 'destroyed' : 'dislodged';
  const outcomes = r.outcomes.map((o): OrderOutcome =>
    orderOfUnitAt(o, unit, province)
      ? {
          ...o,
          dislodged: fate,
          explanation: `${o.explanation ?? o.result}; then dislodged by the Fink`,
        }
      : o,
  );
  const dislodged: DislodgedUnit = { unit, attackerFrom: province, retreats };
  return {
    resolution: {
      ...r,
      outcomes,
      units: r.units.filter((_, j) => j !== i),
      dislodged: [...r.dislodged, dislodged],
    },
    dislodged,
  };
}
