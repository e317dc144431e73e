// A game's rulebook edition (docs/editions.md): chosen at creation in the settings, 2023 unless
// named, refused when unknown, offered per variant with the edition its text names, given to
// the engine at the start and replayed by the audit.
import type { VariantState } from '@arbiter/engine';
import { expect, it } from 'vitest';
import {
  account,
  code,
  eachBackend,
  harness,
  startedGame,
  value,
  type Harness,
} from './helpers.js';

/** Plays S1901 and F1901 of a standard game where an Austrian fleet kidnaps Venice (DATC 6.G.2). */
async function kidnap(h: Harness, rulebook?: '1971' | '2023') {
  const g = await startedGame(h, {
    settings: {
      phaseSeconds: 3600,
      press: 'full',
      ...(rulebook === undefined ? {} : { rulebook }),
    },
  });
  const by = (power: string) => g.players.find((p) => p.powers.includes(power))!.account;
  value(await h.app.submitOrders(by('AUS'), g.gameId, 'F Tri - Adr\nA Vie - Tri'));
  value(await h.app.forceProcess(g.gm, g.gameId));
  value(await h.app.submitOrders(by('AUS'), g.gameId, 'A Tri - Ven\nF Adr C A Ven - Tri'));
  value(await h.app.submitOrders(by('ITA'), g.gameId, 'A Ven - Tri'));
  value(await h.app.forceProcess(g.gm, g.gameId));
  const view = value(await h.app.getGame(g.gm, g.gameId));
  const state = view.state as VariantState;
  const at = (province: string) =>
    state.units.find((u) => u.location.province === province)?.power ?? null;
  return { g, view, state, tri: at('tri'), ven: at('ven') };
}

eachBackend('the rulebook edition', (db) => {
  it('is offered per variant, with the edition its text names as the suggestion', async () => {
    const h = await harness(db());
    const offered = Object.fromEntries(h.app.variants().map((v) => [v.id, v.rulebook]));
    expect(offered).toEqual({
      standard: '2023',
      fink: '1971',
      deviant2: '1976',
      fiascomacy: '2023',
      pink: '1971',
      pink2: '1971',
      pink3: '1971',
      'fin-de-siecle': '2023',
    });
    for (const v of h.app.variants())
      expect(v.rulebooks).toEqual(['1971', '1976', '1982', '2000', '2023']);
  });

  it('is refused when unknown, naming the field and the editions there are', async () => {
    const h = await harness(db());
    const gm = await account(h.store, 'gm');
    const r = await h.app.createGame(gm, {
      name: 'g',
      variant: 'standard',
      settings: { rulebook: '1999' as '1971' },
    });
    expect(code(r)).toBe('input/invalid');
    expect(!r.ok && r.error.details).toEqual({
      issues: [
        {
          path: 'settings.rulebook',
          message: 'a rulebook edition: one of 1971, 1976, 1982, 2000, 2023',
        },
      ],
    });
    expect(await h.app.listGames()).toEqual([]);
  });

  it('decides the game: under 1971 a convoy kidnaps the Italian army, under 2023 it bounces', async () => {
    const h = await harness(db());
    const old = await kidnap(h, '1971');
    expect(old.view.settings.rulebook).toBe('1971');
    expect(old.state.rulebook).toBe('1971');
    expect([old.tri, old.ven]).toEqual(['ITA', 'AUS']);
    // The start records the setup with its edition; the audit replays the game under it.
    const events = await h.store.read((tx) => tx.events(old.g.gameId));
    const started = events.find((e) => e.type === 'game/started')!.data as {
      setup: { rulebook?: string };
    };
    expect(started.setup.rulebook).toBe('1971');
    expect(value(await h.app.audit(old.g.gm, old.g.gameId)).ok).toBe(true);
  });

  it('is 2023 when not named: nothing is stored for it and the armies bounce', async () => {
    const h = await harness(db());
    const now = await kidnap(h);
    expect(now.view.settings.rulebook).toBeUndefined();
    expect('rulebook' in now.state).toBe(false);
    expect([now.tri, now.ven]).toEqual(['AUS', 'ITA']);
    expect(value(await h.app.audit(now.g.gm, now.g.gameId)).ok).toBe(true);
  });
});
