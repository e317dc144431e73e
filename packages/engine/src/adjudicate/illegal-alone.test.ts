// illegalAlone: for each order, what adjudicateMovement says of it given alone. Checked against
// the adjudicator itself on the boards of random games, for every legal order of every unit
// and for orders made wrong in each way an order can be (another power's unit, a wrong type, an
// unknown or unreachable place, a coast, a phase's wrong kind), with a rule module's veto and
// under another rulebook edition.
import { describe, expect, it } from 'vitest';
import { legalOrders } from '../game/legal-orders.js';
import { playRandomGame } from '../game/play.js';
import type { GameState } from '../game/state.js';
import { standardMap } from '../maps/index.js';
import { Rng } from '../random.js';
import type { Location, Order, PowerOrder } from '../types.js';
import { adjudicateMovement, illegalAlone } from './movement.js';
import { rulebookChoices } from './rulebook.js';
import type { MovementRules } from './rules.js';

const map = standardMap;

/** Movement-phase boards of a few seeded random games. */
function boards(): GameState[] {
  const out: GameState[] = [];
  for (let seed = 1; seed <= 6; seed++) {
    for (const { state } of playRandomGame(map, { seed, lastYear: 1908, explain: false }))
      if (state.phase.type === 'movement') out.push(state);
  }
  return out;
}

const anywhere = (rng: Rng): Location => rng.pick(map.locations)!.location;

/** The order made wrong in one of the ways an order can be. */
function spoiled(order: Order, rng: Rng): Order {
  if (order.kind === 'waive' || order.kind === 'build') return order;
  const unit = order.unit;
  switch (rng.int(7)) {
    case 0:
      return { ...order, unit: { ...unit, type: unit.type === 'army' ? 'fleet' : 'army' } };
    case 1:
      return { kind: 'move', unit, to: anywhere(rng), viaConvoy: rng.next() < 0.5 };
    case 2:
      return { kind: 'move', unit, to: { province: 'atlantis' }, viaConvoy: false };
    case 3:
      return {
        kind: 'support-move',
        unit,
        supported: { location: anywhere(rng) },
        to: anywhere(rng),
      };
    case 4:
      return { kind: 'convoy', unit, army: anywhere(rng), to: anywhere(rng) };
    case 5:
      return { kind: 'retreat', unit, to: anywhere(rng) };
    default:
      return { kind: 'hold', unit: { ...unit, location: anywhere(rng) } };
  }
}

function alone(
  units: GameState['units'],
  po: PowerOrder,
  options: { rules?: MovementRules; choices?: ReturnType<typeof rulebookChoices> },
): string | undefined {
  const o = adjudicateMovement(map, units, [po], { ...options, explain: false }).outcomes[0]!;
  return o.result === 'illegal' ? o.reason : undefined;
}

describe('illegalAlone', () => {
  const noConvoys: MovementRules = {
    illegal: (o) => (o.kind === 'convoy' ? 'forbidden-by-rule' : undefined),
  };
  const settings = [{}, { rules: noConvoys }, { choices: rulebookChoices('1971') }] as const;

  it('judges every order as the adjudicator judges it given alone, on many boards', () => {
    const rng = new Rng(42);
    let illegal = 0;
    let legal = 0;
    for (const board of boards()) {
      const asked: PowerOrder[] = [];
      for (const power of map.powers) {
        for (const order of legalOrders(map, board, power)) {
          if (rng.next() < 0.3) asked.push({ power, order });
          if (rng.next() < 0.2) asked.push({ power, order: spoiled(order, rng) });
          // Another power's unit.
          if (rng.next() < 0.02) asked.push({ power: rng.pick(map.powers)!, order });
        }
      }
      for (const options of settings) {
        const judged = illegalAlone(map, board.units, asked, options);
        expect(judged).toHaveLength(asked.length);
        asked.forEach((po, k) => {
          expect(judged[k], JSON.stringify(po)).toBe(alone(board.units, po, options));
          if (judged[k] === undefined) legal++;
          else illegal++;
        });
      }
    }
    // Both answers, many times over.
    expect(legal).toBeGreaterThan(5000);
    expect(illegal).toBeGreaterThan(2000);
  });

  it('judges each order alone: the same order twice is not a duplicate', () => {
    const board = boards()[0]!;
    const po: PowerOrder = { power: 'FRA', order: legalOrders(map, board, 'FRA')[0]! };
    expect(illegalAlone(map, board.units, [po, po, po])).toEqual([undefined, undefined, undefined]);
  });
});
