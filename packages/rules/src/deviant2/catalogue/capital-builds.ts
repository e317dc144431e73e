/**
 * CAPITAL_BUILDS — "Capital Builds Rule: a power may build only in its capital."
 * Hook: `adjustmentRules.buildSites`: the one site is the power's capital, if it owns it and it
 * is vacant; otherwise the power cannot build this winter (its builds are lost). Capitals are a
 * setting (`capitals`), by default the standard map's seven.
 * Negation: repeal.
 */
import { capitalsSetting, houseRule, STANDARD_CAPITALS } from './house-rule.js';

export const capitalBuilds = houseRule({
  id: 'capital-builds',
  aliases: ['capital-build', 'build-in-capital', 'capital-only'],
  headline: 'Capital Builds Rule: a power may build only in its capital.',
  settings: { capitals: STANDARD_CAPITALS },
  adjustmentRules: ({ settings }) => {
    const capitals = capitalsSetting(settings);
    return {
      buildSites: (power, owners, occupied) => {
        const c = capitals[power];
        return c !== undefined && owners[c] === power && !occupied.has(c) ? [c] : [];
      },
    };
  },
});
