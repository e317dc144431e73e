// currentStep: who must act and who may, in each kind of phase.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import type { Unit } from '../types.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
import type { VariantState } from './state.js';
import { currentStep } from './step.js';

// France chooses the retreats of English units (as the Fink chooses his victim's).
const handOver = defineModule<null>({
  id: 'hand-over',
  headline: "France retreats England's units.",
  init: () => null,
  retreatController: (_ctx, unit) => (unit.power === 'ENG' ? ['player-fra'] : undefined),
});

const variant: Variant = {
  id: 'step-test',
  name: 'Step test',
  map: standardMap,
  rulebook: '2023',
  modules: [handOver],
  players: { min: 1, max: 7 },
};

const army = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});

function start(units?: readonly Unit[]): VariantState {
  const r = newGame(variant, {
    variant: variant.id,
    seed: 1,
    // Italy's seat is empty-handed (an observer with no power), Turkey nobody's.
    players: [
      ...['ENG', 'FRA', 'GER', 'AUS', 'RUS'].map((p) => ({
        id: `player-${p.toLowerCase()}`,
        powers: [p],
      })),
      { id: 'player-none', powers: [] },
    ],
  });
  if (!r.ok) throw new Error(r.error.code);
  return units === undefined ? r.value : { ...r.value, units };
}

describe('currentStep', () => {
  it('a movement phase: players with units must act (and one with no power), everyone may', () => {
    const s = start([army('ENG', 'lon'), army('FRA', 'par')]);
    const step = currentStep(variant, s);
    expect(step.name).toBe('S1901M');
    expect(step.kind).toBe('movement');
    expect(step.takesOrders).toBe(true);
    expect(step.mustAct).toEqual(['player-eng', 'player-fra', 'player-none']);
    expect(step.mayAct).toHaveLength(6);
  });

  it('a retreat: the owner must act; the player a module hands the retreat to may act too', () => {
    // France dislodges England's A Bel.
    const s = start([
      army('ENG', 'bel'),
      army('FRA', 'bur'),
      army('FRA', 'pic'),
      army('GER', 'mun'),
    ]);
    const france = parseSubmission(variant, s, 'player-fra', 'A bur - bel\nA pic S A bur - bel');
    expect(france.rejections).toEqual([]);
    const r = processVariantPhase(variant, s, [france.submission]);
    expect(r.state.phase.type).toBe('retreat');
    const step = currentStep(variant, r.state);
    expect(step.mustAct).toEqual(['player-eng']);
    expect(step.mayAct).toEqual(['player-eng', 'player-fra']);
  });

  it('an adjustment: only players with a build or a removal to make must act', () => {
    const s = {
      ...start([
        army('ENG', 'lon'),
        army('FRA', 'par'),
        army('GER', 'mun'),
        army('GER', 'ber'),
        army('GER', 'kie'),
      ]),
      phase: { year: 1901, season: 'winter' as const, type: 'adjustment' as const },
    };
    // England (3 centres, 1 unit) builds; Germany (3 and 3) does not; France builds too.
    expect(currentStep(variant, s).mustAct).toEqual([
      'player-eng',
      'player-fra',
      'player-aus',
      'player-rus',
    ]);
  });
});
