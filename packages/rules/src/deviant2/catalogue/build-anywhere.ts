/**
 * BUILD_ANYWHERE — "Build Anywhere Rule: a power that still owns one of its home centres may
 * build in any vacant supply centre it owns."
 * Hook: `adjustmentRules.buildSites`. Sites are every supply centre the power owns with no unit
 * on it, home, conquered or new (NEW_CENTRES) — but only while the power owns at least one of its
 * own home centres (still a centre);
 * a power that has lost all of them builds nowhere (as in the standard rules). Compare
 * CHAOS_BUILDS, which drops that condition.
 * Negation: repeal.
 */
import type { GameMap, Ownership, Power, SupplyCenters } from '@arbiter/engine';
import { supplyCentersOf } from '@arbiter/engine';
import { houseRule } from './house-rule.js';

/** Every vacant supply centre (of those that exist, `centers`) a power owns, in map order. */
export function ownedVacantCentres(
  map: GameMap,
  centers: SupplyCenters,
  power: Power,
  owners: Ownership,
  occupied: ReadonlySet<string>,
): string[] {
  return map.provinces
    .filter((p) => owners[p.id] === power && centers.has(p.id) && !occupied.has(p.id))
    .map((p) => p.id);
}

export const buildAnywhere = houseRule({
  id: 'build-anywhere',
  aliases: ['buildanywhere', 'build-any'],
  headline:
    'Build Anywhere Rule: a power that still owns one of its home centres may build in any vacant supply centre it owns.',
  adjustmentRules: ({ map, state }) => {
    const centers = supplyCentersOf(map, state);
    return {
      buildSites: (power, owners, occupied) => {
        const ownsHome = map.provinces.some(
          (p) => p.home === power && owners[p.id] === power && centers.has(p.id),
        );
        return ownsHome ? ownedVacantCentres(map, centers, power, owners, occupied) : [];
      },
    };
  },
});
