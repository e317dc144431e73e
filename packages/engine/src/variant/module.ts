/**
 * The rule-module API. A variant is data: a map, a rulebook edition and a list of modules with
 * their settings. A module plugs pure functions ("hooks") into named moments of a game, and
 * keeps its own state under `state.modules[id]`, which only it writes. Modules never patch the
 * adjudicator: the movement kernel takes a small `MovementRules` policy built from the hooks,
 * and stays on its fast path when no module supplies one. docs/modules.md explains each hook
 * with a worked example.
 */
import type { DislodgedUnit, MovementResolution, OrderOutcome } from '../adjudicate/outcome.js';
import type { Edition } from '../adjudicate/rulebook.js';
import type { AdjustmentRules, MovementRules } from '../adjudicate/rules.js';
import type { GameMap } from '../map/game-map.js';
import type { Rng } from '../random.js';
import type { Power, PowerOrder, ProvinceId, Unit } from '../types.js';
import type { Phase, PhaseReport } from '../game/state.js';
import { settingDefaults, type SettingsSchema } from './settings.js';
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

/**
 * A message a module's action sends, delivered when the phase is processed (Fin de Siecle's paid
 * press): its readers are the addressees and the copies (`at: 'now'` and `'results'` are the same
 * here, since it is delivered with the results).
 */
export interface ResolvedMessage extends PressMessage {
  readonly copies?: MessageRouting['copies'];
}

/** What a module's own phase reports: the parts of a phase report it fills in. */
export type ModulePhaseReport = Partial<
  Pick<PhaseReport, 'outcomes' | 'removed' | 'removals' | 'built' | 'captured'>
>;

/** A module's settings by name, as the engine holds them for any module. */
export type ModuleSettings = Readonly<Record<string, unknown>>;

/** Everything a hook may read. */
export interface HookContext<S, Settings = ModuleSettings> {
  readonly map: GameMap;
  readonly state: VariantState;
  /** This module's own state. */
  readonly own: S;
  /** This module's settings: its defaults, as the game's options set them. */
  readonly settings: Settings;
  /** The game's seeded random source; draws are part of the game's history. */
  readonly rng: Rng;
}

/** A module's retreat order for a dislodged unit, with the events that announce it (`retreatDefault`). */
export interface RetreatDefault {
  readonly order: PowerOrder;
  readonly events?: readonly GameEvent[];
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
 *
 * `S` is the module's own state, `Settings` its settings (`SettingsOf<typeof schema>`) and
 * `Action` the actions its grammar reads. The hooks are declared as methods, whose parameters
 * TypeScript compares both ways, so that a module typed with its own `S`, `Settings` and
 * `Action` is a `RuleModule` as a variant lists it (`RuleModule<unknown>`), without a cast. The
 * engine keeps the promise the types then cannot: a hook is given only its own module's state
 * (`state.modules[id]`, which only that module writes), settings checked against its schema with
 * the defaults filled in, and actions its own `parseAction` read.
 */
export interface RuleModule<
  S = unknown,
  Settings extends ModuleSettings = ModuleSettings,
  Action extends ModuleAction = ModuleAction,
> {
  readonly id: string;
  /** One line for the list of rules in effect: "No Convoy Rule: fleets may not convoy." */
  readonly headline: string;
  /**
   * The notation of the actions this module takes from the gamesmaster (submitted under the
   * reserved id `GAMESMASTER`), for help texts and the gamesmaster's console: Pink Diplomacy's
   * `BONUS <points> TO <power>`. None: the module gives the gamesmaster nothing to do.
   */
  readonly gamesmasterActions?: readonly string[];
  /**
   * Default settings; a game's options override them. `defineModule` fills them in from
   * `schema`; a rule switched on by the rule set (the Deviant catalogue) may give them alone.
   */
  readonly settings?: Settings;
  /**
   * The settings a game's options may set: each one's kind, default, range and what it does
   * (`settingsSchema`). A module without a schema takes no options.
   */
  readonly schema?: SettingsSchema<Settings>;
  /** Modules this one reads through their exported selectors. */
  readonly requires?: readonly string[];
  /** The module's state at the start of the game. */
  init?(map: GameMap, setup: GameSetup, settings: Settings): S;
  /**
   * The phase a game starts in when a setting asks for a step before the variant's own start
   * (Pink Diplomacy's naming of the provinces, with `NAMING` on): the first module that answers
   * decides; none answering, the variant's `startPhase`. A module phase answered here is
   * followed by whatever the module's `plan` answers after it.
   */
  startPhase?(settings: Settings): Phase | undefined;
  /**
   * More names for the map's provinces in this game (a name or abbreviation → a province id):
   * the players' lines (orders and every module's actions) are read on the map with these names
   * added (`readingMap`), the ids staying the map's. Names that already name a province or a
   * power are a module's bug: the engine refuses them (an error naming the module), never lets
   * them shadow a name. Pink Diplomacy's rule 11 (`pink-naming`).
   */
  provinceAliases?(ctx: HookContext<S, Settings>): Readonly<Record<string, ProvinceId>>;

  /** Order grammar: reads one line as this module's action, or `undefined` if it is not one. */
  parseAction?(text: string, map: GameMap): Action | { readonly error: string } | undefined;
  /** Writes an action back in its canonical notation. */
  formatAction?(action: Action, map: GameMap): string;
  /**
   * Checks an action when it is submitted: a rejection, or nothing. `earlier` holds the actions
   * of the same submission already accepted, in order (so a budget can be checked as a whole).
   */
  checkAction?(
    ctx: HookContext<S, Settings>,
    player: PlayerId,
    action: Action,
    earlier: readonly ModuleAction[],
  ): Omit<Rejection, 'player' | 'text'> | undefined;

  /**
   * Resolves this module's actions when the phase is processed, each player's in the order
   * written (press that costs, interceptions, budgets, transfers, declarations), before the moves
   * are adjudicated: so a budget the actions share with bought supports is settled first, and the
   * module's `movementRules` read its new state. `checkAction` has checked each action at
   * submission; what it finds now (a budget spent by an earlier action) it reports with events.
   * Messages it returns are delivered with the results. Runs in every phase, module phases
   * included (before `playPhase`).
   */
  resolveActions?(
    ctx: HookContext<S, Settings>,
    submissions: readonly Submission[],
  ): HookResult<S> & { readonly messages?: readonly ResolvedMessage[] };
  /**
   * Which powers' units a player may order now (default: the powers the player controls).
   * `actions` are the player's accepted actions in the submission being read (a Fiascomacy
   * investment made with the orders gives the right to order at once); empty elsewhere.
   */
  orderablePowers?(
    ctx: HookContext<S, Settings>,
    player: PlayerId,
    actions: readonly ModuleAction[],
  ): readonly Power[] | undefined;
  /** Turns every player's orders into one order per unit (Fiascomacy's weighted choice). */
  aggregate?(
    ctx: HookContext<S, Settings>,
    submissions: readonly Submission[],
  ): { readonly orders: readonly PowerOrder[]; readonly events?: readonly GameEvent[] };

  /** Changes to combat for this movement phase. */
  movementRules?(ctx: HookContext<S, Settings>): MovementRules | undefined;
  /**
   * Whether this module's `movementRules` and `adjustmentRules` read secrets (the Fink's
   * identity decides whose supports count): `phaseRules(..., { publicOnly: true })` then leaves
   * them out, so that legal orders and submission warnings shown to a player reveal nothing.
   * Adjudication always applies them.
   */
  readonly secretRules?: boolean;
  /** After the moves, before retreats (the Fink's dislodgement). */
  afterMovement?(
    ctx: HookContext<S, Settings>,
    resolution: MovementResolution,
    submissions: readonly Submission[],
  ): HookResult<S> & { readonly resolution?: MovementResolution };
  /**
   * Holds a dislodged unit's retreat back until the other retreats are done (the Fink's, with
   * FINK_RETREATS_AFTER): the name of this module's later retreat step, or undefined. Asked
   * after the moves. A held unit takes no part in the retreat phase; then, in the later step
   * (`{ type: 'retreat', module, step }`, named `S1901R-<step>`), it retreats to the places
   * still open, or is destroyed there and then if the other retreats took them all.
   */
  laterRetreat?(ctx: HookContext<S, Settings>, unit: DislodgedUnit): string | undefined;
  /**
   * The one retreat order of a dislodged unit, once every player's orders are aggregated (Pink
   * Diplomacy: an unsupplied unit must retreat, so its disband is ignored and a retreat is
   * picked). `given` is the order that would count (the owner's first legal retreat or disband
   * order; undefined if there is none); `orders` are all the phase's retreat orders so far, with
   * the answers for earlier units in them. Answer an order (or an order with the events that
   * announce it) to replace the unit's orders by it, or undefined to leave them. Asked for each
   * dislodged unit in turn, in every retreat phase and later retreat step.
   */
  retreatDefault?(
    ctx: HookContext<S, Settings>,
    dislodged: DislodgedUnit,
    given: PowerOrder | undefined,
    orders: readonly PowerOrder[],
  ): PowerOrder | RetreatDefault | undefined;
  /** Who orders the retreat of a dislodged unit (default: its owner's controllers). */
  retreatController?(ctx: HookContext<S, Settings>, unit: Unit): readonly PlayerId[] | undefined;
  /** Adjustment rules for this winter. */
  adjustmentRules?(ctx: HookContext<S, Settings>): AdjustmentRules | undefined;
  /**
   * Which provinces are supply centres while this module is in force: given the centres so far
   * (the map's, as the modules before this one left them), the centres now (Deviant Diplomacy
   * II's NEW_CENTRES adds some, REMOVE_CENTRES takes some away). The engine works the list out
   * for every phase (`supplyCentersInForce`) and keeps it in `GameState.supplyCenterIds`; when it
   * changes, the owners of centres that no longer exist lose them, new ones start unowned, and
   * the solo is checked again against the new count.
   */
  supplyCenters?(
    ctx: HookContext<S, Settings>,
    centers: readonly ProvinceId[],
  ): readonly ProvinceId[];
  /**
   * The plan: where the game goes after the phase `done`. `next` is where it goes so far: the
   * standard sequence (the kernel's next phase; after a module's own phase, the phase its steps
   * interrupted, or the next season's first phase), as the modules before this one changed it.
   * A module adds a step by answering it (its own phase `{ type: 'module', module: id, step }`,
   * or a winter the standard sequence skips because nobody adjusts: the Fink's requests and
   * Deviant's proposals are winter business), skips `next` by answering the phase after it, or
   * repeats a step by answering `done`. Asked after every phase in module order, each module
   * seeing the answer so far; not asked once the game is won. When the plan enters a module's
   * own phase, the phase it would otherwise have gone to is kept (`VariantState.resume`) and is
   * `next` when the module's steps are done.
   */
  plan?(ctx: HookContext<S, Settings>, done: Phase, next: Phase): Phase | undefined;
  /**
   * Plays one of this module's own phases (`phase.module === id`) with every player's
   * submission: module actions only, since a module phase takes no unit orders. Changes to units,
   * owners or the rule set go through `HookResult.game`; `report` gives the phase report's
   * contents (outcomes of the actions, units removed or built), which default to none.
   */
  playPhase?(
    ctx: HookContext<S, Settings>,
    submissions: readonly Submission[],
  ): HookResult<S> & { readonly report?: ModulePhaseReport };
  /**
   * Who has business in this module's own phase (`phase.module === id`): the players who must
   * act there, so that one who sends nothing has missed a phase (`currentStep(...).mustAct`);
   * nobody without this hook. Decide it from what everyone may see: the list of who missed a
   * phase is published.
   */
  actors?(ctx: HookContext<S, Settings>): readonly PlayerId[];
  /** Before adjustments are adjudicated (fink requests, eliminations). */
  beforeAdjustment?(
    ctx: HookContext<S, Settings>,
    submissions: readonly Submission[],
  ): HookResult<S>;
  /** At the end of every phase, with its report (income, votes, tallies). */
  afterPhase?(
    ctx: HookContext<S, Settings>,
    report: PhaseReport,
    submissions: readonly Submission[],
  ): HookResult<S>;
  /**
   * Press: decides about a message before the server relays it (cost, refusal, anonymity,
   * interception). `earlier` holds the messages already relayed in this phase, in order, so a
   * per-phase budget can be counted. Default: relayed as addressed.
   */
  deliverMessage?(
    ctx: HookContext<S, Settings>,
    message: PressMessage,
    earlier: readonly PressMessage[],
  ): MessageRouting | undefined;
  /** The winner, if this module decides one (Fiascomacy: a player, not a power). */
  victory?(
    ctx: HookContext<S, Settings>,
  ): { readonly winners: readonly PlayerId[]; readonly reason: string } | undefined;
  /**
   * Who wins when the game is ended from outside before any victory rule decided (its last year
   * played, or the gamesmaster's declared draw); `why` says how it ended ("The game ends after
   * 1905"). Fiascomacy decides by Score; without this hook such an end has no winner.
   */
  victoryAtEnd?(
    ctx: HookContext<S, Settings>,
    why: string,
  ): { readonly winners: readonly PlayerId[]; readonly reason: string } | undefined;
  /**
   * What of this module's attributes of a unit (`unit.attrs[id]`) a viewer may see in the
   * state's view: a value, or undefined to hide them. Default: everything, for everyone. (In
   * phase reports, units' attributes are the gamesmaster's only.)
   */
  viewUnit?(attrs: unknown, unit: Unit, viewer: Viewer, state: VariantState): unknown;
  /** What of this module's state a viewer may see. Default: everything, for everyone. */
  view?(own: S, viewer: Viewer, state: VariantState): unknown;
  /**
   * Lines a seeded random player may add for this module (votes, requests, investments).
   * `unitOrders` gives the seeded random player's unit orders for a power on this board (drawn
   * from `ctx.rng`), for actions that come with orders; it is passed in, not imported, so that
   * a page that loads the modules never loads the random player.
   */
  randomActions?(
    ctx: HookContext<S, Settings>,
    player: PlayerId,
    unitOrders: (power: Power) => readonly PowerOrder[],
  ): readonly string[];
  /** Rewrites outcomes before anyone sees them (the Fink's /ngf/ marks only where they mattered). */
  explain?(
    ctx: HookContext<S, Settings>,
    outcomes: readonly OrderOutcome[],
  ): readonly OrderOutcome[];
}

/** How a game starts: the variant, its rulebook edition and options, the seed and the players. */
export interface GameSetup {
  readonly variant: string;
  /**
   * The rulebook edition the game is played under (docs/editions.md); default `'2023'`, whatever
   * the variant suggests (`Variant.rulebook`). A setting of the whole game, beside the modules'
   * `options`: no module owns it, and every phase's adjudication reads it.
   */
  readonly rulebook?: Edition;
  readonly options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly seed: number;
  readonly players: readonly PlayerSetup[];
}

/** A variant is data: a map, the rulebook edition its text names, modules in the order they run. */
export interface Variant {
  readonly id: string;
  readonly name: string;
  readonly map: GameMap;
  /**
   * The rulebook edition the variant's text names (the Fink: 1971; Deviant Diplomacy II: 1976):
   * the edition to suggest to whoever creates a game. A game is played under the edition its
   * setup names (`GameSetup.rulebook`), 2023 by default, not this one.
   */
  readonly rulebook: Edition;
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

/**
 * Declares a module: its state `S`, its settings (inferred from `schema`, or given as
 * `SettingsOf<typeof SCHEMA>`) and its actions are checked in every hook, and the defaults come
 * from the schema. The result goes into a variant's `modules` as it is.
 *
 * @example
 * const SETTINGS = settingsSchema({
 *   max: setting.integer(2, { min: 0, max: 34 }, 'Builds a power may make in one winter.'),
 * });
 * export const buildCap = defineModule<null, SettingsOf<typeof SETTINGS>>({
 *   id: 'build-cap',
 *   headline: 'Build Cap Rule: few builds a winter.',
 *   schema: SETTINGS,
 *   adjustmentRules: (ctx) => ({ maxBuilds: ctx.settings.max }),
 * });
 */
export function defineModule<
  S = unknown,
  Settings extends ModuleSettings = ModuleSettings,
  Action extends ModuleAction = ModuleAction,
>(m: Omit<RuleModule<S, Settings, Action>, 'settings'>): RuleModule<S, Settings, Action> {
  return m.schema === undefined ? m : { ...m, settings: settingDefaults(m.schema) };
}
