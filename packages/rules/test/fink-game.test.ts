// A scripted five-year Fink game (scenarios/fink-game.json), replayed phase by phase against
// expectations worked out by hand; then a few things the scenario format cannot say.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatPowerOrder,
  parseSubmission,
  phaseName,
  processVariantPhase,
  runScenario,
  scenarioState,
  type ScenarioCase,
  type VariantPhaseResult,
} from '@arbiter/engine';
import { finkVariant, NGF_SUPPORT, type FinkState } from '../src/fink/index.js';
import { VARIANTS } from '../src/index.js';

const game = (
  JSON.parse(readFileSync(new URL('./scenarios/fink-game.json', import.meta.url), 'utf8')) as {
    cases: ScenarioCase[];
  }
).cases[0]!;

/** Every phase of the game, in order, with what it did. */
function replay(): VariantPhaseResult[] {
  const start = scenarioState(finkVariant, game);
  if (typeof start === 'string') throw new Error(start);
  let state = start;
  const out: VariantPhaseResult[] = [];
  for (const step of game.steps) {
    const submissions = state.players.map(
      (p) =>
        parseSubmission(finkVariant, state, p.id, (step.orders[p.id] ?? []).join('\n')).submission,
    );
    const r = processVariantPhase(finkVariant, state, submissions);
    out.push(r);
    state = r.state;
  }
  return out;
}

describe('a scripted Fink game, 1901-1905', () => {
  it('meets every recorded expectation, phase by phase', () => {
    expect(runScenario((id) => VARIANTS[id], game).problems).toEqual([]);
  });

  const phases = replay();
  const at = (name: string): VariantPhaseResult => {
    const p = phases.find((x) => x.report.name === name);
    if (p === undefined) throw new Error(`no phase ${name}`);
    return p;
  };

  it('plays every phase from S1901M to W1905A, winters included', () => {
    expect(phases.map((p) => p.report.name)).toEqual([
      'S1901M', 'F1901M', 'W1901A', 'S1902M', 'S1902R', 'F1902M', 'F1902R', 'W1902A', 'S1903M',
      'F1903M', 'W1903A', 'S1904M', 'F1904M', 'F1904R', 'W1904A', 'S1905M', 'S1905R', 'F1905M',
      'W1905A',
    ]); // prettier-ignore
    expect(phaseName(phases.at(-1)!.state.phase)).toBe('S1906M');
  });

  it('marks the support that mattered /ngf/ in the report', () => {
    const o = at('F1902M').report.outcomes.find(
      (x) => formatPowerOrder(x) === 'AUS F tri S A ven',
    )!;
    expect(o.result).toBe('invalid');
    expect(o.explanation).toContain(NGF_SUPPORT);
  });

  it('reports the Fink dislodgement on the unit’s own order', () => {
    const o = at('S1902M').report.outcomes.find((x) => formatPowerOrder(x) === 'AUS A ser H')!;
    expect(o.dislodged).toBe('dislodged');
    expect(o.explanation).toContain('dislodged by the Fink');
  });

  it('destroys A Rom for want of a retreat and removes the eliminated Fink’s last unit', () => {
    expect(at('F1903M').report.removed).toEqual([
      expect.objectContaining({ power: 'ITA', type: 'army', location: { province: 'rom' } }),
    ]);
    expect(at('W1904A').report.removed).toEqual([
      expect.objectContaining({ power: 'ITA', type: 'fleet', location: { province: 'naf' } }),
    ]);
  });

  it('never lets a Fink build: his builds are reported as declined, with no order of his', () => {
    for (const name of ['W1901A', 'W1904A', 'W1905A']) {
      const r = at(name).report;
      const fink = name === 'W1901A' ? 'ITA' : 'TUR';
      expect(r.built.filter((u) => u.power === fink)).toEqual([]);
      expect(r.outcomes.filter((o) => o.power === fink)).toEqual([]);
      expect(r.declined[fink]).toBe(1);
    }
  });

  it('keeps the history of successful finks per player, for ever', () => {
    const own = phases.at(-1)!.state.modules['fink'] as FinkState;
    expect(own.history).toEqual({ ITA: ['ser'], TUR: ['war'] });
    expect(own.orders['ITA']!.map((o) => [o.phase, o.province, o.result])).toEqual([
      ['S1902M', 'ser', 'dislodged'],
      ['S1904M', 'adr', 'no-effect'],
    ]);
    expect(own.fink).toEqual({ player: 'TUR', victim: 'RUS', since: 'W1904A' });
  });
});
