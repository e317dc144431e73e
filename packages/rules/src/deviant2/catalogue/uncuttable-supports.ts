/**
 * UNCUTTABLE_SUPPORTS — "Iron Support Rule: supports cannot be cut; only dislodging the
 * supporting unit stops its support."
 * Hook: `movementRules.supportsOnlyCutByDislodgement`. An attack on a supporting unit that does
 * not dislodge it leaves the support given.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const uncuttableSupports = houseRule({
  id: 'uncuttable-supports',
  aliases: ['uncuttable-support', 'supports-cannot-be-cut', 'iron-support'],
  headline:
    'Iron Support Rule: supports cannot be cut; only dislodging the supporting unit stops its support.',
  movementRules: () => ({ supportsOnlyCutByDislodgement: true }),
});
