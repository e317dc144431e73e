import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { Rng } from '../random.js';
import type { Unit } from '../types.js';
import { playRandomGame } from './play.js';
import { randomOrders, randomOrdersForAll } from './random-player.js';
import { initialState } from './state.js';

describe('the random player', () => {
  it('draws the orders it has always drawn for a seed (30 games to 1910)', () => {
    // Self-play runs and their files are reproducible from a seed only while the draws stay
    // the same: a faster player must give these games exactly.
    const hash = createHash('sha256');
    for (let seed = 1; seed <= 30; seed++) {
      for (const { orders } of playRandomGame(standardMap, {
        seed,
        lastYear: 1910,
        explain: false,
      }))
        hash.update(JSON.stringify(orders));
    }
    expect(hash.digest('hex')).toBe(
      '70cff2827bb09672cde91fba2f5aa44922f6e1a807e756c2c1967a76ab1c6818',
    );
  });

  it('gives every unit of a board with two units in a province one order, supports that reach', () => {
    // No game reaches such a board; the player still orders it (by its slower path).
    const start = initialState(standardMap);
    const extra: Unit = { power: 'AUS', type: 'army', location: { province: 'vie' } };
    const units = [...start.units, extra];
    const state = { ...start, units };
    for (let seed = 1; seed <= 40; seed++) {
      const orders = randomOrdersForAll(standardMap, state, new Rng(seed));
      const provinces = orders.map(({ order }) =>
        order.kind === 'waive' ? 'none' : order.unit.location.province,
      );
      // One order a province with a unit (the two units in Vienna share one).
      expect(new Set(provinces).size).toBe(provinces.length);
      expect(new Set(provinces)).toEqual(new Set(units.map((u) => u.location.province)));
      for (const { order } of orders) {
        if (order.kind !== 'support-hold' && order.kind !== 'support-move') continue;
        const where =
          order.kind === 'support-move' ? order.to.province : order.supported.location.province;
        const from = standardMap.locationIndex(
          order.unit.location.coast === undefined
            ? order.unit.location.province
            : `${order.unit.location.province}/${order.unit.location.coast}`,
        );
        const moves =
          order.unit.type === 'army' ? standardMap.armyMoves[from] : standardMap.fleetMoves[from];
        const reached = (moves ?? []).map((l) => standardMap.locations[l]!.location.province);
        expect(reached).toContain(where);
        expect(units.some((u) => u.location.province === order.supported.location.province)).toBe(
          true,
        );
      }
    }
  });

  it('orders the units of a power the map does not list, and only those', () => {
    // Each power's units are listed once a board by the map's powers; one not among them (a
    // caller's own) is looked for on the board instead.
    const start = initialState(standardMap);
    const units: Unit[] = [
      ...start.units,
      { power: 'XYZ', type: 'army', location: { province: 'boh' } },
      { power: 'XYZ', type: 'fleet', location: { province: 'nao' } },
    ];
    const state = { ...start, units };
    for (let seed = 1; seed <= 20; seed++) {
      const orders = randomOrders(standardMap, state, 'XYZ', new Rng(seed));
      expect(orders.map((o) => o.power)).toEqual(['XYZ', 'XYZ']);
      const at = orders.map(({ order }) =>
        order.kind === 'waive' ? 'none' : order.unit.location.province,
      );
      expect(at.sort()).toEqual(['boh', 'nao']);
      // The map's own powers are ordered as before, whatever else is on the board.
      const austria = randomOrders(standardMap, state, 'AUS', new Rng(seed));
      expect(
        austria
          .map(({ order }) => (order.kind === 'waive' ? '' : order.unit.location.province))
          .sort(),
      ).toEqual(['bud', 'tri', 'vie']);
    }
  });
});
