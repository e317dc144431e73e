// Bad input and refused commands: each gets its stable code, and nothing stored changes.
import { expect, it } from 'vitest';
import { defineModule, type Variant } from '@arbiter/engine';
import { VARIANTS } from '@arbiter/rules';
import { LIMITS } from '../src/index.js';
import { account, code, eachBackend, harness, snapshot, startedGame, value } from './helpers.js';

eachBackend('bad input', (db) => {
  it('refuses commands on an unknown game with game/not-found', async () => {
    const h = await harness(db());
    const me = await account(h.store, 'me');
    const id = 'no-such-game';
    expect(code(await h.app.getGame(me, id))).toBe('game/not-found');
    expect(code(await h.app.getGame(undefined, id))).toBe('game/not-found');
    expect(code(await h.app.history(me, id))).toBe('game/not-found');
    expect(code(await h.app.messages(me, id))).toBe('game/not-found');
    expect(code(await h.app.joinGame(me, id))).toBe('game/not-found');
    expect(code(await h.app.submitOrders(me, id, 'A Par H'))).toBe('game/not-found');
    expect(code(await h.app.mySubmission(me, id))).toBe('game/not-found');
    expect(code(await h.app.setReady(me, id, true))).toBe('game/not-found');
    expect(code(await h.app.sendMessage(me, id, { to: 'public', text: 'hi' }))).toBe(
      'game/not-found',
    );
    expect(code(await h.app.pause(me, id))).toBe('game/not-found');
    expect(code(await h.app.extend(me, id, { seconds: 5 }))).toBe('game/not-found');
    expect(code(await h.app.rollback(me, id, { toPhase: 'S1901M' }))).toBe('game/not-found');
    expect(code(await h.app.audit(me, id))).toBe('game/not-found');
    expect(await h.app.listGames()).toEqual([]);
  });

  it('refuses bad games to create: variant, options, settings, seed, name', async () => {
    const h = await harness(db());
    const gm = await account(h.store, 'gm');
    const base = { name: 'g', variant: 'standard' };
    expect(code(await h.app.createGame(gm, { ...base, variant: 'chess' }))).toBe('variant/unknown');
    const noModule = await h.app.createGame(gm, {
      ...base,
      variant: 'fink',
      options: { nope: {} },
    });
    expect(code(noModule)).toBe('game/bad-setup');
    expect(!noModule.ok && noModule.error.details).toMatchObject({ code: 'setup/unknown-option' });
    const noSetting = await h.app.createGame(gm, {
      ...base,
      variant: 'fink',
      options: { fink: { nope: true } },
    });
    expect(code(noSetting)).toBe('input/invalid');
    expect(!noSetting.ok && noSetting.error.details).toEqual({
      issues: [
        {
          path: 'options.fink.nope',
          message:
            'fink has no setting "nope"; its settings: phantomFink, FINK_RETREATS_AFTER, ' +
            'FINK_NO_CONVOY, FINK_RETARGET, FINK_RANDOM_RETREAT',
          code: 'setup/unknown-option',
        },
      ],
    });
    expect(
      code(
        await h.app.createGame(gm, {
          ...base,
          variant: 'fink',
          options: { fink: { phantomFink: 'yes' } },
        }),
      ),
    ).toBe('input/invalid');
    expect(code(await h.app.createGame(gm, { ...base, settings: { phaseSeconds: 0 } }))).toBe(
      'input/invalid',
    );
    expect(
      code(
        await h.app.createGame(gm, {
          ...base,
          settings: { press: 'loud' as 'full' },
        }),
      ),
    ).toBe('input/invalid');
    expect(
      code(
        await h.app.createGame(gm, {
          ...base,
          settings: { publicReadiness: 'yes' as unknown as boolean },
        }),
      ),
    ).toBe('input/invalid');
    expect(code(await h.app.createGame(gm, { ...base, seed: -1 }))).toBe('input/invalid');
    expect(code(await h.app.createGame(gm, { ...base, name: '  ' }))).toBe('input/invalid');
    expect(await h.app.listGames()).toEqual([]);
    // And a good one, with options.
    const ok = value(
      await h.app.createGame(gm, {
        ...base,
        variant: 'fink',
        options: { fink: { phantomFink: true } },
      }),
    );
    expect(ok).toMatchObject({ status: 'forming', options: { fink: { phantomFink: true } } });
    expect((await h.app.listGames()).map((x) => x.id)).toEqual([ok.id]);
    expect((await h.app.listGames(gm)).map((x) => x.id)).toEqual([ok.id]);
  });

  it('refuses bad joins, power assignments and starts, changing nothing', async () => {
    const h = await harness(db());
    const gm = await account(h.store, 'gm');
    const game = value(await h.app.createGame(gm, { name: 'g', variant: 'fiascomacy' }));
    const a = await account(h.store, 'a');
    const b = await account(h.store, 'b');
    expect(code(await h.app.joinGame(gm, game.id))).toBe('game/gm-cannot-play');
    expect(code(await h.app.joinGame(a, game.id, { playerId: 'gm' }))).toBe('input/invalid');
    expect(value(await h.app.joinGame(a, game.id, { playerId: 'alf', name: 'Alf' }))).toEqual({
      playerId: 'alf',
      name: 'Alf',
      powers: [],
      vacant: false,
      missed: 0,
      civilDisorder: false,
    });
    expect(code(await h.app.joinGame(a, game.id))).toBe('game/already-joined');
    expect(code(await h.app.joinGame(b, game.id, { playerId: 'alf' }))).toBe('input/invalid');
    value(await h.app.joinGame(b, game.id));
    const before = await snapshot(h.store, game.id);
    // Fiascomacy needs three investors.
    const start = await h.app.startGame(gm, game.id);
    expect(code(start)).toBe('game/bad-setup');
    expect(!start.ok && start.error.details).toMatchObject({ code: 'setup/players' });
    expect(code(await h.app.startGame(a, game.id))).toBe('game/not-gm');
    const unknownPower = await h.app.assignPowers(gm, game.id, [
      { playerId: 'alf', powers: ['ATL'] },
    ]);
    expect(!unknownPower.ok && unknownPower.error.details).toMatchObject({
      code: 'setup/unknown-power',
    });
    const twice = await h.app.assignPowers(gm, game.id, [
      { playerId: 'alf', powers: ['FRA'] },
      { playerId: 'player-2', powers: ['FRA', 'GER'] },
    ]);
    expect(code(twice)).toBe('game/bad-setup');
    expect(!twice.ok && twice.error.details).toMatchObject({ code: 'setup/power-taken' });
    expect(code(await h.app.assignPowers(gm, game.id, [{ playerId: 'zed', powers: [] }]))).toBe(
      'input/invalid',
    );
    expect(code(await h.app.assignPowers(a, game.id, [{ playerId: 'alf', powers: [] }]))).toBe(
      'game/not-gm',
    );
    expect(await snapshot(h.store, game.id)).toBe(before);
    // Two powers for one player, none for another: allowed.
    const assigned = value(
      await h.app.assignPowers(gm, game.id, [
        { playerId: 'alf', powers: ['FRA', 'GER'] },
        { playerId: 'player-2', powers: [] },
      ]),
    );
    expect(assigned.seats.map((s) => [s.playerId, s.powers])).toEqual([
      ['alf', ['FRA', 'GER']],
      ['player-2', []],
    ]);
  });

  it('refuses joining a full or started game', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const late = await account(h.store, 'late');
    expect(code(await h.app.joinGame(late, g.gameId))).toBe('game/not-forming');
    const gm = await account(h.store, 'gm');
    const game = value(await h.app.createGame(gm, { name: 'full', variant: 'standard' }));
    for (let i = 0; i < 7; i++) value(await h.app.joinGame(await account(h.store, 'p'), game.id));
    expect(code(await h.app.joinGame(late, game.id))).toBe('game/full');
    expect(code(await h.app.startGame(g.gm, g.gameId))).toBe('game/not-forming');
  });

  it('refuses orders, readiness and messages from the wrong people or with bad text, changing nothing', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 3 });
    const [a, b] = g.players;
    const outsider = await account(h.store, 'outsider');
    const before = await snapshot(h.store, g.gameId);
    expect(code(await h.app.submitOrders(outsider, g.gameId, 'A Par H'))).toBe('game/not-a-player');
    expect(code(await h.app.submitOrders(g.gm, g.gameId, 'A Par H'))).toBe('game/not-a-player');
    expect(code(await h.app.setReady(outsider, g.gameId, true))).toBe('game/not-a-player');
    expect(code(await h.app.submitOrders(a!.account, g.gameId, 'x'.repeat(LIMITS.text + 1)))).toBe(
      'input/invalid',
    );
    const send = (from: string, to: 'public' | string[], text: string) =>
      h.app.sendMessage(from, g.gameId, { to, text });
    expect(code(await send(a!.account, 'public', ''))).toBe('input/invalid');
    expect(code(await send(a!.account, 'public', '   \n'))).toBe('input/invalid');
    expect(code(await send(a!.account, 'public', 'x'.repeat(LIMITS.text + 1)))).toBe(
      'input/invalid',
    );
    expect(code(await send(a!.account, ['nobody'], 'hi'))).toBe('press/unknown-recipient');
    expect(code(await send(a!.account, [a!.playerId], 'hi'))).toBe('input/invalid');
    expect(code(await send(a!.account, [], 'hi'))).toBe('input/invalid');
    expect(code(await send(outsider, 'public', 'hi'))).toBe('game/not-a-player');
    expect(code(await h.app.messages(b!.account, g.gameId, { afterId: 1.5 }))).toBe(
      'input/invalid',
    );
    expect(await snapshot(h.store, g.gameId)).toBe(before);
    // An empty order sheet is allowed: it withdraws the orders (the units hold).
    value(await h.app.submitOrders(a!.account, g.gameId, ''));
  });

  it('applies the game’s press setting to players, not to the gamesmaster', async () => {
    const h = await harness(db());
    const none = await startedGame(h, { count: 2, settings: { phaseSeconds: 60, press: 'none' } });
    const [a, b] = none.players;
    expect(
      code(await h.app.sendMessage(a!.account, none.gameId, { to: 'public', text: 'hi' })),
    ).toBe('press/no-press');
    value(await h.app.sendMessage(none.gm, none.gameId, { to: [b!.playerId], text: 'gm here' }));
    const pub = await startedGame(h, { count: 2, settings: { phaseSeconds: 60, press: 'public' } });
    const [c, d] = pub.players;
    expect(
      code(await h.app.sendMessage(c!.account, pub.gameId, { to: [d!.playerId], text: 'psst' })),
    ).toBe('press/public-only');
    value(await h.app.sendMessage(c!.account, pub.gameId, { to: 'public', text: 'hello all' }));
    expect(value(await h.app.messages(d!.account, pub.gameId)).map((m) => m.text)).toEqual([
      'hello all',
    ]);
  });

  it('applies the rules in force to press (routeMessage): their refusals keep their codes', async () => {
    const censor = defineModule({
      id: 'censor',
      headline: 'Censors: no talk of war; nothing to player-3.',
      deliverMessage: (_ctx, m) =>
        m.text.includes('war')
          ? { refused: { code: 'press/no-press', message: 'no talk of war' } }
          : m.to.kind === 'players' && m.to.players.includes('player-3')
            ? { refused: { code: 'censor/blocked', message: 'player-3 is cut off' } }
            : undefined,
    });
    const variant: Variant = { ...VARIANTS['standard']!, id: 'censored', modules: [censor] };
    const h = await harness(db(), { variants: { censored: variant } });
    const g = await startedGame(h, { variant: 'censored', count: 3 });
    const [a, b, c] = g.players;
    expect(
      code(await h.app.sendMessage(a!.account, g.gameId, { to: 'public', text: 'war!' })),
    ).toBe('press/no-press');
    const blocked = await h.app.sendMessage(a!.account, g.gameId, {
      to: [c!.playerId],
      text: 'hello',
    });
    expect(code(blocked)).toBe('press/refused');
    expect(!blocked.ok && blocked.error.details).toEqual({ code: 'censor/blocked' });
    value(await h.app.sendMessage(a!.account, g.gameId, { to: [b!.playerId], text: 'peace' }));
    // The rules in force bind players only.
    value(await h.app.sendMessage(g.gm, g.gameId, { to: [c!.playerId], text: 'war is coming' }));
    expect(value(await h.app.messages(c!.account, g.gameId)).map((m) => m.text)).toEqual([
      'war is coming',
    ]);
    expect(h.app.variants().map((v) => v.id)).toEqual(['censored']);
  });

  it('lists the variants with their players, powers, modules and default options', async () => {
    const h = await harness(db());
    const list = h.app.variants();
    expect(list.map((v) => v.id)).toEqual([
      'standard',
      'fink',
      'fiascomacy',
      'deviant2',
      'pink',
      'pink2',
      'pink3',
      'fin-de-siecle',
    ]);
    const fink = list.find((v) => v.id === 'fink')!;
    expect(fink.players).toEqual({ min: 1, max: 7 });
    expect(fink.powers).toHaveLength(7);
    expect(fink.powers[0]).toEqual({ id: 'AUS', name: 'Austria' });
    expect(fink.modules[0]).toMatchObject({ id: 'fink', settings: { phantomFink: false } });
    expect(fink.startPhase).toBe('S1901M');
    expect(list.find((v) => v.id === 'fiascomacy')!.players).toEqual({ min: 3, max: null });
    expect(list.find((v) => v.id === 'deviant2')!.startPhase).toBe('W1900A');
    expect(JSON.parse(JSON.stringify(list))).toEqual(list);
  });

  it('describes every option of every variant, and nothing that is not an option', async () => {
    const h = await harness(db());
    for (const v of h.app.variants()) {
      for (const m of v.modules) {
        expect(Object.keys(m.about).sort(), `${v.id}/${m.id}`).toEqual(
          Object.keys(m.settings).sort(),
        );
        for (const about of Object.values(m.about)) expect(about.trim()).not.toBe('');
        // The schema lists the same settings, each with its default and its sentence.
        const schema = Object.entries(m.schema.properties);
        expect(Object.fromEntries(schema.map(([k, s]) => [k, s.default]))).toEqual(m.settings);
        expect(Object.fromEntries(schema.map(([k, s]) => [k, s.description]))).toEqual(m.about);
      }
    }
    const deviant = h.app.variants().find((v) => v.id === 'deviant2')!.modules[0]!;
    expect(deviant.about['zeroTiePasses']).toMatch(/nobody votes/);
  });
});
