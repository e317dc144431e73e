// Whole-game properties of the Pink modules over seeded random harness games (random players,
// now and then a gamesmaster's bonus), phase by phase:
// (a) the books: no point is made or lost except by the rules. For each power, what it holds
//     (purse, stores, emergency stores) after a phase is what it held before, plus income,
//     interest, bonus and points seized, less what it paid and what it lost, all as the
//     module's own events report them;
// (b) strengths: every unit's strength and streaks follow from its history as the phase reports
//     tell it (stand-offs, attacks, dislodgements, fielding), recomputed here by unit id.
import { describe, expect, it } from 'vitest';
import {
  newGame,
  parseSubmission,
  phaseName,
  processVariantPhase,
  randomText,
  Rng,
  type GameEvent,
  type GameSetup,
  type PhaseReport,
  type Power,
  type Submission,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import {
  pinkHarnessVariant,
  strengthAttrs,
  totalPoints,
  type EconomyState,
  type Strength,
  type StrengthAttrs,
} from '../../src/pink-economy/index.js';

const variant = pinkHarnessVariant;

const books = (s: VariantState) => (s.modules['pink-economy'] as EconomyState).ledgers;

/** What each power holds, by power. */
function holdings(s: VariantState): Record<Power, number> {
  return Object.fromEntries(variant.map.powers.map((p) => [p, totalPoints(books(s)[p]!)]));
}

/** The changes to each power's points that the phase's events report. */
function reported(events: readonly GameEvent[]): Record<Power, number> {
  const out: Record<Power, number> = {};
  const add = (p: unknown, n: unknown): void => {
    if (typeof p === 'string' && typeof n === 'number') out[p] = (out[p] ?? 0) + n;
  };
  for (const e of events) {
    const d = e.data ?? {};
    switch (e.type) {
      case 'pink/income':
        add(d['power'], d['income']);
        add(d['power'], d['interest']);
        break;
      case 'pink/bonus':
        add(d['power'], d['bonus']);
        break;
      case 'pink/spent':
        add(d['power'], -(d['spent'] as number));
        break;
      case 'pink/points-lost':
      case 'pink/purse-lost':
        add(d['power'], -(d['lost'] as number));
        add(d['seizedBy'], d['seized']);
        break;
    }
  }
  return out;
}

// --- (b) strengths, recomputed from the reports --------------------------------------------

type Model = Map<string, StrengthAttrs>;
const FRESH: StrengthAttrs = { strength: 'full', standoffs: 0, attacks: 0 };

/** The model after a movement phase, from its report alone. */
function afterMoves(
  model: Model,
  before: VariantState,
  report: PhaseReport,
  strict: boolean,
  atFull: boolean,
): Model {
  const next: Model = new Map(model);
  const moved = new Set<string>();
  const dislodged = new Set(report.dislodged.map((d) => d.unit.location.province));
  for (const o of report.outcomes)
    if (o.order.kind === 'move' && o.result === 'succeeds')
      moved.add(o.order.unit.location.province);
  for (const u of before.units) {
    const was = model.get(u.id!) ?? FRESH;
    const p = u.location.province;
    if (dislodged.has(p)) {
      // Ruling 2: a half unit is destroyed; a full one is half from now on.
      if (was.strength === 'half') next.delete(u.id!);
      else
        next.set(u.id!, {
          strength: was.strength === 'full' ? 'half' : was.strength,
          standoffs: 0,
          attacks: 0,
        });
      continue;
    }
    const mine = report.outcomes.find(
      (o) =>
        o.order.kind !== 'waive' && o.power === u.power && o.order.unit.location.province === p,
    );
    const stoodOff =
      mine !== undefined &&
      mine.order.kind === 'move' &&
      mine.result === 'fails' &&
      mine.reason === 'bounced' &&
      (strict ? mine.against === mine.strength : (mine.against ?? 0) >= (mine.strength ?? 0));
    const attacked = report.outcomes.some(
      (o) =>
        o.order.kind === 'move' &&
        o.power !== u.power &&
        o.order.to.province === p &&
        (o.result === 'succeeds' || o.result === 'fails'),
    );
    let { strength } = was;
    let standoffs = stoodOff ? was.standoffs + 1 : 0;
    if (standoffs >= 2) {
      if (strength === 'full') strength = 'half';
      standoffs = 0;
    }
    const counts = was.strength === 'half' || atFull;
    const attacks = !moved.has(p) && attacked && counts ? was.attacks + 1 : 0;
    if (attacks >= 3 && strength === 'half') next.delete(u.id!);
    else next.set(u.id!, { strength, standoffs, attacks });
  }
  return next;
}

/** The model after budget (b): each unit at the strength its owner's lines or the upkeep paid. */
function afterBudget(
  model: Model,
  before: VariantState,
  submissions: readonly Submission[],
  events: readonly GameEvent[],
): Model {
  const fielded = new Map<string, Strength>();
  for (const s of submissions)
    for (const a of s.actions) {
      const at = a.data['at'] as string;
      if (a.type === 'field' || a.type === 'build') fielded.set(at, 'full');
      if (a.type === 'field-half') fielded.set(at, 'half');
    }
  for (const e of events)
    if (e.type === 'pink/upkeep')
      for (const [p, st] of Object.entries(e.data!['fielded'] as Record<string, Strength>))
        fielded.set(p, st);
  const next: Model = new Map(model);
  for (const u of before.units) {
    const was = model.get(u.id!) ?? FRESH;
    const paid = fielded.get(u.location.province);
    expect(paid, `${u.power} ${u.location.province} is fielded`).toBeDefined();
    // Rule 9: a half unit never returns to full; an unsupplied one returns at half.
    if (was.strength !== 'full') expect(paid).not.toBe('full');
    next.set(u.id!, { ...was, strength: paid! });
  }
  return next;
}

function compare(model: Model, state: VariantState, where: string): void {
  const units: Unit[] = [...state.units, ...state.dislodged.map((d) => d.unit)];
  const seen = Object.fromEntries(units.map((u) => [u.id!, strengthAttrs(u)]));
  const expected = Object.fromEntries(
    units.map((u) => [u.id!, model.get(u.id!) ?? FRESH] as const),
  );
  expect(seen, where).toEqual(expected);
  // Units the model destroyed are gone.
  for (const id of model.keys()) if (!(id in seen)) model.delete(id);
}

// --- the games ----------------------------------------------------------------------------

function playGame(seed: number, options: GameSetup['options'], lastYear: number): number {
  const setup: GameSetup = {
    variant: variant.id,
    seed,
    players: variant.map.powers.map((p) => ({ id: p, powers: [p] })),
    ...(options === undefined ? {} : { options }),
  };
  const started = newGame(variant, setup);
  if (!started.ok) throw new Error(started.error.message);
  // Serbia, neutral and central, plays Carthage on the harness (ruling 13).
  const own = started.value.modules['pink-economy'] as EconomyState;
  let state: VariantState = {
    ...started.value,
    modules: {
      ...started.value.modules,
      'pink-economy': { ...own, carthage: { province: 'ser' } },
    },
  };
  const strict = options?.['pink-strength']?.['STRICT_STANDOFF'] === true;
  const atFull = options?.['pink-strength']?.['ATTACKS_AT_FULL'] === true;
  const rng = new Rng(seed * 7919);
  let model: Model = new Map();
  let phases = 0;
  while (state.winner === null && state.phase.year <= lastYear) {
    const where = `seed ${seed} ${phaseName(state.phase)}`;
    const texts = state.players.map((p) => [p.id, randomText(variant, state, p.id, rng)] as const);
    // Now and then the gamesmaster awards a bonus (rule 5b).
    if (rng.next() < 0.1)
      texts.push(['gm', `BONUS ${1 + rng.int(5)} TO ${rng.pick(variant.map.powers)!}`]);
    const submissions = texts.map(([player, text]) => {
      const parsed = parseSubmission(variant, state, player, text);
      expect(parsed.rejections, where).toEqual([]);
      return parsed.submission;
    });
    const before = state;
    const played = processVariantPhase(variant, state, submissions);
    state = played.state;
    phases++;

    // (a) The books balance.
    const was = holdings(before);
    const now = holdings(state);
    const change = reported(played.events);
    for (const p of variant.map.powers)
      expect(now[p], `${where} ${p}'s points`).toBe(was[p]! + (change[p] ?? 0));
    for (const l of Object.values(books(state))) {
      for (const n of [l.purse, ...Object.values(l.stores), ...Object.values(l.emergency)])
        expect(n, where).toBeGreaterThanOrEqual(0);
    }

    // (b) Strengths follow from the history.
    const phase = played.report.phase;
    if (phase.type === 'movement') model = afterMoves(model, before, played.report, strict, atFull);
    if (phase.type === 'module' && phase.step === 'budget-b')
      model = afterBudget(model, before, submissions, played.events);
    compare(model, state, where);
  }
  return phases;
}

const GAMES: readonly [number, GameSetup['options']][] = [
  [11, {}],
  [12, { 'pink-economy': { CAPTOR_SEIZES: true } }],
  [13, { 'pink-economy': { GARRISONS: true, SC_CAP: true, DEFAULT_CAPACITY: 3 } }],
  [14, { 'pink-strength': { STRICT_STANDOFF: true, ATTACKS_AT_FULL: true } }],
  [15, { 'pink-economy': { WITHDRAW_AT_HOME_ONLY: true, EMERGENCY_STORE: 3 } }],
  [16, { 'pink-economy': { DEFAULT_CAPACITY: 2 } }],
  [17, { 'pink-economy': { CARTHAGE_HOME: true, GARRISONS: true } }],
  [18, { 'pink-economy': { CARTHAGE_HOME: true, CAPTOR_SEIZES: true } }],
];

describe('Pink harness games: whole-game properties', () => {
  it.each(GAMES)('seed %i: the books balance and strengths follow the history', (seed, o) => {
    expect(playGame(seed, o, 1908)).toBeGreaterThan(30);
  });
});
