/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as each test expects; expect.any() matchers are typed any */
/**
 * Running in public: a health route, CORS off unless configured, compressed answers, and one
 * structured log line per request and per processed phase (never a token, body or query).
 */
import { Arbiter, type GameStore, type PhaseProcessedInfo } from '@arbiter/app';
import { openStore } from '@arbiter/store';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { ensureDemo } from '../src/demo.js';
import { acceptsCompression } from '../src/http-app.js';
import { createHttpApp, type RequestLogLine } from '../src/index.js';
import { harness, seatedGame, STANDARD_SEATS, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('health', () => {
  test('is 200 with the database read time while the database answers', async () => {
    h = await harness();
    const r = await h.call('GET', '/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', database: { ok: true, ms: expect.any(Number) } });
  });

  test('is 503 service/unavailable once the database is gone', async () => {
    const store: GameStore = await openStore('sqlite::memory:');
    const app = createHttpApp(new Arbiter({ store, clock: { now: () => 0 } }), {
      logError: () => undefined,
    });
    await store.close();
    const res = await app.request('/api/v1/health');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('service/unavailable');
  });
});

describe('CORS', () => {
  test('is off by default: no Access-Control headers, whatever the Origin', async () => {
    h = await harness();
    const r = await h.call('GET', '/variants', { headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('allows only the configured origins, preflight included', async () => {
    h = await harness({ corsOrigins: ['https://play.example'] });
    const ok = await h.call('GET', '/variants', { headers: { origin: 'https://play.example' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://play.example');
    expect(ok.headers.get('access-control-expose-headers')).toContain('ETag');
    const other = await h.call('GET', '/variants', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await h.app.request('/api/v1/games', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://play.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});

describe('compression', () => {
  test('large answers are gzipped when the client accepts it, and read back the same', async () => {
    h = await harness();
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const plain = await h.app.request(`/api/v1/games/${g.gameId}`);
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(text.length).toBeGreaterThan(1024);
    const zipped = await h.app.request(`/api/v1/games/${g.gameId}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 2);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
    // Either way the answer says it depends on Accept-Encoding, for caches on the way.
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
  });

  test('the compression middleware is asked only when the client names gzip, deflate or *', () => {
    for (const header of ['gzip', 'br, deflate', 'GZIP;q=0.5', '*'])
      expect(acceptsCompression(header), header).toBe(true);
    for (const header of [undefined, '', 'br', 'identity', 'zstd'])
      expect(acceptsCompression(header), String(header)).toBe(false);
  });
});

describe('structured logs', () => {
  test('one line per request: id, method, route pattern, status, time; no token or query', async () => {
    const lines: RequestLogLine[] = [];
    h = await harness({ logRequest: (l) => lines.push(l) });
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    lines.length = 0;
    const r = await h.call('GET', `/games/${g.gameId}/messages?after=0`, {
      token: g.players['fra']!,
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(r.headers.get('x-request-id')).toBe('trace-42');
    const missing = await h.call('GET', '/no/such/route');
    // A problem answer, made whole by its route, carries the id as well.
    expect(missing.headers.get('x-request-id')).toBe(lines[1]?.id);
    expect(lines).toEqual([
      {
        kind: 'request',
        id: 'trace-42',
        method: 'GET',
        route: '/api/v1/games/{id}/messages',
        status: 200,
        ms: expect.any(Number),
      },
      {
        kind: 'request',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        method: 'GET',
        route: '/api/v1/no/such/route',
        status: 404,
        ms: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(g.players['fra']!);
  });

  test('one line per processed phase, told only after it committed', async () => {
    const phases: PhaseProcessedInfo[] = [];
    const store = await openStore('sqlite::memory:');
    const clock = { now: Date.UTC(2026, 0, 1) };
    let fail = false;
    const arbiter = new Arbiter({
      store,
      clock: { now: () => clock.now },
      onPhaseProcessed: (p) => phases.push(p),
      duringProcessing: () => (fail ? Promise.reject(new Error('crash')) : Promise.resolve()),
    });
    try {
      const gm = await arbiter.register('gm', 'long password');
      if (!gm.ok) throw new Error(gm.error.message);
      const game = await arbiter.createGame(gm.value.account.id, {
        name: 'g',
        variant: 'standard',
        settings: { phaseSeconds: 60, press: 'full' },
      });
      if (!game.ok) throw new Error(game.error.message);
      for (const p of ['aus', 'eng', 'fra', 'ger', 'ita', 'rus', 'tur']) {
        const a = await arbiter.register(`p-${p}`, 'long password');
        if (!a.ok) throw new Error(a.error.message);
        await arbiter.joinGame(a.value.account.id, game.value.id, { playerId: p });
      }
      await arbiter.assignPowers(
        gm.value.account.id,
        game.value.id,
        ['aus', 'eng', 'fra', 'ger', 'ita', 'rus', 'tur'].map((p) => ({
          playerId: p,
          powers: [p.toUpperCase()],
        })),
      );
      await arbiter.startGame(gm.value.account.id, game.value.id);
      clock.now += 61_000;
      fail = true;
      await expect(arbiter.processDue()).rejects.toThrow('crash');
      expect(phases).toEqual([]);
      fail = false;
      expect(await arbiter.processDue()).toBe(1);
      expect(phases).toEqual([
        {
          gameId: game.value.id,
          phase: 'S1901M',
          reason: 'deadline',
          finished: false,
          ms: expect.any(Number),
        },
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('sessions', () => {
  test('DELETE /sessions revokes the token it is sent with', async () => {
    h = await harness();
    const r = await h.call('POST', '/accounts', { body: { name: 'ivy', password: 'long enough' } });
    const token = r.body.token as string;
    expect((await h.call('GET', '/games?mine=true', { token })).status).toBe(200);
    const out = await h.call('DELETE', '/sessions', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ revoked: true });
    const after = await h.call('GET', '/games?mine=true', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('auth/invalid-token');
  });

  test('ten failed logins give 429 auth/throttled with Retry-After', async () => {
    h = await harness();
    await h.call('POST', '/accounts', { body: { name: 'jay', password: 'long enough' } });
    for (let i = 0; i < 10; i++) {
      const r = await h.call('POST', '/sessions', { body: { name: 'jay', password: 'wrong one' } });
      expect(r.status).toBe(401);
    }
    const r = await h.call('POST', '/sessions', { body: { name: 'jay', password: 'long enough' } });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('auth/throttled');
    expect(r.headers.get('retry-after')).toBe('900');
  });

  test('restarting the demo revokes the tokens the last start printed', async () => {
    h = await harness();
    const first = await ensureDemo(h.arbiter, 3600);
    const second = await ensureDemo(h.arbiter, 3600);
    expect(second.gameId).toBe(first.gameId);
    for (const [i, p] of first.players.entries()) {
      expect(await h.arbiter.authenticate(p.token)).toBeUndefined();
      expect(await h.arbiter.authenticate(second.players[i]!.token)).toMatchObject({
        name: p.account,
      });
    }
    expect(await h.arbiter.authenticate(first.gm.token)).toBeUndefined();
  });
});
