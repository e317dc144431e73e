// Across seeded random Fink games: in every phase played with a Fink, the public and every other
// player see exactly the same thing, line for line, as they would if another player had been
// the Fink with the same orders (RULINGS §2.1 rulings 8 and 13).
//
// What it proves: phase by phase, from the same position and the same orders (the Fink's own
// FINK order, retreat choice and requests handed to the other player), the report (every
// outcome with its strengths and sentence, dislodgements, declined builds), the adjudicated
// orders, the events and the state each of them may see do not depend on who the Fink is,
// except where the rule itself makes it public: an /ngf/ notice, or "The Fink has been
// eliminated." (those phases are counted, not compared). In winter both players are made to send
// no builds, since the board shows who built, which no report can hide.
// What it cannot prove: that a whole game does not give the Fink away (players choose their
// orders knowing who they are, and a Fink who never builds invites suspicion); the Fink's own
// view and the gamesmaster's (they are meant to differ); and what the service shows beside the
// engine (who is ready, when orders arrive), which the app's tests cover.
import { describe, expect, it } from 'vitest';
import {
  eventsFor,
  newGame,
  playVariantGame,
  processVariantPhase,
  viewFor,
  type PlayerId,
  type Submission,
  type VariantPhaseResult,
  type VariantState,
  type Viewer,
} from '@arbiter/engine';
import { finkVariant, type FinkState } from '../src/fink/index.js';

const players = finkVariant.map.powers.map((power, i) => ({
  id: `player-${i + 1}`,
  powers: [power],
}));
const powersOf = (id: PlayerId): readonly string[] => players.find((p) => p.id === id)!.powers;
const SEEDS = 30;

const swap = (id: string, x: string, y: string): string => (id === x ? y : id === y ? x : id);
function swapKeys<T>(r: Readonly<Record<string, T>>, x: string, y: string): Record<string, T> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [swap(k, x, y), v]));
}

/** The same position with `y` as the Fink in place of `x`, and each one's records swapped. */
function withFink(state: VariantState, x: PlayerId, y: PlayerId): VariantState {
  const own = state.modules['fink'] as FinkState;
  const moved: FinkState = {
    ...own,
    fink: { ...own.fink!, player: y },
    history: swapKeys(own.history, x, y),
    orders: swapKeys(own.orders, x, y),
    requests: swapKeys(own.requests, x, y),
  };
  return { ...state, modules: { ...state.modules, fink: moved } };
}

/**
 * The submissions with the Fink's part (module actions, orders for units not his own: the finked
 * unit's retreat) moved from x to y and back; in winter, `noBuilds`'s builds left out.
 */
function moved(
  subs: readonly Submission[],
  x: PlayerId,
  y: PlayerId,
  noBuilds: PlayerId | undefined,
): Submission[] {
  const of = (id: PlayerId): Submission => subs.find((s) => s.player === id)!;
  return subs.map((s) => {
    const from = s.player === x ? of(y) : s.player === y ? of(x) : s;
    const mine = s.orders.filter((po) => powersOf(s.player).includes(po.power));
    const handed = from.orders.filter((po) => !powersOf(from.player).includes(po.power));
    const orders = (s.player === x || s.player === y ? [...mine, ...handed] : s.orders).filter(
      (po) => !(s.player === noBuilds && po.order.kind === 'build'),
    );
    return { player: s.player, orders, actions: from.actions };
  });
}

/** Everything `viewer` may see of a phase's result. */
function seen(r: VariantPhaseResult, viewer: Viewer): string {
  return JSON.stringify({
    report: r.report,
    orders: r.orders,
    events: eventsFor(r.events, viewer),
    state: viewFor(finkVariant, r.state, viewer),
  });
}

const REVEALING = new Set(['fink/ngf', 'fink/eliminated']);
const reveals = (r: VariantPhaseResult): boolean =>
  eventsFor(r.events, { kind: 'public' }).some((e) => REVEALING.has(e.type));

describe('Fink: who the Fink is cannot be read from what others see', () => {
  it(`${SEEDS} games to 1907: every phase with a Fink looks the same with another Fink`, () => {
    const count = { compared: 0, revealed: 0, hiddenVoids: 0, winters: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const setup = { variant: 'fink', seed, players };
      const start = newGame(finkVariant, setup);
      if (!start.ok) throw new Error(start.error.message);
      let before: VariantState = start.value;
      const game = playVariantGame(finkVariant, setup, { lastYear: 1907 });
      for (let r = game.next(); r.done !== true; r = game.next()) {
        const phase = r.value;
        const seat = (before.modules['fink'] as FinkState).fink;
        if (seat !== null) {
          const x = seat.player;
          const victimPlayer = players.find((p) => p.powers.includes(seat.victim))?.id;
          const others = players.filter((p) => p.id !== x && p.id !== victimPlayer);
          const y = others[(seed + before.phaseIndex) % others.length]!.id;
          const winter = before.phase.type === 'adjustment';
          const a = processVariantPhase(
            finkVariant,
            before,
            moved(phase.submissions, x, x, winter ? y : undefined),
          );
          const b = processVariantPhase(
            finkVariant,
            withFink(before, x, y),
            moved(phase.submissions, x, y, winter ? x : undefined),
          );
          if (reveals(a) || reveals(b)) {
            count.revealed += 1;
          } else {
            count.compared += 1;
            if (winter) count.winters += 1;
            count.hiddenVoids += a.events.filter(
              (e) => e.type === 'fink/void-support' && e.data?.['mattered'] === false,
            ).length;
            const viewers: Viewer[] = [
              { kind: 'public' },
              ...players
                .filter((p) => p.id !== x && p.id !== y)
                .map((p): Viewer => ({ kind: 'player', player: p.id })),
            ];
            for (const viewer of viewers) expect(seen(b, viewer)).toBe(seen(a, viewer));
          }
        }
        before = phase.state;
      }
    }
    // The sample exercised the rule: many phases compared, winters among them, and void
    // supports that changed nothing (the case that once named the Fink).
    expect(count.compared).toBeGreaterThan(100);
    expect(count.winters).toBeGreaterThan(10);
    expect(count.hiddenVoids).toBeGreaterThan(5);
    console.info(`fink swap property: ${JSON.stringify(count)}`);
  });
});
