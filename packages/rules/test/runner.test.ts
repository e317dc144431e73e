// The scenario runner must notice every kind of wrong expectation, or the scenarios prove nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario, type ScenarioCase, type ScenarioExpectation } from '@arbiter/engine';
import { VARIANTS } from '../src/index.js';

const base = (
  JSON.parse(readFileSync(new URL('./scenarios/standard.json', import.meta.url), 'utf8')) as {
    cases: ScenarioCase[];
  }
).cases[0]!;

function withFirstStep(expect: ScenarioExpectation): ScenarioCase {
  return { ...base, steps: [{ orders: base.steps[0]!.orders, expect }] };
}

describe('scenario runner', () => {
  it.each([
    [
      'an outcome',
      { outcomes: { 'FRA A par - bur': ['succeeds'] } },
      'FRA A par - bur: expected succeeds, got fails',
    ],
    [
      'a missing order',
      { outcomes: { 'FRA A par - pic': ['fails'] } },
      'no adjudicated order "FRA A par - pic"',
    ],
    ['the units', { units: ['FRA A par'] }, 'units ['],
    [
      'the rejections',
      { rejections: [] },
      'rejections [FRA parse/unknown-province, GER command/not-your-unit], expected []',
    ],
    ['the phase', { phase: 'S1901R' }, 'next phase F1901M, expected S1901R'],
    ['the centres', { centres: { bel: 'FRA' } }, 'do not include {"bel":"FRA"}'],
    ['the events', { events: { public: ['x/y'] } }, 'public sees events [], expected [x/y]'],
    ['a secret', { hidden: { public: ['"FRA"'] } }, 'public can see ""FRA""'],
    ['the winners', { winners: ['FRA'] }, 'winners null, expected ["FRA"]'],
  ] as const)('reports a wrong expectation of %s', (_, expect_, message) => {
    const r = runScenario((id) => VARIANTS[id], withFirstStep(expect_));
    expect(r.passed).toBe(false);
    expect(r.problems.join('\n')).toContain(message);
  });

  it('reports an unknown variant and a malformed start', () => {
    expect(runScenario((id) => VARIANTS[id], { ...base, variant: 'moon' }).problems).toEqual([
      'unknown variant "moon"',
    ]);
    expect(
      runScenario((id) => VARIANTS[id], { ...base, start: { phase: '1901' } }).problems[0],
    ).toMatch(/start.phase/);
  });
});
