// The plan `holdEveryWinter`: a Fall in which nobody adjusts still gets its winter when a module
// plans it (the Fink's requests and Deviant's proposals are winter business).
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { defineModule, type Variant } from './module.js';
import { holdEveryWinter, newGame, processVariantPhase } from './pipeline.js';

function variant(hold: boolean): Variant {
  return {
    id: 'hold-winter-test',
    name: 'Hold winter test',
    map: standardMap,
    rulebook: '2023',
    modules: [
      defineModule({ id: 'w', headline: 'Winters', ...(hold ? { plan: holdEveryWinter } : {}) }),
    ],
    players: { min: 7, max: 7 },
  };
}

describe('holdEveryWinter', () => {
  it.each([
    [true, 'winter'],
    [false, 'spring'],
  ] as const)('planned %s, a quiet Fall goes to %s', (hold, season) => {
    const v = variant(hold);
    const started = newGame(v, {
      variant: v.id,
      seed: 1,
      players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
    });
    if (!started.ok) throw new Error(started.error.message);
    const fall = {
      ...started.value,
      phase: { year: 1901, season: 'fall' as const, type: 'movement' as const },
    };
    const r = processVariantPhase(v, fall, []);
    expect(r.state.phase).toEqual(
      season === 'winter'
        ? { year: 1901, season: 'winter', type: 'adjustment' }
        : { year: 1902, season: 'spring', type: 'movement' },
    );
    if (season === 'winter') {
      const w = processVariantPhase(v, r.state, []);
      expect(w.state.phase).toEqual({ year: 1902, season: 'spring', type: 'movement' });
      expect(w.state.units).toEqual(fall.units);
    }
  });
});
