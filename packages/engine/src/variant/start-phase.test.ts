// Variant.startPhase: a game may start before the first Spring (Deviant's pre-game Winter).
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import type { Variant } from './module.js';
import { newGame, processVariantPhase } from './pipeline.js';

const players = standardMap.powers.map((p) => ({ id: p, powers: [p] }));

function variant(startPhase?: Variant['startPhase']): Variant {
  return {
    id: 'start-phase-test',
    name: 'Start phase test',
    map: standardMap,
    rulebook: '2023',
    modules: [],
    players: { min: 7, max: 7 },
    ...(startPhase === undefined ? {} : { startPhase }),
  };
}

describe('startPhase', () => {
  it('defaults to the first Spring movement', () => {
    const g = newGame(variant(), { variant: 'x', seed: 1, players });
    expect(g.ok && g.value.phase).toEqual({ year: 1901, season: 'spring', type: 'movement' });
  });

  it('a Winter 1900 start adjusts nothing and leads to Spring 1901', () => {
    const v = variant({ year: 1900, season: 'winter', type: 'adjustment' });
    const g = newGame(v, { variant: v.id, seed: 1, players });
    if (!g.ok) throw new Error(g.error.message);
    expect(g.value.phase).toEqual({ year: 1900, season: 'winter', type: 'adjustment' });
    const r = processVariantPhase(v, g.value, []);
    expect(r.state.phase).toEqual({ year: 1901, season: 'spring', type: 'movement' });
    expect(r.state.units).toEqual(g.value.units);
    expect(r.state.phaseIndex).toBe(1);
  });
});
