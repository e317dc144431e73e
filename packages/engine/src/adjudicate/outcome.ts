/** What adjudication says about each order: a DATC-style result, a stable reason code and details. */
import type { Location, Order, Power, ProvinceId, Unit } from '../types.js';

/**
 * The result words of DATC v3.2 (4.E.2): a move succeeds or fails; a hold stands or is
 * dislodged; a support is given or cut; a convoy is available or disrupted (or fails in the
 * retreat and adjustment phases, where builds, removals and retreats succeed or fail).
 * An *illegal* order is impossible on this board; an *invalid* one is legal but does not
 * match (a support or convoy of an order that was not given, a move that needs a convoy that
 * nobody ordered). Illegal and invalid orders are ignored: the unit holds.
 */
export type OrderResult =
  | 'succeeds'
  | 'fails'
  | 'stands'
  | 'dislodged'
  | 'given'
  | 'cut'
  | 'available'
  | 'disrupted'
  | 'illegal'
  | 'invalid';

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
  | 'support-unreachable'
  | 'support-of-illegal-order'
  | 'support-needs-own-convoy'
  | 'supported-unit-missing'
  | 'convoy-off-route'
  | 'not-dislodged'
  | 'not-retreat-option'
  | 'unit-coast-mismatch'
  | 'type-not-allowed'
  | 'not-build-site'
  | 'forbidden-by-rule';

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
  | 'support-not-counted'
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
  /** Set when the ordered unit was dislodged: `destroyed` when it has nowhere to retreat. */
  readonly dislodged?: 'dislodged' | 'destroyed';
  /**
   * Strength bought or given for this unit's move or hold with an owner (`MovementRules
   * .extraSupport` entries), each marked `counted: false` where it was not counted because it
   * would have helped dislodge its payer's own unit. Set only when a rule gave some.
   */
  readonly paid?: readonly PaidStrength[];
  /** A short human explanation, e.g. "bounced with A mun, 1 against 1". */
  readonly explanation?: string;
}

/** One entry of strength not given by a unit, as the outcome reports it. */
export interface PaidStrength {
  readonly power: Power | null;
  readonly amount: number;
  readonly reason: string;
  readonly counted: boolean;
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
  /**
   * Units a rule module took off the board after the moves (the NMR Rule's unordered units),
   * each with why: they are in neither `units` nor `dislodged`, and the report lists them.
   */
  readonly removals?: readonly Removal[];
}

/**
 * Why a unit left the board: dislodged with no retreat open to it, two retreats to one place,
 * no legal retreat ordered, disbanded by its owner's order, removed by order in the winter, or
 * removed by the civil-disorder rule.
 */
export const REMOVAL_REASONS = [
  'no-retreat',
  'retreats-taken',
  'retreat-clash',
  'no-retreat-order',
  'disbanded',
  'removed',
  'civil-disorder',
  'by-rule',
] as const;

export type RemovalReason = (typeof REMOVAL_REASONS)[number];

export interface Removal {
  readonly unit: Unit;
  readonly why: RemovalReason;
  /** For `by-rule`: which rule, in words ("by the NMR Rule: it had no orders"). */
  readonly detail?: string;
}
