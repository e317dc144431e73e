/**
 * BUILD_ANYWHERE — "Build Anywhere Rule: a power that still owns one of its home centres may
 * build in any vacant supply centre it owns."
 * Hook: `adjustmentRules.buildSites`. Sites are every supply centre the power owns with no unit
 * on it, home or conquered — but only while the power owns at least one of its own home centres;
 * a power that has lost all of them builds nowhere (as in the standard rules). Compare
 * CHAOS_BUILDS, which drops that condition.
 * Negation: repeal.
 */
import type { GameMap, Ownership, Power } from '@arbiter/engine';
import { houseRule } from './house-rule.js';

/** Every vacant supply centre a power owns. */
export function ownedVacantCentres(
  map: GameMap,
  power: Power,
  owners: Ownership,
  occupied: ReadonlySet<string>,
): string[] {
  return map.provinces
    .filter((p) => p.isSupplyCenter && owners[p.id] === power && !occupied.has(p.id))
    .map((p) => p.id);
}

export const buildAnywhere = houseRule({
  id: 'build-anywhere',
  aliases: ['buildanywhere', 'build-any'],
  headline:
    'Build Anywhere Rule: a power that still owns one of its home centres may build in any vacant supply centre it owns.',
  adjustmentRules: ({ map }) => ({
    buildSites: (power, owners, occupied) => {
      const ownsHome = map.provinces.some(
        (p) => p.isSupplyCenter && p.home === power && owners[p.id] === power,
      );
      return ownsHome ? ownedVacantCentres(map, power, owners, occupied) : [];
    },
  }),
});
