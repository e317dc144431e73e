import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { Rng } from '../random.js';
import type { Unit } from '../types.js';
import { playRandomGame } from './play.js';
import { randomOrders, randomOrdersForAll } from './random-player.js';
import { initialState } from './state.js';

describe('the random player', () => {
  it('draws the same orders for a seed as when these games were recorded (30 games to 1910)', () => {
    // Self-play runs and their files are reproducible from a seed only while the draws stay
    // the same: a faster player must give these games exactly. (Recorded again on 2026-11-29,
    // when supports that fit no other order came to be drawn otherwise, as likely as before.)
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
      '5acac4fb4301ce8b8d39575cd2675a556c7e2eea0d0b09cf9f80648456d56667',
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

describe("the random player's supports that fit no other order", () => {
  // Austria's one army in Bohemia: its support fits no other Austrian order, so it is drawn
  // among every support it could give on the board, each as likely.
  const at = (power: string, type: Unit['type'], province: string): Unit => ({
    power,
    type,
    location: { province },
  });
  const map = standardMap;
  const start = initialState(map);
  const reach = (u: Unit): string[] => {
    const l = map.locationIndex(u.location.province);
    const moves = u.type === 'army' ? map.armyMoves[l] : map.fleetMoves[l];
    return (moves ?? []).map((m) => map.locations[m]!.location.province);
  };

  /** Each support Austria's army gives over `seeds` games' first boards, counted. */
  function supportsOf(units: Unit[], seeds: number): Map<string, number> {
    const state = { ...start, units };
    const count = new Map<string, number>();
    for (let seed = 1; seed <= seeds; seed++) {
      const [only] = randomOrders(map, state, 'AUS', new Rng(seed));
      const o = only!.order;
      if (o.kind !== 'support-hold' && o.kind !== 'support-move') continue;
      const key = `${o.supported.location.province}>${o.kind === 'support-move' ? o.to.province : 'H'}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
    return count;
  }

  it('draws each one the board allows, equally often', () => {
    const supporter = at('AUS', 'army', 'boh');
    const others = [
      at('GER', 'army', 'mun'),
      at('GER', 'army', 'ber'),
      at('RUS', 'army', 'war'),
      at('RUS', 'army', 'ukr'),
      at('ITA', 'army', 'ven'),
      at('TUR', 'army', 'ser'),
      at('FRA', 'fleet', 'lon'),
    ];
    // Every legal support, worked out here from the map's moves: a hold of a unit in a
    // province the army reaches, a move of another unit into one.
    const reached = new Set(reach(supporter));
    const expected = new Set<string>();
    for (const u of others) {
      if (reached.has(u.location.province)) expected.add(`${u.location.province}>H`);
      for (const to of reach(u)) if (reached.has(to)) expected.add(`${u.location.province}>${to}`);
    }
    expect(expected.size).toBeGreaterThan(8);
    const count = supportsOf([supporter, ...others], 30000);
    expect(new Set(count.keys())).toEqual(expected);
    const total = [...count.values()].reduce((a, b) => a + b, 0);
    const mean = total / expected.size;
    // About 560 each: a candidate drawn a quarter more or less often than the others is a bias
    // (six standard deviations), not chance.
    for (const [key, n] of count) {
      expect(n, key).toBeGreaterThan(mean * 0.75);
      expect(n, key).toBeLessThan(mean * 1.25);
    }
  });

  it('holds when the board allows none', () => {
    const count = supportsOf([at('AUS', 'army', 'boh'), at('ENG', 'fleet', 'lon')], 2000);
    expect(count.size).toBe(0);
    const state = { ...start, units: [at('AUS', 'army', 'boh'), at('ENG', 'fleet', 'lon')] };
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 2000; seed++)
      kinds.add(randomOrders(map, state, 'AUS', new Rng(seed))[0]!.order.kind);
    expect(kinds).toEqual(new Set(['move', 'hold']));
  });

  it("holds a unit at no place of the map (a caller's own board)", () => {
    const state = { ...start, units: [at('AUS', 'army', 'xyz'), at('ENG', 'fleet', 'lon')] };
    for (let seed = 1; seed <= 200; seed++) {
      const orders = randomOrders(map, state, 'AUS', new Rng(seed));
      expect(orders.map((o) => o.order.kind)).toEqual(['hold']);
    }
  });
});
