// Orders for units in a shared combat-free space (Fin de Siecle's oceans) reach the player's own
// unit, whichever power's unit is listed first, and are adjudicated with the space's rules.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';

const oceans = defineModule({
  id: 'oceans',
  headline: 'Oceans: the Mid-Atlantic has no combat.',
  movementRules: () => ({ combatFree: (p) => p === 'mao' }),
});

const variant: Variant = {
  id: 'shared-space-test',
  name: 'Shared space test',
  map: standardMap,
  rulebook: '2023',
  modules: [oceans],
  players: { min: 7, max: 7 },
};

describe('a shared combat-free space in the pipeline', () => {
  it('binds each player’s order to their own unit there, and both moves out are judged', () => {
    const r = newGame(variant, {
      variant: variant.id,
      seed: 1,
      players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
    });
    if (!r.ok) throw new Error(r.error.code);
    const state = {
      ...r.value,
      units: [
        { power: 'ENG', type: 'fleet' as const, location: { province: 'mao' } },
        { power: 'FRA', type: 'fleet' as const, location: { province: 'mao' } },
      ],
    };
    const fra = parseSubmission(variant, state, 'FRA', 'F mao - bre');
    const eng = parseSubmission(variant, state, 'ENG', 'F mao - por');
    expect([...fra.rejections, ...eng.rejections]).toEqual([]);
    expect(fra.submission.orders.map((o) => o.power)).toEqual(['FRA']);
    const next = processVariantPhase(variant, state, [fra.submission, eng.submission]);
    expect(next.report.outcomes.map((o) => `${o.power} ${o.result}`).sort()).toEqual([
      'ENG succeeds',
      'FRA succeeds',
    ]);
    expect(next.state.units.map((u) => `${u.power} ${u.location.province}`).sort()).toEqual([
      'ENG por',
      'FRA bre',
    ]);
  });
});
