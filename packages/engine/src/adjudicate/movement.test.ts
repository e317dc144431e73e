import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { orders, unit } from '../../test/support.js';
import { Rng } from '../random.js';
import { playRandomGame } from '../game/play.js';
import type { PowerOrder, Unit } from '../types.js';
import { adjudicateMovement } from './movement.js';

const order = (text: string): PowerOrder => orders('movement', text)[0]!;

describe('movement outcomes', () => {
  it('explains a bounce with both strengths', () => {
    const r = adjudicateMovement(
      standardMap,
      [unit('AUS A vie'), unit('ITA A ven')],
      [order('AUS A vie - tyr'), order('ITA A ven - tyr')],
    );
    expect(r.outcomes.map((o) => o.explanation)).toEqual([
      'bounced with A ven, 1 against 1',
      'bounced with A vie, 1 against 1',
    ]);
    expect(r.contested).toEqual(['tyr']);
  });

  it('names the unit that cut a support, and the dislodged unit with its retreats', () => {
    const r = adjudicateMovement(
      standardMap,
      [unit('AUS F adr'), unit('AUS A tri'), unit('ITA A ven'), unit('ITA F ion')],
      [order('AUS F adr S A tri - ven'), order('AUS A tri - ven'), order('ITA F ion - adr')],
    );
    expect(r.outcomes[0]).toMatchObject({
      result: 'cut',
      reason: 'support-cut',
      by: 'ion',
      explanation: 'support cut by F ion',
    });
    expect(r.outcomes[1]).toMatchObject({ result: 'fails', strength: 1, against: 1 });
    const won = adjudicateMovement(
      standardMap,
      [unit('AUS F adr'), unit('AUS A tri'), unit('ITA A ven')],
      [order('AUS F adr S A tri - ven'), order('AUS A tri - ven')],
    );
    expect(won.dislodged).toEqual([
      {
        unit: unit('ITA A ven'),
        attackerFrom: 'tri',
        retreats: [
          { province: 'apu' },
          { province: 'pie' },
          { province: 'rom' },
          { province: 'tus' },
          { province: 'tyr' },
        ],
      },
    ]);
  });

  it('reports an illegal order with its reason and lets the unit hold', () => {
    const r = adjudicateMovement(
      standardMap,
      [unit('ENG F nth')],
      [order('ENG F nth - mun'), order('FRA A par - bur')],
    );
    expect(r.outcomes[0]).toMatchObject({ result: 'illegal', reason: 'unreachable' });
    expect(r.outcomes[1]).toMatchObject({
      result: 'illegal',
      reason: 'no-unit',
      explanation: 'there is no unit there; the order is ignored',
    });
    expect(r.units).toEqual([unit('ENG F nth')]);
  });

  it('rejects a board with two units in one province as a caller error', () => {
    expect(() =>
      adjudicateMovement(standardMap, [unit('RUS F stp/sc'), unit('RUS A stp')], []),
    ).toThrow(RangeError);
  });
});

describe('movement properties', () => {
  // Real positions and orders from random games, each adjudicated with its orders shuffled.
  const phases: { units: readonly Unit[]; orders: readonly PowerOrder[] }[] = [];
  for (const seed of [31, 32, 33]) {
    let units: readonly Unit[] = [];
    for (const p of playRandomGame(standardMap, { seed, lastYear: 1912, explain: false })) {
      if (p.report.phase.type === 'movement') phases.push({ units, orders: p.orders });
      units = p.state.units;
    }
  }
  const movement = phases.filter((p) => p.units.length > 0);

  it('gives every order the same outcome whatever order the orders come in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: movement.length - 1 }), fc.integer(), (i, seed) => {
        const { units, orders } = movement[i]!;
        const base = adjudicateMovement(standardMap, units, orders);
        const perm = new Rng(seed).shuffle(orders.map((_, k) => k));
        const shuffled = adjudicateMovement(
          standardMap,
          new Rng(seed + 1).shuffle(units),
          perm.map((k) => orders[k]!),
        );
        perm.forEach((k, j) => {
          expect(shuffled.outcomes[j]).toEqual(base.outcomes[k]);
        });
        const key = (u: Unit): string => JSON.stringify(u);
        expect(shuffled.units.map(key).sort()).toEqual(base.units.map(key).sort());
        expect(shuffled.dislodged.map((d) => JSON.stringify(d)).sort()).toEqual(
          base.dislodged.map((d) => JSON.stringify(d)).sort(),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same board without outcomes, and no outcomes, when asked for none', () => {
    for (const { units, orders } of movement) {
      const full = adjudicateMovement(standardMap, units, orders, { explain: false });
      const board = adjudicateMovement(standardMap, units, orders, {
        explain: false,
        outcomes: false,
      });
      expect(board.outcomes).toEqual([]);
      expect(JSON.stringify({ ...board, outcomes: full.outcomes })).toBe(JSON.stringify(full));
    }
  });

  it('is pure: adjudicating twice gives byte-identical JSON', () => {
    for (const { units, orders } of movement.slice(0, 50)) {
      expect(JSON.stringify(adjudicateMovement(standardMap, units, orders))).toBe(
        JSON.stringify(adjudicateMovement(standardMap, units, orders)),
      );
    }
  });
});
