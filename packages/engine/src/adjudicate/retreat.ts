/**
 * Retreat adjudication: each dislodged unit retreats to one of its options or is disbanded.
 * Two retreats to one province both fail and both units are disbanded; a unit without a
 * (legal) order is disbanded. Supports and convoys are illegal in this phase (DATC 6.H.1-3).
 * A combat-free space (`MovementRules.combatFree`, Fin de Siecle's oceans) takes any number of
 * retreating units: retreats there never clash.
 */
import type { GameMap } from '../map/game-map.js';
import type { Location, PowerOrder, Unit } from '../types.js';
import type { MovementRules } from './rules.js';
import { describeOutcome } from './explain.js';
import type {
  DislodgedUnit,
  IllegalReason,
  OrderOutcome,
  OrderResult,
  OutcomeReason,
} from './outcome.js';

export interface RetreatResolution {
  /** One outcome per order given, in the order given. */
  readonly outcomes: readonly OrderOutcome[];
  /** The units on the board after the retreats. */
  readonly units: readonly Unit[];
  /** Dislodged units that did not retreat: ordered to disband, clashed, or without a legal order. */
  readonly disbanded: readonly Unit[];
  /** Why each disbanded unit left the board, in the order of `disbanded`. */
  readonly disbandedWhy: readonly ('disbanded' | 'retreat-clash' | 'no-retreat-order')[];
}

export interface RetreatOptions {
  readonly explain?: boolean;
  /**
   * The phase's movement rules (`processPhase` passes the same ones as to the movement); only
   * `combatFree` matters here: several units may retreat into one combat-free space.
   */
  readonly rules?: MovementRules;
}

/** Adjudicates a retreat phase. `units` are the units that were not dislodged. */
export function adjudicateRetreats(
  map: GameMap,
  units: readonly Unit[],
  dislodged: readonly DislodgedUnit[],
  orders: readonly PowerOrder[],
  options: RetreatOptions = {},
): RetreatResolution {
  const n = dislodged.length;
  const chosen = new Array<Location | null>(n).fill(null);
  const orderOf = new Array<number>(n).fill(-1);
  const verdicts: { result: OrderResult; reason: OutcomeReason; unit: number }[] = [];
  for (let k = 0; k < orders.length; k++) {
    const { power, order } = orders[k]!;
    const bad = (reason: IllegalReason, unit = -1): void => {
      verdicts.push({ result: 'illegal', reason, unit });
    };
    if (order.kind === 'waive') {
      bad('wrong-phase');
      continue;
    }
    const province = order.unit.location.province;
    const d = dislodged.findIndex((x) => x.unit.location.province === province);
    if (d < 0) {
      bad(units.some((u) => u.location.province === province) ? 'not-dislodged' : 'no-unit');
      continue;
    }
    const du = dislodged[d]!;
    if (du.unit.power !== power) {
      bad('foreign-unit');
      continue;
    }
    if (order.unit.type !== undefined && order.unit.type !== du.unit.type) {
      bad('wrong-unit-type', d);
      continue;
    }
    if (order.kind !== 'retreat' && order.kind !== 'move' && order.kind !== 'disband') {
      bad('wrong-phase', d);
      continue;
    }
    if (orderOf[d] !== -1) {
      bad('duplicate-order', d);
      continue;
    }
    if (order.kind === 'disband') {
      orderOf[d] = k;
      verdicts.push({ result: 'succeeds', reason: 'disbanded', unit: d });
      continue;
    }
    if (order.kind === 'move' && order.viaConvoy) {
      bad('not-retreat-option', d);
      continue;
    }
    const to = retreatTarget(map, du, order.to);
    if (typeof to === 'string') {
      bad(to, d);
      continue;
    }
    orderOf[d] = k;
    chosen[d] = to;
    verdicts.push({ result: 'succeeds', reason: 'retreated', unit: d });
  }

  // Two or more retreats into one province: all of them fail (rulebook; DATC 6.H.1), except in
  // a combat-free space, which is never counted.
  const combatFree = options.rules?.combatFree;
  const count = new Map<string, number>();
  for (const c of chosen) {
    if (c === null || combatFree?.(c.province) === true) continue;
    count.set(c.province, (count.get(c.province) ?? 0) + 1);
  }
  const after: Unit[] = [...units];
  const disbanded: Unit[] = [];
  const disbandedWhy: ('disbanded' | 'retreat-clash' | 'no-retreat-order')[] = [];
  for (let d = 0; d < n; d++) {
    const c = chosen[d] ?? null;
    const u = dislodged[d]!.unit;
    if (c !== null && (count.get(c.province) ?? 1) === 1) {
      after.push({ ...u, location: c });
    } else {
      disbanded.push(u);
      disbandedWhy.push(
        c !== null ? 'retreat-clash' : orderOf[d] !== -1 ? 'disbanded' : 'no-retreat-order',
      );
    }
  }
  const explain = options.explain !== false;
  const outcomes = verdicts.map((v, k): OrderOutcome => {
    const po = orders[k]!;
    let { result, reason } = v;
    if (reason === 'retreated') {
      const c = chosen[v.unit]!;
      if ((count.get(c.province) ?? 1) > 1) {
        result = 'fails';
        reason = 'retreat-clash';
      }
    }
    const base = { power: po.power, order: po.order, result, reason };
    return explain ? { ...base, explanation: describeOutcome(base, undefined) } : base;
  });
  return { outcomes, units: after, disbanded, disbandedWhy };
}

/**
 * The retreat option of a dislodged unit that an order naming `to` picks, or why it names none
 * (coasts as for moves, DATC 6.B): not one of its options, or a split coast left unnamed.
 */
export function retreatTarget(
  map: GameMap,
  du: DislodgedUnit,
  to: Location,
): Location | IllegalReason {
  const inProvince = du.retreats.filter((r) => r.province === to.province);
  if (inProvince.length === 0) return 'not-retreat-option';
  if (du.unit.type === 'army') return inProvince[0]!;
  const province = map.province(to.province);
  if (province === undefined || province.coasts.length === 0) return inProvince[0]!;
  if (to.coast === undefined) return inProvince.length === 1 ? inProvince[0]! : 'coast-needed';
  return inProvince.find((r) => r.coast === to.coast) ?? 'not-retreat-option';
}
