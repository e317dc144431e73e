/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * Bad input from the issue, one kind per test: each must get its problem code and status, and
 * leave everything stored exactly as it was (compared row by row through the store).
 */
import type { Arbiter } from '@arbiter/app';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHttpApp } from '../src/index.js';
import {
  dump,
  harness,
  reply,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Seated,
} from './helpers.js';

let h: Harness;
let g: Seated;
beforeEach(async () => {
  h = await harness();
  g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { phaseSeconds: 600 } });
  // Something stored to lose: a submission and a message.
  await h.call('POST', `/games/${g.gameId}/orders`, {
    token: g.players['fra']!,
    body: { text: 'A Par - Bur' },
  });
  await h.call('POST', `/games/${g.gameId}/messages`, {
    token: g.players['eng']!,
    body: { to: 'public', text: 'hello' },
  });
});
afterEach(async () => {
  await h.close();
});

/** Runs `act` and checks that the game's stored rows are the same afterwards. */
async function unchanged(act: () => Promise<void>): Promise<void> {
  const before = await dump(h.store, g.gameId);
  await act();
  expect(await dump(h.store, g.gameId)).toEqual(before);
}

function expectProblem(
  r: { status: number; type: string; body: Record<string, unknown> },
  status: number,
  code: string,
): void {
  expect(r.type).toBe('application/problem+json');
  expect(r.body).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
  });
  expect(r.body['detail']).toEqual(expect.any(String));
  expect(r.status).toBe(status);
}

describe('bad input changes nothing', () => {
  test('malformed JSON is 400 request/malformed-json', async () => {
    await unchanged(async () => {
      for (const body of ['{"text": "A Par - Bur"', '', 'text=A+Par', '{"text":"\\x"}']) {
        const r = await h.call('POST', `/games/${g.gameId}/orders`, {
          token: g.players['fra']!,
          body,
          headers: { 'content-type': 'application/json' },
        });
        expectProblem(r, 400, 'request/malformed-json');
        expect(r.body.instance).toBe(`/api/v1/games/${g.gameId}/orders`);
      }
    });
  });

  test('bytes that are not UTF-8 are malformed too', async () => {
    await unchanged(async () => {
      const res = await h.app.request(`/api/v1/games/${g.gameId}/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${g.players['fra']!}`,
          'content-type': 'application/json',
        },
        body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      });
      expectProblem(await reply(res), 400, 'request/malformed-json');
    });
  });

  test('valid JSON of the wrong shape is 400 input/invalid, naming the field', async () => {
    await unchanged(async () => {
      const r = await h.call('POST', `/games/${g.gameId}/orders`, {
        token: g.players['fra']!,
        body: { text: 42 },
      });
      expectProblem(r, 400, 'input/invalid');
      expect(r.body.details.issues[0].path).toBe('text');
      const extra = await h.call('PUT', `/games/${g.gameId}/ready`, {
        token: g.players['fra']!,
        body: { ready: true, everyone: true },
      });
      expectProblem(extra, 400, 'input/invalid');
    });
  });

  test('a module setting unknown, of the wrong kind or out of range is refused by name and code; no game is created', async () => {
    const games = async (): Promise<unknown> => (await h.call('GET', '/games')).body;
    const before = await games();
    await unchanged(async () => {
      const cases: [string, Record<string, unknown>, string, string, RegExp][] = [
        [
          'fink',
          { fink: { FINK_NO_CONVOI: true } },
          'options.fink.FINK_NO_CONVOI',
          'setup/unknown-option',
          /no setting "FINK_NO_CONVOI"; its settings: phantomFink, .*FINK_NO_CONVOY/,
        ],
        [
          'fink',
          { fink: { phantomFink: 'yes' } },
          'options.fink.phantomFink',
          'setup/option-type',
          /must be true or false/,
        ],
        [
          'fiascomacy',
          { fiascomacy: { LAST_YEAR: 1908.5 } },
          'options.fiascomacy.LAST_YEAR',
          'setup/option-type',
          /whole number from 1901 to 9999, or null for none, not 1908.5/,
        ],
        [
          'fiascomacy',
          { fiascomacy: { LAST_YEAR: 1800 } },
          'options.fiascomacy.LAST_YEAR',
          'setup/option-range',
          /whole number from 1901 to 9999, or null for none, not 1800/,
        ],
        [
          'deviant2',
          { deviant: { overVote: 'loud' } },
          'options.deviant.overVote',
          'setup/option-range',
          /one of "void", "truncate", not "loud"/,
        ],
        [
          'deviant2',
          { deviant: { overVote: 1 } },
          'options.deviant.overVote',
          'setup/option-type',
          /one of "void", "truncate", not 1/,
        ],
      ];
      for (const [variant, options, path, code, message] of cases) {
        const r = await h.call('POST', '/games', {
          token: g.gm,
          body: { name: 'Bad options', variant, options },
        });
        expectProblem(r, 400, 'input/invalid');
        expect(r.body.detail).toContain(path);
        expect(r.body.details.issues).toEqual([{ path, code, message: expect.any(String) }]);
        expect(r.body.details.issues[0].message).toMatch(message);
      }
      // A module the variant does not have: the setup itself is wrong.
      const noModule = await h.call('POST', '/games', {
        token: g.gm,
        body: { name: 'Bad options', variant: 'fink', options: { deviant: {} } },
      });
      expectProblem(noModule, 422, 'game/bad-setup');
      expect(noModule.body.details).toMatchObject({ code: 'setup/unknown-option' });
      expect(noModule.body.detail).toMatch(
        /no module "deviant" in Fink Diplomacy .*; its modules: fink/,
      );
    });
    expect(await games()).toEqual(before);
    // The same options within range are taken.
    const good = await h.call('POST', '/games', {
      token: g.gm,
      body: {
        name: 'Good options',
        variant: 'fiascomacy',
        options: { fiascomacy: { LAST_YEAR: 1901, BONUS: false } },
      },
    });
    expect(good.status).toBe(201);
    expect(good.body.options).toEqual({ fiascomacy: { LAST_YEAR: 1901, BONUS: false } });
  });

  test('a body that is not JSON at all is 415', async () => {
    await unchanged(async () => {
      const r = await h.call('POST', `/games/${g.gameId}/orders`, {
        token: g.players['fra']!,
        body: 'A Par - Bur',
        headers: { 'content-type': 'text/plain' },
      });
      expectProblem(r, 415, 'request/unsupported-media-type');
    });
  });

  test('an unknown game is 404 game/not-found on every game route', async () => {
    await unchanged(async () => {
      const missing = '00000000-0000-0000-0000-000000000000';
      const token = g.players['fra']!;
      const calls: [string, string, unknown][] = [
        ['GET', '', undefined],
        ['POST', '/orders', { text: 'A Par - Bur' }],
        ['GET', '/orders', undefined],
        ['PUT', '/ready', { ready: true }],
        ['GET', '/phases', undefined],
        ['GET', '/messages', undefined],
        ['POST', '/messages', { to: 'public', text: 'hi' }],
        ['POST', '/players', {}],
        ['POST', '/process', {}],
        ['POST', '/rollback', { toPhase: 'S1901M' }],
        ['GET', '/rollback?to=S1901M', undefined],
        ['GET', '/audit', undefined],
      ];
      for (const [method, suffix, body] of calls) {
        const r = await h.call(method, `/games/${missing}${suffix}`, {
          token,
          ...(body === undefined ? {} : { body }),
        });
        expectProblem(r, 404, 'game/not-found');
      }
      const odd = await h.call('GET', '/games/not%20an%20id');
      expectProblem(odd, 400, 'input/invalid');
    });
  });

  test('the wrong player is 403: an outsider ordering, a player acting as gamesmaster', async () => {
    await unchanged(async () => {
      const outsider = await h.call('POST', `/games/${g.gameId}/orders`, {
        token: g.outsider,
        body: { text: 'A Par - Bur' },
      });
      expectProblem(outsider, 403, 'game/not-a-player');
      const ready = await h.call('PUT', `/games/${g.gameId}/ready`, {
        token: g.outsider,
        body: { ready: true },
      });
      expectProblem(ready, 403, 'game/not-a-player');
      for (const command of ['pause', 'process', 'resume']) {
        const r = await h.call('POST', `/games/${g.gameId}/${command}`, {
          token: g.players['eng']!,
        });
        expectProblem(r, 403, 'game/not-gm');
      }
      const rollback = await h.call('POST', `/games/${g.gameId}/rollback`, {
        token: g.players['eng']!,
        body: { toPhase: 'S1901M' },
      });
      expectProblem(rollback, 403, 'game/not-gm');
      const deadline = await h.call('POST', `/games/${g.gameId}/deadline`, {
        token: g.outsider,
        body: { seconds: 3600 },
      });
      expectProblem(deadline, 403, 'game/not-gm');
    });
  });

  test('orders after the deadline are 409 phase/closed, even before the phase is processed', async () => {
    h.clock.now += 600_001;
    await unchanged(async () => {
      const r = await h.call('POST', `/games/${g.gameId}/orders`, {
        token: g.players['fra']!,
        body: { text: 'A Par - Pic' },
      });
      expectProblem(r, 409, 'phase/closed');
      const ready = await h.call('PUT', `/games/${g.gameId}/ready`, {
        token: g.players['fra']!,
        body: { ready: true },
      });
      expectProblem(ready, 409, 'phase/closed');
    });
    // The submission that counts is still the one sent in time.
    const mine = await h.call('GET', `/games/${g.gameId}/orders`, { token: g.players['fra']! });
    expect(mine.body.submission.text).toBe('A Par - Bur');
  });

  test('a body over the limit is 413, by its Content-Length or counted as it streams', async () => {
    const big = JSON.stringify({ text: 'A Par - Bur\n'.repeat(6000) });
    expect(big.length).toBeGreaterThan(64 * 1024);
    await unchanged(async () => {
      const declared = await h.call('POST', `/games/${g.gameId}/orders`, {
        token: g.players['fra']!,
        body: big,
        headers: { 'content-length': String(big.length) },
      });
      expectProblem(declared, 413, 'request/too-large');

      // No Content-Length: a stream that would go on for ever. The server must stop reading.
      let pulled = 0;
      const chunk = new TextEncoder().encode('{"text":"' + 'x'.repeat(8192));
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(chunk);
        },
      });
      const res = await h.app.request(`/api/v1/games/${g.gameId}/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${g.players['fra']!}`,
          'content-type': 'application/json',
        },
        body: endless,
        duplex: 'half',
      });
      expectProblem(await reply(res), 413, 'request/too-large');
      expect(pulled).toBeLessThan(20);

      // A lying Content-Length is no help either.
      const lying = await h.app.request(`/api/v1/games/${g.gameId}/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${g.players['fra']!}`,
          'content-type': 'application/json',
          'content-length': '10',
        },
        body: big,
      });
      expectProblem(await reply(lying), 413, 'request/too-large');
    });
  });

  test('the limit can be set per app', async () => {
    const small = createHttpApp(h.arbiter, { bodyLimit: 100 });
    const res = await small.request(`/api/v1/games/${g.gameId}/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${g.players['fra']!}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'A Par - Bur '.repeat(20) }),
    });
    expectProblem(await reply(res), 413, 'request/too-large');
  });
});

describe('two gamesmaster actions racing', () => {
  test('of two forced processings of one version, one wins and the other is 409', async () => {
    const version = (await h.call('GET', `/games/${g.gameId}`, { token: g.gm })).body.version;
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        h.call('POST', `/games/${g.gameId}/process`, { token: g.gm, body: { version } }),
      ),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a!.status === 409 ? a! : b!;
    expectProblem(loser, 409, 'game/conflict');
    // Exactly one processing happened: one processed phase, one open, one event of each.
    const stored = (await dump(h.store, g.gameId)) as {
      phases: { name: string; status: string }[];
      events: { type: string }[];
    };
    expect(stored.phases.map((p) => [p.name, p.status])).toEqual([
      ['S1901M', 'processed'],
      ['F1901M', 'open'],
    ]);
    expect(stored.events.filter((e) => e.type === 'gm/forced')).toHaveLength(1);
    expect(stored.events.filter((e) => e.type === 'phase/processed')).toHaveLength(1);
  });

  test('a pause racing a forced processing: the loser changes nothing', async () => {
    const version = (await h.call('GET', `/games/${g.gameId}`, { token: g.gm })).body.version;
    const before = await dump(h.store, g.gameId);
    const [pause, process] = await Promise.all([
      h.call('POST', `/games/${g.gameId}/pause`, { token: g.gm, body: { version } }),
      h.call('POST', `/games/${g.gameId}/process`, { token: g.gm, body: { version } }),
    ]);
    expect([pause.status, process.status].sort()).toEqual([200, 409]);
    const after = (await dump(h.store, g.gameId)) as {
      game: { paused: boolean };
      phases: unknown[];
    };
    if (pause.status === 200) {
      expectProblem(process, 409, 'game/conflict');
      expect(after.phases).toHaveLength((before as { phases: unknown[] }).phases.length);
      expect(after.game.paused).toBe(true);
    } else {
      expectProblem(pause, 409, 'game/conflict');
      expect(after.game.paused).toBe(false);
    }
  });
});

describe('server faults', () => {
  test('an unexpected error is a 500 internal problem that tells nothing of the cause', async () => {
    const logged: unknown[] = [];
    const broken = {
      authenticate: () => Promise.resolve(undefined),
      getGame: () => Promise.reject(new Error('database password is hunter2')),
    } as unknown as Arbiter;
    const app = createHttpApp(broken, { logError: (_m, e) => logged.push(e) });
    const r = await reply(await app.request('/api/v1/games/abc'));
    expectProblem(r, 500, 'internal');
    expect(JSON.stringify(r.body)).not.toMatch(/hunter2|Error|at /);
    expect(logged).toHaveLength(1);
  });
});
