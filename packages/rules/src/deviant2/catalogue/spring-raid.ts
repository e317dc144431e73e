/**
 * SPRING_RAID — "Spring Raid Rule: supply centres change hands after the Spring moves as well as
 * after the Fall moves."
 * Hook: `afterPhase` with `game.supplyCenters`. When a Spring season ends (after its moves, or
 * after its retreats if it has any), every supply centre (of those that exist in that Spring)
 * with a unit on it becomes the property of that unit's power, exactly as the Fall update does. Votes are not affected: they count the
 * centres owned at the end of the previous Fall. Victory is checked after the update.
 * Negation: repeal.
 */
import { phaseName, supplyCentersOf, type GameEvent, type Power } from '@arbiter/engine';
import { houseRule } from './house-rule.js';

export const springRaid = houseRule({
  id: 'spring-raid',
  aliases: ['spring-raids', 'spring-captures', 'springraid'],
  headline:
    'Spring Raid Rule: supply centres change hands after the Spring moves as well as after the Fall moves.',
  afterPhase: (ctx, report) => {
    const { state, map } = ctx;
    if (report.phase.season !== 'spring' || state.phase.season === 'spring')
      return { own: ctx.own };
    const owners: Record<string, Power> = { ...state.supplyCenters };
    const centers = supplyCentersOf(map, state);
    const changes: string[] = [];
    for (const u of state.units) {
      const id = u.location.province;
      if (centers.has(id) && owners[id] !== u.power) {
        changes.push(`${id} to ${u.power}`);
        owners[id] = u.power;
      }
    }
    if (changes.length === 0) return { own: ctx.own };
    const supplyCenters: Record<string, Power> = {};
    for (const k of Object.keys(owners).sort()) supplyCenters[k] = owners[k]!;
    const events: GameEvent[] = [
      {
        type: 'deviant/spring-raid',
        audience: { kind: 'public' },
        text: `Spring Raid Rule, ${phaseName(report.phase).slice(0, 5)}: ${changes.sort().join(', ')}.`,
      },
    ];
    return { own: ctx.own, events, game: { supplyCenters } };
  },
});
