/**
 * DOUBLE_CAPITALS — "Fortress Capitals: a unit that stands in its own power's capital and does
 * not move holds with double strength (2 before supports)."
 * Hook: `movementRules.extraSupport`: +1 to the hold strength of a unit that is not moving (it
 * holds, supports, convoys, or its order was illegal) in its own power's capital. The bonus
 * cannot be cut. A foreign unit in a captured capital gets nothing. Capitals are a setting
 * (`capitals`: power → province), by default Vienna, London, Paris, Berlin, Rome, Moscow and
 * Constantinople.
 * Negation: repeal.
 */
import { capitalsSetting, houseRule, STANDARD_CAPITALS } from './house-rule.js';

export const doubleCapitals = houseRule({
  id: 'double-capitals',
  aliases: ['double-strength-capitals', 'fortress-capitals', 'capitals'],
  headline:
    "Fortress Capitals: a unit that stands in its own power's capital and does not move holds with double strength.",
  settings: { capitals: STANDARD_CAPITALS },
  movementRules: ({ settings }) => {
    const capitals = capitalsSetting(settings);
    return {
      extraSupport: (unit, order) =>
        order === 'hold' && capitals[unit.power] === unit.location.province ? 1 : 0,
    };
  },
});
