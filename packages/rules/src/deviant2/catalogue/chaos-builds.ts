/**
 * CHAOS_BUILDS — "Chaos Builds: every power may build in any vacant supply centre it owns, even
 * one that has lost all its home centres."
 * Hook: `adjustmentRules.buildSites`. As in Chaos Diplomacy, home centres no longer matter for
 * building: any owned centre with no unit on it is a build site. The difference from
 * BUILD_ANYWHERE is the power with no home centre left, which may build here and not there.
 * Negation: repeal.
 */
import { supplyCentersOf } from '@arbiter/engine';
import { ownedVacantCentres } from './build-anywhere.js';
import { houseRule } from './house-rule.js';

export const chaosBuilds = houseRule({
  id: 'chaos-builds',
  aliases: ['chaos', 'chaos-build'],
  headline:
    'Chaos Builds: every power may build in any vacant supply centre it owns, even one that has lost all its home centres.',
  adjustmentRules: ({ map, state }) => {
    const centers = supplyCentersOf(map, state);
    return {
      buildSites: (power, owners, occupied) =>
        ownedVacantCentres(map, centers, power, owners, occupied),
    };
  },
});
