/**
 * The rule-module API. A variant is data: a map, a rulebook edition and a list of modules with
 * their settings. A module plugs pure functions ("hooks") into named moments of a game, and
 * keeps its own state under `state.modules[id]`, which only it writes. Modules never patch the
 * adjudicator: the movement kernel takes a small `MovementRules` policy built from the hooks,
 * and stays on its fast path when no module supplies one. docs/modules.md explains each hook
 * with a worked example.
 */
import type { MovementResolution, OrderOutcome } from '../adjudicate/outcome.js';
import type { AdjustmentRules, MovementRules } from '../adjudicate/rules.js';
import type { GameMap } from '../map/game-map.js';
import type { Rng } from '../random.js';
import type { Power, PowerOrder, ProvinceId, Unit } from '../types.js';
import type { Phase, PhaseReport } from '../game/state.js';
import type { PlayerId, PlayerSetup, VariantState } from './state.js';

/** Who sees an event or a piece of state: everyone, some players, or the gamesmaster only. */
export type Audience =
  | { readonly kind: 'public' }
  | { readonly kind: 'players'; readonly players: readonly PlayerId[] }
  | { readonly kind: 'gm' };

/** A viewer of the game: a player, the gamesmaster, or the public. */
export type Viewer =
  | { readonly kind: 'player'; readonly player: PlayerId }
  | { readonly kind: 'gm' }
  | { readonly kind: 'public' };

/** Something that happened, for the game log; every event says who may see it. */
export interface GameEvent {
  /** `fink/new-fink`, `deviant/tally`, `fiascomacy/investments` ... */
  readonly type: string;
  readonly audience: Audience;
  /** One line for people: "There is a new Fink." */
  readonly text: string;
  /** Machine-readable details. */
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * An order a module adds to the language (a vote, a fink request, an investment). `module` is
 * the id of the module that reads it; `data` is that module's own structured form.
 */
export interface ModuleAction {
  readonly module: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a player sent in a phase: unit orders and module actions, in the order written. */
export interface Submission {
  readonly player: PlayerId;
  readonly orders: readonly PowerOrder[];
  readonly actions: readonly ModuleAction[];
}

/** Why a submitted line was refused (bad input never aborts the player's other orders). */
export interface Rejection {
  readonly player: PlayerId;
  /** The order or action as written or formatted. */
  readonly text: string;
  /** Stable code, e.g. `command/not-your-unit`, `fink/not-the-fink`, `deviant/too-many-votes`. */
  readonly code: string;
  readonly message: string;
}

/** Who a message is addressed to: everyone, or some players. */
export type MessageAddress =
  { readonly kind: 'public' } | { readonly kind: 'players'; readonly players: readonly PlayerId[] };

/** A message between players, as the server hands it to the rules before relaying it. */
export interface PressMessage {
  readonly from: PlayerId;
  readonly to: MessageAddress;
  readonly text: string;
  /** The sender asked for grey press: recipients do not learn who sent it. */
  readonly anonymous: boolean;
}

/**
 * What the rules decide about one message: refuse it, force it anonymous, or give extra readers
 * a copy (Fin de Siecle's interception), now or with the phase's results.
 */
export interface MessageRouting {
  readonly refused?: { readonly code: string; readonly message: string };
  readonly anonymous?: boolean;
  readonly copies?: readonly {
    readonly player: PlayerId;
    readonly at: 'now' | 'results';
    /** Why the copy is made, for the reader: "intercepted". */
    readonly note: string;
  }[];
}

/** Everything a hook may read. */
export interface HookContext<S> {
  readonly map: GameMap;
  readonly state: VariantState;
  /** This module's own state. */
  readonly own: S;
  /** This module's settings, as the variant or the game's options set them. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The game's seeded random source; draws are part of the game's history. */
  readonly rng: Rng;
}

/** What a hook gives back: its new state, what happened, and any change to the game itself. */
export interface HookResult<S> {
  readonly own: S;
  readonly events?: readonly GameEvent[];
  /**
   * Changes to the shared game state that a module is entitled to make: the rule set
   * (governance), supply-centre owners (a spring capture rule), the units (a removal rule).
   * Use sparingly; most modules change only `own`.
   */
  readonly game?: Partial<Pick<VariantState, 'ruleSet' | 'supplyCenters' | 'units'>>;
}

/**
 * A rule module. All hooks are optional and pure: they return new values and never change their
 * arguments. The engine calls them in the order the variant lists its modules.
 */
export interface RuleModule<S = unknown> {
  readonly id: string;
  /** One line for the list of rules in effect: "No Convoy Rule: fleets may not convoy." */
  readonly headline: string;
  /** Default settings; a game's options override them. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * What each setting does, one sentence per key of `settings`, for whoever creates a game
   * (the lobby shows it beside the option).
   */
  readonly settingsAbout?: Readonly<Record<string, string>>;
  /** Modules this one reads through their exported selectors. */
  readonly requires?: readonly string[];
  /** The module's state at the start of the game. */
  readonly init?: (
    map: GameMap,
    setup: GameSetup,
    settings: Readonly<Record<string, unknown>>,
  ) => S;

  /** Order grammar: reads one line as this module's action, or `undefined` if it is not one. */
  readonly parseAction?: (
    text: string,
    map: GameMap,
  ) => ModuleAction | { readonly error: string } | undefined;
  /** Writes an action back in its canonical notation. */
  readonly formatAction?: (action: ModuleAction, map: GameMap) => string;
  /**
   * Checks an action when it is submitted: a rejection, or nothing. `earlier` holds the actions
   * of the same submission already accepted, in order (so a budget can be checked as a whole).
   */
  readonly checkAction?: (
    ctx: HookContext<S>,
    player: PlayerId,
    action: ModuleAction,
    earlier: readonly ModuleAction[],
  ) => Omit<Rejection, 'player' | 'text'> | undefined;

  /**
   * Which powers' units a player may order now (default: the powers the player controls).
   * `actions` are the player's accepted actions in the submission being read (a Fiascomacy
   * investment made with the orders gives the right to order at once); empty elsewhere.
   */
  readonly orderablePowers?: (
    ctx: HookContext<S>,
    player: PlayerId,
    actions: readonly ModuleAction[],
  ) => readonly Power[] | undefined;
  /** Turns every player's orders into one order per unit (Fiascomacy's weighted choice). */
  readonly aggregate?: (
    ctx: HookContext<S>,
    submissions: readonly Submission[],
  ) => { readonly orders: readonly PowerOrder[]; readonly events?: readonly GameEvent[] };

  /** Changes to combat for this movement phase. */
  readonly movementRules?: (ctx: HookContext<S>) => MovementRules | undefined;
  /**
   * Whether this module's `movementRules` and `adjustmentRules` read secrets (the Fink's
   * identity decides whose supports count): `phaseRules(..., { publicOnly: true })` then leaves
   * them out, so that legal orders and submission warnings shown to a player reveal nothing.
   * Adjudication always applies them.
   */
  readonly secretRules?: boolean;
  /** After the moves, before retreats (the Fink's dislodgement). */
  readonly afterMovement?: (
    ctx: HookContext<S>,
    resolution: MovementResolution,
    submissions: readonly Submission[],
  ) => HookResult<S> & { readonly resolution?: MovementResolution };
  /** Who orders the retreat of a dislodged unit (default: its owner's controllers). */
  readonly retreatController?: (ctx: HookContext<S>, unit: Unit) => readonly PlayerId[] | undefined;
  /** Adjustment rules for this winter. */
  readonly adjustmentRules?: (ctx: HookContext<S>) => AdjustmentRules | undefined;
  /**
   * Which provinces are supply centres while this module is in force: given the centres so far
   * (the map's, as the modules before this one left them), the centres now (Deviant Diplomacy
   * II's NEW_CENTRES adds some, REMOVE_CENTRES takes some away). The engine works the list out
   * for every phase (`supplyCentersInForce`) and keeps it in `GameState.supplyCenterIds`; when it
   * changes, the owners of centres that no longer exist lose them, new ones start unowned, and
   * the solo is checked again against the new count.
   */
  readonly supplyCenters?: (
    ctx: HookContext<S>,
    centers: readonly ProvinceId[],
  ) => readonly ProvinceId[];
  /**
   * Whether this year's winter is held even when nobody has a build or a removal to make (the
   * Fink: requests to turn Fink are made in winter). Asked when a Fall ends without a solo, with
   * the state after that Fall; any module answering true holds it.
   */
  readonly holdWinter?: (ctx: HookContext<S>) => boolean;
  /**
   * The phase plan: after each phase, the engine says where the game goes next (`next`: the
   * standard sequence, or `state.resume` after a module phase); a module may send it to one of
   * its own phases instead (`{ type: 'module', module: id, step }`), and say where to go after
   * (`resume`, default `next`). Pink Diplomacy's budget replaces the winter; Fin de Siecle's
   * setup comes first. The first module that answers decides; not asked once the game is won.
   */
  readonly phasePlan?: (
    ctx: HookContext<S>,
    from: Phase,
    next: Phase,
  ) => { readonly phase: Phase; readonly resume?: Phase } | undefined;
  /**
   * Plays one of this module's own phases (`phase.module === id`) with every player's
   * submission: module actions only, since a module phase takes no unit orders. Changes to units,
   * owners or the rule set go through `HookResult.game`.
   */
  readonly playPhase?: (ctx: HookContext<S>, submissions: readonly Submission[]) => HookResult<S>;
  /** Before adjustments are adjudicated (fink requests, eliminations). */
  readonly beforeAdjustment?: (
    ctx: HookContext<S>,
    submissions: readonly Submission[],
  ) => HookResult<S>;
  /** At the end of every phase, with its report (income, votes, tallies). */
  readonly afterPhase?: (
    ctx: HookContext<S>,
    report: PhaseReport,
    submissions: readonly Submission[],
  ) => HookResult<S>;
  /**
   * Press: decides about a message before the server relays it (cost, refusal, anonymity,
   * interception). `earlier` holds the messages already relayed in this phase, in order, so a
   * per-phase budget can be counted. Default: relayed as addressed.
   */
  readonly deliverMessage?: (
    ctx: HookContext<S>,
    message: PressMessage,
    earlier: readonly PressMessage[],
  ) => MessageRouting | undefined;
  /** The winner, if this module decides one (Fiascomacy: a player, not a power). */
  readonly victory?: (
    ctx: HookContext<S>,
  ) => { readonly winners: readonly PlayerId[]; readonly reason: string } | undefined;
  /**
   * Who wins when the game is ended from outside before any victory rule decided (its last year
   * played, or the gamesmaster's declared draw); `why` says how it ended ("The game ends after
   * 1905"). Fiascomacy decides by Score; without this hook such an end has no winner.
   */
  readonly victoryAtEnd?: (
    ctx: HookContext<S>,
    why: string,
  ) => { readonly winners: readonly PlayerId[]; readonly reason: string } | undefined;
  /** What of this module's state a viewer may see. Default: everything, for everyone. */
  readonly view?: (own: S, viewer: Viewer, state: VariantState) => unknown;
  /** Lines a seeded random player may add for this module (votes, requests, investments). */
  readonly randomActions?: (ctx: HookContext<S>, player: PlayerId) => readonly string[];
  /** Rewrites outcomes before anyone sees them (the Fink's /ngf/ marks only where they mattered). */
  readonly explain?: (
    ctx: HookContext<S>,
    outcomes: readonly OrderOutcome[],
  ) => readonly OrderOutcome[];
}

/** How a game starts: the variant, its options, the seed and the players. */
export interface GameSetup {
  readonly variant: string;
  readonly options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly seed: number;
  readonly players: readonly PlayerSetup[];
}

/** A variant is data: a map, the rulebook edition, modules in the order they run. */
export interface Variant {
  readonly id: string;
  readonly name: string;
  readonly map: GameMap;
  readonly rulebook: '2023';
  readonly modules: readonly RuleModule[];
  /** Players each game needs, at least and at most. */
  readonly players: { readonly min: number; readonly max: number };
  /** Default seating for `count` players (default: one player per power, named after it). */
  readonly seats?: (count: number) => readonly PlayerSetup[];
  /**
   * The phase a game starts in (default: the map's first Spring movement). Deviant Diplomacy II
   * starts with a Winter before the first Spring, in which nobody adjusts and players propose.
   */
  readonly startPhase?: Phase;
}

/** Declares a module with its state type checked. */
export function defineModule<S>(m: RuleModule<S>): RuleModule<S> {
  return m;
}
