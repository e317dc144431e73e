/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * Seats in a game's life, on SQLite and on PostgreSQL: powers dealt from the seed, a powerless
 * seat only with the flag, a player replaced (the new one gets the seat's orders, press and Fink
 * role; the old one loses them), a player leaving, missed phases and civil disorder, every seat
 * change bumping the version, and bad requests refused with their codes and nothing stored.
 */
import { Rng, standardMap } from '@arbiter/engine';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  dump,
  harness,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Reply,
  storeBackends,
} from './helpers.js';

const BACKENDS = await storeBackends('seat', 'life');

/** A JSON body as the test reads it. */
type Body = Reply['body'];

let names = 0;

describe.each(BACKENDS)('seats in a game’s life on %s', (_name, open, unreachable) => {
  let h: Harness;
  beforeEach(async () => {
    if (unreachable !== undefined) return;
    h = await harness({}, open);
  });
  afterEach(async () => {
    if (unreachable !== undefined) return;
    await h.close();
  });
  const it = test.skipIf(unreachable !== undefined);

  /** A registered account: its name and token. */
  async function user(prefix = 'sub'): Promise<{ name: string; token: string }> {
    names++;
    const name = `${prefix}${String(names)}`;
    const r = await h.call('POST', '/accounts', { body: { name, password: 'correct horse' } });
    expect(r.status).toBe(201);
    return { name, token: r.body.token };
  }

  async function game(token: string, settings?: Record<string, unknown>): Promise<string> {
    const r = await h.call('POST', '/games', {
      token,
      body: { name: 'Life', variant: 'standard', seed: 4242, ...(settings ? { settings } : {}) },
    });
    expect(r.status).toBe(201);
    return r.body.id;
  }

  async function join(gameId: string, token: string): Promise<string> {
    const r = await h.call('POST', `/games/${gameId}/players`, { token, body: {} });
    expect(r.status).toBe(201);
    return r.body.playerId;
  }

  async function view(gameId: string, token?: string): Promise<Body> {
    const r = await h.call('GET', `/games/${gameId}`, token === undefined ? {} : { token });
    expect(r.status).toBe(200);
    return r.body;
  }

  async function force(gameId: string, gm: string, expected: string): Promise<Body> {
    const r = await h.call('POST', `/games/${gameId}/process`, { token: gm });
    expect(r.status).toBe(200);
    expect(r.body.phase.name).toBe(expected);
    return r.body;
  }

  it('deals the powers from the seed when none were given: the same seed, the same deal', async () => {
    const gm = await user('gm');
    const deals: string[][] = [];
    for (let n = 0; n < 2; n++) {
      const id = await game(gm.token);
      for (let i = 0; i < 7; i++) await join(id, (await user()).token);
      const started = await h.call('POST', `/games/${id}/start`, { token: gm.token });
      expect(started.status).toBe(200);
      deals.push(started.body.seats.map((s: { powers: string[] }) => s.powers.join()));
    }
    const expected = new Rng(4242).shuffle(standardMap.powers);
    expect(deals[0]).toEqual(expected);
    expect(deals[1]).toEqual(expected);
    // Not join order: the draw decided it.
    expect(expected).not.toEqual([...standardMap.powers]);
  });

  it('starts with a powerless seat only when told to, and refuses it otherwise, changing nothing', async () => {
    const gm = await user('gm');
    const id = await game(gm.token);
    const a = await join(id, (await user()).token);
    const b = await join(id, (await user()).token);
    const assigned = await h.call('PUT', `/games/${id}/powers`, {
      token: gm.token,
      body: { assignments: [{ playerId: a, powers: ['ENG'] }] },
    });
    expect(assigned.status).toBe(200);
    const before = await dump(h.store, id);
    const refused = await h.call('POST', `/games/${id}/start`, { token: gm.token });
    expect([refused.status, refused.body.code]).toEqual([422, 'game/powerless-seat']);
    expect(refused.body.details).toEqual({ players: [b] });
    const badFlag = await h.call('POST', `/games/${id}/start`, {
      token: gm.token,
      body: { allowPowerless: 'yes' },
    });
    expect([badFlag.status, badFlag.body.code]).toEqual([400, 'input/invalid']);
    expect(await dump(h.store, id)).toEqual(before);
    const started = await h.call('POST', `/games/${id}/start`, {
      token: gm.token,
      body: { allowPowerless: true },
    });
    expect(started.status).toBe(200);
    expect(started.body.seats.map((s: Body) => [s.playerId, s.powers])).toEqual([
      [a, ['ENG']],
      [b, []],
    ]);
  });

  it('bumps the version on every change to players or seats', async () => {
    const gm = await user('gm');
    const id = await game(gm.token);
    const versions: number[] = [(await view(id, gm.token)).version];
    const p1 = await user();
    const p2 = await user();
    const s1 = await join(id, p1.token);
    versions.push((await view(id, gm.token)).version);
    await join(id, p2.token);
    versions.push((await view(id, gm.token)).version);
    const left = await h.call('POST', `/games/${id}/leave`, { token: p2.token });
    expect(left.status).toBe(200);
    expect(left.body.seats.map((s: Body) => s.playerId)).toEqual([s1]);
    versions.push(left.body.version);
    const assigned = await h.call('PUT', `/games/${id}/powers`, {
      token: gm.token,
      body: { assignments: [{ playerId: s1, powers: ['FRA'] }] },
    });
    versions.push(assigned.body.version);
    const started = await h.call('POST', `/games/${id}/start`, { token: gm.token });
    versions.push(started.body.version);
    const replaced = await h.call('PUT', `/games/${id}/players/${s1}`, {
      token: gm.token,
      body: { account: p2.name },
    });
    expect(replaced.status).toBe(200);
    versions.push(replaced.body.version);
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
  });

  it('gives a replacement the seat’s orders and press, and takes them from the old player', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const sent = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Par - Bur' },
    });
    expect(sent.status).toBe(200);
    const ready = await h.call('PUT', `/games/${g.gameId}/ready`, {
      token: g.players['fra']!,
      body: { ready: true },
    });
    expect(ready.status).toBe(200);
    const message = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['eng']!,
      body: { to: ['fra'], text: 'SECRET PACT' },
    });
    expect(message.status).toBe(201);
    const newcomer = await user('new');
    const replaced = await h.call('PUT', `/games/${g.gameId}/players/fra`, {
      token: g.gm,
      body: { account: newcomer.name, name: 'Marianne' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.seats.find((s: Body) => s.playerId === 'fra')).toEqual({
      playerId: 'fra',
      name: 'Marianne',
      powers: ['FRA'],
      vacant: false,
      missed: 0,
      civilDisorder: false,
    });
    // The seat is not ready until its new player says so.
    expect(replaced.body.phase.ready).not.toContain('fra');
    // The event stream tells everyone the seats changed, at the open phase.
    const feed = await h.arbiter.feed(undefined, g.gameId, 0);
    expect(feed.ok && feed.value.items.at(-1)).toMatchObject({
      kind: 'game',
      change: 'seats',
      phase: 'S1901M',
    });

    const mine = await view(g.gameId, newcomer.token);
    expect(mine.viewer).toEqual({ kind: 'player', player: 'fra' });
    expect(mine.mySubmission.text).toBe('A Par - Bur');
    const theirs = await h.call('GET', `/games/${g.gameId}/messages`, { token: newcomer.token });
    expect(JSON.stringify(theirs.body)).toContain('SECRET PACT');

    const old = g.players['fra']!;
    const oldView = await view(g.gameId, old);
    expect(oldView.viewer).toEqual({ kind: 'public' });
    expect(oldView.mySubmission).toBeUndefined();
    expect(JSON.stringify(oldView)).not.toContain('Bur');
    const oldOrders = await h.call('GET', `/games/${g.gameId}/orders`, { token: old });
    expect([oldOrders.status, oldOrders.body.code]).toEqual([403, 'game/not-a-player']);
    const oldSend = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: old,
      body: { text: 'A Par H' },
    });
    expect([oldSend.status, oldSend.body.code]).toEqual([403, 'game/not-a-player']);
    const oldPress = await h.call('GET', `/games/${g.gameId}/messages`, { token: old });
    expect(oldPress.status).toBe(200);
    expect(JSON.stringify(oldPress.body)).not.toContain('SECRET PACT');

    // The newcomer's orders are the seat's: they count when the phase is processed.
    const processed = await force(g.gameId, g.gm, 'F1901M');
    expect(JSON.stringify(processed.lastPhase.orders)).toContain('bur');
  });

  it('moves the Fink role to the replacement, and the old player no longer sees it', async () => {
    const g = await seatedGame(h, { variant: 'fink', seats: STANDARD_SEATS });
    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['rus']!,
      body: { text: 'F Sev - Rum' },
    });
    await force(g.gameId, g.gm, 'F1901M');
    await force(g.gameId, g.gm, 'W1901A');
    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: { text: 'I want to turn Fink against France' },
    });
    await force(g.gameId, g.gm, 'S1902M');
    const old = g.players['eng']!;
    expect((await view(g.gameId, old)).state.modules.fink.fink).toMatchObject({ player: 'eng' });
    const newcomer = await user('new');
    const replaced = await h.call('PUT', `/games/${g.gameId}/players/eng`, {
      token: g.gm,
      body: { account: newcomer.name },
    });
    expect(replaced.status).toBe(200);
    expect((await view(g.gameId, newcomer.token)).state.modules.fink.fink).toMatchObject({
      player: 'eng',
      victim: 'FRA',
    });
    const oldView = await view(g.gameId, old);
    expect(oldView.state.modules.fink).not.toHaveProperty('fink');
    expect(JSON.stringify(oldView)).not.toContain('"victim"');
    const history = await h.call('GET', `/games/${g.gameId}/phases`, { token: old });
    expect(JSON.stringify(history.body)).not.toContain('You are now the Fink');
    const theirs = await h.call('GET', `/games/${g.gameId}/phases`, { token: newcomer.token });
    expect(JSON.stringify(theirs.body)).toContain('You are now the Fink');
  });

  it('counts missed phases in the history, puts a vacant seat in civil disorder after N, and ends it when someone is seated', async () => {
    const g = await seatedGame(h, {
      seats: { aus: ['AUS'], eng: ['ENG'] },
      settings: { civilDisorderAfter: 2 },
    });
    const left = await h.call('POST', `/games/${g.gameId}/leave`, { token: g.players['aus']! });
    expect(left.status).toBe(200);
    expect(left.body.viewer).toEqual({ kind: 'public' });
    const aus = (body: Body): Body => body.seats.find((s: Body) => s.playerId === 'aus');
    expect(aus(left.body)).toMatchObject({ vacant: true, missed: 0, civilDisorder: false });
    const again = await h.call('POST', `/games/${g.gameId}/leave`, { token: g.players['aus']! });
    expect([again.status, again.body.code]).toEqual([403, 'game/not-a-player']);

    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: { text: 'F Lon H' },
    });
    const spring = await force(g.gameId, g.gm, 'F1901M');
    expect(spring.lastPhase.missed).toEqual([{ player: 'aus', powers: ['AUS'] }]);
    expect(aus(spring)).toMatchObject({ vacant: true, missed: 1, civilDisorder: false });
    const version = spring.version;

    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: { text: 'F Lon H' },
    });
    const fall = await force(g.gameId, g.gm, 'S1902M');
    expect(aus(fall)).toMatchObject({ vacant: true, missed: 2, civilDisorder: true });
    expect(fall.seats.find((s: Body) => s.playerId === 'eng')).toMatchObject({
      missed: 0,
      civilDisorder: false,
    });
    expect(fall.version).toBeGreaterThan(version);
    // The units of a power without orders hold: Austria's stand where they started.
    expect(
      fall.state.units
        .filter((u: Body) => u.power === 'AUS')
        .map((u: Body) => u.location.province)
        .sort(),
    ).toEqual(['bud', 'tri', 'vie']);

    const history = await h.call('GET', `/games/${g.gameId}/phases`);
    expect(history.body.phases.map((p: Body) => [p.name, p.missed])).toEqual([
      ['S1901M', [{ player: 'aus', powers: ['AUS'] }]],
      ['F1901M', [{ player: 'aus', powers: ['AUS'] }]],
    ]);

    const newcomer = await user('new');
    const seated = await h.call('PUT', `/games/${g.gameId}/players/aus`, {
      token: g.gm,
      body: { account: newcomer.name },
    });
    expect(seated.status).toBe(200);
    expect(aus(seated.body)).toMatchObject({ vacant: false, missed: 0, civilDisorder: false });
    expect((await view(g.gameId, newcomer.token)).viewer).toEqual({
      kind: 'player',
      player: 'aus',
    });
  });

  it('refuses bad seat changes with their codes, and stores nothing', async () => {
    const g = await seatedGame(h, { seats: { aus: ['AUS'], eng: ['ENG'] } });
    const other = await user('other');
    const stranger = await user('stranger');
    const seat = (token: string, player: string, body: unknown) =>
      h.call('PUT', `/games/${g.gameId}/players/${player}`, { token, body });
    expect((await seat(g.gm, 'aus', { account: other.name })).status).toBe(200);
    const before = await dump(h.store, g.gameId);

    const unknown = await seat(g.gm, 'eng', { account: 'nobody-by-that-name' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'account/not-found']);
    // Already seated here: in another seat, or in this very one.
    const taken = await seat(g.gm, 'eng', { account: other.name });
    expect([taken.status, taken.body.code]).toEqual([409, 'game/already-joined']);
    const same = await seat(g.gm, 'aus', { account: other.name });
    expect([same.status, same.body.code]).toEqual([409, 'game/already-joined']);
    const notGm = await seat(g.players['eng']!, 'aus', { account: stranger.name });
    expect([notGm.status, notGm.body.code]).toEqual([403, 'game/not-gm']);
    const noSeat = await seat(g.gm, 'fra', { account: stranger.name });
    expect([noSeat.status, noSeat.body.code]).toEqual([400, 'input/invalid']);
    const badId = await seat(g.gm, 'bad%20id', { account: stranger.name });
    expect([badId.status, badId.body.code]).toEqual([400, 'input/invalid']);
    const badBody = await seat(g.gm, 'aus', { account: stranger.name, extra: 1 });
    expect([badBody.status, badBody.body.code]).toEqual([400, 'input/invalid']);
    const stale = await seat(g.gm, 'aus', { account: stranger.name, version: 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'game/conflict']);
    const notSeated = await h.call('POST', `/games/${g.gameId}/leave`, { token: stranger.token });
    expect([notSeated.status, notSeated.body.code]).toEqual([403, 'game/not-a-player']);
    const replacedLeaves = await h.call('POST', `/games/${g.gameId}/leave`, {
      token: g.players['aus']!,
    });
    expect([replacedLeaves.status, replacedLeaves.body.code]).toEqual([403, 'game/not-a-player']);
    const gmLeaves = await h.call('POST', `/games/${g.gameId}/leave`, { token: g.gm });
    expect([gmLeaves.status, gmLeaves.body.code]).toEqual([403, 'game/not-a-player']);
    expect(await dump(h.store, g.gameId)).toEqual(before);

    for (const n of [0, 11, 1.5, 'two']) {
      const r = await h.call('POST', '/games', {
        token: g.gm,
        body: { name: 'x', variant: 'standard', settings: { civilDisorderAfter: n } },
      });
      expect([r.status, r.body.code]).toEqual([400, 'input/invalid']);
      expect(JSON.stringify(r.body.details)).toContain('civilDisorderAfter');
    }
    const list = await h.call('GET', '/games');
    expect(list.body.games.map((x: Body) => x.id)).toEqual([g.gameId]);
  });
});
