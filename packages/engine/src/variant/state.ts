/** The state of a variant game: the board, the players, each module's state, the rule set. */
import type { DislodgedUnit } from '../adjudicate/outcome.js';
import { DEFAULT_EDITION, type Edition } from '../adjudicate/rulebook.js';
import type { GameState, Phase } from '../game/state.js';
import type { Power } from '../types.js';

/** A player's id in a game. */
export type PlayerId = string;

/**
 * The player id under which the gamesmaster's own actions are submitted (Pink Diplomacy's
 * bonus, rule 5b): never a seat's id, so a module can tell them apart.
 */
export const GAMESMASTER: PlayerId = 'gm';

/** A player, and which powers they order. */
export interface PlayerSetup {
  readonly id: PlayerId;
  readonly name?: string;
  /** Powers this player controls (one in standard, two in Fin de Siecle, none for an investor). */
  readonly powers: readonly Power[];
}

/**
 * A rule voted in or out during the game (Deviant Diplomacy): the catalogue module, its
 * settings, and the phases it governs, by `phaseIndex` (from, inclusive; until, exclusive).
 */
export interface RuleSetEntry {
  readonly module: string;
  readonly settings: Readonly<Record<string, unknown>>;
  /** The label it passed under, e.g. `F` for France's proposal. */
  readonly label?: string;
  readonly from: number;
  readonly until?: number;
}

export interface VariantState extends GameState {
  readonly variant: string;
  readonly players: readonly PlayerSetup[];
  /** Each module's own state, keyed by module id; only that module writes it. */
  readonly modules: Readonly<Record<string, unknown>>;
  /** Rules switched on and off during the game, on top of the variant's own modules. */
  readonly ruleSet: readonly RuleSetEntry[];
  /** The seeded random source's state (see `Rng`). */
  readonly rng: number;
  /** How many phases have been processed: 0 before the first. */
  readonly phaseIndex: number;
  /** Players who won, where a module decides victory by player (Fiascomacy). */
  readonly winners: readonly PlayerId[] | null;
  /**
   * Where the game goes after the module phases now being played (set by the pipeline when a module's `plan` enters a module phase): the
   * phase the standard sequence would have gone to, or the one the module chose.
   */
  readonly resume?: Phase;
  /**
   * Dislodged units whose retreat a module holds back for its later step (`laterRetreat`),
   * between the moves and the end of the retreat phase that comes before that step.
   */
  readonly later?: readonly LaterRetreat[];
  /** The number in the id the next new unit gets (`u23`); see `Unit.id`. */
  readonly nextUnitId?: number;
  /** Settings each module runs with (variant defaults overridden by the game's options). */
  readonly settings: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /**
   * The rulebook edition the game is played under, when it is not the 2023 one (absent: 2023;
   * games stored before editions have none). See `gameEdition`.
   */
  readonly rulebook?: Edition;
}

/** The rulebook edition a game is played under: its own, or 2023. */
export function gameEdition(state: Pick<VariantState, 'rulebook'>): Edition {
  return state.rulebook ?? DEFAULT_EDITION;
}

/** A dislodged unit held back for a module's later retreat step. */
export interface LaterRetreat {
  readonly module: string;
  readonly step: string;
  readonly dislodged: DislodgedUnit;
}

/** The powers a player controls (none for a player not in the game). */
export function powersOf(state: VariantState, player: PlayerId): readonly Power[] {
  return state.players.find((p) => p.id === player)?.powers ?? [];
}

/** The players who control a power (nobody, for a power in civil disorder). */
export function controllersOf(state: VariantState, power: string): PlayerId[] {
  return state.players.filter((p) => p.powers.includes(power)).map((p) => p.id);
}
