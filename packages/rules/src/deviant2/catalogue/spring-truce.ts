/**
 * SPRING_TRUCE — "Spring Truce: in Spring, no unit may move into a province that another
 * power's unit occupies."
 * Hook: `movementRules.illegal`, in Spring movement phases only: a move whose destination holds
 * a unit of another power at the start of the phase is illegal (`forbidden-by-rule`); the unit
 * holds. Moves into empty provinces, or onto one's own units, are allowed, even if the occupier
 * leaves. Fall is unaffected.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const springTruce = houseRule({
  id: 'spring-truce',
  aliases: ['truce', 'spring-peace'],
  headline:
    "Spring Truce: in Spring, no unit may move into a province that another power's unit occupies.",
  movementRules: ({ state }) => {
    if (state.phase.season !== 'spring') return undefined;
    const at = new Map(state.units.map((u) => [u.location.province, u.power]));
    return {
      illegal: (order, unit) => {
        if (order.kind !== 'move') return undefined;
        const there = at.get(order.to.province);
        return there !== undefined && there !== unit.power ? 'forbidden-by-rule' : undefined;
      },
    };
  },
});
