/**
 * NO_HOLD_SUPPORT — "Support Moves Only: a unit may support a move, but not a unit that holds."
 * Hook: `movementRules.illegal`: every support-to-hold order is illegal (`forbidden-by-rule`)
 * and the supporting unit simply holds. Supports of moves are untouched.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const noHoldSupport = houseRule({
  id: 'no-hold-support',
  aliases: ['no-hold-supports', 'support-moves-only', 'no-support-hold'],
  headline: 'Support Moves Only: a unit may support a move, but not a unit that holds.',
  movementRules: () => ({
    illegal: (order) => (order.kind === 'support-hold' ? 'forbidden-by-rule' : undefined),
  }),
});
