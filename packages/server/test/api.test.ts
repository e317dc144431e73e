/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * The API end to end in process: accounts, a game from creation to processed phases, orders read
 * line by line, press, and the gamesmaster's tools, each through HTTP as a client would use it.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { account, harness, seatedGame, STANDARD_SEATS, type Harness } from './helpers.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe('accounts', () => {
  test('registering answers 201 with the account and a token that authenticates', async () => {
    const r = await h.call('POST', '/accounts', { body: { name: 'alice', password: 'secret123' } });
    expect(r.status).toBe(201);
    expect(r.type).toContain('application/json');
    expect(r.body.account.name).toBe('alice');
    expect(r.body).not.toHaveProperty('account.passwordHash');
    const games = await h.call('GET', '/games?mine=true', { token: r.body.token });
    expect(games.status).toBe(200);
    expect(games.body.games).toEqual([]);
  });

  test('logging in gives a new token; a wrong password is 401 auth/bad-credentials', async () => {
    await h.call('POST', '/accounts', { body: { name: 'bob', password: 'secret123' } });
    const good = await h.call('POST', '/sessions', {
      body: { name: 'bob', password: 'secret123' },
    });
    expect(good.status).toBe(200);
    expect(typeof good.body.token).toBe('string');
    const bad = await h.call('POST', '/sessions', { body: { name: 'bob', password: 'wrong-one' } });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('auth/bad-credentials');
  });

  test('a taken name is 409, a short password 400, each with its code', async () => {
    await h.call('POST', '/accounts', { body: { name: 'carol', password: 'secret123' } });
    const taken = await h.call('POST', '/accounts', {
      body: { name: 'carol', password: 'secret123' },
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'auth/name-taken']);
    const weak = await h.call('POST', '/accounts', { body: { name: 'dave', password: 'x' } });
    expect([weak.status, weak.body.code]).toEqual([400, 'auth/weak-password']);
  });

  test('a route that needs a token answers 401 without one, or with a bad one', async () => {
    const none = await h.call('POST', '/games', { body: { name: 'g', variant: 'standard' } });
    expect([none.status, none.body.code]).toEqual([401, 'auth/required']);
    expect(none.type).toBe('application/problem+json');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bad = await h.call('POST', '/games', {
      token: 'not-a-token',
      body: { name: 'g', variant: 'standard' },
    });
    expect([bad.status, bad.body.code]).toEqual([401, 'auth/invalid-token']);
    const scheme = await h.call('GET', '/games', { headers: { authorization: 'Basic abc' } });
    expect([scheme.status, scheme.body.code]).toEqual([401, 'auth/invalid-token']);
    const mine = await h.call('GET', '/games?mine=true');
    expect([mine.status, mine.body.code]).toEqual([401, 'auth/required']);
  });
});

describe('games', () => {
  test('the variants are listed with their powers and options', async () => {
    const r = await h.call('GET', '/variants');
    expect(r.status).toBe(200);
    const ids = (r.body.variants as { id: string }[]).map((v) => v.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'standard',
        'fink',
        'fiascomacy',
        'deviant2',
        'pink',
        'pink2',
        'pink3',
        'fin-de-siecle',
      ]),
    );
    const fink = (
      r.body.variants as { id: string; modules: { about: Record<string, string> }[] }[]
    ).find((v) => v.id === 'fink')!;
    expect(fink.modules[0]!.about['phantomFink']).toMatch(/Phantom Fink/);
    // Each module's settings in JSON Schema: kinds, defaults, ranges, choices, descriptions.
    const schemaOf = (variant: string): Record<string, unknown> =>
      (
        r.body.variants as {
          id: string;
          modules: { schema: { properties: Record<string, unknown> } }[];
        }[]
      ).find((v) => v.id === variant)!.modules[0]!.schema.properties;
    expect(schemaOf('fink')['FINK_NO_CONVOY']).toEqual({
      type: 'boolean',
      default: false,
      description: expect.stringMatching(/convoys of the Fink's armies are void/),
    });
    expect(schemaOf('fiascomacy')['LAST_YEAR']).toEqual({
      type: ['integer', 'null'],
      minimum: 1901,
      maximum: 9999,
      default: null,
      description: expect.stringMatching(/^The last year played/),
    });
    expect(schemaOf('deviant2')['overVote']).toEqual({
      type: 'string',
      enum: ['void', 'truncate'],
      default: 'void',
      description: expect.stringMatching(/^Votes beyond the allowance/),
    });
    expect(Object.keys(schemaOf('fiascomacy'))).toEqual([
      'INVEST_LAGS',
      'MISSING_AS_HOLD',
      'INVALID_AS_HOLD',
      'LAST_YEAR',
      'BONUS',
      'BONUS_DEAD_POWERS',
    ]);
    const standard = (r.body.variants as { id: string; modules: unknown[] }[]).find(
      (v) => v.id === 'standard',
    )!;
    expect(standard.modules).toEqual([]);
  });

  test("each variant suggests its text's rulebook edition; a game names its own, or is 2023", async () => {
    const r = await h.call('GET', '/variants');
    const variants = r.body.variants as { id: string; rulebook: string; rulebooks: string[] }[];
    const deviant = variants.find((v) => v.id === 'deviant2')!;
    expect([deviant.rulebook, deviant.rulebooks]).toEqual([
      '1976',
      ['1971', '1976', '1982', '2000', '2023'],
    ]);
    const gm = await account(h, 'gm');
    const create = (settings: Record<string, unknown>) =>
      h.call('POST', '/games', { token: gm, body: { name: 'g', variant: 'deviant2', settings } });
    const old = await create({ rulebook: '1976' });
    expect([old.status, old.body.settings.rulebook]).toEqual([201, '1976']);
    const plain = await create({});
    expect([plain.status, plain.body.settings.rulebook]).toEqual([201, undefined]);
    const bad = await create({ rulebook: '1999' });
    expect([bad.status, bad.body.code]).toEqual([400, 'input/invalid']);
    expect(bad.body.details.issues[0].path).toBe('settings.rulebook');
    expect(bad.body.detail).toMatch(/1971.*1976.*1982.*2000.*2023/);
  });

  test('a game is created, joined, given powers, started and listed', async () => {
    const gm = await account(h, 'gm');
    const created = await h.call('POST', '/games', {
      token: gm,
      body: { name: 'Two-power game', variant: 'standard', settings: { phaseSeconds: 3600 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.viewer).toEqual({ kind: 'gm' });
    expect(created.body.status).toBe('forming');
    const id = created.body.id as string;

    const tokens: string[] = [];
    for (const playerId of ['p1', 'p2', 'p3', 'p4']) {
      const t = await account(h);
      tokens.push(t);
      const joined = await h.call('POST', `/games/${id}/players`, { token: t, body: { playerId } });
      expect(joined.status).toBe(201);
      expect(joined.body).toEqual({
        playerId,
        name: expect.any(String),
        powers: [],
        vacant: false,
        missed: 0,
        civilDisorder: false,
      });
    }
    const again = await h.call('POST', `/games/${id}/players`, { token: tokens[0]! });
    expect([again.status, again.body.code]).toEqual([409, 'game/already-joined']);
    const gmJoins = await h.call('POST', `/games/${id}/players`, { token: gm });
    expect([gmJoins.status, gmJoins.body.code]).toEqual([403, 'game/gm-cannot-play']);

    // Two powers for three players, one for the fourth.
    const assigned = await h.call('PUT', `/games/${id}/powers`, {
      token: gm,
      body: {
        assignments: [
          { playerId: 'p1', powers: ['ENG', 'FRA'] },
          { playerId: 'p2', powers: ['GER', 'AUS'] },
          { playerId: 'p3', powers: ['ITA', 'TUR'] },
          { playerId: 'p4', powers: ['RUS'] },
        ],
      },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.seats).toContainEqual({
      playerId: 'p1',
      name: expect.any(String),
      powers: ['ENG', 'FRA'],
      vacant: false,
      missed: 0,
      civilDisorder: false,
    });
    const notGm = await h.call('POST', `/games/${id}/start`, { token: tokens[0]! });
    expect([notGm.status, notGm.body.code]).toEqual([403, 'game/not-gm']);
    const started = await h.call('POST', `/games/${id}/start`, { token: gm });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('running');
    expect(started.body.phase).toMatchObject({ name: 'S1901M', deadline: h.clock.now + 3_600_000 });

    const listed = await h.call('GET', '/games');
    expect(listed.body.games).toContainEqual(
      expect.objectContaining({ id, name: 'Two-power game', status: 'running' }),
    );
    const publicView = await h.call('GET', `/games/${id}`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.viewer).toEqual({ kind: 'public' });
    expect(publicView.body).not.toHaveProperty('seed');
    const playerView = await h.call('GET', `/games/${id}`, { token: tokens[0]! });
    expect(playerView.body.viewer).toEqual({ kind: 'player', player: 'p1' });
  });

  test('investors (no powers) are seated in Fiascomacy and the game starts', async () => {
    const g = await seatedGame(h, {
      variant: 'fiascomacy',
      seats: { a: [], b: [], c: [] },
      start: false,
    });
    const before = await h.call('GET', `/games/${g.gameId}`, { token: g.gm });
    expect(before.body.seats.map((s: { powers: string[] }) => s.powers)).toEqual([[], [], []]);
    const started = await h.call('POST', `/games/${g.gameId}/start`, { token: g.gm });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('running');
  });
});

describe('orders, readiness and phases', () => {
  test('each line is read at once: accepted lines canonical, rejected ones with a code', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const r = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Paris - Burgundy\nF Bre-MAO\nA Bxl - Pic\n\nA Mar S A Par - Bur' },
    });
    expect(r.status).toBe(200);
    expect(r.body.phase).toBe('S1901M');
    const lines = r.body.lines as {
      ok: boolean;
      text: string;
      canonical?: string;
      code?: string;
    }[];
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({ ok: true, text: 'A Paris - Burgundy' });
    expect(lines[0]!.canonical).toMatch(/par/i);
    expect(lines[2]).toMatchObject({ ok: false, text: 'A Bxl - Pic' });
    expect(lines[2]!.code).toMatch(/^parse\//);
    expect(lines[3]).toMatchObject({ ok: true });

    const mine = await h.call('GET', `/games/${g.gameId}/orders`, { token: g.players['fra']! });
    expect(mine.status).toBe(200);
    expect(mine.body.submission.text).toContain('A Paris - Burgundy');
    const none = await h.call('GET', `/games/${g.gameId}/orders`, { token: g.players['eng']! });
    expect(none.body).toEqual({ submission: null });
  });

  test('when everyone is ready the phase is processed and appears in the history', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Par - Bur' },
    });
    let last: { ready: boolean; processed: boolean } | undefined;
    for (const token of Object.values(g.players)) {
      const r = await h.call('PUT', `/games/${g.gameId}/ready`, { token, body: { ready: true } });
      expect(r.status).toBe(200);
      last = r.body as { ready: boolean; processed: boolean };
    }
    expect(last).toEqual({ ready: true, processed: true });
    const phases = await h.call('GET', `/games/${g.gameId}/phases`);
    expect(phases.status).toBe(200);
    expect(phases.body.phases.map((p: { name: string }) => p.name)).toEqual(['S1901M']);
    const game = await h.call('GET', `/games/${g.gameId}`);
    expect(game.body.phase.name).toBe('F1901M');
    expect(JSON.stringify(game.body.state.units)).toContain('bur');
  });

  test('the gamesmaster pauses, resumes, extends, forces processing and rolls back', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { phaseSeconds: 600 } });
    const id = g.gameId;
    const paused = await h.call('POST', `/games/${id}/pause`, { token: g.gm });
    expect(paused.status).toBe(200);
    expect(paused.body.paused).toBe(true);
    expect(paused.body.phase.deadline).toBeNull();
    const twice = await h.call('POST', `/games/${id}/pause`, { token: g.gm });
    expect([twice.status, twice.body.code]).toEqual([409, 'game/paused']);
    const resumed = await h.call('POST', `/games/${id}/resume`, { token: g.gm, body: {} });
    expect(resumed.body.paused).toBe(false);

    const extended = await h.call('POST', `/games/${id}/deadline`, {
      token: g.gm,
      body: { seconds: 60 },
    });
    expect(extended.status).toBe(200);
    expect(extended.body.phase.deadline).toBe(h.clock.now + 660_000);
    const at = new Date(h.clock.now + 3_600_000).toISOString();
    const moved = await h.call('POST', `/games/${id}/deadline`, {
      token: g.gm,
      body: { deadline: at },
    });
    expect(moved.body.phase.deadline).toBe(Date.parse(at));

    const forced = await h.call('POST', `/games/${id}/process`, { token: g.gm });
    expect(forced.status).toBe(200);
    expect(forced.body.phase.name).toBe('F1901M');
    expect(forced.body.lastPhase.name).toBe('S1901M');

    const back = await h.call('POST', `/games/${id}/rollback`, {
      token: g.gm,
      body: { toPhase: 'S1901M', version: forced.body.version },
    });
    expect(back.status).toBe(200);
    expect(back.body.phase.name).toBe('S1901M');
    const stale = await h.call('POST', `/games/${id}/process`, {
      token: g.gm,
      body: { version: forced.body.version },
    });
    expect([stale.status, stale.body.code]).toEqual([409, 'game/conflict']);
    const unknown = await h.call('POST', `/games/${id}/rollback`, {
      token: g.gm,
      body: { toPhase: 'F1950M' },
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'phase/not-found']);

    const audit = await h.call('GET', `/games/${id}/audit`, { token: g.gm });
    expect(audit.status).toBe(200);
    expect(audit.body).toMatchObject({ ok: true, mismatches: [] });
    const notGm = await h.call('GET', `/games/${id}/audit`, { token: g.players['eng']! });
    expect([notGm.status, notGm.body.code]).toEqual([403, 'game/not-gm']);
  });
});

describe('press', () => {
  test('public and private messages reach whom they are addressed to', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const pub = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['eng']!,
      body: { to: 'public', text: 'Peace in our time' },
    });
    expect(pub.status).toBe(201);
    expect(pub.body).toMatchObject({ from: 'eng', to: 'public', text: 'Peace in our time' });
    const priv = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['eng']!,
      body: { to: ['fra'], text: 'Channel stays empty?' },
    });
    expect(priv.status).toBe(201);
    const fra = await h.call('GET', `/games/${g.gameId}/messages`, { token: g.players['fra']! });
    expect(fra.body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Peace in our time',
      'Channel stays empty?',
    ]);
    const after = await h.call('GET', `/games/${g.gameId}/messages?after=${pub.body.id}`, {
      token: g.players['fra']!,
    });
    expect(after.body.messages).toHaveLength(1);
    const bad = await h.call('GET', `/games/${g.gameId}/messages?after=soon`);
    expect([bad.status, bad.body.code]).toEqual([400, 'input/invalid']);
  });

  test('a game without press refuses players with 422 press/no-press', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { press: 'none' } });
    const r = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['eng']!,
      body: { to: 'public', text: 'hello' },
    });
    expect([r.status, r.body.code]).toEqual([422, 'press/no-press']);
    const outsider = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.outsider,
      body: { to: 'public', text: 'hello' },
    });
    expect([outsider.status, outsider.body.code]).toEqual([403, 'game/not-a-player']);
  });
});

describe('the page without a web build, and unknown routes', () => {
  test('GET / without a web build is an HTML page saying how to build it', async () => {
    const res = await h.app.request('/');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('npm install &amp;&amp; npm run build');
    expect(html).toContain('/api/v1/openapi.json');
  });

  test('an unknown route is a 404 problem, a wrong method a 405 with Allow', async () => {
    const missing = await h.call('GET', '/nothing/here');
    expect([missing.status, missing.body.code]).toEqual([404, 'request/not-found']);
    expect(missing.type).toBe('application/problem+json');
    const outside = await h.app.request('/favicon.ico');
    expect(outside.status).toBe(404);
    const wrong = await h.call('DELETE', '/games');
    expect([wrong.status, wrong.body.code]).toEqual([405, 'request/method-not-allowed']);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
  });

  test('the problems list gives every code its status', async () => {
    const r = await h.call('GET', '/problems');
    expect(r.body.problems).toContainEqual({
      code: 'phase/closed',
      status: 409,
      title: expect.any(String),
    });
  });
});
