/**
 * Variant scenarios as data: the DATC case shape extended with a variant, options, players and
 * their powers, module state, orders per player, and what each viewer must (and must not) see.
 * docs/cases.md describes the format; `runScenario` checks one case, step by step.
 */
import type { OrderOutcome } from '../adjudicate/outcome.js';
import type { Edition } from '../adjudicate/rulebook.js';
import { formatPowerOrder } from '../orders/format.js';
import type { PressMessage, Variant, Viewer } from '../variant/module.js';
import { routeMessage } from '../variant/press.js';
import {
  newGame,
  parseSubmission,
  processVariantPhase,
  type Catalogue,
} from '../variant/pipeline.js';
import {
  GAMESMASTER,
  type PlayerSetup,
  type RuleSetEntry,
  type VariantState,
} from '../variant/state.js';
import { eventsFor, viewFor } from '../variant/view.js';
import type { Ownership, Season, PhaseType } from '../types.js';
import { phaseName, type Phase } from '../game/state.js';
import { mapSupplyCenters, supplyCentersOf } from '../map/supply-centers.js';
import { caseId, guardCase, ShapeCheck } from './case-shape.js';
import { formatUnitKey, parseUnitKey, resolutionWords, type CaseReport } from './datc-case.js';

/** What must hold after a step. Every field is optional; only what is given is checked. */
export interface ScenarioExpectation {
  /** Adjudicated orders (`TUR A con - bul`, as `formatPowerOrder` writes them) → DATC words. */
  readonly outcomes?: Readonly<Record<string, readonly string[]>>;
  /** Every unit on the board afterwards (`AUS A alb`), in any order. */
  readonly units?: readonly string[];
  /** Dislodged units (`AUS A tri`) → where they may retreat (`alb`, `spa/nc`), in any order. */
  readonly dislodged?: Readonly<Record<string, readonly string[]>>;
  /**
   * Units that left the board in this phase (`AUS A tri`) → why (`no-retreat`, `retreats-taken`,
   * `retreat-clash`, `civil-disorder`, ...: a `RemovalReason`), exactly.
   */
  readonly removed?: Readonly<Record<string, string>>;
  /** Builds each power was entitled to but did not make (`{ "ENG": 1 }`), exactly. */
  readonly declined?: Readonly<Record<string, number>>;
  /** Refused lines, in order: the player and the stable code. */
  readonly rejections?: readonly { readonly player: string; readonly code: string }[];
  /** The phase that comes next: `S1903R`, `W1902A`. */
  readonly phase?: string;
  /** Owners of these centres afterwards. */
  readonly centres?: Ownership;
  /** Centres nobody owns afterwards (at least these). */
  readonly unowned?: readonly string[];
  /**
   * The supply centres that exist afterwards, as rules changed the map's: provinces that are
   * centres though the map's are not (`added`) and map centres that are not (`removed`), exactly.
   */
  readonly centreChanges?: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
  };
  /** Module state afterwards (the whole truth), matched as a subset. */
  readonly modules?: Readonly<Record<string, unknown>>;
  /**
   * Module attributes of the unit in each province afterwards (`{ "bur": { "pink-strength":
   * { "strength": "half" } } }`), matched as a subset; a province with no unit fails.
   */
  readonly attrs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
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
  /**
   * Each player's lines, as written; under `gm` (unless a player has that id) the gamesmaster's
   * own sheet, submitted as the reserved player id `GAMESMASTER` (Pink's `BONUS`), after the players'.
   */
  readonly orders: Readonly<Record<string, readonly string[]>>;
  readonly expect: ScenarioExpectation;
}

export interface ScenarioCase {
  readonly id: string;
  readonly title?: string;
  readonly variant: string;
  /**
   * The rulebook edition the game is played under (docs/editions.md); default 2023. A file may
   * name anything: `newGame` refuses what is not an edition.
   */
  readonly rulebook?: Edition;
  readonly options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Default: one player per power, named after it. */
  readonly players?: readonly PlayerSetup[];
  readonly seed?: number;
  readonly start: {
    /**
     * `S1903M`: the phase the first step is for; a module's step is named as the game names it
     * (`W1903-budget-a`, `S1903R-fink`) with `module` saying whose it is.
     */
    readonly phase: string;
    /** The module whose step `phase` names. */
    readonly module?: string;
    /** Default: the map's starting units. */
    readonly units?: readonly string[];
    /** Module attributes of the unit in each province (`{ "bur": { "pink-strength": {...} } }`). */
    readonly attrs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
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

/**
 * A case's starting phase: `S1903M`, or a module's step as the game names it, `W1903-budget-a`
 * (a module phase) or `S1903R-fink` (a later step of a standard kind), with its module named.
 */
function startPhase(name: string, module: string | undefined): Phase | string {
  const m = /^([SFW])(\d{4})(?:([MRA])(?:-([\w-]+))?|-([\w-]+))$/.exec(name);
  if (m === null) return `start.phase "${name}" is not like S1901M or W1901-budget-a`;
  const year = Number(m[2]);
  const season = SEASONS[m[1]!]!;
  const step = m[4] ?? m[5];
  if (step === undefined) return { year, season, type: TYPES[m[3]!]! };
  if (module === undefined)
    return `start.phase "${name}" is a module's step: name it in start.module`;
  return { year, season, type: m[3] === undefined ? 'module' : TYPES[m[3]]!, module, step };
}
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
    ...(c.rulebook === undefined ? {} : { rulebook: c.rulebook }),
    ...(c.options === undefined ? {} : { options: c.options }),
  });
  if (!game.ok) return game.error.message;
  const phase = startPhase(c.start.phase, c.start.module);
  if (typeof phase === 'string') return phase;
  let state: VariantState = { ...game.value, phase };
  if (c.start.units !== undefined) {
    const units = c.start.units.map(parseUnitKey);
    const bad = c.start.units.find((_, i) => units[i] === undefined);
    if (bad !== undefined) return `start.units: "${bad}" is not like "ENG F nth"`;
    state = { ...state, units: units.map((u) => u!) };
  }
  if (c.start.attrs !== undefined) {
    const attrs = c.start.attrs;
    const missing = Object.keys(attrs).find(
      (p) => !state.units.some((u) => u.location.province === p),
    );
    if (missing !== undefined) return `start.attrs.${missing}: no unit stands in ${missing}`;
    state = {
      ...state,
      units: state.units.map((u) => {
        const given = attrs[u.location.province];
        return given === undefined ? u : { ...u, attrs: { ...u.attrs, ...given } };
      }),
    };
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

/**
 * What is malformed in a case, each problem named by its field's path (`steps[1].orders.FRA[0]`),
 * with the powers and provinces it names checked against the variant's map.
 */
export function scenarioProblems(variant: Variant, c: ScenarioCase): string[] {
  const check = new ShapeCheck();
  const raw = c as unknown as Record<string, unknown>;
  const powers = variant.map.powers;
  const unitKey = (key: unknown, path: string): void => {
    if (!check.string(key, path)) return;
    const u = parseUnitKey(key);
    if (u === undefined) check.fail(path, `"${key}" is not like "ENG F nth"`);
    else {
      check.power(u.power, path, powers);
      if (variant.map.province(u.location.province) === undefined)
        check.fail(path, `"${u.location.province}" is not a province of ${variant.map.spec.id}`);
    }
  };
  const owners = (v: unknown, path: string): void => {
    if (!check.stringMap(v, path, true) || v === undefined) return;
    for (const [province, owner] of Object.entries(v as Record<string, string>)) {
      if (variant.map.province(province) === undefined)
        check.fail(
          `${path}.${province}`,
          `"${province}" is not a province of ${variant.map.spec.id}`,
        );
      check.power(owner, `${path}.${province}`, powers);
    }
  };
  const unitAttrs = (v: unknown, path: string): void => {
    if (!check.object(v, path, true)) return;
    for (const [province, a] of Object.entries(v)) {
      if (variant.map.province(province) === undefined)
        check.fail(
          `${path}.${province}`,
          `"${province}" is not a province of ${variant.map.spec.id}`,
        );
      check.object(a, `${path}.${province}`);
    }
  };
  check.string(raw['id'], 'id');
  check.string(raw['title'], 'title', true);
  check.number(raw['seed'], 'seed', true);
  check.string(raw['rulebook'], 'rulebook', true);
  if (check.object(raw['options'], 'options', true)) {
    for (const [m, o] of Object.entries(raw['options'])) check.object(o, `options.${m}`);
  }
  const players: string[] = [];
  if (check.array(raw['players'], 'players', true)) {
    raw['players'].forEach((p, i) => {
      if (!check.object(p, `players[${i}]`)) return;
      if (check.string(p['id'], `players[${i}].id`)) players.push(p['id']);
      if (check.strings(p['powers'], `players[${i}].powers`))
        (p['powers'] as string[]).forEach((x, k) => {
          check.power(x, `players[${i}].powers[${k}]`, powers);
        });
    });
  } else if (raw['players'] === undefined) players.push(...powers);
  if (check.object(raw['start'], 'start')) {
    const start = raw['start'];
    check.string(start['phase'], 'start.phase');
    if (check.array(start['units'], 'start.units', true))
      start['units'].forEach((u, i) => {
        unitKey(u, `start.units[${i}]`);
      });
    owners(start['centres'], 'start.centres');
    check.string(start['module'], 'start.module', true);
    check.object(start['modules'], 'start.modules', true);
    unitAttrs(start['attrs'], 'start.attrs');
    check.array(start['ruleSet'], 'start.ruleSet', true);
  }
  if (!check.array(raw['steps'], 'steps')) return check.problems;
  raw['steps'].forEach((st, i) => {
    const at = `steps[${i}]`;
    if (!check.object(st, at)) return;
    if (check.stringLists(st['orders'], `${at}.orders`)) {
      for (const who of Object.keys(st['orders'] as object))
        if (!players.includes(who) && who !== GAMESMASTER)
          check.fail(
            `${at}.orders.${who}`,
            `"${who}" is not a player here (${players.join(', ')})`,
          );
    }
    check.array(st['press'], `${at}.press`, true);
    if (!check.object(st['expect'], `${at}.expect`)) return;
    const e = st['expect'];
    const x = `${at}.expect`;
    check.stringLists(e['outcomes'], `${x}.outcomes`, true);
    if (check.array(e['units'], `${x}.units`, true))
      e['units'].forEach((u, k) => {
        unitKey(u, `${x}.units[${k}]`);
      });
    check.stringLists(e['dislodged'], `${x}.dislodged`, true);
    if (check.object(e['removed'], `${x}.removed`, true))
      for (const [u, why] of Object.entries(e['removed'])) {
        unitKey(u, `${x}.removed`);
        check.string(why, `${x}.removed.${u}`);
      }
    if (check.object(e['declined'], `${x}.declined`, true))
      for (const [power, n] of Object.entries(e['declined'])) {
        check.power(power, `${x}.declined.${power}`, powers);
        check.number(n, `${x}.declined.${power}`);
      }
    if (check.array(e['rejections'], `${x}.rejections`, true))
      e['rejections'].forEach((r, k) => {
        if (!check.object(r, `${x}.rejections[${k}]`)) return;
        check.string(r['player'], `${x}.rejections[${k}].player`);
        check.string(r['code'], `${x}.rejections[${k}].code`);
      });
    check.string(e['phase'], `${x}.phase`, true);
    owners(e['centres'], `${x}.centres`);
    check.strings(e['unowned'], `${x}.unowned`, true);
    if (check.object(e['centreChanges'], `${x}.centreChanges`, true)) {
      check.strings(e['centreChanges']['added'], `${x}.centreChanges.added`);
      check.strings(e['centreChanges']['removed'], `${x}.centreChanges.removed`);
    }
    check.object(e['modules'], `${x}.modules`, true);
    unitAttrs(e['attrs'], `${x}.attrs`);
    check.stringLists(e['events'], `${x}.events`, true);
    check.stringLists(e['eventTexts'], `${x}.eventTexts`, true);
    check.object(e['views'], `${x}.views`, true);
    check.stringLists(e['hidden'], `${x}.hidden`, true);
    if (e['winners'] !== null) check.strings(e['winners'], `${x}.winners`, true);
  });
  return check.problems;
}

/**
 * Runs a scenario; `resolve` finds variants by id (the rules package's registry). Whatever is
 * wrong with the case (a malformed field, a step after the game has ended, a step the engine
 * cannot run) is that case's failure, never a crash of the run.
 */
export function runScenario(
  resolve: (id: string) => Variant | undefined,
  c: ScenarioCase,
  catalogue?: Catalogue,
): CaseReport {
  return guardCase(caseId(c, 0), () => runCheckedScenario(resolve, c, catalogue));
}

function runCheckedScenario(
  resolve: (id: string) => Variant | undefined,
  c: ScenarioCase,
  catalogue?: Catalogue,
): CaseReport {
  const id = caseId(c, 0);
  if (typeof c.variant !== 'string')
    return { id, passed: false, problems: ['variant: missing (a variant id such as "fink")'] };
  const variant = resolve(c.variant);
  if (variant === undefined)
    return { id, passed: false, problems: [`unknown variant "${c.variant}"`] };
  const malformed = scenarioProblems(variant, c);
  if (malformed.length > 0) return { id, passed: false, problems: malformed };
  const start = scenarioState(variant, c);
  if (typeof start === 'string') return { id: c.id, passed: false, problems: [start] };
  const problems: string[] = [];
  let state = start;
  let endedAt: number | undefined;
  for (const [i, step] of c.steps.entries()) {
    const where = `step ${i + 1} (${phaseLabel(state)})`;
    const say = (text: string): void => {
      problems.push(`${where}: ${text}`);
    };
    if (state.winner !== null || state.winners !== null) {
      const who = state.winners ?? [state.winner];
      say(
        `the game ended ${endedAt === undefined ? 'before the case began' : `after step ${endedAt}`} ` +
          `(won by ${who.join(', ')}); nothing can be ordered after the end`,
      );
      break;
    }
    try {
      state = runStep(variant, state, step, say, catalogue);
    } catch (e) {
      say(`could not be run: ${e instanceof Error ? e.message : String(e)}`);
      break;
    }
    if (state.winner !== null || state.winners !== null) endedAt ??= i + 1;
  }
  return { id: c.id, passed: problems.length === 0, problems };
}

/** One step: its press, its orders adjudicated, its expectations checked; the state after. */
function runStep(
  variant: Variant,
  state: VariantState,
  step: ScenarioStep,
  say: (text: string) => void,
  catalogue?: Catalogue,
): VariantState {
  checkPress(variant, state, step.press ?? [], say, catalogue);
  const rejections = [];
  const submissions = [];
  const sheets = state.players.map((p) => p.id);
  // The gamesmaster's sheet last, as the app processes it (its actions are a module's, never orders).
  if (step.orders[GAMESMASTER] !== undefined && !sheets.includes(GAMESMASTER))
    sheets.push(GAMESMASTER);
  for (const id of sheets) {
    const lines = step.orders[id] ?? [];
    const parsed = parseSubmission(variant, state, id, lines.join('\n'), catalogue);
    submissions.push(parsed.submission);
    rejections.push(...parsed.rejections);
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
  if (e.removed !== undefined) {
    const got: Record<string, string> = {};
    for (const x of r.report.removals) got[formatUnitKey(x.unit)] = x.why;
    const [a, b] = [JSON.stringify(sortKeys(got)), JSON.stringify(sortKeys({ ...e.removed }))];
    if (a !== b) say(`removed ${a}, expected ${b}`);
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
  const owned = e.unowned?.filter((p) => r.state.supplyCenters[p] !== undefined) ?? [];
  if (owned.length > 0) {
    say(`centres ${owned.map((p) => `${p} (${r.state.supplyCenters[p]!})`).join(', ')} are owned`);
  }
  if (e.centreChanges !== undefined) {
    const now = supplyCentersOf(variant.map, r.state).provinces;
    const map = mapSupplyCenters(variant.map).provinces;
    const got = {
      added: now.filter((p) => !map.includes(p)),
      removed: map.filter((p) => !now.includes(p)),
    };
    const want = {
      added: [...e.centreChanges.added].sort(),
      removed: [...e.centreChanges.removed].sort(),
    };
    if (JSON.stringify(got) !== JSON.stringify(want))
      say(`centres changed ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  if (e.modules !== undefined && !isSubset(e.modules, r.state.modules)) {
    say(
      `module state ${JSON.stringify(r.state.modules)} does not include ${JSON.stringify(e.modules)}`,
    );
  }
  for (const [province, expected] of Object.entries(e.attrs ?? {})) {
    const unit = r.state.units.find((u) => u.location.province === province);
    if (unit === undefined) say(`attrs: no unit stands in ${province}`);
    else if (!isSubset(expected, unit.attrs ?? {}))
      say(
        `the unit in ${province} has attrs ${JSON.stringify(unit.attrs ?? {})}, expected ${JSON.stringify(expected)}`,
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
  return r.state;
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
