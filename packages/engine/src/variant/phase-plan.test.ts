// Module phases: `phasePlan` sends the game to a module's own phase and `playPhase` plays it.
// The toy module below is shaped like Pink Diplomacy's economy (two budget steps replace the
// winter) and Fin de Siecle's setup (a first phase in which players choose unit types).
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { phaseName, type Phase } from '../game/state.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
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
  // standard winter is replaced, whatever the standard sequence would have done.
  phasePlan: (_ctx, from, next) => {
    if (from.type === 'module' && from.step === 'budget-a')
      return { phase: budgetStep(from.year, 'budget-b') };
    if (from.season === 'fall' && from.type !== 'module' && next.season !== 'fall')
      return {
        phase: budgetStep(from.year, 'budget-a'),
        resume: { year: from.year + 1, season: 'spring', type: 'movement' },
      };
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

describe('phasePlan and playPhase', () => {
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
