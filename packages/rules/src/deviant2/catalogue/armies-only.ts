/**
 * ARMIES_ONLY — "Armies Only Rule: no fleet may be built, and fleets on the board may not move;
 * they may still hold, support and convoy."
 * Hooks: `movementRules.illegal` (a fleet's move is `forbidden-by-rule`, so it holds) and
 * `adjustmentRules.mayBuildType` (a fleet build is illegal, `type-not-allowed`, and uses no
 * build). Retreats are not moves: a dislodged fleet still retreats.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const armiesOnly = houseRule({
  id: 'armies-only',
  aliases: ['army-only', 'no-fleets'],
  headline:
    'Armies Only Rule: no fleet may be built, and fleets on the board may not move; they may still hold, support and convoy.',
  movementRules: () => ({
    illegal: (order, unit) =>
      order.kind === 'move' && unit.type === 'fleet' ? 'forbidden-by-rule' : undefined,
  }),
  adjustmentRules: () => ({ mayBuildType: (type) => type === 'army' }),
});
