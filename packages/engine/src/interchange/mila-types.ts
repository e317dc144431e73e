/**
 * The shape of the MILA diplomacy engine's saved-game JSON (its `to_saved_game_format`), the
 * format bots, datasets and research tools read. Field by field: docs/mila-format.md.
 */

/** A power's name as MILA writes it: `AUSTRIA`, `ENGLAND`, ... */
export type MilaPower = string;

export interface MilaSavedGame {
  readonly id: string;
  /** `standard`. */
  readonly map: string;
  readonly rules: readonly string[];
  /** Every phase played, in order, then the phase the game stands in (or `COMPLETED`). */
  readonly phases: readonly MilaPhase[];
}

export interface MilaPhase {
  /** `S1901M`, `F1901R`, `W1901A`; `COMPLETED` for the state after the game ended. */
  readonly name: string;
  /** The board at the start of the phase. */
  readonly state: MilaState;
  /** Each power's orders as given; `null` for a power that set none (the last phase). */
  readonly orders: Readonly<Record<MilaPower, readonly string[] | null>>;
  /** Each unit's result words, keyed by the unit (`A PAR`): `[]` for success. */
  readonly results: Readonly<Record<string, readonly string[]>>;
  readonly messages: readonly MilaMessage[];
}

export interface MilaState {
  readonly name: string;
  /** Units by power; in a retreat phase a dislodged unit is written with a star: `*A TRI`. */
  readonly units: Readonly<Record<MilaPower, readonly string[]>>;
  /** In a retreat phase: each dislodged unit and where it may retreat. */
  readonly retreats: Readonly<Record<MilaPower, Readonly<Record<string, readonly string[]>>>>;
  /** Supply centres owned, by power (`PAR`). */
  readonly centers: Readonly<Record<MilaPower, readonly string[]>>;
  readonly homes: Readonly<Record<MilaPower, readonly string[]>>;
  /** Provinces where the power last had a unit, home centres to start with. */
  readonly influence: Readonly<Record<MilaPower, readonly string[]>>;
  readonly civil_disorder: Readonly<Record<MilaPower, number>>;
  /** In an adjustment phase: how many units a power builds (negative: removes), and where. */
  readonly builds: Readonly<
    Record<MilaPower, { readonly count: number; readonly homes: readonly string[] }>
  >;
  readonly note: string;
  /** Microseconds since 1970; 0 when the game has no clock (a seeded game). */
  readonly timestamp: number;
  readonly game_id: string;
  readonly map: string;
  readonly rules: readonly string[];
}

export interface MilaMessage {
  readonly sender: MilaPower;
  /** A power, or `GLOBAL`. */
  readonly recipient: string;
  readonly time_sent: number;
  readonly phase: string;
  readonly message: string;
}

/** The result words MILA records; `''` is a build or removal that was carried out. */
export type MilaResultWord =
  '' | 'bounce' | 'cut' | 'dislodged' | 'void' | 'disband' | 'no convoy' | 'disrupted';
