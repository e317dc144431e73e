/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- event data are JSON read as each test expects; the server checks their shapes against its schema */
/**
 * The event stream of a game (`GET /games/{id}/events`), on SQLite and PostgreSQL: events come
 * after each action, `Last-Event-ID` resumes with nothing repeated or skipped, each viewer is
 * told only what his reads would show (never another player's press, orders, readiness, nor
 * the Fink's identity), a bad cursor is refused, and stopping the server ends the stream.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { apiDocument } from '../src/index.js';
import {
  harness,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Seated,
  storeBackends,
} from './helpers.js';
import { openStream, type SseEvent, type SseReader } from './sse-client.js';

const BACKENDS = await storeBackends('event', 'events');

describe.each(BACKENDS)('the event stream on %s', (_name, open, unreachable) => {
  let h: Harness;
  let shutdown: AbortController;
  const streams: SseReader[] = [];
  beforeEach(async () => {
    if (unreachable !== undefined) return;
    shutdown = new AbortController();
    h = await harness({ eventPollMs: 2, shutdown: shutdown.signal }, open);
  });
  afterEach(async () => {
    if (unreachable !== undefined) return;
    for (const s of streams.splice(0)) await s.close();
    await h.close();
  });
  const it = test.skipIf(unreachable !== undefined);

  async function stream(
    g: Seated,
    token: string | undefined,
    opts: { lastEventId?: string; query?: string } = {},
  ): Promise<SseReader> {
    const s = await openStream(h.app, `/games/${g.gameId}/events${opts.query ?? ''}`, {
      ...(token === undefined ? {} : { token }),
      ...(opts.lastEventId === undefined ? {} : { lastEventId: opts.lastEventId }),
    });
    streams.push(s);
    return s;
  }

  async function ok(method: string, path: string, token: string, body?: unknown): Promise<void> {
    const r = await h.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  }

  /** Everything a stream holds until it has caught up, as one text. */
  async function seen(g: Seated, token: string | undefined): Promise<string> {
    const s = await stream(g, token);
    const events = await s.caughtUp();
    await s.close();
    return events.map((e) => `${e.event} ${JSON.stringify(e.data)}`).join('\n');
  }

  it('tells of a message, a new deadline, a processed phase and the end of the game', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { endYear: 1901 } });
    const s = await stream(g, g.players['fra']);
    const backlog = await s.caughtUp();
    expect(backlog.map((e) => `${e.event} ${String(e.data.change)}`)).toEqual([
      ...Object.keys(STANDARD_SEATS).map(() => 'game seats'),
      'game seats',
      'game started',
    ]);
    expect(backlog[backlog.length - 1]!.data).toMatchObject({ kind: 'game', phase: 'S1901M' });

    await ok('POST', `/games/${g.gameId}/messages`, g.players['eng']!, {
      to: 'public',
      text: 'Hello, Europe',
    });
    const [message] = await s.until((e) => e.event === 'message');
    expect(message!.data.message).toMatchObject({ from: 'eng', text: 'Hello, Europe' });
    expect(Number(message!.id)).toBe(message!.data.id);

    await ok('POST', `/games/${g.gameId}/deadline`, g.gm, { seconds: 3600 });
    const [deadline] = await s.until((e) => e.event === 'deadline');
    expect(deadline!.data).toMatchObject({ phase: 'S1901M' });
    expect(deadline!.data.deadline - deadline!.data.previous).toBe(3600 * 1000);

    await ok('POST', `/games/${g.gameId}/process`, g.gm);
    const [phase] = await s.until((e) => e.event === 'phase');
    expect(phase!.data.phase.name).toBe('S1901M');
    expect(phase!.data.next).toMatchObject({ name: 'F1901M' });

    await ok('POST', `/games/${g.gameId}/process`, g.gm);
    const end = await s.until((e) => e.event === 'game');
    expect(end.map((e) => e.event)).toEqual(['phase', 'game']);
    expect(end[0]!.data).toMatchObject({ phase: { name: 'F1901M' }, next: null });
    expect(end[1]!.data).toMatchObject({ change: 'finished', phase: null });
    // Both come from the one phase/processed event: one id, so resuming never splits them.
    expect(end[0]!.id).toBe(end[1]!.id);
  });

  it('resumes after Last-Event-ID or ?after= with nothing repeated or skipped', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    for (const text of ['one', 'two', 'three']) {
      await ok('POST', `/games/${g.gameId}/messages`, g.players['eng']!, { to: 'public', text });
    }
    await ok('POST', `/games/${g.gameId}/pause`, g.gm);
    await ok('POST', `/games/${g.gameId}/resume`, g.gm);
    const all = await (await stream(g, g.players['ger'])).caughtUp();
    const key = (e: SseEvent): string => `${String(e.id)} ${e.event} ${JSON.stringify(e.data)}`;
    expect(all.map((e) => e.event)).toEqual(
      expect.arrayContaining(['message', 'game', 'deadline']),
    );
    // Ids never go down, and only items of one event share one.
    const ids = all.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    for (const [i, e] of all.entries()) {
      const rest = all.filter((x) => Number(x.id) > Number(e.id)).map(key);
      const byHeader = await stream(g, g.players['ger'], { lastEventId: e.id! });
      expect((await byHeader.caughtUp()).map(key), `after event ${String(i)}`).toEqual(rest);
      const byQuery = await stream(g, g.players['ger'], { query: `?after=${e.id!}` });
      expect((await byQuery.caughtUp()).map(key)).toEqual(rest);
    }

    // A stream resumed at the end gets only what comes next, live.
    const last = all[all.length - 1]!.id!;
    const live = await stream(g, g.players['ger'], { lastEventId: last });
    expect(await live.caughtUp()).toEqual([]);
    await ok('POST', `/games/${g.gameId}/messages`, g.players['eng']!, {
      to: 'public',
      text: 'four',
    });
    const next = await live.until((e) => e.event === 'message');
    expect(next.map((e) => e.data.message.text)).toEqual(['four']);
    expect(Number(next[0]!.id)).toBeGreaterThan(Number(last));
  });

  it("never tells a player another's private press, orders or readiness", async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await ok('POST', `/games/${g.gameId}/messages`, g.players['eng']!, {
      to: ['ger'],
      text: 'ZEBRA: let us split Belgium',
    });
    await ok('POST', `/games/${g.gameId}/orders`, g.players['eng']!, {
      text: 'F London - North Sea',
    });
    await ok('PUT', `/games/${g.gameId}/ready`, g.players['eng']!, { ready: true });
    const secrets = ['ZEBRA', '"kind":"orders"', '"kind":"ready"'];

    for (const [who, token] of [
      ['fra', g.players['fra']],
      ['the public', undefined],
      ['an outsider', g.outsider],
    ] as const) {
      const text = await seen(g, token);
      expect(text, who).toContain('"change":"started"');
      for (const secret of secrets) expect(text, `${who} reading ${secret}`).not.toContain(secret);
    }
    const eng = await seen(g, g.players['eng']);
    for (const secret of secrets) expect(eng).toContain(secret);
    expect(await seen(g, g.players['ger'])).toContain('ZEBRA');
    const gm = await seen(g, g.gm);
    for (const secret of secrets) expect(gm).toContain(secret);
    expect(gm).toContain('"player":"eng"');

    // The same holds for events that come live.
    const fra = await stream(g, g.players['fra']);
    await fra.caughtUp();
    await ok('PUT', `/games/${g.gameId}/ready`, g.players['ger']!, { ready: true });
    await ok('POST', `/games/${g.gameId}/messages`, g.players['ger']!, {
      to: ['eng'],
      text: 'ZEBRA agreed',
    });
    await ok('POST', `/games/${g.gameId}/messages`, g.players['fra']!, {
      to: 'public',
      text: 'marker',
    });
    const live = await fra.until((e) => e.event === 'message');
    expect(live.map((e) => e.data.message.text)).toEqual(['marker']);
  });

  it('tells nobody but the Fink and the gamesmaster who the Fink is, or what he ordered', async () => {
    const g = await seatedGame(h, { variant: 'fink', seats: STANDARD_SEATS });
    const force = async (): Promise<void> => {
      await ok('POST', `/games/${g.gameId}/process`, g.gm);
    };
    await ok('POST', `/games/${g.gameId}/orders`, g.players['rus']!, { text: 'F Sev - Rum' });
    await force();
    await force();
    await ok('POST', `/games/${g.gameId}/orders`, g.players['eng']!, {
      text: 'I want to turn Fink against France',
    });
    await force();
    const fra = await seen(g, g.players['fra']);
    expect(fra).toContain('There is a new Fink.');
    for (const token of [g.players['fra'], g.players['ger'], undefined, g.outsider]) {
      const text = await seen(g, token);
      expect(text).toContain('"kind":"phase"');
      expect(text).not.toContain('turn Fink against France');
      expect(text).not.toContain('You are now the Fink');
      expect(text).not.toContain('turns Fink against');
      expect(text).not.toMatch(/"victim"/);
    }
    const eng = await seen(g, g.players['eng']);
    expect(eng).toContain('turn Fink against France');
    expect(eng).toContain('You are now the Fink');
    const gm = await seen(g, g.gm);
    expect(gm).toContain('turn Fink against France');
    expect(gm).toContain('turns Fink against');
  });

  it('takes the token as ?token= (EventSource sends no headers)', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    await ok('PUT', `/games/${g.gameId}/ready`, g.players['ita']!, { ready: true });
    const s = await stream(g, undefined, { query: `?token=${g.players['ita']!}` });
    const events = await s.caughtUp();
    expect(events.map((e) => e.event)).toContain('ready');
    const bad = await h.call('GET', `/games/${g.gameId}/events?token=nonsense`);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('auth/invalid-token');
  });

  it('refuses a cursor that is not an event id, and an unknown game', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const path = `/games/${g.gameId}/events`;
    for (const bad of ['abc', '-1', '1.5', '']) {
      const r = await h.call('GET', path, { token: g.gm, headers: { 'last-event-id': bad } });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.code).toBe('input/invalid');
      expect(r.body.detail).toMatch(/^Last-Event-ID: /);
      expect(r.body.details.issues[0].path).toBe('Last-Event-ID');
    }
    const q = await h.call('GET', `${path}?after=abc`, { token: g.gm });
    expect(q.status).toBe(400);
    expect(q.body.code).toBe('input/invalid');
    expect(q.body.details.issues[0].path).toBe('after');
    const none = await h.call('GET', '/games/no-such-game/events');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('game/not-found');
  });

  it('keeps an idle stream alive with comment lines', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const quick = await harness({ eventPollMs: 1, heartbeatMs: 2 }, () => Promise.resolve(h.store));
    const s = await openStream(quick.app, `/games/${g.gameId}/events`, { token: g.gm });
    streams.push(s);
    await s.caughtUp();
    const before = s.events.length;
    while (!s.raw.includes('\n: keep-alive\n')) await s.next();
    // A comment is no event: an EventSource sees nothing of it.
    expect(s.events).toHaveLength(before);
  });

  it('ends every open stream when the server shuts down', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const a = await stream(g, g.gm);
    const b = await stream(g, undefined);
    await a.caughtUp();
    await b.caughtUp();
    shutdown.abort();
    await a.end();
    await b.end();
    expect(a.done && b.done).toBe(true);
  });
});

test('the OpenAPI document describes the stream, its cursor and its event data', () => {
  const doc = apiDocument() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters: { name: string; in: string }[];
          responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
        }
      >
    >;
    components: {
      schemas: Record<string, { oneOf?: { properties: { kind: { const: string } } }[] }>;
    };
  };
  const op = doc.paths['/games/{id}/events']!['get']!;
  expect(op.parameters.map((p) => `${p.in} ${p.name}`)).toEqual(
    expect.arrayContaining(['path id', 'query after', 'query token', 'header Last-Event-ID']),
  );
  const ref = op.responses['200']!.content!['text/event-stream']!.schema.$ref;
  const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
  expect(schema.oneOf!.map((s) => s.properties.kind.const)).toEqual([
    'phase',
    'message',
    'deadline',
    'game',
    'orders',
    'ready',
    'caught-up',
  ]);
  expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '401', '404']));
});
