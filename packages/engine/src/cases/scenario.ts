/**
 * Variant scenarios as data: the DATC case shape extended with a variant, options, players and
 * their powers, module state, orders per player, and what each viewer must (and must not) see.
 * docs/cases.md describes the format; `runScenario` checks one case, step by step.
 */
import type { OrderOutcome } from '../adjudicate/outcome.js';
import { formatPowerOrder } from '../orders/format.js';
import type { PressMessage, Variant, Viewer } from '../variant/module.js';
import { routeMessage } from '../variant/press.js';
import {
  newGame,
  parseSubmission,
  processVariantPhase,
  type Catalogue,
} from '../variant/pipeline.js';
import type { PlayerSetup, RuleSetEntry, VariantState } from '../variant/state.js';
import { eventsFor, viewFor } from '../variant/view.js';
import type { Ownership, Season, PhaseType } from '../types.js';
import { phaseName } from '../game/state.js';
import { formatUnitKey, parseUnitKey, resolutionWords, type CaseReport } from './datc-case.js';

/** What must hold after a step. Every field is optional; only what is given is checked. */
export interface ScenarioExpectation {
  /** Adjudicated orders (`TUR A con - bul`, as `formatPowerOrder` writes them) → DATC words. */
  readonly outcomes?: Readonly<Record<string, readonly string[]>>;
  /** Every unit on the board afterwards (`AUS A alb`), in any order. */
  readonly units?: readonly string[];
  /** Dislodged units (`AUS A tri`) → where they may retreat (`alb`, `spa/nc`), in any order. */
  readonly dislodged?: Readonly<Record<string, readonly string[]>>;
  /** Builds each power was entitled to but did not make (`{ "ENG": 1 }`), exactly. */
  readonly declined?: Readonly<Record<string, number>>;
  /** Refused lines, in order: the player and the stable code. */
  readonly rejections?: readonly { readonly player: string; readonly code: string }[];
  /** The phase that comes next: `S1903R`, `W1902A`. */
  readonly phase?: string;
  /** Owners of these centres afterwards. */
  readonly centres?: Ownership;
  /** Module state afterwards (the whole truth), matched as a subset. */
  readonly modules?: Readonly<Record<string, unknown>>;
  /** Per viewer (`public`, `gm`, or a player id): the types of the events they see, in order. */
  readonly events?: Readonly<Record<string, readonly string[]>>;
  /** Per viewer: strings that must appear in the text of the events they see. */
  readonly eventTexts?: Readonly<Record<string, readonly string[]>>;
  /** Per viewer: module state in their view, matched as a subset. */
  readonly views?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /**
   * Per viewer: strings that must NOT appear anywhere they can look: their view, their events,
   * and the phase's report (every outcome with its strengths and sentence, which all see).
   */
  readonly hidden?: Readonly<Record<string, readonly string[]>>;
  /** Players who have won, or null. */
  readonly winners?: readonly string[] | null;
}

/**
 * A message sent during a step, before its orders, and what the rules in force must decide about
 * it (`routeMessage`). Messages accepted earlier in the step count as `earlier`.
 */
export interface ScenarioMessage {
  readonly from: string;
  /** `public`, or the players it is addressed to. */
  readonly to: 'public' | readonly string[];
  readonly text: string;
  readonly anonymous?: boolean;
  readonly expect: {
    /** The refusal's code, or absent if the message must go out. */
    readonly refused?: string;
    readonly anonymous?: boolean;
    /** Extra readers, as `player@now` or `player@results`, in order. */
    readonly copies?: readonly string[];
  };
}

export interface ScenarioStep {
  /** Messages sent in this step, checked before the orders are adjudicated. */
  readonly press?: readonly ScenarioMessage[];
  /** Each player's lines, as written. */
  readonly orders: Readonly<Record<string, readonly string[]>>;
  readonly expect: ScenarioExpectation;
}

export interface ScenarioCase {
  readonly id: string;
  readonly title?: string;
  readonly variant: string;
  readonly options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Default: one player per power, named after it. */
  readonly players?: readonly PlayerSetup[];
  readonly seed?: number;
  readonly start: {
    /** `S1903M`: the phase the first step is for. */
    readonly phase: string;
    /** Default: the map's starting units. */
    readonly units?: readonly string[];
    /** Default: every power owns its home centres. */
    readonly centres?: Ownership;
    /** Module state, merged over each module's initial state. */
    readonly modules?: Readonly<Record<string, unknown>>;
    readonly ruleSet?: readonly RuleSetEntry[];
  };
  readonly steps: readonly ScenarioStep[];
  readonly note?: string;
}

const SEASONS: Record<string, Season> = { S: 'spring', F: 'fall', W: 'winter' };
const TYPES: Record<string, PhaseType> = { M: 'movement', R: 'retreat', A: 'adjustment' };

function viewerOf(key: string): Viewer {
  if (key === 'gm') return { kind: 'gm' };
  if (key === 'public') return { kind: 'public' };
  return { kind: 'player', player: key };
}

/** Whether `actual` contains everything in `expected` (objects by key, arrays and values exactly). */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) {
    return JSON.stringify(expected) === JSON.stringify(actual);
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  return Object.entries(expected).every(([k, v]) => isSubset(v, a[k]));
}

/** Sets up the case's starting position, or says why it cannot. */
export function scenarioState(variant: Variant, c: ScenarioCase): VariantState | string {
  const players = c.players ?? variant.map.powers.map((p) => ({ id: p, powers: [p] }));
  const game = newGame(variant, {
    variant: variant.id,
    seed: c.seed ?? 1,
    players,
    ...(c.options === undefined ? {} : { options: c.options }),
  });
  if (!game.ok) return game.error.message;
  const m = /^([SFW])(\d{4})([MRA])$/.exec(c.start.phase);
  if (m === null) return `start.phase "${c.start.phase}" is not like S1901M`;
  let state: VariantState = {
    ...game.value,
    phase: { year: Number(m[2]), season: SEASONS[m[1]!]!, type: TYPES[m[3]!]! },
  };
  if (c.start.units !== undefined) {
    const units = c.start.units.map(parseUnitKey);
    const bad = c.start.units.find((_, i) => units[i] === undefined);
    if (bad !== undefined) return `start.units: "${bad}" is not like "ENG F nth"`;
    state = { ...state, units: units.map((u) => u!) };
  }
  if (c.start.centres !== undefined) state = { ...state, supplyCenters: c.start.centres };
  if (c.start.ruleSet !== undefined) state = { ...state, ruleSet: c.start.ruleSet };
  if (c.start.modules !== undefined) {
    const modules: Record<string, unknown> = { ...state.modules };
    for (const [id, given] of Object.entries(c.start.modules)) {
      const init = modules[id];
      const both =
        typeof init === 'object' && init !== null && typeof given === 'object' && given !== null;
      modules[id] = both ? { ...init, ...given } : given;
    }
    state = { ...state, modules };
  }
  return state;
}

function checkPress(
  variant: Variant,
  state: VariantState,
  press: readonly ScenarioMessage[],
  say: (text: string) => void,
  catalogue?: Catalogue,
): void {
  const earlier: PressMessage[] = [];
  for (const m of press) {
    const message: PressMessage = {
      from: m.from,
      to: m.to === 'public' ? { kind: 'public' } : { kind: 'players', players: m.to },
      text: m.text,
      anonymous: m.anonymous ?? false,
    };
    const r = routeMessage(variant, state, message, earlier, catalogue);
    const label = `message from ${m.from} "${m.text}"`;
    if (r.refused?.code !== m.expect.refused)
      say(`${label}: refused ${r.refused?.code ?? 'no'}, expected ${m.expect.refused ?? 'no'}`);
    if (m.expect.anonymous !== undefined && r.anonymous !== m.expect.anonymous)
      say(`${label}: anonymous ${String(r.anonymous)}, expected ${String(m.expect.anonymous)}`);
    const copies = r.copies.map((c) => `${c.player}@${c.at}`);
    if (m.expect.copies !== undefined && copies.join(',') !== m.expect.copies.join(','))
      say(`${label}: copies [${copies.join(', ')}], expected [${m.expect.copies.join(', ')}]`);
    if (r.refused === undefined) earlier.push({ ...message, anonymous: r.anonymous });
  }
}

/** Runs a scenario; `resolve` finds variants by id (the rules package's registry). */
export function runScenario(
  resolve: (id: string) => Variant | undefined,
  c: ScenarioCase,
  catalogue?: Catalogue,
): CaseReport {
  const variant = resolve(c.variant);
  if (variant === undefined)
    return { id: c.id, passed: false, problems: [`unknown variant "${c.variant}"`] };
  const start = scenarioState(variant, c);
  if (typeof start === 'string') return { id: c.id, passed: false, problems: [start] };
  const problems: string[] = [];
  let state = start;
  c.steps.forEach((step, i) => {
    const where = `step ${i + 1} (${c.start.phase === '' ? '' : phaseLabel(state)})`;
    const say = (text: string): void => {
      problems.push(`${where}: ${text}`);
    };
    checkPress(variant, state, step.press ?? [], say, catalogue);
    const rejections = [];
    const submissions = [];
    for (const p of state.players) {
      const lines = step.orders[p.id] ?? [];
      const parsed = parseSubmission(variant, state, p.id, lines.join('\n'), catalogue);
      submissions.push(parsed.submission);
      rejections.push(...parsed.rejections);
    }
    for (const id of Object.keys(step.orders)) {
      if (!state.players.some((p) => p.id === id)) say(`orders for unknown player "${id}"`);
    }
    const r = processVariantPhase(variant, state, submissions, catalogue);
    const e = step.expect;
    if (e.outcomes !== undefined) checkOutcomes(e.outcomes, r.report.outcomes, say);
    if (e.units !== undefined) {
      const got = r.state.units.map(formatUnitKey).sort();
      if (got.join(';') !== [...e.units].sort().join(';'))
        say(`units [${got.join(', ')}], expected [${[...e.units].sort().join(', ')}]`);
    }
    if (e.dislodged !== undefined) {
      const got: Record<string, string[]> = {};
      for (const d of r.report.dislodged) {
        got[formatUnitKey(d.unit)] = d.retreats
          .map((l) => (l.coast === undefined ? l.province : `${l.province}/${l.coast}`))
          .sort();
      }
      const want = Object.fromEntries(
        Object.entries(e.dislodged).map(([k, v]) => [k, [...v].sort()]),
      );
      if (JSON.stringify(sortKeys(got)) !== JSON.stringify(sortKeys(want))) {
        say(`dislodged ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      }
    }
    if (e.declined !== undefined) {
      const got = JSON.stringify(sortKeys({ ...r.report.declined }));
      if (got !== JSON.stringify(sortKeys({ ...e.declined })))
        say(`declined ${got}, expected ${JSON.stringify(sortKeys({ ...e.declined }))}`);
    }
    if (e.rejections !== undefined) {
      const got = rejections.map((x) => `${x.player} ${x.code}`);
      const want = e.rejections.map((x) => `${x.player} ${x.code}`);
      if (got.join(';') !== want.join(';'))
        say(`rejections [${got.join(', ')}], expected [${want.join(', ')}]`);
    }
    if (e.phase !== undefined && phaseLabel(r.state) !== e.phase)
      say(`next phase ${phaseLabel(r.state)}, expected ${e.phase}`);
    if (e.centres !== undefined && !isSubset(e.centres, r.state.supplyCenters)) {
      say(
        `centres ${JSON.stringify(r.state.supplyCenters)} do not include ${JSON.stringify(e.centres)}`,
      );
    }
    if (e.modules !== undefined && !isSubset(e.modules, r.state.modules)) {
      say(
        `module state ${JSON.stringify(r.state.modules)} does not include ${JSON.stringify(e.modules)}`,
      );
    }
    for (const [who, types] of Object.entries(e.events ?? {})) {
      const got = eventsFor(r.events, viewerOf(who)).map((x) => x.type);
      if (got.join(';') !== types.join(';'))
        say(`${who} sees events [${got.join(', ')}], expected [${types.join(', ')}]`);
    }
    for (const [who, texts] of Object.entries(e.eventTexts ?? {})) {
      const all = eventsFor(r.events, viewerOf(who))
        .map((x) => x.text)
        .join('\n');
      for (const t of texts) if (!all.includes(t)) say(`${who} sees no event saying "${t}"`);
    }
    for (const [who, want] of Object.entries(e.views ?? {})) {
      const seen = viewFor(variant, r.state, viewerOf(who), catalogue).modules;
      if (!isSubset(want, seen))
        say(`${who}'s view ${JSON.stringify(seen)} does not include ${JSON.stringify(want)}`);
    }
    for (const [who, secrets] of Object.entries(e.hidden ?? {})) {
      const viewer = viewerOf(who);
      const text = JSON.stringify({
        view: viewFor(variant, r.state, viewer, catalogue),
        events: eventsFor(r.events, viewer),
        report: r.report,
        lines: r.report.outcomes.map(
          (o) => `${formatPowerOrder(o)}: ${o.result} (${o.explanation ?? o.reason})`,
        ),
      });
      for (const s of secrets) if (text.includes(s)) say(`${who} can see "${s}"`);
    }
    if (e.winners !== undefined && JSON.stringify(r.state.winners) !== JSON.stringify(e.winners)) {
      say(`winners ${JSON.stringify(r.state.winners)}, expected ${JSON.stringify(e.winners)}`);
    }
    state = r.state;
  });
  return { id: c.id, passed: problems.length === 0, problems };
}

function checkOutcomes(
  want: Readonly<Record<string, readonly string[]>>,
  outcomes: readonly OrderOutcome[],
  say: (t: string) => void,
): void {
  for (const [order, words] of Object.entries(want)) {
    const o = outcomes.find((x) => formatPowerOrder(x) === order);
    if (o === undefined) {
      say(`no adjudicated order "${order}" (have: ${outcomes.map(formatPowerOrder).join('; ')})`);
      continue;
    }
    const got = resolutionWords(o);
    if (got.join(',') !== words.join(','))
      say(`${order}: expected ${words.join(',')}, got ${got.join(',')} (${o.reason})`);
  }
}

function phaseLabel(s: VariantState): string {
  return phaseName(s.phase);
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]!]),
  );
}
