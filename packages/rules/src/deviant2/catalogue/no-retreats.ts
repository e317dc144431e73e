/**
 * NO_RETREATS — "No Retreat Rule: a dislodged unit is destroyed; there are no retreats."
 * Hook: `afterMovement`. Every dislodged unit loses its retreat options, so the kernel destroys
 * it at once and no retreat phase is held; the outcome of its order says `destroyed`. A Spring
 * vote that passes this rule first applies to the Fall moves, a Fall vote to the next Spring's.
 * Negation: repeal.
 */
import type { GameEvent } from '@arbiter/engine';
import { houseRule } from './house-rule.js';

export const noRetreats = houseRule({
  id: 'no-retreats',
  aliases: ['no-retreat', 'noretreat', 'noretreats'],
  headline: 'No Retreat Rule: a dislodged unit is destroyed; there are no retreats.',
  afterMovement: (ctx, resolution) => {
    if (resolution.dislodged.length === 0) return { own: ctx.own };
    const events: GameEvent[] = [
      {
        type: 'deviant/no-retreats',
        audience: { kind: 'public' },
        text: `No Retreat Rule: destroyed ${resolution.dislodged
          .map(
            (d) =>
              `${d.unit.power} ${d.unit.type === 'army' ? 'A' : 'F'} ${d.unit.location.province}`,
          )
          .join(', ')}.`,
      },
    ];
    return {
      own: ctx.own,
      events,
      resolution: {
        ...resolution,
        dislodged: resolution.dislodged.map((d) => ({ ...d, retreats: [] })),
        outcomes: resolution.outcomes.map((o) =>
          o.dislodged === 'dislodged' ? { ...o, dislodged: 'destroyed' as const } : o,
        ),
      },
    };
  },
});
