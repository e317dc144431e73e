/** The vocabulary shared by every part of the engine: powers, provinces, units, orders. */

/** A power's id as the map defines it (`AUS`, `ENG`, ...). */
export type Power = string;
/** A province id: the lowercase DATC abbreviation (`lvp`, `stp`). */
export type ProvinceId = string;
/** A coast of a split-coast province (`nc`, `sc`, `ec`, `wc`). */
export type Coast = string;

export type UnitType = 'army' | 'fleet';
export type Season = 'spring' | 'fall' | 'winter';
/** `module`: a phase a rule module adds and plays itself (a Pink budget, a Fin de Siecle setup). */
export type PhaseType = 'movement' | 'retreat' | 'adjustment' | 'module';

/** A place a unit can stand: a province, and for a fleet on a split-coast province its coast. */
export interface Location {
  readonly province: ProvinceId;
  readonly coast?: Coast;
}

/** A unit on the board. */
export interface Unit {
  readonly power: Power;
  readonly type: UnitType;
  readonly location: Location;
  /**
   * Its identity for its whole life: kept through moves, retreats and stays in shared spaces,
   * new at a build (`u1`, `u2` ... given by the variant pipeline; absent on boards the kernel is
   * handed without them, as in DATC cases and the corpus).
   */
  readonly id?: string;
  /** Rule modules' attributes of the unit, by module id (Pink's strength and streaks). */
  readonly attrs?: Readonly<Record<string, unknown>>;
}

/** How an order names a unit: the type may be left out where the notation allows it. */
export interface UnitRef {
  readonly type?: UnitType;
  readonly location: Location;
}

/** The order kinds of standard Diplomacy. Unions are tagged with `kind`. */
export type Order =
  | HoldOrder
  | MoveOrder
  | SupportHoldOrder
  | SupportMoveOrder
  | ConvoyOrder
  | RetreatOrder
  | DisbandOrder
  | BuildOrder
  | RemoveOrder
  | WaiveOrder;

export interface HoldOrder {
  readonly kind: 'hold';
  readonly unit: UnitRef;
}
export interface MoveOrder {
  readonly kind: 'move';
  readonly unit: UnitRef;
  readonly to: Location;
  /** Ordered "via convoy": the army must travel by convoy (DATC 4.A.3, 2023 rules). */
  readonly viaConvoy: boolean;
}
export interface SupportHoldOrder {
  readonly kind: 'support-hold';
  readonly unit: UnitRef;
  readonly supported: UnitRef;
}
export interface SupportMoveOrder {
  readonly kind: 'support-move';
  readonly unit: UnitRef;
  readonly supported: UnitRef;
  readonly to: Location;
}
export interface ConvoyOrder {
  readonly kind: 'convoy';
  readonly unit: UnitRef;
  /** The convoyed army's province. */
  readonly army: Location;
  readonly to: Location;
}
export interface RetreatOrder {
  readonly kind: 'retreat';
  readonly unit: UnitRef;
  readonly to: Location;
}
export interface DisbandOrder {
  readonly kind: 'disband';
  readonly unit: UnitRef;
}
export interface BuildOrder {
  readonly kind: 'build';
  readonly unit: { readonly type: UnitType; readonly location: Location };
}
export interface RemoveOrder {
  readonly kind: 'remove';
  readonly unit: UnitRef;
}
export interface WaiveOrder {
  readonly kind: 'waive';
}

export type OrderKind = Order['kind'];

/** An order together with the power that gave it. */
export interface PowerOrder {
  readonly power: Power;
  readonly order: Order;
}

/** Supply-centre ownership: province id to owning power; unowned centres are absent. */
export type Ownership = Readonly<Record<ProvinceId, Power>>;

export function sameLocation(a: Location, b: Location): boolean {
  return a.province === b.province && (a.coast ?? '') === (b.coast ?? '');
}

export function formatLocation(l: Location): string {
  return l.coast === undefined ? l.province : `${l.province}/${l.coast}`;
}
