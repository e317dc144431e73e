/**
 * NO_CONVOYS — "No Convoy Rule: fleets may not convoy."
 * Hook: `movementRules.illegal`. Every convoy order is illegal (`forbidden-by-rule`); the fleet
 * holds. An army whose move needs a convoy then has no convoy ordered for it, so its move is
 * invalid and it stays (DATC 4.E.2). Moves to neighbours are untouched.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const noConvoys = houseRule({
  id: 'no-convoys',
  aliases: ['no-convoy', 'noconvoy', 'noconvoys'],
  headline: 'No Convoy Rule: fleets may not convoy.',
  movementRules: () => ({
    illegal: (order) => (order.kind === 'convoy' ? 'forbidden-by-rule' : undefined),
  }),
});
