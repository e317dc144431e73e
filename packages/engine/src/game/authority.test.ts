// The unit an order names: found through each board's units by province, kept for the last few
// boards, so these check boards asked about in turn (more of them than are kept), the retreat
// phase's dislodged units, and a province that holds several units.
import { describe, expect, it } from 'vitest';
import { unit } from '../../test/support.js';
import type { Unit } from '../types.js';
import { orderedUnit } from './authority.js';
import { initialState, type GameState } from './state.js';
import { standardMap } from '../maps/index.js';

const start = initialState(standardMap);

function board(units: readonly Unit[], phase: GameState['phase'] = start.phase): GameState {
  return { ...start, phase, units };
}

describe('orderedUnit', () => {
  it('answers for each board it is asked about, boards taken in turn past those it keeps', () => {
    // Twelve boards, each with the army in Burgundy of another power (and each with Paris
    // empty): more boards than are kept, asked about three times over in turn.
    const powers = standardMap.powers;
    const boards = Array.from({ length: 12 }, (_, i) =>
      board([unit(`${powers[i % powers.length]!} A bur`), unit('ENG F lon')]),
    );
    for (let round = 0; round < 3; round++) {
      boards.forEach((b, i) => {
        expect(orderedUnit(b, 'bur', 'army', [])?.power).toBe(powers[i % powers.length]);
        expect(orderedUnit(b, 'lon', undefined, [])?.power).toBe('ENG');
        expect(orderedUnit(b, 'par', undefined, [])).toBeUndefined();
      });
    }
  });

  it('names the dislodged unit in a retreat phase, not the unit that took its place', () => {
    const dislodger = unit('GER A bur');
    const dislodged = unit('FRA A bur');
    const retreat = {
      ...board([dislodger], { year: 1901, season: 'spring', type: 'retreat' }),
      dislodged: [{ unit: dislodged, attackerFrom: 'mun', retreats: [] }],
    };
    expect(orderedUnit(retreat, 'bur', undefined, [])).toBe(dislodged);
    // The same units in a movement phase: the unit on the board.
    expect(orderedUnit(board(retreat.units), 'bur', undefined, [])).toBe(dislodger);
  });

  it('where several units share a province: the submitter’s own first, of the named type first', () => {
    const shared = board([unit('ENG A nth'), unit('FRA A nth'), unit('FRA F nth')]);
    expect(orderedUnit(shared, 'nth', 'fleet', ['FRA'])).toBe(shared.units[2]);
    expect(orderedUnit(shared, 'nth', 'army', ['FRA'])).toBe(shared.units[1]);
    expect(orderedUnit(shared, 'nth', undefined, ['FRA'])).toBe(shared.units[1]);
    expect(orderedUnit(shared, 'nth', 'fleet', ['RUS'])).toBe(shared.units[0]);
  });
});
