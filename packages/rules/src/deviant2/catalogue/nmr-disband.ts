/**
 * NMR_DISBAND — "NMR Rule: a unit given no order in a movement phase is disbanded after the
 * moves."
 * Hook: `afterMovement`. A unit for which its power gave no order at all (an illegal order is
 * still an order) held during the moves as usual — it can still be supported and still blocks —
 * and is then removed from the board; if it was dislodged, it is disbanded instead of
 * retreating. The public event `deviant/nmr-disband` lists the units removed, and the phase
 * report's removals name each with the rule.
 * Negation: repeal.
 */
import type { GameEvent, Unit } from '@arbiter/engine';
import { houseRule } from './house-rule.js';

const key = (u: { readonly power: string; readonly location: { readonly province: string } }) =>
  `${u.power} ${u.location.province}`;

export const nmrDisband = houseRule({
  id: 'nmr-disband',
  aliases: ['nmr-units-disband', 'nmr', 'unordered-units-disband'],
  headline: 'NMR Rule: a unit given no order in a movement phase is disbanded after the moves.',
  afterMovement: (ctx, resolution) => {
    const ordered = new Set(
      resolution.outcomes.flatMap((o) =>
        o.order.kind === 'waive' ? [] : [`${o.power} ${o.order.unit.location.province}`],
      ),
    );
    const idle: Unit[] = ctx.state.units.filter((u) => !ordered.has(key(u)));
    if (idle.length === 0) return { own: ctx.own };
    // Unordered units held, so each is where it started, or dislodged from there.
    const gone = new Set(idle.map((u) => `${key(u)} ${u.type}`));
    const stays = (u: Unit): boolean => !gone.has(`${key(u)} ${u.type}`);
    const events: GameEvent[] = [
      {
        type: 'deviant/nmr-disband',
        audience: { kind: 'public' },
        text: `NMR Rule: disbanded ${idle
          .map((u) => `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${u.location.province}`)
          .join(', ')} (no orders).`,
      },
    ];
    return {
      own: ctx.own,
      events,
      resolution: {
        ...resolution,
        units: resolution.units.filter(stays),
        dislodged: resolution.dislodged.filter((d) => stays(d.unit)),
        removals: [
          ...(resolution.removals ?? []),
          ...idle.map((unit) => ({
            unit,
            why: 'by-rule' as const,
            detail: 'disbanded by the NMR Rule: it was given no order',
          })),
        ],
      },
    };
  },
});
