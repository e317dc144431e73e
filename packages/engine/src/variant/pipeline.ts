/**
 * Running a variant game: each phase goes collect → parse → authority → aggregate → adjudicate
 * (with the modules' combat and adjustment rules) → after-movement steps → explanations →
 * after-phase steps → victory. The standard engine does the adjudicating; modules only supply
 * hooks.
 */
import { optionProblems } from './options.js';
import type {
  DislodgedUnit,
  MovementResolution,
  OrderOutcome,
  Removal,
} from '../adjudicate/outcome.js';
import { DEFAULT_EDITION, EDITIONS, isEdition, rulebookChoices } from '../adjudicate/rulebook.js';
import { unitProvinces } from '../adjudicate/adjustment.js';
import { retreatTarget } from '../adjudicate/retreat.js';
import type { GameMap } from '../map/game-map.js';
import { parseOrder } from '../orders/parse.js';
import { Rng } from '../random.js';
import { err, ok, type Result } from '../result.js';
import {
  initialState,
  phaseName,
  processPhase,
  type GameState,
  soloWinner,
  type Phase,
  type PhaseReport,
  type PhaseRules,
} from '../game/state.js';
import {
  mapSupplyCenters,
  sameProvinces,
  supplyCenterSet,
  supplyCentersOf,
} from '../map/supply-centers.js';
import { InvariantError } from '../errors.js';
import { keysExactly } from '../keys.js';
import { Recent } from '../recent.js';
import { orderPower, type Authority } from '../game/authority.js';
import type { Ownership, Power, PowerOrder, ProvinceId, Unit } from '../types.js';
import type {
  AdjustmentRules,
  ExtraStrength,
  MovementRules,
  RuleChoices,
} from '../adjudicate/rules.js';
import type {
  GameEvent,
  GameSetup,
  HookContext,
  HookResult,
  ModuleAction,
  Rejection,
  ResolvedMessage,
  RuleModule,
  Submission,
  Variant,
} from './module.js';
import {
  gameEdition,
  powersOf,
  type LaterRetreat,
  type PlayerId,
  type VariantState,
} from './state.js';

/** A module running in a game, with the settings it runs with. */
export interface ActiveModule {
  readonly module: RuleModule;
  readonly settings: Readonly<Record<string, unknown>>;
}

/** Catalogue modules that the rule set can switch on, by id (Deviant Diplomacy's house rules). */
export type Catalogue = Readonly<Record<string, RuleModule>>;

export interface SetupProblem {
  readonly code:
    | 'setup/players'
    | 'setup/unknown-power'
    | 'setup/power-taken'
    | 'setup/unknown-option'
    | 'setup/option-type'
    | 'setup/option-range'
    | 'setup/unknown-rulebook';
  readonly message: string;
}

/**
 * What is wrong with a game's rulebook edition, or undefined when it is one of `EDITIONS` (or
 * not given: 2023). The message names the editions there are.
 */
export function rulebookProblem(rulebook: unknown): SetupProblem | undefined {
  if (rulebook === undefined || isEdition(rulebook)) return undefined;
  return {
    code: 'setup/unknown-rulebook',
    message: `no rulebook edition ${JSON.stringify(rulebook)}; the editions: ${EDITIONS.join(', ')}`,
  };
}

/** The DATC choices of a game's edition, or undefined for 2023 (the kernel's default). */
function choicesOf(state: VariantState): RuleChoices | undefined {
  const edition = gameEdition(state);
  return edition === DEFAULT_EDITION ? undefined : rulebookChoices(edition);
}

/** Starts a game: checks the players and options, and lets each module set up its state. */
export function newGame(variant: Variant, setup: GameSetup): Result<VariantState, SetupProblem> {
  const { map } = variant;
  const n = setup.players.length;
  if (n < variant.players.min || n > variant.players.max) {
    return err({
      code: 'setup/players',
      message: `${variant.name} takes ${variant.players.min} to ${variant.players.max} players, not ${n}`,
    });
  }
  const taken = new Map<Power, PlayerId>();
  for (const p of setup.players) {
    for (const power of p.powers) {
      if (map.powerIndex(power) < 0)
        return err({ code: 'setup/unknown-power', message: `${p.id}: unknown power ${power}` });
      const other = taken.get(power);
      if (other !== undefined) {
        return err({
          code: 'setup/power-taken',
          message: `${power} is given to both ${other} and ${p.id}`,
        });
      }
      taken.set(power, p.id);
    }
  }
  const badRulebook = rulebookProblem(setup.rulebook);
  if (badRulebook !== undefined) return err(badRulebook);
  const [bad] = optionProblems(variant, setup.options);
  if (bad !== undefined) return err({ code: bad.code, message: `${bad.path}: ${bad.message}` });
  const settings: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const m of variant.modules)
    settings[m.id] = { ...(m.settings ?? {}), ...(setup.options?.[m.id] ?? {}) };
  const modules: Record<string, unknown> = {};
  for (const m of variant.modules)
    if (m.init !== undefined) modules[m.id] = m.init(map, setup, settings[m.id]!);
  let startPhase = variant.startPhase;
  for (const m of variant.modules) {
    const start = m.startPhase?.(settings[m.id]!);
    if (start !== undefined) {
      startPhase = start;
      break;
    }
  }
  const state = identifyUnits({
    ...initialState(map),
    ...(startPhase === undefined ? {} : { phase: startPhase }),
    variant: variant.id,
    players: setup.players,
    modules,
    ruleSet: [],
    rng: setup.seed >>> 0,
    phaseIndex: 0,
    winners: null,
    settings,
    // Only another edition than 2023 is stored, so a 2023 game's state is what it always was.
    ...(setup.rulebook === undefined || setup.rulebook === DEFAULT_EDITION
      ? {}
      : { rulebook: setup.rulebook }),
  }).state;
  const centers = supplyCentersInForce(variant, state);
  return ok(centers === undefined ? state : withSupplyCenters(map, state, centers).state);
}

/**
 * Gives every unit without an id one (`u1`, `u2` ...: the starting units in the map's order,
 * then each new unit as it appears), counting on from `nextUnitId`; `fresh` maps each unit that
 * got one to its new object, so that a report's built units can be matched.
 */
export function identifyUnits(s: VariantState): {
  readonly state: VariantState;
  readonly fresh: ReadonlyMap<Unit, Unit>;
} {
  const fresh = new Map<Unit, Unit>();
  const lacking = (u: Unit): boolean => u.id === undefined;
  const held = s.later ?? [];
  if (
    s.nextUnitId !== undefined &&
    !s.units.some(lacking) &&
    !s.dislodged.some((d) => lacking(d.unit)) &&
    !held.some((l) => lacking(l.dislodged.unit))
  )
    return { state: s, fresh };
  let next = s.nextUnitId ?? firstFreeUnitId(s);
  const give = (u: Unit): Unit => {
    if (u.id !== undefined) return u;
    const named = { ...u, id: `u${next++}` };
    fresh.set(u, named);
    return named;
  };
  const units = s.units.map(give);
  const dislodged = s.dislodged.map((d) => (lacking(d.unit) ? { ...d, unit: give(d.unit) } : d));
  const later = held.map((l) =>
    lacking(l.dislodged.unit)
      ? { ...l, dislodged: { ...l.dislodged, unit: give(l.dislodged.unit) } }
      : l,
  );
  return {
    state: {
      ...s,
      units,
      dislodged,
      ...(s.later === undefined ? {} : { later }),
      nextUnitId: next,
    },
    fresh,
  };
}

/** For a state kept before units had ids: the number after the largest id in use. */
function firstFreeUnitId(s: VariantState): number {
  let most = 0;
  const held = (s.later ?? []).map((l) => l.dislodged.unit);
  for (const u of [...s.units, ...s.dislodged.map((d) => d.unit), ...held]) {
    const n = u.id === undefined ? NaN : Number(/^u(\d+)$/.exec(u.id)?.[1]);
    if (Number.isInteger(n) && n > most) most = n;
  }
  return most + 1;
}

/**
 * The supply centres in force in the state's phase, as the modules in force change the map's
 * (`RuleModule.supplyCenters`, in module order, so of two conflicting rules the later one
 * wins), sorted; undefined when they are the map's own.
 */
export function supplyCentersInForce(
  variant: Variant,
  state: VariantState,
  catalogue?: Catalogue,
): readonly ProvinceId[] | undefined {
  const rng = new Rng(state.rng);
  return centersFrom(variant.map, activeModules(variant, state, catalogue), (a) =>
    context(variant.map, state, a, rng),
  );
}

function centersFrom(
  map: GameMap,
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
): readonly ProvinceId[] | undefined {
  let list: readonly ProvinceId[] | undefined;
  for (const a of active) {
    if (a.module.supplyCenters !== undefined)
      list = a.module.supplyCenters(ctx(a), list ?? mapSupplyCenters(map).provinces);
  }
  if (list === undefined) return undefined;
  const ids = [...new Set(list)].filter((p) => map.province(p) !== undefined).sort();
  return sameProvinces(ids, mapSupplyCenters(map).provinces) ? undefined : ids;
}

/** What a change of supply centres did: new centres (unowned), and centres gone with their owner. */
export interface SupplyCenterChange {
  readonly added: readonly ProvinceId[];
  readonly removed: readonly { readonly province: ProvinceId; readonly owner: Power | null }[];
}

/**
 * The state with `ids` as its supply centres (undefined: the map's): a province that stops being
 * a centre loses its owner; a new centre starts unowned and changes hands like any other at the
 * end of a Fall. The state comes back as it was when nothing changes.
 */
export function withSupplyCenters<S extends VariantState>(
  map: GameMap,
  state: S,
  ids: readonly ProvinceId[] | undefined,
): { readonly state: S; readonly change: SupplyCenterChange } {
  const before = state.supplyCenterIds ?? mapSupplyCenters(map).provinces;
  const after = ids ?? mapSupplyCenters(map).provinces;
  if (before === after || sameProvinces(before, after))
    return { state, change: { added: [], removed: [] } };
  const now = supplyCenterSet(map, after);
  const was = new Set(before);
  const owners: Record<ProvinceId, Power> = {};
  for (const [province, owner] of Object.entries(state.supplyCenters))
    if (now.has(province)) owners[province] = owner;
  const next: { -readonly [K in keyof S]: S[K] } = { ...state, supplyCenters: owners };
  if (ids === undefined) delete next.supplyCenterIds;
  else next.supplyCenterIds = ids;
  return {
    state: next,
    change: {
      added: after.filter((p) => !was.has(p)),
      removed: before
        .filter((p) => !now.has(p))
        .map((province) => ({ province, owner: state.supplyCenters[province] ?? null })),
    },
  };
}

/** The public notice of a change of supply centres: "From W1902A, 35 supply centres exist: ..." */
function supplyCenterNotice(
  map: GameMap,
  state: VariantState,
  change: SupplyCenterChange,
): GameEvent {
  const name = (p: ProvinceId): string => map.province(p)?.name ?? p;
  const centers = supplyCentersOf(map, state);
  const parts = [
    ...change.added.map(
      (p) => `${name(p)} is a supply centre, unowned until a Fall ends with a unit on it`,
    ),
    ...change.removed.map(
      ({ province, owner }) =>
        `${name(province)} is no longer a supply centre${owner === null ? '' : ` (${owner} loses it)`}`,
    ),
  ];
  return {
    type: 'game/supply-centers',
    audience: { kind: 'public' },
    text: `From ${phaseName(state.phase)}, ${centers.provinces.length} supply centres exist and a solo needs ${centers.victory}: ${parts.join('; ')}.`,
    data: {
      added: change.added,
      removed: change.removed,
      count: centers.provinces.length,
      victory: centers.victory,
    },
  };
}

/** The variant's modules and the catalogue rules in force for the current phase, in order. */
export function activeModules(
  variant: Variant,
  state: VariantState,
  catalogue: Catalogue = NO_CATALOGUE,
): readonly ActiveModule[] {
  // Asked for again and again of one state (by every player's orders, authority and reading map,
  // and the phase's own steps): kept for the last few states, which are never changed once made.
  const known = ACTIVE.get(state);
  if (known !== undefined && known.variant === variant && known.catalogue === catalogue)
    return known.active;
  // The defaults under what the game stored, so that a setting added since the game began
  // reads as its default (a module's hooks rely on having every setting of its schema).
  const out: ActiveModule[] = variant.modules.map((module) => ({
    module,
    settings: { ...(module.settings ?? {}), ...(state.settings[module.id] ?? {}) },
  }));
  for (const r of state.ruleSet) {
    if (r.from > state.phaseIndex || (r.until !== undefined && r.until <= state.phaseIndex))
      continue;
    const module = catalogue[r.module];
    if (module !== undefined)
      out.push({ module, settings: { ...(module.settings ?? {}), ...r.settings } });
  }
  ACTIVE.set(state, { variant, catalogue, active: out });
  return out;
}

const NO_CATALOGUE: Catalogue = {};

/** `activeModules` of the last few states asked about, with the variant and catalogue asked. */
const ACTIVE = new Recent<
  VariantState,
  { variant: Variant; catalogue: Catalogue; active: readonly ActiveModule[] }
>(8);

function context<S>(map: GameMap, state: VariantState, a: ActiveModule, rng: Rng): HookContext<S> {
  return { map, state, own: state.modules[a.module.id] as S, settings: a.settings, rng };
}

/**
 * The powers a player may order now; `actions` are the player's accepted module actions in the
 * submission being read, if any.
 */
export function orderablePowers(
  variant: Variant,
  state: VariantState,
  player: PlayerId,
  catalogue?: Catalogue,
  actions: readonly ModuleAction[] = [],
): readonly Power[] {
  const rng = new Rng(state.rng);
  for (const a of activeModules(variant, state, catalogue)) {
    const powers = a.module.orderablePowers?.(context(variant.map, state, a, rng), player, actions);
    if (powers !== undefined) return powers;
  }
  return powersOf(state, player);
}

/**
 * What a player may order now: the powers `orderablePowers` gives, and the dislodged units a
 * module's `retreatController` hands them (the Fink). `actions` as for `orderablePowers`.
 */
export function submissionAuthority(
  variant: Variant,
  state: VariantState,
  player: PlayerId,
  catalogue?: Catalogue,
  actions: readonly ModuleAction[] = [],
): Authority {
  const active = activeModules(variant, state, catalogue);
  const rng = new Rng(state.rng);
  return {
    powers: orderablePowers(variant, state, player, catalogue, actions),
    choosesRetreat: (u) =>
      active.some(
        (a) =>
          a.module.retreatController?.(context(variant.map, state, a, rng), u)?.includes(player) ===
          true,
      ),
  };
}

/**
 * The map a player's lines are read on: the variant's, with the names the modules in force give
 * the provinces in this game (`provinceAliases`) added; the variant's own map when they give
 * none. Ids are the map's either way. A module's name that already names a province or a power
 * (or another module's name for another province) is the module's bug: an `InvariantError`
 * naming the module, never a name silently shadowed.
 */
export function readingMap(variant: Variant, state: VariantState, catalogue?: Catalogue): GameMap {
  let map = variant.map;
  const active = activeModules(variant, state, catalogue);
  if (!active.some((a) => a.module.provinceAliases !== undefined)) return map;
  const rng = new Rng(state.rng);
  for (const a of active) {
    const aliases = a.module.provinceAliases?.(context(variant.map, state, a, rng));
    if (aliases === undefined) continue;
    const view = map.withAliases(aliases);
    if (!view.ok) {
      const problems = view.error.map((p) => p.message).join('; ');
      throw new InvariantError(`module ${a.module.id} names provinces wrongly: ${problems}`);
    }
    map = view.value;
  }
  return map;
}

/**
 * Reads a player's orders, one per line. A module's grammar is tried first, then the standard
 * notation. Every line that cannot be read, or that the player may not give, becomes a
 * rejection with its reason; the player's other lines still stand. Lines are read on
 * `readingMap` (the provinces' names chosen in the game too). Module actions are read
 * before unit orders, so an action may decide which units the player may order
 * (`orderablePowers` sees them); rejections still come in the order the lines were written.
 */
export function parseSubmission(
  variant: Variant,
  state: VariantState,
  player: PlayerId,
  text: string,
  catalogue?: Catalogue,
): { readonly submission: Submission; readonly rejections: readonly Rejection[] } {
  const map = readingMap(variant, state, catalogue);
  const active = activeModules(variant, state, catalogue);
  const orders: PowerOrder[] = [];
  const actions: ModuleAction[] = [];
  const rejected: { readonly at: number; readonly rejection: Rejection }[] = [];
  const rng = new Rng(state.rng);
  let at = 0;
  const reject = (line: string, code: string, message: string): void => {
    rejected.push({ at, rejection: { player, text: line, code, message } });
  };
  // Split at '\n' alone: each piece is trimmed, which takes the '\r' of a '\r\n' with it (the
  // regular expression /\r?\n/ cost 2% of a random game through the pipeline).
  const lines = text
    .split('\n')
    .map((raw) => raw.trim())
    .filter((line) => line !== '');
  const orderLines: number[] = [];
  lines.forEach((line, i) => {
    at = i;
    for (const a of active) {
      const parsed = a.module.parseAction?.(line, map);
      if (parsed === undefined) continue;
      if ('error' in parsed) {
        reject(line, `${a.module.id}/bad-action`, parsed.error);
      } else {
        const problem = a.module.checkAction?.(
          context(map, state, a, rng),
          player,
          parsed,
          actions,
        );
        if (problem === undefined) actions.push(parsed);
        else reject(line, problem.code, problem.message);
      }
      return;
    }
    orderLines.push(i);
  });
  const authority = submissionAuthority(variant, state, player, catalogue, actions);
  const powers = authority.powers;
  for (const i of orderLines) {
    at = i;
    const line = lines[i]!;
    if (state.phase.type === 'module') {
      reject(
        line,
        'command/no-orders-this-phase',
        `${phaseName(state.phase)} takes no unit orders`,
      );
      continue;
    }
    const r = parseOrder(map, line, { phase: state.phase.type });
    if (!r.ok) {
      reject(line, r.error.code, `${r.error.message} (at ${r.error.at})`);
      continue;
    }
    const power = orderPower(map, state, r.value.order, r.value.power, authority);
    if (power === undefined) {
      reject(
        line,
        'command/not-your-unit',
        `${player} may not order that unit; orderable: ${powers.join(', ') || 'none'}`,
      );
      continue;
    }
    orders.push({ power, order: r.value.order });
  }
  const rejections = rejected.sort((x, y) => x.at - y.at).map((x) => x.rejection);
  return { submission: { player, orders, actions }, rejections };
}

/** What a phase did, for every audience; `view.ts` decides who sees which part. */
export interface VariantPhaseResult {
  readonly state: VariantState;
  readonly report: PhaseReport;
  /** The one order per unit that was adjudicated. */
  readonly orders: readonly PowerOrder[];
  readonly events: readonly GameEvent[];
  /** Messages the modules' actions sent (`resolveActions`), to deliver with the results. */
  readonly messages?: readonly ResolvedMessage[];
}

/** Merges the combat rules of several modules: vetoes combine, strengths add, flags or. */
export function mergeMovementRules(list: readonly MovementRules[]): MovementRules | undefined {
  if (list.length === 0) return undefined;
  if (list.length === 1) return list[0];
  const pick = <K extends keyof MovementRules>(k: K): MovementRules[K][] =>
    list.map((r) => r[k]).filter((f) => f !== undefined);
  const illegal = pick('illegal');
  const strength = pick('unitStrength');
  const counts = pick('supportCounts');
  const value = pick('supportValue');
  const extra = pick('extraSupport');
  const merged: { -readonly [K in keyof MovementRules]: MovementRules[K] } = {};
  if (illegal.length > 0)
    merged.illegal = (o, u) => illegal.map((f) => f!(o, u)).find((x) => x !== undefined);
  if (strength.length > 0) merged.unitStrength = strength[strength.length - 1]!;
  if (counts.length > 0) merged.supportCounts = (s, t) => counts.every((f) => f!(s, t));
  if (value.length > 0) merged.supportValue = value[value.length - 1]!;
  if (extra.length > 0)
    merged.extraSupport = (u, o, d) => addStrengths(extra.map((f) => f!(u, o, d)));
  const garrisons = pick('garrison');
  if (garrisons.length > 0) merged.garrison = (p) => addGarrisons(garrisons.map((f) => f!(p)));
  if (list.some((r) => r.supportsOnlyCutByDislodgement === true))
    merged.supportsOnlyCutByDislodgement = true;
  if (list.some((r) => r.friendlyFire === true)) merged.friendlyFire = true;
  const free = pick('combatFree');
  if (free.length > 0) merged.combatFree = (p) => free.some((f) => f!(p));
  const network = pick('convoyNetwork');
  if (network.length > 0) merged.convoyNetwork = (p) => network.some((f) => f!(p));
  return merged;
}

/**
 * Several modules' extra strength for one unit: a number while nobody owns any, else every
 * payer's entries in module order, and the plain numbers' sum as one entry of no power.
 */
function addStrengths(
  parts: readonly (number | readonly ExtraStrength[])[],
): number | readonly ExtraStrength[] {
  let plain = 0;
  let owned: ExtraStrength[] | undefined;
  for (const part of parts) {
    if (typeof part === 'number') plain += part;
    else (owned ??= []).push(...part);
  }
  if (owned === undefined) return plain;
  if (plain !== 0) owned.push({ power: null, amount: plain, reason: 'rules in force' });
  return owned;
}

/** Several modules' garrisons of one province add; the first owner named keeps it. */
function addGarrisons(parts: readonly (ExtraStrength | undefined)[]): ExtraStrength | undefined {
  const given = parts.filter((g) => g !== undefined && g.amount !== 0) as ExtraStrength[];
  if (given.length <= 1) return given[0];
  return {
    power: given.find((g) => g.power !== null)?.power ?? null,
    amount: given.reduce((sum, g) => sum + g.amount, 0),
    reason: given.map((g) => g.reason).join(', '),
  };
}

function mergeAdjustmentRules(list: readonly AdjustmentRules[]): AdjustmentRules | undefined {
  if (list.length === 0) return undefined;
  const sites = list.map((r) => r.buildSites).filter((f) => f !== undefined);
  const caps = list.map((r) => r.maxBuilds).filter((n) => n !== undefined);
  const merged: { -readonly [K in keyof AdjustmentRules]: AdjustmentRules[K] } = {
    mayBuild: (p) => list.every((r) => r.mayBuild?.(p) ?? true),
    mayBuildType: (t) => list.every((r) => r.mayBuildType?.(t) ?? true),
  };
  if (sites.length > 0) merged.buildSites = sites[sites.length - 1]!;
  if (caps.length > 0) merged.maxBuilds = Math.min(...caps);
  return merged;
}

/** The modules' combat and adjustment rules, merged, as each module's hooks give them now. */
function rulesInForce(
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
): { movementRules: MovementRules | undefined; adjustmentRules: AdjustmentRules | undefined } {
  return {
    movementRules: mergeMovementRules(
      active
        .map((a) => a.module.movementRules?.(ctx(a)))
        .filter((r): r is MovementRules => r !== undefined),
    ),
    adjustmentRules: mergeAdjustmentRules(
      active
        .map((a) => a.module.adjustmentRules?.(ctx(a)))
        .filter((r): r is AdjustmentRules => r !== undefined),
    ),
  };
}

/**
 * The rule modules' changes to adjudication in force for the current phase of a variant game,
 * merged as `processVariantPhase` merges them, with the game's rulebook edition's choices (for
 * an edition other than 2023, which is public): pass them to `legalOrders` or
 * `submissionWarnings`. For anything a player sees, ask with `publicOnly`: modules whose rules
 * read secrets (`secretRules`, the Fink) are then left out. (Adjustment rules are read before
 * the phase's `beforeAdjustment` steps, which may still change them when the phase is
 * processed.)
 */
export function phaseRules(
  variant: Variant,
  state: VariantState,
  catalogue?: Catalogue,
  options: { readonly publicOnly?: boolean } = {},
): PhaseRules {
  const rng = new Rng(state.rng);
  const active = activeModules(variant, state, catalogue).filter(
    (a) => options.publicOnly !== true || a.module.secretRules !== true,
  );
  const { movementRules, adjustmentRules } = rulesInForce(active, (a) =>
    context(variant.map, state, a, rng),
  );
  const choices = choicesOf(state);
  return {
    ...(movementRules === undefined ? {} : { movementRules }),
    ...(adjustmentRules === undefined ? {} : { adjustmentRules }),
    ...(choices === undefined ? {} : { choices }),
  };
}

/**
 * Processes the current phase of a variant game with every player's submission. Deterministic:
 * the same state and submissions give the same result, random draws included.
 */
export function processVariantPhase(
  variant: Variant,
  state: VariantState,
  submissions: readonly Submission[],
  catalogue?: Catalogue,
): VariantPhaseResult {
  const map = variant.map;
  const rng = new Rng(state.rng);
  const active = activeModules(variant, state, catalogue);
  const events: GameEvent[] = [];
  let modules: Record<string, unknown> = { ...state.modules };
  // The supply centres in force: kept in the state since the last phase ended, and worked out
  // again here so that a position set up by hand with centre rules in force is read right too.
  let current: VariantState = withSupplyCenters(
    map,
    state,
    centersFrom(map, active, (a) => context(map, state, a, rng)),
  ).state;
  const ctx = <S>(a: ActiveModule): HookContext<S> => context<S>(map, current, a, rng);
  const store: Store = (a, r) => {
    modules = { ...modules, [a.module.id]: r.own };
    current = { ...current, ...(r.game ?? {}), modules };
    if (r.events !== undefined) events.push(...r.events);
  };

  // Actions first, in the order written: budgets they share with bought supports are settled
  // before the moves.
  const messages: ResolvedMessage[] = [];
  for (const a of active) {
    const r = a.module.resolveActions?.(ctx(a), submissions);
    if (r === undefined) continue;
    store(a, r);
    if (r.messages !== undefined) messages.push(...r.messages);
  }
  const withMessages = (r: VariantPhaseResult): VariantPhaseResult =>
    messages.length === 0 ? r : { ...r, messages };

  if (state.phase.type === 'module') {
    const r = playModulePhase(active, ctx, state, submissions);
    store(r.owner, r.result);
    current = { ...withoutResume(current), phase: r.next, phaseIndex: state.phaseIndex + 1 };
    return withMessages(
      finishPhase(
        { variant, catalogue, active, ctxOf: ctx, state, rng, store },
        current,
        r.report,
        [],
        submissions,
        events,
      ),
    );
  }

  // Before adjustments: requests, eliminations (the Fink).
  if (state.phase.type === 'adjustment') {
    for (const a of active) {
      const r = a.module.beforeAdjustment?.(ctx(a), submissions);
      if (r !== undefined) store(a, r);
    }
  }

  // Aggregate: one order per unit.
  let orders: PowerOrder[] = [];
  const aggregator = active.find((a) => a.module.aggregate !== undefined);
  if (aggregator !== undefined) {
    const r = aggregator.module.aggregate!(ctx(aggregator), submissions);
    orders = [...r.orders];
    if (r.events !== undefined) events.push(...r.events);
  } else if (state.phase.type === 'retreat') {
    orders = retreatOrders(active, ctx, current, submissions);
  } else {
    for (const s of submissions) orders.push(...s.orders);
  }
  if (state.phase.type === 'retreat') {
    const r = retreatDefaults(map, active, ctx, current.dislodged, orders);
    orders = r.orders;
    events.push(...r.events);
  }

  const { movementRules, adjustmentRules } = rulesInForce(active, ctx);
  const after = active.filter((a) => a.module.afterMovement !== undefined);
  const afterMovement =
    after.length === 0
      ? undefined
      : (res: MovementResolution, supplyCenters: Ownership) => {
          let out = res;
          current = { ...current, supplyCenters };
          for (const a of after) {
            const r = a.module.afterMovement!(ctx(a), out, submissions);
            // After the moves the units are the resolution's: a module moves or removes them there.
            if (r.game?.units !== undefined)
              throw new InvariantError(
                `${a.module.id}: afterMovement changes units through its resolution, not game.units`,
              );
            store(a, r);
            if (r.resolution !== undefined) out = r.resolution;
          }
          return { resolution: out, supplyCenters: current.supplyCenters };
        };
  const choices = choicesOf(current);
  const phaseOptions = {
    ...(movementRules === undefined ? {} : { movementRules }),
    ...(adjustmentRules === undefined ? {} : { adjustmentRules }),
    ...(choices === undefined ? {} : { choices }),
  };
  // The kernel is given the board alone: the phase takes only the board's fields of the state
  // it returns (below), and a state with only those is written out where a variant's, of some
  // fifteen fields, would be copied whole once or twice a phase (`processPhase` keeps every field
  // of the state it is given).
  let stepped = processPhase(map, boardOf(current), orders, {
    ...phaseOptions,
    ...(afterMovement === undefined ? {} : { afterMovement }),
  });
  // Retreats a module holds back for its later step (the Fink's): out of the retreat phase.
  let later = current.later ?? [];
  if (state.phase.type === 'movement' && stepped.state.phase.type === 'retreat') {
    const held = heldRetreats(active, ctx, stepped.state.dislodged);
    if (held.length > 0) {
      later = held;
      const rest = stepped.state.dislodged.filter((d) => !held.some((h) => h.dislodged === d));
      stepped = { ...stepped, state: { ...stepped.state, dislodged: rest } };
      if (rest.length === 0) {
        // Nobody else retreats: the retreat phase is over at once.
        const none = processPhase(map, stepped.state, [], phaseOptions);
        const { captured, winner } = none.report;
        stepped = { state: none.state, report: { ...stepped.report, captured, winner } };
      }
    }
  }
  if (later.length > 0 && stepped.state.phase.type !== 'retreat') {
    stepped = laterRetreatStep(state.phase, stepped, later);
    later = [];
  }
  let outcomes: readonly OrderOutcome[] = stepped.report.outcomes;
  for (const a of active) {
    if (a.module.explain !== undefined) outcomes = a.module.explain(ctx(a), outcomes);
  }
  const report: PhaseReport = { ...stepped.report, outcomes };
  // The kernel decides the board (units, dislodged, owners, a solo) and the standard next phase;
  // what the modules changed outside the board (their state, the rule set) is kept.
  const { phase, units, dislodged, supplyCenters, winner } = stepped.state;
  current = withLater(
    {
      ...current,
      phase,
      units,
      dislodged,
      supplyCenters,
      winner,
      modules,
      phaseIndex: state.phaseIndex + 1,
    },
    later,
  );
  return withMessages(
    finishPhase(
      { variant, catalogue, active, ctxOf: ctx, state, rng, store },
      current,
      report,
      orders,
      submissions,
      events,
    ),
  );
}

/** The board of a variant's state: a `GameState` with only its own fields, in their order. */
function boardOf(s: VariantState): GameState {
  const { map, phase, units, supplyCenters, supplyCenterIds, dislodged, winner } = s;
  return supplyCenterIds === undefined
    ? { map, phase, units, supplyCenters, dislodged, winner }
    : { map, phase, units, supplyCenters, supplyCenterIds, dislodged, winner };
}

/** Keeps what a module's hook returned: its own state, its events, its changes to the game. */
type Store = (
  a: ActiveModule,
  r: {
    own: unknown;
    events?: readonly GameEvent[];
    game?: Partial<Pick<VariantState, 'ruleSet' | 'supplyCenters' | 'units'>>;
  },
) => void;

/** What `finishPhase` needs of the phase being played. */
interface Played {
  readonly variant: Variant;
  readonly catalogue: Catalogue | undefined;
  /** The modules in force in the phase. */
  readonly active: readonly ActiveModule[];
  readonly ctxOf: (a: ActiveModule) => HookContext<unknown>;
  /** The state the phase started from. */
  readonly state: VariantState;
  readonly rng: Rng;
  readonly store: Store;
}

/**
 * The part of every phase after its own business: the phase plan, after-phase steps, the supply
 * centres of the next phase, victory.
 */
function finishPhase(
  played: Played,
  stepped: VariantState,
  phaseReport: PhaseReport,
  orders: readonly PowerOrder[],
  submissions: readonly Submission[],
  events: GameEvent[],
): VariantPhaseResult {
  const { variant, catalogue, active, ctxOf, state, rng, store } = played;
  const map = variant.map;
  let report = phaseReport;
  // `store` updates the caller's state; this function keeps its own copy in step with it.
  let current = stepped;
  const ctx = (a: ActiveModule): HookContext<unknown> => ({ ...ctxOf(a), state: current });
  const keep: Store = (a, r) => {
    store(a, r);
    current = {
      ...current,
      ...(r.game ?? {}),
      modules: { ...current.modules, [a.module.id]: r.own },
    };
  };
  if (current.winner === null) current = planNext(active, ctx, state.phase, current);
  for (const a of active) {
    const r = a.module.afterPhase?.(ctx(a), report, submissions);
    if (r !== undefined) keep(a, r);
  }
  // Rules that came into or out of force may change the supply centres: a centre that goes
  // takes its ownership with it, and the solo is checked again against the new count.
  const centers = withSupplyCenters(
    map,
    current,
    centersFrom(map, activeModules(variant, current, catalogue), ctx),
  );
  if (centers.state !== current) {
    current = centers.state;
    events.push(supplyCenterNotice(map, current, centers.change));
    const winner =
      current.winner ?? soloWinner(map, current.supplyCenters, supplyCentersOf(map, current));
    if (winner !== current.winner) {
      current = { ...current, winner };
      report = { ...report, winner };
    }
  }
  let winners = current.winners;
  for (const a of active) {
    const v = a.module.victory?.(ctx(a));
    if (v !== undefined && winners === null) {
      winners = v.winners;
      events.push({
        type: 'game/victory',
        audience: { kind: 'public' },
        text: v.reason,
        data: { winners },
      });
    }
  }
  // New units (builds, a module's) get their ids; the report names the same units.
  const named = identifyUnits({ ...current, winners, rng: rng.state });
  current = named.state;
  const built =
    named.fresh.size === 0 ? report.built : report.built.map((u) => named.fresh.get(u) ?? u);
  const over = current.winner !== null || winners !== null;
  return {
    state: current,
    report: finishedReport(report, built, over ? null : current.phase),
    orders,
    events,
  };
}

/** The keys of a kernel's `PhaseReport`, in the order `processPhase` writes them. */
const REPORT_KEYS = [
  'built',
  'declined',
  'captured',
  'winner',
  'phase',
  'name',
  'outcomes',
  'dislodged',
  'removed',
  'removals',
] as const;

/**
 * `{ ...report, built, next }`. A literal that spreads an object and then adds a key takes a slow
 * path in V8 (Node 20), once a phase: a report with exactly the kernel's keys in its order is
 * written out instead (checked by a `for...in`, cheaper than the spread); any other is spread.
 */
function finishedReport(
  report: PhaseReport,
  built: readonly Unit[],
  next: Phase | null,
): PhaseReport {
  if (!keysExactly(report, REPORT_KEYS)) return { ...report, built, next };
  return {
    built,
    declined: report.declined,
    captured: report.captured,
    winner: report.winner,
    phase: report.phase,
    name: report.name,
    outcomes: report.outcomes,
    dislodged: report.dislodged,
    removed: report.removed,
    removals: report.removals,
    next,
  };
}

/**
 * The report of a phase in which nothing happened on the board: a module's own phase (no
 * orders, no changes the kernel made), or a phase left unplayed when a game ended by agreement.
 */
export function emptyPhaseReport(phase: Phase): PhaseReport {
  return {
    phase,
    name: phaseName(phase),
    outcomes: [],
    dislodged: [],
    removed: [],
    removals: [],
    built: [],
    declined: {},
    captured: [],
    winner: null,
  };
}

/**
 * The plan after a phase: `stepped.phase` is the standard sequence's next phase; each module's
 * `plan` may change it, in module order. Entering a module's own phase from a standard one keeps
 * the standard one to come back to (`resume`); leaving the module phases drops it.
 */
function planNext(
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
  done: Phase,
  stepped: VariantState,
): VariantState {
  let next = stepped.phase;
  for (const a of active) {
    const answer = a.module.plan?.(ctx(a), done, next);
    if (answer !== undefined) next = answer;
  }
  if (next === stepped.phase) return stepped;
  if (next.type !== 'module') return { ...withoutResume(stepped), phase: next };
  const resume = stepped.resume ?? (stepped.phase.type === 'module' ? undefined : stepped.phase);
  return { ...stepped, phase: next, ...(resume === undefined ? {} : { resume }) };
}

/**
 * A `plan` for modules with winter business (the Fink's requests, Deviant's proposals): every
 * year has its winter, also when the standard sequence skips it because nobody adjusts.
 */
export function holdEveryWinter(_ctx: unknown, done: Phase, next: Phase): Phase | undefined {
  return done.season === 'fall' && next.season === 'spring'
    ? { year: done.year, season: 'winter', type: 'adjustment' }
    : undefined;
}

/**
 * The standard sequence's next phase after a module phase whose steps interrupted nothing (a
 * setup before the first Spring): the next movement phase of the standard year (Winter → next
 * Spring, Spring → Fall), or the Fall's winter adjustments.
 */
function afterModulePhase(p: Phase): Phase {
  switch (p.season) {
    case 'winter':
      return { year: p.year + 1, season: 'spring', type: 'movement' };
    case 'spring':
      return { year: p.year, season: 'fall', type: 'movement' };
    case 'fall':
      return { year: p.year, season: 'winter', type: 'adjustment' };
  }
}

function withoutResume(s: VariantState): VariantState {
  const rest: { -readonly [K in keyof VariantState]?: VariantState[K] } = { ...s };
  delete rest.resume;
  return rest as VariantState;
}

/** Plays a module phase with the module that owns it. */
function playModulePhase(
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
  state: VariantState,
  submissions: readonly Submission[],
): { owner: ActiveModule; result: HookResult<unknown>; report: PhaseReport; next: Phase } {
  const phase = state.phase;
  const owner = active.find((a) => a.module.id === phase.module);
  if (owner?.module.playPhase === undefined) {
    throw new InvariantError(
      `${phaseName(phase)}: no module in force plays it (module "${phase.module ?? '?'}")`,
    );
  }
  const result = owner.module.playPhase(ctx(owner), submissions);
  return {
    owner,
    result,
    report: { ...emptyPhaseReport(phase), ...(result.report ?? {}) },
    next: state.resume ?? afterModulePhase(phase),
  };
}

/** The dislodged units that modules hold back for their later retreat steps (`laterRetreat`). */
function heldRetreats(
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
  dislodged: readonly DislodgedUnit[],
): LaterRetreat[] {
  const held: LaterRetreat[] = [];
  for (const d of dislodged) {
    for (const a of active) {
      const step = a.module.laterRetreat?.(ctx(a), d);
      if (step === undefined) continue;
      held.push({ module: a.module.id, step, dislodged: d });
      break;
    }
  }
  return held;
}

/**
 * Once the other retreats are done: the held units' retreats narrowed to the places still
 * empty (a place two retreats clashed over is empty, and open), and the game sent to the later
 * step; a unit with no place left is destroyed now, in this phase's report. Units held by
 * several modules retreat together, in the first one's step. (A Fall's ownership update has
 * then been made without them; the step's own update counts where they go.)
 */
function laterRetreatStep(
  moves: Phase,
  stepped: { readonly state: GameState; readonly report: PhaseReport },
  later: readonly LaterRetreat[],
): { readonly state: GameState; readonly report: PhaseReport } {
  const occupied = unitProvinces(stepped.state.units);
  const narrowed = later.map((l) => ({
    ...l.dislodged,
    retreats: l.dislodged.retreats.filter((r) => !occupied.has(r.province)),
  }));
  const lost = narrowed.filter((d) => d.retreats.length === 0).map((d) => d.unit);
  const going = narrowed.filter((d) => d.retreats.length > 0);
  const report: PhaseReport = {
    ...stepped.report,
    // A retreat phase's report names the units that retreat in the step, and where they may go.
    dislodged: moves.type === 'retreat' ? going : stepped.report.dislodged,
    removed: [...stepped.report.removed, ...lost],
    removals: [
      ...stepped.report.removals,
      ...lost.map((unit): Removal => ({ unit, why: 'retreats-taken' })),
    ],
  };
  if (going.length === 0 || stepped.state.winner !== null) return { state: stepped.state, report };
  const { module, step } = later[0]!;
  return {
    state: {
      ...stepped.state,
      dislodged: going,
      phase: { year: moves.year, season: moves.season, type: 'retreat', module, step },
    },
    report,
  };
}

function withLater(s: VariantState, later: readonly LaterRetreat[]): VariantState {
  if (later.length > 0) return { ...s, later };
  if (s.later === undefined) return s;
  const rest: { -readonly [K in keyof VariantState]?: VariantState[K] } = { ...s };
  delete rest.later;
  return rest as VariantState;
}

/**
 * The order the kernel would count for a dislodged unit (`adjudicateRetreats`): the first by its
 * owner, for a unit of its type, that disbands it or retreats it to one of its options.
 */
function countedRetreat(
  map: GameMap,
  d: DislodgedUnit,
  orders: readonly PowerOrder[],
): PowerOrder | undefined {
  const province = d.unit.location.province;
  return orders.find(({ power, order }) => {
    if (order.kind === 'waive' || power !== d.unit.power) return false;
    if (order.unit.location.province !== province) return false;
    if (order.unit.type !== undefined && order.unit.type !== d.unit.type) return false;
    if (order.kind === 'disband') return true;
    if (order.kind === 'move' && order.viaConvoy) return false;
    if (order.kind !== 'retreat' && order.kind !== 'move') return false;
    return typeof retreatTarget(map, d, order.to) !== 'string';
  });
}

/**
 * The modules' retreat orders (`retreatDefault`), unit by unit: the first module that answers
 * for a unit replaces its owner's orders for it by the answer; the others' orders stay.
 */
function retreatDefaults(
  map: GameMap,
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
  dislodged: readonly DislodgedUnit[],
  aggregated: readonly PowerOrder[],
): { orders: PowerOrder[]; events: GameEvent[] } {
  let orders = [...aggregated];
  const events: GameEvent[] = [];
  const hooks = active.filter((a) => a.module.retreatDefault !== undefined);
  if (hooks.length === 0) return { orders, events };
  for (const d of dislodged) {
    const given = countedRetreat(map, d, orders);
    for (const a of hooks) {
      const answer = a.module.retreatDefault!(ctx(a), d, given, orders);
      if (answer === undefined) continue;
      const order = 'power' in answer ? answer : answer.order;
      if (!('power' in answer) && answer.events !== undefined) events.push(...answer.events);
      if (order !== given) {
        const province = d.unit.location.province;
        const mine = (po: PowerOrder): boolean =>
          po.order.kind !== 'waive' &&
          po.power === d.unit.power &&
          po.order.unit.location.province === province;
        const at = orders.findIndex(mine);
        const rest = orders.filter((po) => !mine(po));
        orders = at < 0 ? [...rest, order] : [...rest.slice(0, at), order, ...rest.slice(at)];
      }
      break;
    }
  }
  return { orders, events };
}

/**
 * Retreat orders in the order they count: a module may give a unit's retreat to another player
 * (the Fink), whose orders for it then come first; the owner's count only if that player gives
 * none (the first legal retreat order counts).
 */
function retreatOrders(
  active: readonly ActiveModule[],
  ctx: (a: ActiveModule) => HookContext<unknown>,
  state: VariantState,
  submissions: readonly Submission[],
): PowerOrder[] {
  const first: PowerOrder[] = [];
  const rest: PowerOrder[] = [];
  for (const s of submissions) {
    for (const po of s.orders) {
      if (po.order.kind === 'waive') continue;
      const province = po.order.unit.location.province;
      const d = state.dislodged.find((x) => x.unit.location.province === province);
      let chooser: readonly PlayerId[] | undefined;
      for (const a of active)
        chooser ??= d === undefined ? undefined : a.module.retreatController?.(ctx(a), d.unit);
      if (chooser?.includes(s.player) === true) first.push(po);
      else rest.push(po);
    }
  }
  return [...first, ...rest];
}

/**
 * The winners of a game ended from outside before a victory rule decided (the last year, a
 * declared draw), where a module of the variant decides them (`victoryAtEnd`); undefined
 * where none does, or the game already has its winner.
 */
export function victoryAtEnd(
  variant: Variant,
  state: VariantState,
  why: string,
  catalogue?: Catalogue,
): { readonly winners: readonly PlayerId[]; readonly reason: string } | undefined {
  if (state.winner !== null || state.winners !== null) return undefined;
  const rng = new Rng(state.rng);
  for (const a of activeModules(variant, state, catalogue)) {
    const r = a.module.victoryAtEnd?.(context(variant.map, state, a, rng), why);
    if (r !== undefined) return r;
  }
  return undefined;
}
