// illegalAlone on the boards of variants whose rules change legality (Fin de Siecle's oceans,
// where units share combat-free spaces, and Pink III's armies-only rules): for every legal
// order of every unit, and each made wrong, the same answer as adjudicateMovement given the
// order alone under the phase's rules.
import { describe, expect, it } from 'vitest';
import {
  adjudicateMovement,
  illegalAlone,
  legalOrders,
  phaseRules,
  playVariantGame,
  type Order,
  type PowerOrder,
  type VariantState,
} from '@arbiter/engine';
import { CATALOGUE, VARIANTS, onePlayerPerPower, worldSeats } from '../src/index.js';

/** Movement boards of a seeded game of the variant, to `lastYear`. */
function boards(id: string, lastYear: number): VariantState[] {
  const variant = VARIANTS[id]!;
  const players = id === 'fin-de-siecle' ? worldSeats(8) : onePlayerPerPower(variant);
  const out: VariantState[] = [];
  for (const { state } of playVariantGame(
    variant,
    { variant: id, seed: 3, players },
    { lastYear, catalogue: CATALOGUE },
  ))
    if (state.phase.type === 'movement') out.push(state);
  return out;
}

/** A hold for the unit of the order, at the province of the first unit of another power. */
function elsewhere(order: Order, state: VariantState): Order {
  if (order.kind === 'waive' || order.kind === 'build') return order;
  const other = state.units.find((u) => u.location.province !== order.unit.location.province);
  return other === undefined
    ? order
    : { kind: 'move', unit: order.unit, to: other.location, viaConvoy: true };
}

describe.each([
  ['fin-de-siecle', 1882],
  ['pink3', 1903],
])('illegalAlone on %s boards', (id, lastYear) => {
  it('judges every order as the adjudicator does given it alone, under the phase’s rules', () => {
    const variant = VARIANTS[id]!;
    const map = variant.map;
    let illegal = 0;
    let legal = 0;
    for (const state of boards(id, lastYear)) {
      const rules = phaseRules(variant, state, CATALOGUE);
      const options = {
        ...(rules.movementRules === undefined ? {} : { rules: rules.movementRules }),
        ...(rules.choices === undefined ? {} : { choices: rules.choices }),
      };
      const asked: PowerOrder[] = [];
      for (const power of map.powers) {
        const orders = legalOrders(map, state, power, rules);
        orders.forEach((order, i) => {
          if (i % 3 === 0) asked.push({ power, order });
          if (i % 5 === 0) asked.push({ power, order: elsewhere(order, state) });
        });
      }
      const judged = illegalAlone(map, state.units, asked, options);
      asked.forEach((po, k) => {
        const o = adjudicateMovement(map, state.units, [po], { ...options, explain: false })
          .outcomes[0]!;
        expect(judged[k], JSON.stringify(po)).toBe(o.result === 'illegal' ? o.reason : undefined);
        if (judged[k] === undefined) legal++;
        else illegal++;
      });
    }
    expect(legal).toBeGreaterThan(200);
    expect(illegal).toBeGreaterThan(20);
  });
});
