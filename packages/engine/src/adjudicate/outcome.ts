/** What adjudication says about each order: a DATC-style result, a stable reason code and details. */
import type { Location, Order, Power, ProvinceId, Unit } from '../types.js';

/**
 * The result words of DATC v3.2: a move or hold succeeds or fails; a support is given or cut;
 * an order the board cannot carry out is illegal; an order that does not match the unit it
 * names (a support or convoy of an order that was not given) is void. Illegal and void orders
 * are ignored: an illegally ordered unit holds.
 */
export type OrderResult = 'succeeds' | 'fails' | 'given' | 'cut' | 'illegal' | 'void';

/** Why an order was judged illegal. Stable codes; messages may change. */
export type IllegalReason =
  | 'no-unit'
  | 'foreign-unit'
  | 'wrong-unit-type'
  | 'duplicate-order'
  | 'wrong-phase'
  | 'same-province'
  | 'unreachable'
  | 'coast-needed'
  | 'coast-unreachable'
  | 'fleet-convoyed'
  | 'convoy-not-at-sea'
  | 'convoy-not-army'
  | 'support-self'
  | 'support-unreachable';

export type OutcomeReason =
  | IllegalReason
  | 'moved'
  | 'held'
  | 'bounced'
  | 'beaten'
  | 'same-power'
  | 'no-convoy'
  | 'convoy-disrupted'
  | 'convoy-paradox'
  | 'support-given'
  | 'support-cut'
  | 'support-dislodged'
  | 'support-mismatch'
  | 'supported-unit-missing'
  | 'convoy-given'
  | 'convoy-mismatch'
  | 'convoy-dislodged'
  | 'retreated'
  | 'retreat-clash'
  | 'retreat-blocked'
  | 'disbanded'
  | 'built'
  | 'removed'
  | 'waived'
  | 'no-build-site'
  | 'no-builds-left'
  | 'no-removals-left'
  | 'site-occupied'
  | 'not-home-center'
  | 'not-owned'
  | 'too-many-units';

export interface OrderOutcome {
  readonly power: Power;
  readonly order: Order;
  readonly result: OrderResult;
  readonly reason: OutcomeReason;
  /** Strength of the move (moves), or the support's value. */
  readonly strength?: number;
  /** The strongest opposing strength, for a failed move. */
  readonly against?: number;
  /** The unit's province that caused the result: the bouncer, the cutter, the dislodger. */
  readonly by?: ProvinceId;
  /** A short human explanation, e.g. "bounced with A mun, 1 against 1". */
  readonly explanation?: string;
}

export interface DislodgedUnit {
  readonly unit: Unit;
  /** The province the successful attacker came from (for a convoyed army, where it started). */
  readonly attackerFrom: ProvinceId;
  /** Where it may retreat; empty when it has nowhere to go and will be destroyed. */
  readonly retreats: readonly Location[];
}

export interface MovementResolution {
  /** One outcome per order given, in the order given. */
  readonly outcomes: readonly OrderOutcome[];
  /** Units after the moves, dislodged ones excluded, in the order of the input units. */
  readonly units: readonly Unit[];
  readonly dislodged: readonly DislodgedUnit[];
  /** Provinces left empty by a standoff: no retreat may go there. */
  readonly contested: readonly ProvinceId[];
}
