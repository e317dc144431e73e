// What no Fin de Siecle view may show, checked on one played phase: a message, interception or
// protection to a player who neither paid for it nor received it, another player's powers' dips,
// spends or ledger, and any of it to the public. Shared by the harness and world property tests.
import { expect } from 'vitest';
import {
  eventsFor,
  phaseName,
  viewFor,
  type Power,
  type Variant,
  type VariantPlayedPhase,
} from '@arbiter/engine';
import { dipsState, type PressState } from '../src/index.js';

/** Checks one phase (a movement phase whose spends were settled); returns the checks made. */
export function expectNoLeaks(variant: Variant, p: VariantPlayedPhase): number {
  let checked = 0;
  if (p.report.phase.type !== 'movement') return 0;
  if (dipsState(p.state).ledgerPhase !== phaseName(p.report.phase)) return 0;
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
  return checked;
}
