/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * The routes for clients with a board of their own: a variant's map with its ETag, the legal
 * orders of the caller's units (and who may not ask for them), and a game exported as a MILA
 * saved game that replays phase by phase to the same results.
 */
import { Arbiter } from '@arbiter/app';
import {
  GameMap,
  readMilaGame,
  replayMilaGame,
  STANDARD_MAP_SPEC,
  standardMap,
} from '@arbiter/engine';
import { VARIANTS } from '@arbiter/rules';
import { openStore } from '@arbiter/store';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHttpApp } from '../src/index.js';
import {
  harness,
  reply,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Seated,
} from './helpers.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

async function force(g: Seated, expected: string): Promise<void> {
  const r = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
  expect(r.status).toBe(200);
  expect(r.body.phase.name).toBe(expected);
}

async function orders(g: Seated, player: string, text: string): Promise<void> {
  const r = await h.call('POST', `/games/${g.gameId}/orders`, {
    token: g.players[player]!,
    body: { text },
  });
  expect(r.status).toBe(200);
  expect(r.body.lines.every((l: { ok: boolean }) => l.ok)).toBe(true);
}

describe('GET /variants/{variant}/map', () => {
  test('answers the map with an ETag, and 304 to a client that has it', async () => {
    const r = await h.call('GET', '/variants/standard/map');
    expect(r.status).toBe(200);
    expect(r.body.provinces).toContainEqual(
      expect.objectContaining({ id: 'stp', terrain: 'coast', coasts: ['nc', 'sc'], home: 'RUS' }),
    );
    expect(r.body.adjacencies).toContainEqual(['lon', 'wal', 'both']);
    expect(r.body.powers).toHaveLength(7);
    const etag = r.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(r.headers.get('cache-control')).toContain('max-age');
    const again = await h.call('GET', '/variants/standard/map', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    const fink = await h.call('GET', '/variants/fink/map', {
      headers: { 'if-none-match': '"stale"' },
    });
    expect(fink.status).toBe(200);
  });

  test('refuses a variant the server does not play', async () => {
    const r = await h.call('GET', '/variants/nowhere/map');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('variant/unknown');
  });
});

describe('GET /games/{id}/legal-orders', () => {
  test("a player gets their own units' legal orders, grouped by unit, text and structure", async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const r = await h.call('GET', `/games/${g.gameId}/legal-orders`, { token: g.players['eng']! });
    expect(r.status).toBe(200);
    expect(r.body.phase).toBe('S1901M');
    expect(r.body.powers.map((p: { power: string }) => p.power)).toEqual(['ENG']);
    const units = r.body.powers[0].units;
    expect(units.map((u: { unit: string }) => u.unit).sort()).toEqual(['A lvp', 'F edi', 'F lon']);
    const lon = units.find((u: { unit: string }) => u.unit === 'F lon');
    expect(lon.orders).toContainEqual({
      text: 'F lon - nth',
      order: {
        kind: 'move',
        unit: { type: 'fleet', location: { province: 'lon' } },
        to: { province: 'nth' },
        viaConvoy: false,
      },
    });
    // Exactly the fleet's four neighbours by sea, none inland.
    const moves = lon.orders
      .filter((o: { order: { kind: string } }) => o.order.kind === 'move')
      .map((o: { text: string }) => o.text);
    expect(moves.sort()).toEqual(['F lon - eng', 'F lon - nth', 'F lon - wal', 'F lon - yor']);
  });

  test('a player may not ask for another power; the public and outsiders are refused', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const other = await h.call('GET', `/games/${g.gameId}/legal-orders?power=FRA`, {
      token: g.players['eng']!,
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('game/not-gm');
    expect(JSON.stringify(other.body)).not.toContain('A par');
    const publicly = await h.call('GET', `/games/${g.gameId}/legal-orders`);
    expect(publicly.status).toBe(401);
    const outsider = await h.call('GET', `/games/${g.gameId}/legal-orders`, { token: g.outsider });
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe('game/not-a-player');
  });

  test('the gamesmaster gets every power, or one with ?power=', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const all = await h.call('GET', `/games/${g.gameId}/legal-orders`, { token: g.gm });
    expect(all.status).toBe(200);
    expect(all.body.powers).toHaveLength(7);
    const fra = await h.call('GET', `/games/${g.gameId}/legal-orders?power=FRA`, { token: g.gm });
    expect(fra.body.powers.map((p: { power: string }) => p.power)).toEqual(['FRA']);
    const none = await h.call('GET', `/games/${g.gameId}/legal-orders?power=XYZ`, { token: g.gm });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('input/invalid');
  });

  test('in an adjustment phase, builds come under unit null and follow the build rules', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await orders(g, 'fra', 'A Mar - Spa');
    await force(g, 'F1901M');
    await force(g, 'W1901A');
    const r = await h.call('GET', `/games/${g.gameId}/legal-orders`, { token: g.players['fra']! });
    const builds = r.body.powers[0].units;
    expect(builds).toHaveLength(1);
    expect(builds[0].unit).toBeNull();
    const texts = builds[0].orders.map((o: { text: string }) => o.text);
    expect(texts).toContain('Build A mar');
    expect(texts).toContain('Waive');
    expect(texts.some((t: string) => t.includes('par'))).toBe(false); // Paris is occupied
  });

  test("in a Fink game, supports of the Fink's units are listed as for anyone else's", async () => {
    const g = await seatedGame(h, { variant: 'fink', seats: STANDARD_SEATS });
    await orders(g, 'rus', 'F Sev - Rum');
    await force(g, 'F1901M');
    await force(g, 'W1901A');
    await orders(g, 'eng', 'I want to turn Fink against France');
    await force(g, 'S1902M');
    // England is the Fink: supports given to English units do not count, and the gamesmaster's
    // list, under every rule, leaves them out; a player's list must not, or it would tell.
    const support = 'F bre S F lon - eng';
    const texts = async (token: string, query = ''): Promise<string[]> => {
      const r = await h.call('GET', `/games/${g.gameId}/legal-orders${query}`, { token });
      expect(r.status).toBe(200);
      return r.body.powers.flatMap((p: { units: { orders: { text: string }[] }[] }) =>
        p.units.flatMap((u) => u.orders.map((o) => o.text)),
      );
    };
    expect(await texts(g.players['fra']!)).toContain(support);
    expect(await texts(g.gm, '?power=FRA')).not.toContain(support);
  });

  test('in a Fink game each player is listed only their own power', async () => {
    const g = await seatedGame(h, { variant: 'fink', seats: STANDARD_SEATS });
    for (const [player, token] of Object.entries(g.players)) {
      const r = await h.call('GET', `/games/${g.gameId}/legal-orders`, { token });
      expect(r.status).toBe(200);
      expect(r.body.powers.map((p: { power: string }) => p.power)).toEqual([player.toUpperCase()]);
    }
  });
});

describe('GET /games/{id}/export', () => {
  test('a game played through the app exports to MILA and replays: all phases agree', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await orders(g, 'fra', 'A Par - Bur\nF Bre - Mao\nA Mar - Spa');
    await orders(g, 'ger', 'A Mun - Bur\nF Kie - Den\nA Ber - Kie');
    await orders(g, 'eng', 'F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor');
    await orders(g, 'rus', 'F Sev - Rum\nA War - Gal');
    await orders(g, 'aus', 'A Vie - Gal\nF Tri - Alb\nA Bud - Ser');
    await force(g, 'F1901M');
    await orders(g, 'fra', 'F Mao - Por\nA Spa H');
    await orders(g, 'eng', 'F Nth C A Yor - Nwy\nA Yor - Nwy\nF Nwg S A Yor - Nwy');
    await orders(g, 'ger', 'A Kie - Hol\nF Den S A Kie - Hol');
    await orders(g, 'aus', 'F Alb - Gre\nA Ser S F Alb - Gre');
    await force(g, 'W1901A');
    const legal = await h.call('GET', `/games/${g.gameId}/legal-orders`, { token: g.gm });
    for (const { power, units } of legal.body.powers) {
      const first = units[0]?.orders[0]?.text;
      const player = String(power).toLowerCase();
      if (first !== undefined && first !== 'Waive') await orders(g, player, first);
    }
    await force(g, 'S1902M');
    await orders(g, 'eng', 'A Nwy - Swe\nF Nth - Ska');
    await orders(g, 'rus', 'A Gal - Rum');
    await force(g, 'F1902M');

    const exported = await h.call('GET', `/games/${g.gameId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.map).toBe('standard');
    expect(exported.body.phases.map((p: { name: string }) => p.name)).toEqual([
      'S1901M',
      'F1901M',
      'W1901A',
      'S1902M',
      'F1902M',
    ]);
    expect(exported.body.phases[0].orders.FRANCE).toContain('A PAR - BUR');
    const read = readMilaGame(standardMap, exported.body);
    expect(read.error).toBeUndefined();
    const checks = replayMilaGame(standardMap, read);
    expect(checks).toHaveLength(4);
    for (const c of checks) expect(c.differences, c.name).toEqual([]);
    expect(checks.every((c) => c.agrees)).toBe(true);
  });

  test('holds no order sheet of the open phase, and is the same for everyone', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await force(g, 'F1901M');
    await orders(g, 'fra', 'A Par - Pic');
    const asGm = await h.call('GET', `/games/${g.gameId}/export`, { token: g.gm });
    const asPublic = await h.call('GET', `/games/${g.gameId}/export`);
    const asEng = await h.call('GET', `/games/${g.gameId}/export`, { token: g.players['eng']! });
    expect(asGm.body).toEqual(asPublic.body);
    expect(asEng.body).toEqual(asPublic.body);
    expect(JSON.stringify(asGm.body)).not.toContain('PIC');
    expect(asGm.body.phases.at(-1).orders.FRANCE).toBeNull();
  });

  test('refuses a game on another map, and a forming game', async () => {
    const store = await openStore('sqlite::memory:');
    const other = {
      ...VARIANTS['standard']!,
      id: 'other',
      map: GameMap.loadOrThrow({ ...STANDARD_MAP_SPEC, id: 'other' }),
    };
    const arbiter = new Arbiter({ store, clock: Date, variants: { other } });
    const gm = await arbiter.register('gm', 'a long password');
    if (!gm.ok) throw new Error(gm.error.message);
    const game = await arbiter.createGame(gm.value.account.id, { name: 'x', variant: 'other' });
    if (!game.ok) throw new Error(game.error.message);
    const r = createHttpApp(arbiter).request(`/api/v1/games/${game.value.id}/export`);
    const answer = await reply(await r);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('export/unsupported');
    await store.close();
    const forming = await seatedGame(h, { seats: STANDARD_SEATS, start: false });
    const f = await h.call('GET', `/games/${forming.gameId}/export`);
    expect(f.status).toBe(409);
    expect(f.body.code).toBe('game/not-running');
  });
});
