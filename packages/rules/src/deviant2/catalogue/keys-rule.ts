/**
 * KEYS_RULE — "Key's Rule: a unit ordered to move has no strength to hold its province, even if
 * its move fails."
 * Hooks: `movementRules.unitStrength` (0 for every unit) and `extraSupport` (+1 for every unit,
 * moving or not), which together leave every strength as it was except one: the hold strength of
 * a unit whose move failed, which the kernel takes from the unit's own strength alone — now 0.
 * So a unit that tries to move and bounces is dislodged by any attack of strength 1. Supports
 * are unaffected. (Should another rule set `unitStrength`, the later one wins.)
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const keysRule = houseRule({
  id: 'keys-rule',
  aliases: ['key-rule', 'keys', 'key'],
  headline:
    "Key's Rule: a unit ordered to move has no strength to hold its province, even if its move fails.",
  movementRules: () => ({ unitStrength: () => 0, extraSupport: () => 1 }),
});
