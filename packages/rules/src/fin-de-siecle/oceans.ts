/**
 * Fin de Siecle's oceans (rules M.2 and M.4; RULINGS.md 2.5, rulings 7 and 8), for the variant
 * to use. Which seas are oceans is map data (`ocean: true`, docs/map-format.md); this module
 * gives them their rules:
 *
 * - An ocean is combat-free (`MovementRules.combatFree`): any number of fleets of any powers
 *   share it, a move into it always succeeds and is not an attack, a fleet in it is never
 *   dislodged and its support is never cut.
 * - Movement needs nothing more: the map makes the oceans one network (every two are adjacent)
 *   and lets each border only seas. A fleet that starts in an ocean may move to any ocean, or to
 *   a sea beside its own ocean; a move is one step, so ocean → ocean → sea in one turn is
 *   impossible, and the adjudicator refuses it as any move to a place not adjacent
 *   (`unreachable`). `oceanHop` names that case for a player.
 * - Convoys go as the kernel draws routes: chains of fleet-held seas and oceans. Since the
 *   oceans are mutually adjacent and border no land, a route that uses them runs: a fleet-held
 *   sea beside the army, one or more fleet-held oceans, a fleet-held sea beside the destination
 *   (ruling 8). Where ruling 8 asks less than the kernel (one fleet-held ocean carries an army
 *   across the whole network, even to a sea beside another ocean only), a kernel change is
 *   needed; docs/maps/fin-de-siecle.md explains it.
 */
import { defineModule, formatLocation, type GameMap, type MovementRules } from '@arbiter/engine';

/** The module's id. */
export const OCEANS_MODULE_ID = 'oceans';

const oceanSets = new WeakMap<GameMap, ReadonlySet<string>>();

/** The ids of the oceans the map marks (`ocean: true`), in map order. */
export function oceansOf(map: GameMap): ReadonlySet<string> {
  let set = oceanSets.get(map);
  if (set === undefined) {
    set = new Set(map.spec.provinces.filter((p) => p.ocean === true).map((p) => p.id));
    oceanSets.set(map, set);
  }
  return set;
}

/** The oceans' movement rules on a map; undefined when it has no ocean. */
export function oceanMovementRules(map: GameMap): MovementRules | undefined {
  const oceans = oceansOf(map);
  if (oceans.size === 0) return undefined;
  const isOcean = (province: string): boolean => oceans.has(province);
  // Ruling 8: one fleet-held ocean carries an army to any fleet-held sea beside the network.
  return { combatFree: isOcean, convoyNetwork: isOcean };
}

/**
 * Why a fleet move from `from` to `to` (location keys) breaks the ocean rules, in words, or
 * undefined when it does not: a move from an ocean to a sea that borders another ocean only
 * would be ocean → ocean → sea in one turn (rule M.2), which takes two turns.
 */
export function oceanHop(map: GameMap, from: string, to: string): string | undefined {
  const oceans = oceansOf(map);
  const origin = from.split('/')[0]!;
  const target = to.split('/')[0]!;
  if (!oceans.has(origin) || oceans.has(target)) return undefined;
  const f = map.locationIndex(from);
  const t = map.locationIndex(to);
  if (f < 0 || t < 0 || map.canMove('fleet', f, t)) return undefined;
  const via = [...oceans].filter(
    (o) => o !== origin && map.canMove('fleet', map.locationIndex(o), t),
  );
  if (via.length === 0) return undefined;
  return (
    `a fleet in ${origin} may move to any ocean or to a sea beside ${origin}, not on to ${target}` +
    ` in the same turn: move to ${via.join(' or ')} first (rule M.2)`
  );
}

/** Fin de Siecle's oceans: combat-free, one network, and the convoys across them. */
export const oceansModule = defineModule({
  id: OCEANS_MODULE_ID,
  headline:
    'Oceans: fleets share them without combat; a fleet in an ocean may move to any other ocean, or to a sea beside its own.',
  movementRules: (ctx) => oceanMovementRules(ctx.map),
  // The kernel refuses ocean → ocean → sea as `unreachable`, in its own words; the report says
  // which rule and how to get there instead.
  explain: (ctx, outcomes) =>
    outcomes.map((o) => {
      if (o.reason !== 'unreachable' || o.order.kind !== 'move' || o.order.unit.type === 'army')
        return o;
      const why = oceanHop(
        ctx.map,
        formatLocation(o.order.unit.location),
        formatLocation(o.order.to),
      );
      return why === undefined ? o : { ...o, explanation: `${why}; the order is ignored` };
    }),
});
