// Seeded random games on the Fin de Siecle harness, played to the end after Fall 1900: the random
// players spend dips on supports, messages, interceptions and protections, and every phase is
// checked against the rules' invariants.
import { describe, expect, it } from 'vitest';
import {
  phaseName,
  playVariantGame,
  type Power,
  type VariantPlayedPhase,
  type VariantState,
} from '@arbiter/engine';
import {
  budgetOf,
  dipsState,
  finDeSiecleHarness as variant,
  HARNESS_PLAYERS,
  type PressState,
} from '../src/index.js';
import { expectNoLeaks } from './fin-de-siecle-leaks.js';

const SEEDS = [1, 2, 3];

function playGame(seed: number): { phases: VariantPlayedPhase[]; end: VariantState } {
  const game = playVariantGame(variant, { variant: variant.id, seed, players: HARNESS_PLAYERS });
  const phases: VariantPlayedPhase[] = [];
  for (;;) {
    const r = game.next();
    if (r.done === true) return { phases, end: r.value };
    phases.push(r.value);
  }
}

const games = new Map<number, ReturnType<typeof playGame>>();
const gameOf = (seed: number) => {
  if (!games.has(seed)) games.set(seed, playGame(seed));
  return games.get(seed)!;
};

describe.each(SEEDS)('a random harness game, seed %i', (seed) => {
  it('plays from the setup step to the end after Fall 1900, every random line accepted', () => {
    const { phases, end } = gameOf(seed);
    expect(phases[0]!.report.name).toBe('W1879-setup');
    expect(phases.flatMap((p) => p.rejections)).toEqual([]);
    expect(end.winners ?? end.winner).not.toBeNull();
    // Without a solo, the last phase played is Fall 1900's (its moves or retreats).
    const last = phases.at(-1)!.report.phase;
    if (end.winner === null) expect([last.year, last.season]).toEqual([1900, 'fall']);
    // The random players did spend on every kind of thing.
    const types = new Set(phases.flatMap((p) => dipsState(p.state).ledger.map((s) => s.type)));
    expect([...types].sort()).toEqual(['intercept', 'message', 'protect', 'support']);
  });

  it('dips: each turn every power spends from a fresh budget, never more, never carried over', () => {
    for (const p of gameOf(seed).phases) {
      const before = p.state; // after the phase; the ledger is the phase's own
      if (p.report.phase.type !== 'movement') continue;
      const d = dipsState(before);
      expect(d.ledgerPhase).toBe(phaseName(p.report.phase));
      const spent = new Map<Power, number>();
      for (const s of d.ledger) {
        expect(s.dips).toBeGreaterThanOrEqual(0);
        if (s.payer !== null) spent.set(s.payer, (spent.get(s.payer) ?? 0) + s.dips);
        if (s.refused !== undefined) expect(s.dips).toBe(0);
      }
      for (const [power, n] of spent) expect(n).toBeLessThanOrEqual(budgetOf(before, power));
    }
  });

  it('the quota holds in every window of five movement turns', () => {
    const perTurn: Map<Power, { hold: number; move: number }>[] = [];
    for (const p of gameOf(seed).phases) {
      if (p.report.phase.type !== 'movement') continue;
      const turn = new Map<Power, { hold: number; move: number }>();
      for (const s of dipsState(p.state).ledger) {
        if (s.type !== 'support' || s.refused !== undefined || s.payer === null) continue;
        const kind = s.data['kind'] === 'move' ? 'move' : 'hold';
        const u = turn.get(s.payer) ?? { hold: 0, move: 0 };
        turn.set(s.payer, { ...u, [kind]: u[kind] + 1 });
      }
      perTurn.push(turn);
    }
    let supports = 0;
    for (let i = 0; i < perTurn.length; i++) {
      const window = perTurn.slice(Math.max(0, i - 4), i + 1);
      for (const power of variant.map.powers) {
        const hold = window.reduce((n, t) => n + (t.get(power)?.hold ?? 0), 0);
        const move = window.reduce((n, t) => n + (t.get(power)?.move ?? 0), 0);
        expect(hold).toBeLessThanOrEqual(5);
        expect(move).toBeLessThanOrEqual(2);
        supports += perTurn[i]!.get(power)?.hold ?? 0;
      }
    }
    expect(supports).toBeGreaterThan(0);
  });

  it('views, events and reports never leak press or another player’s dips', () => {
    let checked = 0;
    for (const p of gameOf(seed).phases) checked += expectNoLeaks(variant, p);
    expect(checked).toBeGreaterThan(0);
  });

  it('paid messages reach their readers and paying interceptors only', () => {
    for (const p of gameOf(seed).phases) {
      if (dipsState(p.state).ledgerPhase !== phaseName(p.report.phase)) continue;
      if (p.report.phase.type !== 'movement') continue;
      const press = p.state.modules['fds-press'] as PressState;
      for (const player of p.state.players) {
        for (const m of p.messages ?? []) {
          const readers = [
            ...(m.to.kind === 'players' ? m.to.players : []),
            ...(m.copies ?? []).map((c) => c.player),
          ];
          const nonce = m.text.split(': ')[1]!.split(' ')[0]!;
          const tracked = press.messages.find((x) => x.text.startsWith(nonce))!;
          const entitled =
            player.powers.some(
              (x) => tracked.to.includes(x) || tracked.interceptedBy.includes(x),
            ) && !player.powers.includes(tracked.from);
          if (!player.powers.includes(tracked.from))
            expect(readers.includes(player.id)).toBe(entitled);
        }
      }
    }
  });
});

describe('the random games exercise what they test', () => {
  it('messages are intercepted, protections stop some copies, and games reach 1900', () => {
    let copied = 0;
    let protectedCopies = 0;
    let to1900 = 0;
    for (const seed of SEEDS) {
      const { phases, end } = gameOf(seed);
      if (end.winner === null) to1900++;
      for (const p of phases) {
        if (p.report.phase.type !== 'movement') continue;
        const press = p.state.modules['fds-press'] as PressState;
        copied += press.messages.filter((m) => m.interceptedBy.length > 0).length;
        for (const i of press.intercepts)
          for (const m of press.messages) {
            const [x, y] = i.between;
            const between =
              (m.from === x && m.to.includes(y)) || (m.from === y && m.to.includes(x));
            if (between && press.protections.some((q) => q.by === m.from && q.against === i.by))
              protectedCopies++;
          }
      }
    }
    expect(copied).toBeGreaterThan(0);
    expect(protectedCopies).toBeGreaterThan(0);
    expect(to1900).toBeGreaterThan(0);
  });
});
