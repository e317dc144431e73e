// Random Fiascomacy games: PF accounting, no refused random line, and secret orders stay secret.
import { describe, expect, it } from 'vitest';
import {
  centerCounts,
  eventsFor,
  initialState,
  playVariantGame,
  viewFor,
  type GameSetup,
  type Power,
  type VariantState,
} from '@arbiter/engine';
import { fiascomacyVariant, type FiascomacyState } from '../src/fiascomacy/index.js';

const map = fiascomacyVariant.map;
const names = ['Alf', 'Bert', 'Cardew', 'Denis', 'Eve'];

function own(state: VariantState): FiascomacyState {
  return state.modules.fiascomacy as FiascomacyState;
}

function total(row: Readonly<Record<Power, number>> | undefined): number {
  return Object.values(row ?? {}).reduce((a, b) => a + b, 0);
}

/** The bonus each player earns after a Fall, worked out here independently of the module. */
function bonuses(
  players: readonly string[],
  invested: FiascomacyState['invested'],
  now: Readonly<Record<Power, number>>,
  before: Readonly<Record<Power, number>>,
): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
  for (const power of map.powers) {
    if (now[power] === 0) continue;
    const most = Math.max(...players.map((p) => invested[p]?.[power] ?? 0));
    if (most === 0) continue;
    for (const p of players) {
      if ((invested[p]?.[power] ?? 0) === most) out[p]! += now[power]! < before[power]! ? 1 : 2;
    }
  }
  return out;
}

function play(
  seed: number,
  players: number,
  options: GameSetup['options'] = {},
): VariantState['winners'] {
  const ids = names.slice(0, players);
  const setup: GameSetup = {
    variant: 'fiascomacy',
    seed,
    players: ids.map((id) => ({ id, powers: [] })),
    options,
  };
  const expected: Record<string, number> = Object.fromEntries(ids.map((p) => [p, 8]));
  let lastYear = centerCounts(map, initialState(map).supplyCenters);
  let before: FiascomacyState | undefined;
  let phases = 0;
  let ordersCarried = 0;
  let winners: VariantState['winners'] = null;
  for (const played of playVariantGame(fiascomacyVariant, setup, { lastYear: 1907 })) {
    phases++;
    ordersCarried += played.orders.length;
    expect(played.rejections).toEqual([]);
    const { phase } = played.report;
    const now = own(played.state);
    if (phase.type === 'movement' && phase.season === 'spring')
      for (const p of ids) expected[p]! += 2;
    if (phase.season === 'fall' && played.state.phase.season !== 'fall') {
      const counts = centerCounts(map, played.state.supplyCenters);
      const bonus =
        options.fiascomacy?.BONUS === false ? {} : bonuses(ids, now.invested, counts, lastYear);
      for (const p of ids) expected[p]! += 2 + (bonus[p] ?? 0);
      lastYear = counts;
    }
    for (const p of ids) {
      // Every PF received is invested (random players spend all), and investments never shrink.
      expect(now.forfeited[p]).toBe(0);
      expect(now.received[p]).toBe(expected[p]);
      expect(total(now.invested[p]) + now.pf[p]!).toBe(expected[p]);
      for (const power of map.powers) {
        expect(now.invested[p]?.[power] ?? 0).toBeGreaterThanOrEqual(
          before?.invested[p]?.[power] ?? 0,
        );
      }
    }
    // Secrecy: each player sees only their own orders; the public sees none of anybody's.
    const receipts = played.events.filter((e) => e.type === 'fiascomacy/orders-received');
    expect(receipts).toHaveLength(ids.length);
    for (const viewer of [
      ...ids.map((player) => ({ kind: 'player' as const, player })),
      { kind: 'public' as const },
    ]) {
      const seen = JSON.stringify({
        view: viewFor(fiascomacyVariant, played.state, viewer),
        events: eventsFor(played.events, viewer),
      });
      for (const other of ids) {
        if (viewer.kind === 'player' && other === viewer.player) continue;
        expect(seen).not.toContain(`Orders received from ${other} `);
        expect(seen).not.toContain(`"player":"${other}"`);
      }
    }
    expect(
      eventsFor(played.events, { kind: 'gm' }).filter(
        (e) => e.type === 'fiascomacy/orders-received',
      ),
    ).toHaveLength(ids.length);
    before = now;
    winners = played.state.winners;
    if (winners !== null) {
      expect(winners.length).toBeGreaterThan(0);
      for (const w of winners) expect(ids).toContain(w);
    }
  }
  expect(phases).toBeGreaterThan(4);
  expect(ordersCarried).toBeGreaterThan(0);
  return winners;
}

describe('random Fiascomacy games', () => {
  it.each([
    [1, 3],
    [2, 4],
    [3, 5],
    [4, 3],
    [5, 4],
  ])('seed %i with %i investors keeps the books and the secrets', (seed, players) => {
    play(seed, players);
  });

  it.each([
    ['INVEST_LAGS', { INVEST_LAGS: true }],
    ['MISSING_AS_HOLD and INVALID_AS_HOLD', { MISSING_AS_HOLD: true, INVALID_AS_HOLD: true }],
    ['BONUS off', { BONUS: false }],
  ] as const)('with %s', (_, settings) => {
    play(11, 4, { fiascomacy: settings });
  });

  it('ends after LAST_YEAR with a winner by Score', () => {
    expect(play(21, 5, { fiascomacy: { LAST_YEAR: 1904 } })).not.toBeNull();
  });
});
