/**
 * The kernel's policy types: how a variant changes combat (`MovementRules`) and adjustments
 * (`AdjustmentRules`). They belong to the adjudicator, which reads them; the module API
 * (`variant/`) builds them from its hooks and sits above this layer (docs/architecture.md).
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
  /** Strength not given by units, that cannot be cut (Fin de Siecle dip supports). */
  readonly extraSupport?: (
    unit: Unit,
    order: 'hold' | 'move',
    destination: string | undefined,
  ) => number;
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
