/**
 * The kernel's policy types: how a variant changes combat (`MovementRules`) and adjustments
 * (`AdjustmentRules`), and which of the DATC's rule choices a rulebook edition makes
 * (`RuleChoices`). They belong to the adjudicator, which reads them; the module API
 * (`variant/`) builds them from its hooks and a game's edition, and sits above this layer
 * (docs/architecture.md, docs/editions.md).
 */
import type { IllegalReason } from './outcome.js';
import type { Order, Ownership, Power, Unit } from '../types.js';

/** Changes to the rules of unit combat, for one movement phase. Every field is optional. */
export interface MovementRules {
  /** Extra legality, after the standard checks pass: a reason makes the order illegal. */
  readonly illegal?: (order: Order, unit: Unit) => IllegalReason | undefined;
  /** A unit's own strength (Pink Diplomacy counts halves: full 2, half 1). Default 1. */
  readonly unitStrength?: (unit: Unit) => number;
  /** Whether a support from `supporter` for `supported` counts (the Fink: foreign ones do not). */
  readonly supportCounts?: (supporter: Unit, supported: Unit) => boolean;
  /** What a support adds (Pink Diplomacy: the supporter's strength). Default 1. */
  readonly supportValue?: (supporter: Unit) => number;
  /**
   * Strength not given by units, that cannot be cut: a number given by the rules in force
   * (Deviant II's Land Power), or entries with an owner (Fin de Siecle's dip supports, paid by
   * a power). Like a unit's support, an entry paid by a power never helps dislodge that power's
   * own unit, and the outcome lists every entry (`OrderOutcome.paid`) with whether it counted.
   */
  readonly extraSupport?: (
    unit: Unit,
    order: 'hold' | 'move',
    destination: string | undefined,
  ) => number | readonly ExtraStrength[];
  /**
   * Hold strength of a province itself, whether a unit stands there or not (Pink Diplomacy's
   * garrisons): it is added to what defends the province against a move, unless it belongs to
   * the moving unit's power. Undefined or an amount of 0: no garrison.
   */
  readonly garrison?: (province: string) => ExtraStrength | undefined;
  /** Supports are cut only by dislodging the supporter. */
  readonly supportsOnlyCutByDislodgement?: boolean;
  /** A power may dislodge its own units and help others do so. */
  readonly friendlyFire?: boolean;
  /**
   * Spaces without combat (Fin de Siecle's oceans): any number of units may stand in one; a move
   * into one always succeeds (unless illegal), is not an attack, cuts no support and causes no
   * standoff; a unit in one is never dislodged and its support is never cut. Orders for units
   * in a shared space are matched to that power's units there in the order given.
   */
  readonly combatFree?: (province: string) => boolean;
  /**
   * The oceans of a convoy network (Fin de Siecle, RULINGS §2.5 ruling 8): a convoy may pass
   * from any fleet-held one of them to any fleet-held sea that borders one of them, so one
   * fleet-held ocean carries an army across the whole network. Moves are not changed.
   */
  readonly convoyNetwork?: (province: string) => boolean;
}

/**
 * Strength given by a rule rather than a unit. `power` is who paid for it or whose it is (`null`:
 * nobody's, given by the rules in force); `reason` says what it is, for the report ("dip
 * support", "garrison").
 */
export interface ExtraStrength {
  readonly power: Power | null;
  readonly amount: number;
  readonly reason: string;
}

/** How adjustments work this winter; every field is optional. */
export interface AdjustmentRules {
  /** Whether this power may build at all this winter (the Fink may not). */
  readonly mayBuild?: (power: Power) => boolean;
  /** Where a power may build (default: its owned, empty home centres). */
  readonly buildSites?: (
    power: Power,
    owners: Ownership,
    occupied: ReadonlySet<string>,
  ) => readonly string[];
  /** At most this many builds per power per winter. */
  readonly maxBuilds?: number;
  /** Whether a unit type may be built at all (armies only). */
  readonly mayBuildType?: (type: Unit['type']) => boolean;
}

/**
 * The choices of DATC v3.2 section 4 on which the rulebook editions differ, by the DATC's own
 * letters. The kernel reads these, never a year: `rulebookChoices` (rulebook.ts) gives each
 * edition's, and `DATC_PREFERRED`, the default everywhere, is the DATC's preference, which is
 * how the 2023 rulebook is played. docs/editions.md lists every section-4 issue and what
 * Arbiter does with it.
 */
export interface RuleChoices {
  /**
   * 4.A.1, multi-route convoy disruption. `a`: the convoy fails when any of its routes is
   * disrupted, that is when any ordered convoying fleet on a route is dislodged (1971). `b`: only
   * when every route is (1982 and later).
   */
  readonly multiRouteConvoy: 'a' | 'b';
  /**
   * 4.A.2, convoy paradoxes. `b`: the 1982 rule, "if a convoyed army attacks a fleet which is
   * supporting an action in a body of water, and that body of water contains a convoying fleet,
   * that support is not cut" (here: a fleet ordered to convoy, and matched by an army's move).
   * `f`: the Szykman rule, the DATC's preference, which also resolves what the 1971, 2000 and
   * 2023 paradox rules leave open.
   */
  readonly convoyParadox: 'b' | 'f';
  /**
   * 4.A.3, an army that could reach an adjacent province by land or by convoy. `a`: 1971, with
   * the DATC's recommended handling: "via convoy" is not a notion of that rulebook and does not
   * choose the route (a "via" move with no possible route is still illegal, as under every
   * edition); the army goes by convoy only when the unit in its destination moves into its
   * province and a convoy route holds, else by land. `b`: 1982, by intent, as the DATC fills the
   * rule in: by convoy when a fleet of its own power convoys it, or a unit of its own power in
   * the destination moves into its province (or, in this notation, the move says "via
   * convoy"); the other route is disregarded. `d`: the 2000/2023 rule ("via convoy", or a
   * convoying fleet of its own power) read as the 2025 text settles it and the DATC prefers,
   * with no fall-back to land.
   */
  readonly adjacentConvoy: 'a' | 'b' | 'd';
  /**
   * 4.A.5, a unit dislodged by an army convoyed from an adjacent province. `a`: it may not
   * retreat to the army's province (the 1971, 1982 and 2000 texts read literally). `b`: it may
   * (2023).
   */
  readonly retreatAfterConvoy: 'a' | 'b';
  /**
   * 4.D.8, which units civil disorder removes first. `a`: the farthest from the nearest home
   * supply centre, owned or not, fleets counting fleet moves and armies any border, sea or land
   * (1971 and 1982, as the DPTG and DATC v2 count; the 2000 "home country" wording was ignored
   * by the community, and the map has no home countries). `c`: the farthest from an owned supply
   * centre, counting provinces whatever the unit (2023). Ties: fleets first, then by name.
   */
  readonly civilDisorder: 'a' | 'c';
}

/** The DATC's preferred choices: the 2023 rulebook as Arbiter plays it by default. */
export const DATC_PREFERRED: RuleChoices = {
  multiRouteConvoy: 'b',
  convoyParadox: 'f',
  adjacentConvoy: 'd',
  retreatAfterConvoy: 'b',
  civilDisorder: 'c',
};
