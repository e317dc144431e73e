// The Pink economy's path rules on boards asked about in turn: a province holding another
// power's unit stops a path unless that power is friendly, whichever board was asked last (the
// board's owners are kept for the last few boards).
import { describe, expect, it } from 'vitest';
import { standardMap, type Unit } from '@arbiter/engine';
import { distanceTo, passableFor } from '../../src/pink-economy/ledger.js';

const army = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});

describe('passableFor and distanceTo', () => {
  it('answer for each board, more boards than are kept asked about in turn', () => {
    const never = (): boolean => false;
    // Board i puts a German army in Burgundy when i is even, a French one when odd.
    const boards = Array.from({ length: 12 }, (_, i) => [
      army(i % 2 === 0 ? 'GER' : 'FRA', 'bur'),
      army('ENG', 'lon'),
    ]);
    for (let round = 0; round < 3; round++) {
      boards.forEach((units, i) => {
        const ok = passableFor('FRA', units, never);
        expect(ok('bur')).toBe(i % 2 === 1);
        expect(ok('lon')).toBe(false);
        expect(ok('pic')).toBe(true);
        // Marseilles to Belgium: through Burgundy (2 moves) when France may pass it, else
        // round by Gascony, Paris and Picardy (4).
        expect(distanceTo(standardMap, 'mar', ['bel'], ok)).toBe(i % 2 === 1 ? 2 : 4);
      });
    }
    // A friendly power's unit lets the path through.
    const friendly = passableFor('FRA', boards[0]!, (owner, to) => owner === 'GER' && to === 'FRA');
    expect(distanceTo(standardMap, 'mar', ['bel'], friendly)).toBe(2);
  });
});
