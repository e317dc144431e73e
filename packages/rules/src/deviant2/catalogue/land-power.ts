/**
 * LAND_POWER — "Land Power: an army fights with strength 2, whether it moves or holds; fleets
 * keep strength 1."
 * Hook: `movementRules.extraSupport`: +1 to every army's attack, defence and hold strength (the
 * bonus cannot be cut). An army holding against a fleet with one support bounces it; a fleet
 * alone cannot dislodge an army even with one support. Supports still add 1 each, whoever gives
 * them. (A "heavy support" rule — every support worth 2 — was considered and dropped: with all
 * units of strength 1 it never changes a result, since 1 + 2a > 1 + 2b exactly when a > b.)
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const landPower = houseRule({
  id: 'land-power',
  aliases: ['armoured-armies', 'strong-armies'],
  headline:
    'Land Power: an army fights with strength 2, whether it moves or holds; fleets keep strength 1.',
  movementRules: () => ({ extraSupport: (unit) => (unit.type === 'army' ? 1 : 0) }),
});
