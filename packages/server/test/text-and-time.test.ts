/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * Text no store can keep as sent (a NUL, a lone surrogate) and times past any sensible bound are
 * refused with 400 and the field named, on SQLite and on PostgreSQL alike, and nothing stored
 * changes; text that is merely unusual (astral characters) is kept byte for byte. Also: the
 * cache validators on the game and history reads, and a demo start that was killed half-way.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEMO_GAME, DEMO_PASSWORD, ensureDemo } from '../src/demo.js';
import {
  account,
  dump,
  harness,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Seated,
  storeBackends,
} from './helpers.js';

const BACKENDS = await storeBackends('text', 'text');

/** The field a 400 names in its details. */
function fieldOf(body: { details?: { issues?: { path: string }[] } }): unknown {
  return body.details?.issues?.[0]?.path;
}

const NUL = 'bad\u0000text';
const LONE = 'bad\ud800text';

describe.each(BACKENDS)('text and times on %s', (_name, open, unreachable) => {
  let h: Harness;
  let g: Seated;
  beforeEach(async () => {
    if (unreachable !== undefined) return;
    h = await harness({}, open);
    g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { phaseSeconds: 600 } });
  });
  afterEach(async () => {
    if (unreachable !== undefined) return;
    await h.close();
  });

  /** Sends the request and expects 400 input/invalid naming `field`, with nothing stored changed. */
  async function refused(
    method: string,
    path: string,
    opts: { token?: string; body: unknown },
    field: string,
  ): Promise<void> {
    const before = await dump(h.store, g.gameId);
    const r = await h.call(method, path, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe('input/invalid');
    expect(r.body.detail).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    expect(fieldOf(r.body)).toBe(field);
    expect(await dump(h.store, g.gameId)).toEqual(before);
  }

  test.skipIf(unreachable !== undefined)(
    'a NUL or a lone surrogate in any text field is refused with the field named',
    async () => {
      for (const bad of [NUL, LONE]) {
        await refused(
          'POST',
          '/accounts',
          { body: { name: bad, password: 'long enough' } },
          'name',
        );
        await refused('POST', '/accounts', { body: { name: 'okname', password: bad } }, 'password');
        await refused('POST', '/sessions', { body: { name: 'okname', password: bad } }, 'password');
        await refused(
          'POST',
          '/games',
          { token: g.gm, body: { name: bad, variant: 'standard' } },
          'name',
        );
        await refused(
          'POST',
          `/games/${g.gameId}/orders`,
          { token: g.players['fra']!, body: { text: `A Par - Bur\n${bad}` } },
          'text',
        );
        await refused(
          'POST',
          `/games/${g.gameId}/messages`,
          { token: g.players['eng']!, body: { to: ['fra'], text: bad } },
          'text',
        );
        await refused(
          'POST',
          `/games/${g.gameId}/messages`,
          { token: g.players['eng']!, body: { to: [bad], text: 'hello' } },
          'to.0',
        );
      }
      // No account was made by any of those.
      const login = await h.call('POST', '/sessions', {
        body: { name: 'okname', password: 'long enough' },
      });
      expect(login.status).toBe(401);
    },
  );

  test.skipIf(unreachable !== undefined)(
    'the app refuses such text itself, for callers that do not come through HTTP',
    async () => {
      const before = await dump(h.store, g.gameId);
      const fra = await h.arbiter.authenticate(g.players['fra']!);
      const sent = await h.arbiter.submitOrders(fra!.id, g.gameId, `A Par - Bur ${LONE}`);
      expect(sent.ok ? 'accepted' : sent.error.code).toBe('input/invalid');
      const msg = await h.arbiter.sendMessage(fra!.id, g.gameId, { to: 'public', text: NUL });
      expect(msg.ok ? 'accepted' : msg.error.code).toBe('input/invalid');
      const reg = await h.arbiter.register('someone', `password${LONE}`);
      expect(reg.ok ? 'accepted' : reg.error.code).toBe('input/invalid');
      expect(await dump(h.store, g.gameId)).toEqual(before);
    },
  );

  test.skipIf(unreachable !== undefined)(
    'astral characters and escapes are kept exactly as acknowledged',
    async () => {
      const text = 'Meet in 🏰 Vienna — "ça va?" \\u0000 is only text here \t✓';
      const sent = await h.call('POST', `/games/${g.gameId}/messages`, {
        token: g.players['eng']!,
        body: { to: 'public', text },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.text).toBe(text);
      const read = await h.call('GET', `/games/${g.gameId}/messages`);
      expect(read.body.messages.at(-1).text).toBe(text);
      const stored = await h.store.read((tx) => tx.messages(g.gameId));
      expect(stored.at(-1)?.text).toBe(text);
    },
  );

  test.skipIf(unreachable !== undefined)(
    'deadlines and durations past a year are refused, and the game can still resume',
    async () => {
      const big = Number.MAX_SAFE_INTEGER;
      await refused(
        'POST',
        `/games/${g.gameId}/deadline`,
        { token: g.gm, body: { seconds: big } },
        'seconds',
      );
      await refused(
        'POST',
        `/games/${g.gameId}/deadline`,
        { token: g.gm, body: { deadline: big } },
        'deadline',
      );
      const tooFar = h.clock.now + 400 * 86_400_000;
      await refused(
        'POST',
        `/games/${g.gameId}/deadline`,
        { token: g.gm, body: { deadline: tooFar } },
        'deadline',
      );
      // Many extensions of the longest allowed length cannot push it past the bound either.
      const year = 366 * 86_400;
      const first = await h.call('POST', `/games/${g.gameId}/deadline`, {
        token: g.gm,
        body: { seconds: year - 3600 },
      });
      expect(first.status).toBe(200);
      await refused(
        'POST',
        `/games/${g.gameId}/deadline`,
        { token: g.gm, body: { seconds: year } },
        'seconds',
      );
      const created = await h.call('POST', '/games', {
        token: g.gm,
        body: { name: 'Slow', variant: 'standard', settings: { phaseSeconds: big } },
      });
      expect(created.status).toBe(400);
      expect(fieldOf(created.body)).toBe('settings.phaseSeconds');

      const paused = await h.call('POST', `/games/${g.gameId}/pause`, { token: g.gm });
      expect(paused.status).toBe(200);
      h.clock.now += 86_400_000;
      const resumed = await h.call('POST', `/games/${g.gameId}/resume`, { token: g.gm });
      expect(resumed.status).toBe(200);
      expect(resumed.body.paused).toBe(false);
      expect(resumed.body.phase.deadline).toBeLessThanOrEqual(h.clock.now + year * 1000);
    },
  );
});

describe('cache validators on the game and history reads', () => {
  let h: Harness;
  let g: Seated;
  beforeEach(async () => {
    h = await harness();
    g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { phaseSeconds: 600 } });
  });
  afterEach(async () => {
    await h.close();
  });

  test('a matching If-None-Match gives 304 with no body; a change gives a new tag', async () => {
    for (const path of [`/games/${g.gameId}`, `/games/${g.gameId}/phases`]) {
      const first = await h.call('GET', path, { token: g.players['fra']! });
      const tag = first.headers.get('etag');
      expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      const again = await h.call('GET', path, {
        token: g.players['fra']!,
        headers: { 'if-none-match': `"other", W/${tag!}` },
      });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      const stale = await h.call('GET', path, {
        token: g.players['fra']!,
        headers: { 'if-none-match': '"stale"' },
      });
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(first.body);
    }
  });

  test('two viewers who see different things never share a tag', async () => {
    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Par - Bur' },
    });
    const path = `/games/${g.gameId}`;
    const fra = (await h.call('GET', path, { token: g.players['fra']! })).headers.get('etag');
    const eng = (await h.call('GET', path, { token: g.players['eng']! })).headers.get('etag');
    const pub = (await h.call('GET', path)).headers.get('etag');
    expect(new Set([fra, eng, pub]).size).toBe(3);
    // The public's tag from before France's orders still holds: they see nothing new...
    const asPublic = await h.call('GET', path, { headers: { 'if-none-match': pub! } });
    expect(asPublic.status).toBe(304);
    // ...while France's own view changes when France orders again.
    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Par - Pic' },
    });
    const fraAgain = await h.call('GET', path, {
      token: g.players['fra']!,
      headers: { 'if-none-match': fra! },
    });
    expect(fraAgain.status).toBe(200);
  });

  test('the document lists If-None-Match, the ETag header and 304 on both reads', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body;
    for (const path of ['/games/{id}', '/games/{id}/phases']) {
      const op = doc.paths[path].get;
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('If-None-Match');
      expect(op.responses['304']).toBeDefined();
      expect(op.responses['200'].headers.ETag).toBeDefined();
    }
  });
});

describe('the demo', () => {
  test('a start killed half-way is finished by the next one, not left forming', async () => {
    const h = await harness();
    try {
      // What a start killed after two joins leaves: the demo game forming, two seats taken.
      const gm = await h.arbiter.register('demo', DEMO_PASSWORD);
      if (!gm.ok) throw new Error(gm.error.message);
      const game = await h.arbiter.createGame(gm.value.account.id, {
        name: DEMO_GAME,
        variant: 'standard',
      });
      if (!game.ok) throw new Error(game.error.message);
      for (const p of ['aus', 'eng']) {
        const s = await h.arbiter.register(`demo-${p}`, DEMO_PASSWORD);
        if (!s.ok) throw new Error(s.error.message);
        await h.arbiter.joinGame(s.value.account.id, game.value.id, { playerId: p });
      }
      const demo = await ensureDemo(h.arbiter, 3600);
      expect(demo.gameId).toBe(game.value.id);
      const view = await h.arbiter.getGame(gm.value.account.id, demo.gameId);
      if (!view.ok) throw new Error(view.error.message);
      expect(view.value.status).toBe('running');
      expect(view.value.seats.map((s) => [s.playerId, s.powers])).toEqual(
        ['aus', 'eng', 'fra', 'ger', 'ita', 'rus', 'tur'].map((p) => [p, [p.toUpperCase()]]),
      );
      // A second start finds the same running game.
      const again = await ensureDemo(h.arbiter, 3600);
      expect(again.gameId).toBe(demo.gameId);
      expect(again.created).toBe(false);
      const demos = (await h.arbiter.listGames(gm.value.account.id)).filter(
        (x) => x.name === DEMO_GAME,
      );
      expect(demos).toHaveLength(1);
      expect(await account(h)).toEqual(expect.any(String));
    } finally {
      await h.close();
    }
  });
});
