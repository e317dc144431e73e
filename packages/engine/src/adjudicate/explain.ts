/** Short human explanations of order outcomes, built from their reason codes. */
import { formatLocation } from '../types.js';
import type { Order } from '../types.js';
import type { OrderResult, OutcomeReason, PaidStrength } from './outcome.js';

const ILLEGAL_TEXT: Partial<Record<OutcomeReason, string>> = {
  'no-unit': 'there is no unit there',
  'foreign-unit': 'the unit belongs to another power',
  'wrong-unit-type': 'the unit there is of the other type',
  'duplicate-order': 'the unit already has an order; the first one counts',
  'wrong-phase': 'this kind of order is not given in this phase',
  'same-province': 'a unit cannot move or be supported or convoyed to where it already is',
  unreachable: 'the destination cannot be reached',
  'coast-needed': 'the destination has two reachable coasts; name one',
  'coast-unreachable': 'the named coast cannot be reached',
  'fleet-convoyed': 'only armies can be convoyed',
  'convoy-not-at-sea': 'only a fleet in a sea province can convoy',
  'convoy-not-army': 'there is no army there to convoy',
  'support-self': 'a unit cannot support itself',
  'support-unreachable': 'the supporting unit could not move there itself',
  'support-of-illegal-order': 'the supported move is illegal',
  'support-needs-own-convoy':
    'the supported army can only go by this fleet, which cannot also support',
  'supported-unit-missing': 'there is no unit to support',
  'convoy-off-route': 'the fleet is on no convoy route for that army',
  'not-dislodged': 'the unit was not dislodged',
  'not-retreat-option': 'the unit cannot retreat there',
  'unit-coast-mismatch': 'the fleet is not on that coast and cannot reach the destination',
  'no-builds-left': 'no builds are left',
  'type-not-allowed': 'that type of unit may not be built under the rules in force',
  'not-build-site': 'not a place this power may build under the rules in force',
  'forbidden-by-rule': 'a rule in force forbids it',
  'no-removals-left': 'no removals are needed',
  'not-home-center': 'not a home supply centre of this power',
  'not-owned': 'the centre is not owned by this power',
  'site-occupied': 'the centre is occupied',
};

interface Describable {
  readonly order: Order;
  readonly result: OrderResult;
  readonly reason: OutcomeReason;
  readonly strength?: number;
  readonly against?: number;
}

/**
 * Why an order ended as it did, in a few words that do not repeat the result itself:
 * `bounced with A mun, 1 against 1`. `by` names the other unit involved.
 */
export function describeOutcome(o: Describable, by: string | undefined): string {
  const illegal = ILLEGAL_TEXT[o.reason];
  if (illegal !== undefined)
    return o.result === 'illegal' ? `${illegal}; the order is ignored` : illegal;
  const vs =
    o.strength !== undefined && o.against !== undefined
      ? `, ${o.strength} against ${o.against}`
      : '';
  switch (o.reason) {
    case 'moved':
      return o.order.kind === 'move' ? `moved to ${formatLocation(o.order.to)}` : 'moved';
    case 'held':
      return 'held';
    case 'bounced': {
      const even = o.strength !== undefined && o.strength === o.against;
      const verb = even ? 'bounced with' : 'beaten by';
      return by === undefined ? `stopped${vs}` : `${verb} ${by}${vs}`;
    }
    case 'same-power':
      return 'cannot dislodge a unit of its own power';
    case 'beaten':
      return by === undefined ? 'dislodged' : `dislodged by ${by}`;
    case 'no-convoy':
      return 'it needs a convoy and no convoy route was ordered';
    case 'convoy-disrupted':
      return 'its convoy was disrupted';
    case 'convoy-paradox':
      return 'convoy paradox: by the Szykman rule the army does not move';
    case 'support-given':
      return 'support given';
    case 'support-cut':
      return by === undefined ? 'support cut' : `support cut by ${by}`;
    case 'support-dislodged':
      return by === undefined ? 'support cut: dislodged' : `support cut: dislodged by ${by}`;
    case 'support-not-counted':
      return 'a rule in force does not let this support count';
    case 'support-mismatch':
      return 'the supported unit was not ordered that way';
    case 'convoy-given':
      return 'available';
    case 'convoy-mismatch':
      return 'the army was not ordered there';
    case 'convoy-dislodged':
      return by === undefined ? 'the fleet was dislodged' : `the fleet was dislodged by ${by}`;
    default:
      return o.reason.replace(/-/g, ' ');
  }
}

/**
 * Strength paid for or given by a rule, by whom: "with 1 dip support paid by TUR; 1 dip support
 * paid by FRA not counted against its own unit".
 */
export function describePaid(paid: readonly PaidStrength[]): string {
  const counted = paid.filter((p) => p.counted).map(describeEntryOf);
  const not = paid.filter((p) => !p.counted).map(describeEntryOf);
  const parts: string[] = [];
  if (counted.length > 0) parts.push(`with ${counted.join(', ')}`);
  if (not.length > 0) parts.push(`${not.join(', ')} not counted against its own unit`);
  return parts.join('; ');
}

function describeEntryOf(p: PaidStrength): string {
  return p.power === null
    ? `${p.amount} ${p.reason}`
    : `${p.amount} ${p.reason} paid by ${p.power}`;
}

/** A move into a combat-free space (Fin de Siecle's oceans), which meets no opposition there. */
export function describeEntry(order: Order): string {
  return order.kind === 'move'
    ? `entered combat-free ${formatLocation(order.to)}`
    : 'entered a combat-free space';
}
