/**
 * OPEN_RETREATS — "Open Retreats: a dislodged unit may also retreat into a province left empty
 * by a standoff."
 * Hook: `afterMovement`: each dislodged unit's options gain every location it could move to
 * whose province was left vacant by a standoff this phase. The other limits stand: not into an
 * occupied province, not where the attacker came from, not by convoy. A unit that had nowhere to
 * go may now have somewhere.
 * Negation: repeal.
 */
import { unitProvinces, type Location } from '@arbiter/engine';
import { houseRule } from './house-rule.js';

export const openRetreats = houseRule({
  id: 'open-retreats',
  aliases: ['retreat-into-standoff', 'standoff-retreats'],
  headline:
    'Open Retreats: a dislodged unit may also retreat into a province left empty by a standoff.',
  afterMovement: (ctx, resolution) => {
    const { map } = ctx;
    if (resolution.dislodged.length === 0 || resolution.contested.length === 0)
      return { own: ctx.own };
    const contested = new Set(resolution.contested);
    const occupied = unitProvinces(resolution.units);
    const dislodged = resolution.dislodged.map((d) => {
      const from = map.indexOf(d.unit.location);
      const moves = d.unit.type === 'army' ? map.armyMoves[from]! : map.fleetMoves[from]!;
      const extra: Location[] = moves
        .map((l) => map.locations[l]!.location)
        .filter(
          (l) =>
            contested.has(l.province) &&
            !occupied.has(l.province) &&
            l.province !== d.attackerFrom &&
            !d.retreats.some((r) => r.province === l.province && r.coast === l.coast),
        );
      return extra.length === 0 ? d : { ...d, retreats: [...d.retreats, ...extra] };
    });
    return { own: ctx.own, resolution: { ...resolution, dislodged } };
  },
});
