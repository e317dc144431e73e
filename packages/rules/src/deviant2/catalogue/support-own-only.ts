/**
 * SUPPORT_OWN_ONLY — "Home Support Rule: a unit may support only units of its own power; other
 * supports do not count."
 * Hook: `movementRules.supportCounts`. A support given to another power's unit, for a hold or a
 * move, is ordered and may be cut as usual, but adds nothing (outcome `support-not-counted`).
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const supportOwnOnly = houseRule({
  id: 'support-own-only',
  aliases: ['support-own-units-only', 'own-support', 'home-support'],
  headline:
    'Home Support Rule: a unit may support only units of its own power; other supports do not count.',
  movementRules: () => ({
    supportCounts: (supporter, supported) => supporter.power === supported.power,
  }),
});
