/**
 * FRIENDLY_FIRE — "Friendly Fire Rule: a power may dislodge its own units, and its supports
 * count against them."
 * Hook: `movementRules.friendlyFire`. The standard bars (DATC 6.D.10-14, 6.E.2-3) on dislodging
 * one's own unit and on helping to do so are lifted: an attack on one's own unit counts its full
 * strength, with every support, foreign or own.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const friendlyFire = houseRule({
  id: 'friendly-fire',
  aliases: ['friendlyfire', 'self-dislodgement'],
  headline:
    'Friendly Fire Rule: a power may dislodge its own units, and its supports count against them.',
  movementRules: () => ({ friendlyFire: true }),
});
