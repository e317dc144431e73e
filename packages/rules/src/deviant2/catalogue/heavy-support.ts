/**
 * HEAVY_SUPPORT value=N — "Heavy Support: every support that is given adds N strength."
 * Hook: `movementRules.supportValue`: each support adds N (default 2, from 2 to 3) instead of 1.
 * A unit's own strength stays 1, so supports now outweigh units: one support (1 + 2 = 3) beats
 * a unit holding with no support (1), and also two supports' worth of standard strength.
 * Negation: repeal.
 */
import { houseRule, intSetting } from './house-rule.js';

export const heavySupport = houseRule({
  id: 'heavy-support',
  aliases: ['double-support', 'heavy-supports'],
  headline: 'Heavy Support: every support that is given adds 2 strength.',
  settings: { value: 2 },
  params: [{ name: 'value', min: 2, max: 3, about: 'strength each support adds' }],
  describe: (s) =>
    `Heavy Support: every support that is given adds ${intSetting(s, 'value', 2)} strength.`,
  movementRules: ({ settings }) => {
    const value = intSetting(settings, 'value', 2);
    return { supportValue: () => value };
  },
});
