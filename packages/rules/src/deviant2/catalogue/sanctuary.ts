/**
 * SANCTUARY — "Home Sanctuary: no unit may move into another power's home centre while that
 * power still owns it."
 * Hook: `movementRules.illegal`: a move into a home centre of power P, owned by P at the start
 * of the phase, by a unit of another power is illegal (`forbidden-by-rule`); the unit holds.
 * Once P has lost the centre, it may be entered again. Supports of such a move are void with it.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const sanctuary = houseRule({
  id: 'sanctuary',
  aliases: ['home-sanctuary', 'sanctuaries'],
  headline:
    "Home Sanctuary: no unit may move into another power's home centre while that power still owns it.",
  movementRules: ({ map, state }) => ({
    illegal: (order, unit) => {
      if (order.kind !== 'move') return undefined;
      const home = map.province(order.to.province)?.home;
      return home !== undefined &&
        home !== unit.power &&
        state.supplyCenters[order.to.province] === home
        ? 'forbidden-by-rule'
        : undefined;
    },
  }),
});
