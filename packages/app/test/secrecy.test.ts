// Secrecy at the boundary: what one player sends, and a variant's secrets, never reach another
// player or the public through any read of the app (game, history, messages, own submission).
import { expect, it } from 'vitest';
import { defineModule, type Variant } from '@arbiter/engine';
import { VARIANTS } from '@arbiter/rules';
import type { Arbiter } from '../src/index.js';
import { account, code, eachBackend, harness, startedGame, value } from './helpers.js';

/** Everything `caller` can read about a game, as one JSON text. */
async function everything(
  app: Arbiter,
  caller: string | undefined,
  gameId: string,
): Promise<string> {
  const game = value(await app.getGame(caller, gameId));
  const history = value(await app.history(caller, gameId));
  const messages = value(await app.messages(caller, gameId));
  const mine = caller === undefined ? null : await app.mySubmission(caller, gameId);
  return JSON.stringify({ game, history, messages, mine });
}

eachBackend('secrecy', (db) => {
  it('keeps a player’s submission from everyone else before and after processing', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 3 });
    const [a, b] = g.players;
    const outsider = await account(h.store, 'outsider');
    const secret = 'A Vie-Gal\nF Tri-Ven\nA Bud-Sercretly';
    value(await h.app.submitOrders(a!.account, g.gameId, secret));
    for (const viewer of [b!.account, outsider, undefined]) {
      const seen = await everything(h.app, viewer, g.gameId);
      expect(seen).not.toContain('Sercretly');
      expect(seen).not.toContain('Vie-Gal');
      expect(seen).not.toContain('gal');
    }
    expect(value(await h.app.mySubmission(b!.account, g.gameId))).toBeNull();
    expect(code(await h.app.mySubmission(outsider, g.gameId))).toBe('game/not-a-player');
    // The author sees it (the same reads would show a leak).
    expect(await everything(h.app, a!.account, g.gameId)).toContain('Sercretly');
    // The gamesmaster sees every player's orders as they stand; players have no such field.
    const pending = value(await h.app.getGame(g.gm, g.gameId)).pendingSubmissions;
    expect(pending?.map((p) => [p.player, p.text])).toEqual([[a!.playerId, secret]]);
    expect(value(await h.app.getGame(a!.account, g.gameId))).not.toHaveProperty(
      'pendingSubmissions',
    );
    h.clock.advance(3600_000 + 1);
    expect(await h.app.processDue()).toBe(1);
    // After processing the board and the outcomes are public; the text itself stays private.
    for (const viewer of [b!.account, outsider, undefined]) {
      const seen = await everything(h.app, viewer, g.gameId);
      expect(seen).not.toContain('Sercretly');
      expect(seen).toContain('"gal"');
      const history = value(await h.app.history(viewer, g.gameId));
      expect(history[0]!.submissions.every((s) => s.player !== a!.playerId)).toBe(true);
    }
    expect(await everything(h.app, a!.account, g.gameId)).toContain('Sercretly');
    const gmHistory = value(await h.app.history(g.gm, g.gameId));
    expect(gmHistory[0]!.submissions).toEqual([
      { submissionId: expect.any(Number) as number, player: a!.playerId, text: secret },
    ]);
    // The seed (which decides every random draw) and the random state are the gamesmaster's.
    const pub = value(await h.app.getGame(b!.account, g.gameId));
    expect(pub.seed).toBeUndefined();
    expect(pub.state).not.toHaveProperty('rng');
    const gm = value(await h.app.getGame(g.gm, g.gameId));
    expect(gm.seed).toBe(1);
    expect(gm.state).toHaveProperty('rng');
  });

  it('never shows who the Fink is, or his orders, to anyone but him and the gamesmaster', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { variant: 'fink', count: 7 });
    const by = (power: string): (typeof g.players)[number] =>
      g.players.find((p) => p.powers[0] === power)!;
    const eng = by('ENG');
    const fra = by('FRA');
    // Spring and Fall 1901 pass without orders; in the winter England asks to turn Fink.
    value(await h.app.forceProcess(g.gm, g.gameId));
    value(await h.app.forceProcess(g.gm, g.gameId));
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('W1901A');
    const ask = value(await h.app.submitOrders(eng.account, g.gameId, 'FINK AGAINST FRANCE'));
    expect(ask.lines[0]).toMatchObject({ ok: true });
    value(await h.app.forceProcess(g.gm, g.gameId));
    // Spring 1902: the Fink finks on Paris, where France's army still stands.
    const fink = value(await h.app.submitOrders(eng.account, g.gameId, 'FINK Par'));
    expect(fink.lines[0]).toMatchObject({ ok: true });
    value(await h.app.forceProcess(g.gm, g.gameId));
    let view = value(await h.app.getGame(g.gm, g.gameId));
    expect(view.phase!.name).toBe('S1902R');
    const gmFink = (view.state!.modules['fink'] as { fink: { player: string } | null }).fink;
    expect(gmFink?.player).toBe(eng.playerId);

    const check = async (): Promise<void> => {
      const others = g.players.filter((p) => p !== eng).map((p) => p.account);
      for (const viewer of [...others, undefined]) {
        const game = value(await h.app.getGame(viewer, g.gameId));
        const module = game.state!.modules['fink'] as Record<string, unknown>;
        expect(module).not.toHaveProperty('fink');
        expect(module).not.toHaveProperty('pending');
        expect(JSON.stringify(module)).not.toContain(eng.playerId);
        const seen = await everything(h.app, viewer, g.gameId);
        expect(seen).not.toContain('FINK AGAINST');
        expect(seen).not.toContain('FINK Par');
        const events = value(await h.app.history(viewer, g.gameId)).flatMap((p) => p.events);
        for (const e of events.filter((x) => x.type !== 'fink/dislodged')) {
          expect(JSON.stringify(e)).not.toContain(eng.playerId);
          expect(JSON.stringify(e)).not.toContain('ENG');
        }
      }
      // The Fink himself knows.
      const own = value(await h.app.getGame(eng.account, g.gameId)).state!.modules['fink'];
      expect(own).toHaveProperty('fink.player', eng.playerId);
      expect(await everything(h.app, eng.account, g.gameId)).toContain('FINK Par');
    };
    await check();
    // The retreat waits for the Fink (who chooses it) as well as for France (who owns the unit).
    expect(value(await h.app.setReady(fra.account, g.gameId, true)).processed).toBe(false);
    value(await h.app.submitOrders(eng.account, g.gameId, 'A Par-Pic'));
    expect(value(await h.app.setReady(eng.account, g.gameId, true)).processed).toBe(true);
    view = value(await h.app.getGame(undefined, g.gameId));
    expect(view.phase!.name).toBe('F1902M');
    expect(view.state!.units).toContainEqual(
      expect.objectContaining({
        power: 'FRA',
        type: 'army',
        location: { province: 'pic' },
      }),
    );
    await check();
  });

  it('keeps Fiascomacy investments and orders from other investors', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { variant: 'fiascomacy', count: 3, powers: [[], [], []] });
    const [a, b, c] = g.players;
    const r = value(
      await h.app.submitOrders(a!.account, g.gameId, 'INVEST 8 IN FRANCE\nA Par-Bur'),
    );
    expect(r.lines.map((l) => l.ok)).toEqual([true, true]);
    value(await h.app.submitOrders(b!.account, g.gameId, 'INVEST 8 IN RUSSIA'));
    for (const viewer of [b!.account, c!.account, undefined]) {
      const seen = await everything(h.app, viewer, g.gameId);
      expect(seen).not.toContain('FRANCE');
      expect(seen).not.toContain('Par-Bur');
    }
    for (const p of g.players) await h.app.setReady(p.account, g.gameId, true);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('F1901M');
    for (const viewer of [b!.account, c!.account, undefined]) {
      const seen = await everything(h.app, viewer, g.gameId);
      expect(seen).not.toContain('Par-Bur');
      const events = value(await h.app.history(viewer, g.gameId)).flatMap((p) => p.events);
      const receipts = events.filter((e) => e.type === 'fiascomacy/orders-received');
      // Each investor sees only his own receipt; the public none.
      const me = g.players.find((p) => p.account === viewer)?.playerId;
      for (const e of receipts) expect(e.audience).toEqual({ kind: 'players', players: [me] });
      if (viewer === undefined) expect(receipts).toEqual([]);
    }
    const own = value(await h.app.history(a!.account, g.gameId)).flatMap((p) => p.events);
    expect(own.filter((e) => e.type === 'fiascomacy/orders-received')).toHaveLength(1);
  });

  it('shows private and group messages only to their sender and recipients (and the gamesmaster)', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 4 });
    const [a, b, c, d] = g.players;
    const outsider = await account(h.store, 'outsider');
    const send = async (from: string, to: 'public' | string[], text: string): Promise<number> =>
      value(await h.app.sendMessage(from, g.gameId, { to, text })).id;
    await send(a!.account, [b!.playerId], 'for b only');
    await send(a!.account, [b!.playerId, c!.playerId], 'for b and c');
    await send(d!.account, 'public', 'for everyone');
    await send(g.gm, [d!.playerId], 'from the gm to d');
    const texts = async (viewer: string | undefined): Promise<string[]> =>
      value(await h.app.messages(viewer, g.gameId)).map((m) => m.text);
    expect(await texts(a!.account)).toEqual(['for b only', 'for b and c', 'for everyone']);
    expect(await texts(b!.account)).toEqual(['for b only', 'for b and c', 'for everyone']);
    expect(await texts(c!.account)).toEqual(['for b and c', 'for everyone']);
    expect(await texts(d!.account)).toEqual(['for everyone', 'from the gm to d']);
    expect(await texts(outsider)).toEqual(['for everyone']);
    expect(await texts(undefined)).toEqual(['for everyone']);
    expect(await texts(g.gm)).toEqual([
      'for b only',
      'for b and c',
      'for everyone',
      'from the gm to d',
    ]);
    for (const viewer of [c!.account, d!.account, outsider, undefined])
      expect(await everything(h.app, viewer, g.gameId)).not.toContain('for b only');
    const all = value(await h.app.messages(b!.account, g.gameId));
    expect(all[0]).toMatchObject({ from: a!.playerId, to: [b!.playerId], phase: 'S1901M' });
    // Paging on from an id.
    const after = value(await h.app.messages(b!.account, g.gameId, { afterId: all[0]!.id }));
    expect(after.map((m) => m.text)).toEqual(['for b and c', 'for everyone']);
  });

  it('hides the sender of grey press from everyone but the sender and the gamesmaster', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 3, settings: { phaseSeconds: 60, press: 'grey' } });
    const [a, b, c] = g.players;
    const sent = value(
      await h.app.sendMessage(a!.account, g.gameId, { to: [b!.playerId], text: 'guess who' }),
    );
    expect(sent).toMatchObject({ anonymous: true, from: a!.playerId });
    value(await h.app.sendMessage(a!.account, g.gameId, { to: 'public', text: 'hello all' }));
    for (const viewer of [b!.account, c!.account, undefined]) {
      const seen = value(await h.app.messages(viewer, g.gameId));
      expect(seen.length).toBeGreaterThan(0);
      for (const m of seen) expect(m.from).toBeNull();
      expect(JSON.stringify(seen)).not.toContain(a!.playerId);
    }
    for (const viewer of [a!.account, g.gm]) {
      const seen = value(await h.app.messages(viewer, g.gameId));
      expect(seen.map((m) => m.from)).toEqual([a!.playerId, a!.playerId]);
    }
    // In full press, anonymity is the sender's choice.
    const h2 = await harness(db());
    const g2 = await startedGame(h2, { count: 2 });
    const [x, y] = g2.players;
    value(
      await h2.app.sendMessage(x!.account, g2.gameId, {
        to: [y!.playerId],
        text: 'anonymous',
        anonymous: true,
      }),
    );
    value(await h2.app.sendMessage(x!.account, g2.gameId, { to: [y!.playerId], text: 'signed' }));
    const got = value(await h2.app.messages(y!.account, g2.gameId));
    expect(got.map((m) => [m.text, m.from])).toEqual([
      ['anonymous', null],
      ['signed', x!.playerId],
    ]);
  });

  it('gives copies the rules make (interception) to their readers, at once or with the results', async () => {
    const spy = defineModule({
      id: 'spy',
      headline:
        'Spies: player-3 reads what is sent to player-2, after the phase; player-4 at once.',
      deliverMessage: (_ctx, m) =>
        m.to.kind === 'players' && m.to.players.includes('player-2')
          ? {
              copies: [
                { player: 'player-3', at: 'results' as const, note: 'intercepted' },
                { player: 'player-4', at: 'now' as const, note: 'overheard' },
              ],
            }
          : undefined,
    });
    const spyVariant: Variant = {
      ...VARIANTS['standard']!,
      id: 'spy',
      name: 'Spies',
      modules: [spy],
    };
    const h = await harness(db(), { variants: { ...VARIANTS, spy: spyVariant } });
    const g = await startedGame(h, { variant: 'spy', count: 5 });
    const [p1, p2, p3, p4, p5] = g.players;
    value(await h.app.sendMessage(p1!.account, g.gameId, { to: [p2!.playerId], text: 'psst' }));
    const texts = async (viewer: string): Promise<string[]> =>
      value(await h.app.messages(viewer, g.gameId)).map(
        (m) => `${m.text}${m.copy === undefined ? '' : ` (${m.copy})`}`,
      );
    expect(await texts(p2!.account)).toEqual(['psst']);
    expect(await texts(p3!.account)).toEqual([]);
    expect(await texts(p4!.account)).toEqual(['psst (overheard)']);
    expect(await texts(p5!.account)).toEqual([]);
    value(await h.app.forceProcess(g.gm, g.gameId));
    expect(await texts(p3!.account)).toEqual(['psst (intercepted)']);
    expect(await texts(p5!.account)).toEqual([]);
  });
});
