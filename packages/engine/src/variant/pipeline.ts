/**
 * Running a variant game: each phase goes collect → parse → authority → aggregate → adjudicate
 * (with the modules' combat and adjustment rules) → after-movement steps → explanations →
 * after-phase steps → victory. The standard engine does the adjudicating; modules only supply
 * hooks.
 */
import { optionProblems } from './options.js';
import type { MovementResolution, OrderOutcome } from '../adjudicate/outcome.js';
import type { GameMap } from '../map/game-map.js';
import { parseOrder } from '../orders/parse.js';
import { Rng } from '../random.js';
import { err, ok, type Result } from '../result.js';
import {
  initialState,
  phaseName,
  processPhase,
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
import { orderPower, type Authority } from '../game/authority.js';
import type { Power, PowerOrder, ProvinceId } from '../types.js';
import type { AdjustmentRules, MovementRules } from '../adjudicate/rules.js';
import type {
  GameEvent,
  GameSetup,
  HookContext,
  HookResult,
  ModuleAction,
  Rejection,
  RuleModule,
  Submission,
  Variant,
} from './module.js';
import type { PlayerId, VariantState } from './state.js';

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
    | 'setup/option-type';
  readonly message: string;
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
  const [bad] = optionProblems(variant, setup.options);
  if (bad !== undefined) return err({ code: bad.code, message: `${bad.path}: ${bad.message}` });
  const settings: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const m of variant.modules)
    settings[m.id] = { ...(m.settings ?? {}), ...(setup.options?.[m.id] ?? {}) };
  const modules: Record<string, unknown> = {};
  for (const m of variant.modules)
    if (m.init !== undefined) modules[m.id] = m.init(map, setup, settings[m.id]!);
  const state: VariantState = {
    ...initialState(map),
    ...(variant.startPhase === undefined ? {} : { phase: variant.startPhase }),
    variant: variant.id,
    players: setup.players,
    modules,
    ruleSet: [],
    rng: setup.seed >>> 0,
    phaseIndex: 0,
    winners: null,
    settings,
  };
  const centers = supplyCentersInForce(variant, state);
  return ok(centers === undefined ? state : withSupplyCenters(map, state, centers).state);
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
    const hook = a.module.supplyCenters;
    if (hook !== undefined) list = hook(ctx(a), list ?? mapSupplyCenters(map).provinces);
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
  catalogue: Catalogue = {},
): ActiveModule[] {
  const out: ActiveModule[] = variant.modules.map((module) => ({
    module,
    settings: state.settings[module.id] ?? {},
  }));
  for (const r of state.ruleSet) {
    if (r.from > state.phaseIndex || (r.until !== undefined && r.until <= state.phaseIndex))
      continue;
    const module = catalogue[r.module];
    if (module !== undefined)
      out.push({ module, settings: { ...(module.settings ?? {}), ...r.settings } });
  }
  return out;
}

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
  return state.players.find((p) => p.id === player)?.powers ?? [];
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
 * Reads a player's orders, one per line. A module's grammar is tried first, then the standard
 * notation. Every line that cannot be read, or that the player may not give, becomes a
 * rejection with its reason; the player's other lines still stand. Module actions are read
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
  const map = variant.map;
  const active = activeModules(variant, state, catalogue);
  const orders: PowerOrder[] = [];
  const actions: ModuleAction[] = [];
  const rejected: { readonly at: number; readonly rejection: Rejection }[] = [];
  const rng = new Rng(state.rng);
  let at = 0;
  const reject = (line: string, code: string, message: string): void => {
    rejected.push({ at, rejection: { player, text: line, code, message } });
  };
  const lines = text
    .split(/\r?\n/)
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
    merged.extraSupport = (u, o, d) => extra.reduce((sum, f) => sum + f!(u, o, d), 0);
  if (list.some((r) => r.supportsOnlyCutByDislodgement === true))
    merged.supportsOnlyCutByDislodgement = true;
  if (list.some((r) => r.friendlyFire === true)) merged.friendlyFire = true;
  const free = pick('combatFree');
  if (free.length > 0) merged.combatFree = (p) => free.some((f) => f!(p));
  return merged;
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
 * merged as `processVariantPhase` merges them: pass them to `legalOrders` or
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
  return {
    ...(movementRules === undefined ? {} : { movementRules }),
    ...(adjustmentRules === undefined ? {} : { adjustmentRules }),
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
  const store = (
    a: ActiveModule,
    r: {
      own: unknown;
      events?: readonly GameEvent[];
      game?: Partial<Pick<VariantState, 'ruleSet' | 'supplyCenters' | 'units'>>;
    },
  ): void => {
    modules = { ...modules, [a.module.id]: r.own };
    current = { ...current, ...(r.game ?? {}), modules };
    if (r.events !== undefined) events.push(...r.events);
  };

  if (state.phase.type === 'module') {
    const r = playModulePhase(active, ctx, state, submissions);
    store(r.owner, r.result);
    current = { ...withoutResume(current), phase: r.next, phaseIndex: state.phaseIndex + 1 };
    return finishPhase(
      { variant, catalogue, active, ctxOf: ctx, state, rng, store },
      current,
      r.report,
      [],
      submissions,
      events,
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

  const { movementRules, adjustmentRules } = rulesInForce(active, ctx);
  const after = active.filter((a) => a.module.afterMovement !== undefined);
  const afterMovement =
    after.length === 0
      ? undefined
      : (res: MovementResolution): MovementResolution => {
          let out = res;
          for (const a of after) {
            const r = a.module.afterMovement!(ctx(a), out, submissions);
            store(a, r);
            if (r.resolution !== undefined) out = r.resolution;
          }
          return out;
        };
  const stepped = processPhase(map, current, orders, {
    ...(movementRules === undefined ? {} : { movementRules }),
    ...(adjustmentRules === undefined ? {} : { adjustmentRules }),
    ...(afterMovement === undefined ? {} : { afterMovement }),
  });
  let outcomes: readonly OrderOutcome[] = stepped.report.outcomes;
  for (const a of active) {
    if (a.module.explain !== undefined) outcomes = a.module.explain(ctx(a), outcomes);
  }
  const report: PhaseReport = { ...stepped.report, outcomes };
  current = { ...current, ...stepped.state, modules, phaseIndex: state.phaseIndex + 1 };
  // A Fall that skipped its winter (nobody adjusts) still gets one if a module asks for it.
  if (
    state.phase.season === 'fall' &&
    current.phase.season === 'spring' &&
    current.winner === null &&
    active.some((a) => a.module.holdWinter?.(ctx(a)) === true)
  ) {
    current = {
      ...current,
      phase: { year: state.phase.year, season: 'winter', type: 'adjustment' },
    };
  }
  return finishPhase(
    { variant, catalogue, active, ctxOf: ctx, state, rng, store },
    current,
    report,
    orders,
    submissions,
    events,
  );
}

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
  if (current.winner === null) {
    for (const a of active) {
      const plan = a.module.phasePlan?.(ctx(a), state.phase, current.phase);
      if (plan === undefined) continue;
      current = { ...current, phase: plan.phase, resume: plan.resume ?? current.phase };
      break;
    }
  }
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
  current = { ...current, winners, rng: rng.state };
  return { state: current, report, orders, events };
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
 * Where the game goes after a module phase when no `resume` was set: the next movement phase of
 * the standard year (Winter → next Spring, Spring → Fall), or the Fall's winter adjustments.
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
    report: emptyPhaseReport(phase),
    next: state.resume ?? afterModulePhase(phase),
  };
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
