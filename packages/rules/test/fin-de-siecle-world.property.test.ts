// Seeded random Fin de Siecle games on the world of 1880 (variant fin-de-siecle, 8 players seated
// by worldSeats: a major and a minor each), from the setup step to Spring 1885: no view, event or
// report ever shows a player a message, interception or protection it neither paid for nor
// received, nor another player's powers' dips. The harness games (fin-de-siecle.property.test.ts)
// check the same on the standard map to 1900.
import { describe, expect, it } from 'vitest';
import {
  eventsFor,
  phaseName,
  playVariantGame,
  viewFor,
  type Power,
  type VariantPlayedPhase,
} from '@arbiter/engine';
import {
  dipsState,
  finDeSiecleWorld as variant,
  worldSeats,
  type PressState,
} from '../src/index.js';

const SEEDS = [1, 2];
const LAST_YEAR = 1884;

function playGame(seed: number): VariantPlayedPhase[] {
  const game = playVariantGame(variant, { variant: variant.id, seed, players: worldSeats(8) });
  const phases: VariantPlayedPhase[] = [];
  for (;;) {
    const r = game.next();
    if (r.done === true) return phases;
    phases.push(r.value);
    if (r.value.report.phase.year > LAST_YEAR) return phases;
  }
}

describe.each(SEEDS)('a random world game, seed %i, to 1885', (seed) => {
  const phases = playGame(seed);

  it('plays from the setup step past Fall 1884, every random line accepted', () => {
    expect(phases[0]!.report.name).toBe('W1879-setup');
    expect(phases.at(-1)!.report.phase.year).toBeGreaterThan(LAST_YEAR);
    expect(phases.flatMap((p) => p.rejections)).toEqual([]);
  });

  it('views, events and reports never leak press or another player’s dips', () => {
    let checked = 0;
    for (const p of phases) {
      if (p.report.phase.type !== 'movement') continue;
      if (dipsState(p.state).ledgerPhase !== phaseName(p.report.phase)) continue;
      const press = p.state.modules['fds-press'] as PressState;
      const ledger = dipsState(p.state).ledger;
      for (const player of p.state.players) {
        const mine = (x: Power): boolean => player.powers.includes(x);
        const viewer = { kind: 'player', player: player.id } as const;
        const seen = JSON.stringify({
          view: viewFor(variant, p.state, viewer),
          events: eventsFor(p.events, viewer),
          report: p.report,
        });
        for (const m of press.messages) {
          const nonce = m.text.split(' ')[0]!;
          const entitled = mine(m.from) || m.to.some(mine) || m.interceptedBy.some(mine);
          expect(seen.includes(nonce)).toBe(entitled);
          checked++;
        }
        for (const i of press.intercepts)
          if (!mine(i.by)) {
            expect(seen).not.toContain(`"by":"${i.by}","between":["${i.between.join('","')}"]`);
            expect(seen).not.toContain(`${i.by}: INTERCEPT ${i.between.join(' ')}`);
          }
        for (const pr of press.protections)
          if (!mine(pr.by)) {
            expect(seen).not.toContain(`"by":"${pr.by}","against":"${pr.against}"`);
            expect(seen).not.toContain(`${pr.by}: PROTECT AGAINST ${pr.against}`);
          }
        // Another player's dips: its status, its spends, its ledger.
        for (const other of p.state.players.flatMap((q) => q.powers).filter((x) => !mine(x))) {
          expect(seen).not.toContain(`"power":"${other}","dips"`);
          expect(seen).not.toContain(`${other} spent `);
          expect(seen).not.toContain(`${other}: `.concat('6 dips for'));
          expect(seen).not.toContain(`${other}: `.concat('4 dips for'));
          expect(seen).not.toContain(`"payer":"${other}","type"`);
        }
        for (const s of ledger.filter((x) => x.player !== player.id))
          expect(seen).not.toContain(JSON.stringify(s.text));
      }
      const pub = JSON.stringify({
        view: viewFor(variant, p.state, { kind: 'public' }),
        events: eventsFor(p.events, { kind: 'public' }),
        report: p.report,
      });
      for (const m of press.messages) expect(pub).not.toContain(m.text.split(' ')[0]!);
      expect(pub).not.toContain('dips for');
      expect(pub).not.toContain(' spent ');
      expect(pub).not.toContain('"ledger"');
    }
    expect(checked).toBeGreaterThan(0);
  });
});
