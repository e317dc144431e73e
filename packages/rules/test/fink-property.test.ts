// Across seeded random Fink games: nobody but the Fink (and the gamesmaster) ever sees who the
// Fink is or whom he finks on, and random players' lines are never refused.
import { describe, expect, it } from 'vitest';
import { eventsFor, playVariantGame, viewFor, type Viewer } from '@arbiter/engine';
import { finkVariant, type FinkState } from '../src/fink/index.js';

// Player ids that are not power ids, so an id found in a view or an event is a leak.
const players = finkVariant.map.powers.map((power, i) => ({
  id: `player-${i + 1}`,
  powers: [power],
}));
const powerOf = (player: string): string => players.find((p) => p.id === player)!.powers[0]!;
const nameOf = (power: string): string =>
  finkVariant.map.spec.powers.find((p) => p.id === power)!.name;

// Events that name powers in their own right: a victim's unit dislodged (public by the rule),
// a support that was /ngf/ (public by the rule, only where it mattered), the requester's own
// failed request, and a victory.
const NAMING = new Set(['fink/dislodged', 'fink/ngf', 'fink/request-failed', 'game/victory']);

const SEEDS = 30;

describe('Fink: random games keep the secret', () => {
  it(`${SEEDS} games to 1907: no leak to other players or the public; no random line refused`, () => {
    const seen = { finks: 0, finked: 0, finkRetreats: 0, laterSteps: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const game = playVariantGame(
        finkVariant,
        {
          variant: 'fink',
          seed,
          players,
          ...(seed % 4 === 0
            ? { options: { fink: { phantomFink: true, FINK_RETARGET: true } } }
            : seed % 4 === 2
              ? { options: { fink: { FINK_RETREATS_AFTER: true } } }
              : {}),
        },
        { lastYear: 1907 },
      );
      let prev: FinkState | undefined;
      for (let r = game.next(); r.done !== true; r = game.next()) {
        const phase = r.value;
        expect(phase.rejections).toEqual([]);
        const own = phase.state.modules['fink'] as FinkState;
        const seats = [prev?.fink, own.fink].filter((s) => s !== null && s !== undefined);
        const finkIds = new Set(seats.map((s) => s.player));
        for (const e of phase.events) {
          if (e.type === 'fink/new-fink') seen.finks += 1;
          if (e.type === 'fink/dislodged') seen.finked += 1;
        }
        if (phase.report.phase.type === 'retreat' && prev?.pending != null) seen.finkRetreats += 1;
        if (phase.report.name.endsWith('R-fink')) seen.laterSteps += 1;
        const viewers: Viewer[] = [
          { kind: 'public' },
          ...players
            .filter((p) => !finkIds.has(p.id))
            .map((p): Viewer => ({ kind: 'player', player: p.id })),
        ];
        for (const viewer of viewers) {
          const view = viewFor(finkVariant, phase.state, viewer).modules['fink'] as Record<
            string,
            unknown
          >;
          expect(view).not.toHaveProperty('fink');
          expect(view).not.toHaveProperty('pending');
          // Only the viewer's own records, which never mention another's spell as Fink.
          const mine = viewer.kind === 'player' ? viewer.player : '';
          expect(view['history']).toEqual(own.history[mine] ?? []);
          expect(view['orders']).toEqual(own.orders[mine] ?? []);
          expect(view['requests']).toEqual(own.requests[mine] ?? []);
          const text = JSON.stringify(
            eventsFor(phase.events, viewer).filter((e) => !NAMING.has(e.type)),
          );
          for (const seat of seats) {
            expect(JSON.stringify(view)).not.toContain(`"${seat.player}"`);
            expect(text).not.toContain(seat.player);
            for (const secret of [powerOf(seat.player), seat.victim]) {
              expect(text).not.toContain(secret);
              expect(text).not.toContain(nameOf(secret));
            }
          }
          // Named events never carry a player id.
          for (const e of eventsFor(phase.events, viewer)) {
            for (const id of finkIds) expect(JSON.stringify(e)).not.toContain(`"${id}"`);
          }
        }
        prev = own;
      }
    }
    // The sample exercised the rule.
    expect(seen.finks).toBeGreaterThan(5);
    expect(seen.finked).toBeGreaterThan(5);
    expect(seen.finkRetreats).toBeGreaterThan(0);
    // FINK_RETREATS_AFTER's later step was played too.
    expect(seen.laterSteps).toBeGreaterThan(0);
  });
});
