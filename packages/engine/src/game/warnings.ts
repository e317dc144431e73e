/**
 * Submission warnings: for each order a player submits, why the adjudicator will ignore it or
 * why it will change nothing. Found by the adjudicators themselves, run on the submitted orders
 * (with the rule modules in force), and by `legalOrders` for what only the whole board can tell
 * (a support of a move the other unit cannot make), so there is no second copy of the rules.
 */
import { adjudicateAdjustments, adjustmentAllowance } from '../adjudicate/adjustment.js';
import { supplyCentersOf } from '../map/supply-centers.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { OrderOutcome, OutcomeReason } from '../adjudicate/outcome.js';
import { adjudicateRetreats } from '../adjudicate/retreat.js';
import type { GameMap } from '../map/game-map.js';
import { formatOrder, formatUnit } from '../orders/format.js';
import type { ParsedOrder } from '../orders/parse.js';
import { formatLocation, type Order, type Power, type PowerOrder, type Unit } from '../types.js';
import { orderedUnit, orderPower, type Authority } from './authority.js';
import { legalOrdersByPower } from './legal-orders.js';
import type { GameState, PhaseRules } from './state.js';

/** Why a submitted order will be ignored or change nothing. Stable codes; messages may change. */
export type WarningCode =
  /** No unit there (in a retreat phase: no dislodged unit), or none to support or convoy. */
  | 'warn/no-unit'
  /** The unit there is of the other type. */
  | 'warn/wrong-unit-type'
  /** Another power's unit, which the submitter may not order. */
  | 'warn/foreign-unit'
  /** A second order for a unit that already has a legal one: the first counts (DATC 4.D.3). */
  | 'warn/duplicate'
  /** An order of a kind not given in this phase (a build in spring). */
  | 'warn/wrong-phase'
  /** A move, support or convoy the board does not allow (DATC 4.E.1, 6.D.31, 6.D.32, 6.G.19). */
  | 'warn/unreachable'
  /** A fleet's move or retreat, or a build, to a split-coast province without the coast. */
  | 'warn/coast-needed'
  /** A rule module in force forbids the order. */
  | 'warn/forbidden-by-rule'
  /** A support a rule module does not let count (the Fink: foreign supports). */
  | 'warn/support-not-counted'
  /** A support or convoy of a unit this submission orders to do something else. */
  | 'warn/mismatch'
  /** A retreat order for a unit that was not dislodged. */
  | 'warn/not-dislodged'
  /** A retreat to a place that is not one of the unit's retreat options. */
  | 'warn/retreat-not-allowed'
  /** Two retreats of this submission to one province: both fail and both units are disbanded. */
  | 'warn/retreat-clash'
  /** A build in an occupied centre (or one an earlier build of the submission takes). */
  | 'warn/build-occupied'
  /** A build outside the power's home centres. */
  | 'warn/build-not-home'
  /** A build in a home centre the power does not own. */
  | 'warn/build-not-owned'
  /** A build where the rule modules in force allow none. */
  | 'warn/build-not-site'
  /** A fleet built inland. */
  | 'warn/build-inland'
  /** A fleet built on a coast the province does not have. */
  | 'warn/build-wrong-coast'
  /** A unit type the rule modules in force do not let be built. */
  | 'warn/build-type-not-allowed'
  /** A build or waive beyond the power's builds (or with none). */
  | 'warn/too-many-builds'
  /** A removal when the power owes none. */
  | 'warn/removal-not-owed'
  /** A removal beyond those the power owes. */
  | 'warn/too-many-removals';

export interface SubmissionWarning {
  readonly code: WarningCode;
  /** For people, naming the unit and the place: "A par - mun: A par cannot reach mun". */
  readonly message: string;
}

/** What `submissionWarnings` says about one submitted order. */
export interface OrderCheck {
  /** The power the order is given for (`orderPower`), if the submitter may give it. */
  readonly power: Power | undefined;
  /** Empty when the order will be carried out as far as the submission can tell. */
  readonly warnings: readonly SubmissionWarning[];
}

/**
 * Warnings for each order of one submission, in the order given (the result is parallel to
 * `orders`): orders the adjudicator will ignore (illegal, not the submitter's to give, a
 * second order for a unit) and orders that will change nothing (a support of a move the other
 * unit cannot make, a support a rule does not count, a build beyond the power's builds).
 *
 * `state` is the game in its open phase (movement, retreat or adjustment; in a module phase
 * every order is `warn/wrong-phase`). `authority` says which units the submitter may order: for
 * a standard game `{ powers: [power] }`; for a variant game `submissionAuthority(variant, state,
 * player)`, which asks the modules (Fiascomacy's investors, the Fink's retreats). `rules` are
 * the modules' changes in force (`phaseRules(variant, state)`). Pure: nothing is changed.
 *
 * Only this submission is known: a support of another power's unit is judged against what
 * that unit *can* do, not what it will be ordered to do.
 */
export function submissionWarnings(
  map: GameMap,
  state: GameState,
  authority: Authority,
  orders: readonly ParsedOrder[],
  rules: PhaseRules = {},
): OrderCheck[] {
  const powers: (Power | undefined)[] = [];
  const warnings: SubmissionWarning[][] = orders.map(() => []);
  const judged: PowerOrder[] = [];
  const judgedIndex: number[] = [];
  orders.forEach((p, i) => {
    const power = orderPower(map, state, p.order, p.power, authority);
    powers.push(power);
    if (state.phase.type === 'module') {
      warnings[i]!.push(warn('warn/wrong-phase', p.order, 'this phase takes no unit orders'));
    } else if (power === undefined) {
      warnings[i]!.push(notYours(map, state, p, authority));
    } else {
      judged.push({ power, order: p.order });
      judgedIndex.push(i);
    }
  });
  if (state.phase.type !== 'module' && judged.length > 0) {
    const found = new Judgement(map, state, judged, rules).warnings();
    found.forEach((w, k) => {
      if (w !== undefined) warnings[judgedIndex[k]!]!.push(w);
    });
  }
  return orders.map((_, i) => ({ power: powers[i], warnings: warnings[i]! }));
}

function warn(code: WarningCode, order: Order, detail: string): SubmissionWarning {
  return { code, message: `${formatOrder(order)}: ${detail}` };
}

/** Why the submitter may not give this order at all. */
function notYours(
  map: GameMap,
  state: GameState,
  p: ParsedOrder,
  authority: Authority,
): SubmissionWarning {
  const { order } = p;
  const yours = authority.powers.join(', ') || 'no power';
  if (p.power !== undefined && !authority.powers.includes(p.power))
    return warn('warn/foreign-unit', order, `you order ${yours}, not ${p.power}`);
  if (order.kind === 'waive')
    return warn('warn/foreign-unit', order, `name the power that waives (you order ${yours})`);
  if (order.kind === 'build') {
    const where = order.unit.location.province;
    const home = map.province(where)?.home;
    return home === undefined
      ? warn('warn/build-not-home', order, `${where} is nobody's home centre`)
      : warn('warn/build-not-home', order, `${where} is a home centre of ${home}, not of ${yours}`);
  }
  const unit = orderedUnit(state, order.unit.location.province, order.unit.type, authority.powers);
  return unit === undefined
    ? warn('warn/no-unit', order, `no unit in ${formatLocation(order.unit.location)}`)
    : warn('warn/foreign-unit', order, `${formatUnit(unit)} belongs to ${unit.power}`);
}

/** The adjudicator run on one submission's orders, and what its outcomes mean for each. */
class Judgement {
  private readonly outcomes: readonly OrderOutcome[];
  private legal: Readonly<Record<Power, readonly Order[]>> | undefined;

  constructor(
    private readonly map: GameMap,
    private readonly state: GameState,
    private readonly orders: readonly PowerOrder[],
    private readonly rules: PhaseRules,
  ) {
    const mr = {
      ...(rules.movementRules === undefined ? {} : { rules: rules.movementRules }),
      ...(rules.choices === undefined ? {} : { choices: rules.choices }),
    };
    switch (state.phase.type) {
      case 'movement':
        this.outcomes = adjudicateMovement(map, state.units, orders, {
          explain: false,
          ...mr,
        }).outcomes;
        break;
      case 'retreat':
        this.outcomes = adjudicateRetreats(map, state.units, state.dislodged, orders, {
          explain: false,
          ...mr,
        }).outcomes;
        break;
      case 'adjustment':
        this.outcomes = adjudicateAdjustments(map, state.units, state.supplyCenters, orders, {
          explain: false,
          ...(rules.adjustmentRules === undefined ? {} : { rules: rules.adjustmentRules }),
          ...(rules.choices === undefined ? {} : { choices: rules.choices }),
          centers: supplyCentersOf(map, state),
        }).outcomes;
        break;
      case 'module':
        this.outcomes = [];
    }
  }

  warnings(): (SubmissionWarning | undefined)[] {
    return this.outcomes.map((o, k) => this.fromOutcome(o, k) ?? this.fromBoard(k));
  }

  /** What the adjudicator's outcome for order k says. */
  private fromOutcome(o: OrderOutcome, k: number): SubmissionWarning | undefined {
    const { order, power } = this.orders[k]!;
    const code = CODES[o.reason];
    if (code === undefined) return undefined;
    const building = order.kind === 'build';
    switch (o.reason) {
      case 'duplicate-order':
        return this.duplicate(k);
      case 'support-mismatch':
      case 'convoy-mismatch':
        return this.mismatch(k);
      case 'unreachable':
        return building && order.unit.type === 'fleet'
          ? warn('warn/build-inland', order, `a fleet cannot be built inland`)
          : warn(code, order, DETAIL[o.reason] ?? 'not possible');
      case 'coast-unreachable':
        return building
          ? warn('warn/build-wrong-coast', order, `no such coast`)
          : warn(code, order, 'the named coast cannot be reached');
      case 'no-builds-left': {
        const n = this.allowance(power);
        return warn(
          code,
          order,
          n <= 0 ? `${power} has no builds` : `${power} has only ${plural(n, 'build')}`,
        );
      }
      case 'no-removals-left': {
        const n = this.allowance(power);
        return n >= 0
          ? warn('warn/removal-not-owed', order, `${power} owes no removal`)
          : warn('warn/too-many-removals', order, `${power} owes only ${plural(-n, 'removal')}`);
      }
      case 'site-occupied': {
        const where = building ? order.unit.location.province : '';
        const there = this.state.units.find((u) => u.location.province === where);
        return warn(
          code,
          order,
          there === undefined
            ? `an earlier build takes ${where}`
            : `${where} is occupied by ${formatUnit(there)}`,
        );
      }
      case 'no-unit':
        return warn(code, order, `no unit in ${unitPlace(order)}`);
      case 'wrong-unit-type': {
        const unit = this.unitOf(k);
        return warn(
          code,
          order,
          unit === undefined
            ? 'the unit there is of the other type'
            : `the unit is ${formatUnit(unit)}`,
        );
      }
      default:
        return warn(code, order, DETAIL[o.reason] ?? 'not possible');
    }
  }

  /** What only the whole board says: the order is legal, but cannot do what it says. */
  private fromBoard(k: number): SubmissionWarning | undefined {
    const { order } = this.orders[k]!;
    if (this.state.phase.type !== 'movement') return undefined;
    if (order.kind !== 'move' && order.kind !== 'support-move' && order.kind !== 'convoy')
      return undefined;
    const unit = this.unitOf(k);
    if (unit === undefined) return undefined;
    const mine = this.legalOf(unit);
    switch (order.kind) {
      case 'move':
        return mine.some((l) => l.kind === 'move' && l.to.province === order.to.province)
          ? undefined
          : warn('warn/unreachable', order, 'no fleet that may convoy it makes a route there');
      case 'support-move': {
        const to = order.to.province;
        if (
          mine.some(
            (l) =>
              l.kind === 'support-move' &&
              l.supported.location.province === order.supported.location.province &&
              l.to.province === to,
          )
        )
          return undefined;
        const other = this.state.units.find(
          (u) => u.location.province === order.supported.location.province,
        );
        if (other === undefined) return undefined;
        if (this.rules.movementRules?.supportCounts?.(unit, other) === false)
          return warn('warn/support-not-counted', order, 'a rule in force does not count it');
        const canGo = this.legalOf(other).some((l) => l.kind === 'move' && l.to.province === to);
        return warn(
          'warn/unreachable',
          order,
          canGo
            ? `${formatUnit(other)} can only reach ${to} by a convoy through ${formatUnit(unit)}`
            : `${formatUnit(other)} cannot move to ${to}`,
        );
      }
      case 'convoy': {
        const to = order.to.province;
        return mine.some(
          (l) =>
            l.kind === 'convoy' && l.army.province === order.army.province && l.to.province === to,
        )
          ? undefined
          : warn(
              'warn/unreachable',
              order,
              `the army in ${order.army.province} cannot be convoyed to ${to}`,
            );
      }
    }
  }

  /** The earlier order that counts for the same unit. */
  private duplicate(k: number): SubmissionWarning {
    const { order } = this.orders[k]!;
    const province = unitPlace(order);
    const own = order.kind === 'waive' ? undefined : order.unit.location.province;
    for (let j = 0; j < k; j++) {
      const earlier = this.orders[j]!.order;
      if (
        earlier.kind !== 'waive' &&
        earlier.kind !== 'build' &&
        earlier.unit.location.province === own &&
        this.outcomes[j]!.result !== 'illegal'
      ) {
        return warn(
          'warn/duplicate',
          order,
          `the unit in ${province} already has an order (${formatOrder(earlier)}); the first counts`,
        );
      }
    }
    return warn('warn/duplicate', order, `the unit in ${province} already has an order`);
  }

  /**
   * A support or convoy that does not match: worth a warning only when this submission orders
   * the named unit otherwise (another power may still order its own unit to fit).
   */
  private mismatch(k: number): SubmissionWarning | undefined {
    const { order } = this.orders[k]!;
    const named =
      order.kind === 'support-hold' || order.kind === 'support-move'
        ? order.supported.location.province
        : order.kind === 'convoy'
          ? order.army.province
          : undefined;
    for (let j = 0; j < this.orders.length; j++) {
      const other = this.orders[j]!.order;
      if (j === k || other.kind === 'waive' || other.kind === 'build') continue;
      if (other.unit.location.province !== named) continue;
      const r = this.outcomes[j]!;
      if (r.result === 'illegal' || r.reason === 'duplicate-order') continue;
      return warn('warn/mismatch', order, `${named} is ordered ${formatOrder(other)}`);
    }
    return undefined;
  }

  /** The unit order k names, as the adjudicator binds it. */
  private unitOf(k: number): Unit | undefined {
    const { order, power } = this.orders[k]!;
    if (order.kind === 'waive' || order.kind === 'build') return undefined;
    return orderedUnit(this.state, order.unit.location.province, undefined, [power]);
  }

  /** Legal orders of a unit (its power's list, for units in its place and of its type). */
  private legalOf(unit: Unit): readonly Order[] {
    this.legal ??= boardLegalOrders(this.map, this.state, this.rules);
    return (this.legal[unit.power] ?? []).filter(
      (o) =>
        o.kind !== 'waive' &&
        o.kind !== 'build' &&
        o.unit.location.province === unit.location.province &&
        o.unit.type === unit.type,
    );
  }

  private allowance(power: Power): number {
    return (
      adjustmentAllowance(
        this.map,
        this.state.units,
        this.state.supplyCenters,
        this.rules.adjustmentRules,
        supplyCentersOf(this.map, this.state),
      )[power] ?? 0
    );
  }
}

/**
 * Every power's legal orders, kept per state when no rule in force changes them and the state
 * is frozen (as the store shares a phase's state between all the sheets read against it): the
 * board is then listed once a phase, not once a sheet. A frozen state cannot change under its
 * entry, and a WeakMap lets it go with the state.
 */
function boardLegalOrders(
  map: GameMap,
  state: GameState,
  rules: PhaseRules,
): Readonly<Record<Power, readonly Order[]>> {
  const plain =
    rules.movementRules === undefined &&
    rules.adjustmentRules === undefined &&
    rules.choices === undefined &&
    Object.isFrozen(state) &&
    Object.isFrozen(state.units);
  if (!plain) return legalOrdersByPower(map, state, rules);
  const kept = keptLegalOrders.get(state);
  if (kept?.map === map) return kept.legal;
  const legal = legalOrdersByPower(map, state, rules);
  keptLegalOrders.set(state, { map, legal });
  return legal;
}

const keptLegalOrders = new WeakMap<
  GameState,
  { readonly map: GameMap; readonly legal: Readonly<Record<Power, readonly Order[]>> }
>();

function unitPlace(order: Order): string {
  return order.kind === 'waive' ? '' : formatLocation(order.unit.location);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The warning each of the adjudicators' reasons gives; reasons not listed give none. */
const CODES: Partial<Record<OutcomeReason, WarningCode>> = {
  'no-unit': 'warn/no-unit',
  'foreign-unit': 'warn/foreign-unit',
  'wrong-unit-type': 'warn/wrong-unit-type',
  'duplicate-order': 'warn/duplicate',
  'wrong-phase': 'warn/wrong-phase',
  'same-province': 'warn/unreachable',
  unreachable: 'warn/unreachable',
  'coast-needed': 'warn/coast-needed',
  'coast-unreachable': 'warn/unreachable',
  'fleet-convoyed': 'warn/unreachable',
  'convoy-not-at-sea': 'warn/unreachable',
  'convoy-not-army': 'warn/no-unit',
  'support-self': 'warn/unreachable',
  'support-unreachable': 'warn/unreachable',
  'support-of-illegal-order': 'warn/unreachable',
  'support-needs-own-convoy': 'warn/unreachable',
  'supported-unit-missing': 'warn/no-unit',
  'convoy-off-route': 'warn/unreachable',
  'unit-coast-mismatch': 'warn/unreachable',
  'forbidden-by-rule': 'warn/forbidden-by-rule',
  'support-not-counted': 'warn/support-not-counted',
  'support-mismatch': 'warn/mismatch',
  'convoy-mismatch': 'warn/mismatch',
  'not-dislodged': 'warn/not-dislodged',
  'not-retreat-option': 'warn/retreat-not-allowed',
  'retreat-clash': 'warn/retreat-clash',
  'type-not-allowed': 'warn/build-type-not-allowed',
  'not-build-site': 'warn/build-not-site',
  'not-home-center': 'warn/build-not-home',
  'not-owned': 'warn/build-not-owned',
  'site-occupied': 'warn/build-occupied',
  'no-builds-left': 'warn/too-many-builds',
  'no-removals-left': 'warn/removal-not-owed',
};

const DETAIL: Partial<Record<OutcomeReason, string>> = {
  'foreign-unit': 'the unit belongs to another power',
  'wrong-phase': 'this kind of order is not given in this phase',
  'same-province': 'that is where the unit already is',
  unreachable: 'the destination cannot be reached',
  'coast-needed': 'name the coast',
  'fleet-convoyed': 'only armies are convoyed',
  'convoy-not-at-sea': 'only a fleet at sea convoys',
  'convoy-not-army': 'there is no army there to convoy',
  'support-self': 'a unit cannot support itself',
  'support-unreachable': 'the unit could not move there itself',
  'support-of-illegal-order': 'the supported move is illegal',
  'support-needs-own-convoy': 'the army can only go there by this fleet, which cannot also support',
  'supported-unit-missing': 'there is no unit there to support',
  'convoy-off-route': 'the fleet is on no convoy route for that army',
  'unit-coast-mismatch': 'the fleet is not on that coast and cannot reach the destination',
  'forbidden-by-rule': 'a rule in force forbids it',
  'support-not-counted': 'a rule in force does not count it',
  'not-dislodged': 'the unit was not dislodged',
  'not-retreat-option': 'the unit cannot retreat there',
  'retreat-clash': 'another retreat of this submission goes there too: both units are disbanded',
  'type-not-allowed': 'that type may not be built under the rules in force',
  'not-build-site': 'not a build site under the rules in force',
  'not-home-center': 'not a home centre of this power',
  'not-owned': 'this power does not own the centre',
};
