// Module phases: `plan` sends the game to a module's own phase and `playPhase` plays it.
// The toy module below is shaped like Pink Diplomacy's economy (two budget steps replace the
// winter) and Fin de Siecle's setup (a first phase in which players choose unit types).
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { phaseName, type Phase } from '../game/state.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
import { currentStep } from './step.js';
import type { VariantState } from './state.js';

interface Books {
  readonly spent: Readonly<Record<string, number>>;
  readonly steps: readonly string[];
}

const budgetStep = (year: number, step: string): Phase => ({
  year,
  season: 'winter',
  type: 'module',
  module: 'economy',
  step,
});

const economy = defineModule<Books>({
  id: 'economy',
  headline: 'Economy: the winter is two budget steps.',
  init: () => ({ spent: {}, steps: [] }),
  parseAction: (text) => {
    const m = /^SPEND (\d+)$/i.exec(text);
    return m === null ? undefined : { module: 'economy', type: 'spend', data: { n: Number(m[1]) } };
  },
  checkAction: (ctx) =>
    ctx.state.phase.type === 'module'
      ? undefined
      : { code: 'economy/not-now', message: 'spend only in a budget step' },
  // After each Fall (and its retreats), budget A then budget B, then the next Spring: the
  // standard winter is skipped, whatever the standard sequence would have done.
  plan: (_ctx, done, next) => {
    if (done.type === 'module' && done.step === 'budget-a')
      return budgetStep(done.year, 'budget-b');
    if (done.type === 'module' && done.step === 'budget-b')
      return { year: done.year + 1, season: 'spring', type: 'movement' };
    if (done.season === 'fall' && done.type !== 'module' && next.season !== 'fall')
      return budgetStep(done.year, 'budget-a');
    return undefined;
  },
  playPhase: (ctx, submissions) => {
    const spent = { ...ctx.own.spent };
    for (const s of submissions)
      for (const a of s.actions) spent[s.player] = (spent[s.player] ?? 0) + Number(a.data['n']);
    return {
      own: { spent, steps: [...ctx.own.steps, phaseName(ctx.state.phase)] },
      events: [{ type: 'economy/budget', audience: { kind: 'gm' }, text: 'budget played' }],
    };
  },
});

const variant: Variant = {
  id: 'phase-plan-test',
  name: 'Phase plan test',
  map: standardMap,
  rulebook: '2023',
  modules: [economy],
  players: { min: 7, max: 7 },
};

function start(v: Variant = variant): VariantState {
  const r = newGame(v, {
    variant: v.id,
    seed: 3,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function play(v: Variant, s: VariantState, lines: Readonly<Record<string, string>> = {}) {
  const subs = s.players.map((p) => parseSubmission(v, s, p.id, lines[p.id] ?? ''));
  return {
    result: processVariantPhase(
      v,
      s,
      subs.map((x) => x.submission),
    ),
    rejections: subs.flatMap((x) => x.rejections),
  };
}

describe('plan and playPhase', () => {
  it('replaces the winter with two budget steps, then resumes at the next Spring', () => {
    let s = start();
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      names.push(phaseName(s.phase));
      s = play(variant, s).result.state;
    }
    names.push(phaseName(s.phase));
    expect(names).toEqual([
      'S1901M',
      'F1901M',
      'W1901-budget-a',
      'W1901-budget-b',
      'S1902M',
      'F1902M',
    ]);
    expect((s.modules['economy'] as Books).steps).toEqual(['W1901-budget-a', 'W1901-budget-b']);
    expect(s.resume).toBeUndefined();
    expect(s.phaseIndex).toBe(5);
  });

  it('takes module actions in a module phase and refuses unit orders there', () => {
    let s = start();
    s = play(variant, s).result.state;
    s = play(variant, s).result.state;
    expect(s.phase.type).toBe('module');
    const { result, rejections } = play(variant, s, {
      ENG: 'SPEND 4\nA lvp - yor',
      FRA: 'SPEND 2',
    });
    expect(rejections.map((r) => `${r.player} ${r.code}`)).toEqual([
      'ENG command/no-orders-this-phase',
    ]);
    expect((result.state.modules['economy'] as Books).spent).toEqual({ ENG: 4, FRA: 2 });
    expect(result.report.outcomes).toEqual([]);
    expect(result.events.map((e) => e.type)).toEqual(['economy/budget']);
    // Outside a module phase, the module's own check refuses the action.
    const spring = play(variant, result.state).result.state;
    const later = play(variant, spring, { ENG: 'SPEND 1' });
    expect(later.rejections.map((r) => r.code)).toEqual(['economy/not-now']);
  });

  it('can start the game in a module phase (a setup step) and go on to the first Spring', () => {
    const setup: Phase = {
      year: 1900,
      season: 'winter',
      type: 'module',
      module: 'economy',
      step: 'setup',
    };
    const v: Variant = { ...variant, startPhase: setup };
    const s = start(v);
    expect(phaseName(s.phase)).toBe('W1900-setup');
    const next = play(v, s, { AUS: 'SPEND 1' }).result.state;
    expect(phaseName(next.phase)).toBe('S1901M');
    expect((next.modules['economy'] as Books).spent).toEqual({ AUS: 1 });
  });

  it('is deterministic: the same submissions give the same states', () => {
    const run = (): string => {
      let s = start();
      for (let i = 0; i < 4; i++) s = play(variant, s, { ENG: 'SPEND 1' }).result.state;
      return JSON.stringify(s);
    };
    expect(run()).toBe(run());
  });
});

// A module phase reports what it did, and every report names the phase that comes next.
const market = defineModule<{ readonly sold: number }>({
  id: 'market',
  headline: 'Market: each winter, England may sell its fleet in London.',
  init: () => ({ sold: 0 }),
  plan: (_ctx, done, next) =>
    done.season === 'fall' && done.type !== 'module' && next.type !== 'module'
      ? { year: done.year, season: 'winter', type: 'module', module: 'market', step: 'market' }
      : undefined,
  actors: (ctx) => ctx.state.players.filter((p) => p.powers.includes('ENG')).map((p) => p.id),
  parseAction: (text) =>
    /^SELL$/i.test(text) ? { module: 'market', type: 'sell', data: {} } : undefined,
  playPhase: (ctx, submissions) => {
    const sells = submissions.some((s) => s.player === 'ENG' && s.actions.length > 0);
    const fleet = ctx.state.units.find((u) => u.power === 'ENG' && u.location.province === 'lon');
    if (!sells || fleet === undefined) return { own: ctx.own };
    return {
      own: { sold: ctx.own.sold + 1 },
      game: { units: ctx.state.units.filter((u) => u !== fleet) },
      report: {
        removed: [fleet],
        removals: [{ unit: fleet, why: 'by-rule', detail: 'sold at the market' }],
      },
    };
  },
});

describe('the plan: every step reported, adding, skipping and repeating steps', () => {
  const v: Variant = { ...variant, id: 'market-test', modules: [market] };

  it("reports a module phase's removals and names the next phase in every report", () => {
    let s = start(v);
    const spring = play(v, s).result;
    expect(spring.report.next).toEqual({ year: 1901, season: 'fall', type: 'movement' });
    s = play(v, spring.state).result.state;
    expect(phaseName(s.phase)).toBe('W1901-market');
    // Only England has business at the market.
    expect(currentStep(v, s).mustAct).toEqual(['ENG']);
    expect(currentStep(v, s).takesOrders).toBe(false);
    const sold = play(v, s, { ENG: 'SELL' }).result;
    expect(sold.report.name).toBe('W1901-market');
    expect(sold.report.removals).toEqual([
      {
        unit: s.units.find((u) => u.power === 'ENG' && u.type === 'fleet')!,
        why: 'by-rule',
        detail: 'sold at the market',
      },
    ]);
    expect(sold.state.units.some((u) => u.power === 'ENG' && u.location.province === 'lon')).toBe(
      false,
    );
    // The market interrupted the standard sequence, which goes on where it would have gone.
    expect(sold.report.next).toEqual({ year: 1902, season: 'spring', type: 'movement' });
    expect(sold.state.phase).toEqual(sold.report.next);
    expect(sold.state.resume).toBeUndefined();
  });

  it('skips a step when a plan answers the phase after it, and repeats one by answering it again', () => {
    const skipFall = defineModule<null>({
      id: 'skip',
      headline: 'No Falls.',
      init: () => null,
      plan: (_ctx, done, next) =>
        next.season === 'fall'
          ? { year: done.year, season: 'winter', type: 'adjustment' }
          : undefined,
    });
    const sv: Variant = {
      ...variant,
      id: 'skip-test',
      modules: [skipFall],
    };
    const s1 = play(sv, start(sv)).result;
    expect(phaseName(s1.state.phase)).toBe('W1901A');
    expect(s1.report.next).toEqual(s1.state.phase);

    let twice = 0;
    const again = defineModule<null>({
      id: 'again',
      headline: 'Spring 1901 twice.',
      init: () => null,
      plan: (_ctx, done) =>
        done.year === 1901 && done.season === 'spring' && twice++ === 0 ? done : undefined,
    });
    const rv: Variant = { ...variant, id: 'again-test', modules: [again] };
    const r1 = play(rv, start(rv), { FRA: 'A par - bur' }).result;
    expect(phaseName(r1.state.phase)).toBe('S1901M');
    expect(r1.state.units).toContainEqual(
      expect.objectContaining({ power: 'FRA', type: 'army', location: { province: 'bur' } }),
    );
    const r2 = play(rv, r1.state).result;
    expect(phaseName(r2.state.phase)).toBe('F1901M');
  });

  it("keeps what afterMovement changed in the game: owners (into the Fall's update) and the rule set", () => {
    // After the moves: Paris passes to Germany, and a rule goes into the rule set.
    const coup = defineModule<null>({
      id: 'coup',
      headline: 'Coup in Paris.',
      init: () => null,
      afterMovement: (ctx) => ({
        own: null,
        game: {
          supplyCenters: { ...ctx.state.supplyCenters, par: 'GER' },
          ruleSet: [...ctx.state.ruleSet, { module: 'coup', settings: {}, label: 'C', from: 1 }],
        },
      }),
    });
    const cv: Variant = { ...variant, id: 'coup-test', modules: [coup] };
    let s = start(cv);
    // Spring: no ownership update, yet the coup's owners stand.
    s = play(cv, s).result.state;
    expect(s.supplyCenters['par']).toBe('GER');
    expect(s.ruleSet.map((r) => r.module)).toEqual(['coup']);
    // Fall: the update starts from the coup's owners; the French army back in Paris retakes it.
    const fall = play(cv, s, { FRA: 'A par H' }).result;
    expect(fall.state.supplyCenters['par']).toBe('FRA');
    expect(fall.report.captured).toContainEqual({ province: 'par', from: 'GER', to: 'FRA' });
    expect(fall.state.ruleSet.map((r) => r.module)).toEqual(['coup', 'coup']);
  });

  it('refuses an afterMovement that changes units through game.units, not its resolution', () => {
    const bad = defineModule<null>({
      id: 'bad',
      headline: 'Bad.',
      init: () => null,
      afterMovement: (ctx) => ({ own: null, game: { units: ctx.state.units.slice(1) } }),
    });
    const bv: Variant = { ...variant, id: 'bad-test', modules: [bad] };
    expect(() => play(bv, start(bv))).toThrow(/through its resolution/);
  });
});
