/**
 * Shared harness for the in-process HTTP tests: an app over a fresh in-memory store with a clock
 * the test moves, and a small client that speaks JSON and bearer tokens.
 */
import { Arbiter, type GameStore } from '@arbiter/app';
import { openStore } from '@arbiter/store';
import type { Hono } from 'hono';
import pg from 'pg';
import { afterAll } from 'vitest';
import { PG_URL, probePostgres } from '../../store/test/backends.js';
import { createHttpApp, type HttpAppOptions } from '../src/index.js';

export interface Harness {
  readonly app: Hono;
  readonly arbiter: Arbiter;
  readonly store: GameStore;
  /** The time the app sees, in ms; tests move it forward. */
  readonly clock: { now: number };
  call(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  readonly status: number;
  readonly type: string;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they expect
  readonly body: any;
}

/** A harness over a fresh in-memory SQLite store, or over the store `open` gives. */
export async function harness(
  options: HttpAppOptions = {},
  open: () => Promise<GameStore> = () => openStore('sqlite::memory:'),
): Promise<Harness> {
  const store = await open();
  const clock = { now: Date.UTC(2026, 0, 1) };
  const arbiter = new Arbiter({ store, clock: { now: () => clock.now } });
  const app = createHttpApp(arbiter, { logError: () => undefined, ...options });
  return {
    app,
    arbiter,
    store,
    clock,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      const res = await app.request(`/api/v1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      return reply(res);
    },
    close: () => store.close(),
  };
}

export async function reply(res: Response): Promise<Reply> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return {
    status: res.status,
    type,
    headers: res.headers,
    body: type.includes('json') && text !== '' ? (JSON.parse(text) as unknown) : text,
  };
}

export interface Seated {
  readonly gameId: string;
  readonly gm: string;
  /** Tokens by player id. */
  readonly players: Readonly<Record<string, string>>;
  /** A registered account that is not in the game. */
  readonly outsider: string;
}

let accounts = 0;

/** Registers an account with a fresh name and returns its token. */
export async function account(h: Harness, prefix = 'user'): Promise<string> {
  accounts++;
  const r = await h.call('POST', '/accounts', {
    body: { name: `${prefix}${accounts}`, password: 'correct horse' },
  });
  if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { token: string }).token;
}

/**
 * A started game: a gamesmaster, one seated player per entry of `seats` (player id to powers;
 * an empty list for an investor), and an outsider.
 */
export async function seatedGame(
  h: Harness,
  opts: {
    variant?: string;
    seats: Readonly<Record<string, readonly string[]>>;
    settings?: Record<string, unknown>;
    options?: Record<string, unknown>;
    start?: boolean;
  },
): Promise<Seated> {
  const gm = await account(h, 'gm');
  const created = await h.call('POST', '/games', {
    token: gm,
    body: {
      name: 'Test game',
      variant: opts.variant ?? 'standard',
      seed: 7,
      ...(opts.settings === undefined ? {} : { settings: opts.settings }),
      ...(opts.options === undefined ? {} : { options: opts.options }),
    },
  });
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const gameId = (created.body as { id: string }).id;
  const players: Record<string, string> = {};
  for (const playerId of Object.keys(opts.seats)) {
    const token = await account(h, 'player');
    const joined = await h.call('POST', `/games/${gameId}/players`, {
      token,
      body: { playerId },
    });
    if (joined.status !== 201) throw new Error(`join: ${JSON.stringify(joined.body)}`);
    players[playerId] = token;
  }
  const assigned = await h.call('PUT', `/games/${gameId}/powers`, {
    token: gm,
    body: {
      assignments: Object.entries(opts.seats).map(([playerId, powers]) => ({ playerId, powers })),
    },
  });
  if (assigned.status !== 200) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
  if (opts.start !== false) {
    const started = await h.call('POST', `/games/${gameId}/start`, { token: gm });
    if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
  }
  return { gameId, gm, players, outsider: await account(h, 'outsider') };
}

/** One player per standard power, with the power's id as player id. */
export const STANDARD_SEATS: Readonly<Record<string, readonly string[]>> = {
  aus: ['AUS'],
  eng: ['ENG'],
  fra: ['FRA'],
  ger: ['GER'],
  ita: ['ITA'],
  rus: ['RUS'],
  tur: ['TUR'],
};

/**
 * Everything the store holds about a game, for "nothing changed" checks: the game row, seats,
 * every phase (rolled-back ones too) with its submissions and readiness, messages and events.
 */
export async function dump(store: GameStore, gameId: string): Promise<unknown> {
  return store.read(async (tx) => {
    const phases = await tx.phases(gameId, { includeRolledBack: true });
    return {
      game: await tx.game(gameId),
      seats: await tx.seats(gameId),
      phases: await Promise.all(
        phases.map(async (p) => ({
          ...p,
          submissions: await tx.submissions(p.id),
          readiness: await tx.readiness(p.id),
        })),
      ),
      messages: await tx.messages(gameId),
      events: await tx.events(gameId),
    };
  });
}

/**
 * The stores a suite runs on: SQLite in memory, and PostgreSQL in a schema of its own per store
 * (`<prefix>_<pid>_<n>`, dropped after the suite) when a server answers at `PG_URL`; otherwise
 * the PostgreSQL entry carries the reason, for `test.skipIf`, and a warning says so.
 */
export async function storeBackends(
  label: string,
  prefix: string,
): Promise<readonly (readonly [string, () => Promise<GameStore>, string | undefined])[]> {
  const unreachable = await probePostgres(PG_URL);
  if (unreachable !== undefined)
    console.warn(`PostgreSQL ${label} tests skipped: ${PG_URL} is unreachable (${unreachable})`);
  const schemas: string[] = [];
  afterAll(async () => {
    if (schemas.length === 0) return;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await client.end();
  });
  return [
    ['SQLite', () => openStore('sqlite::memory:'), undefined],
    [
      'PostgreSQL',
      () => {
        const schema = `${prefix}_${String(process.pid)}_${String(schemas.length + 1)}`;
        schemas.push(schema);
        return openStore(PG_URL, { postgres: { schema } });
      },
      unreachable,
    ],
  ];
}

/** One player per Pink power (Pink Diplomacy I, II and III). */
export const PINK_SEATS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ['PWA', 'PWB', 'PWC', 'PWD', 'PWE', 'PWF', 'PWG'].map((p) => [p.toLowerCase(), [p]]),
);

/** Fin de Siecle's suggested seating: each player a major and a distant minor (`worldSeats`). */
export const FDS_SEATS: Readonly<Record<string, readonly string[]>> = {
  p1: ['GBR', 'CHL'],
  p2: ['OTT', 'HOL'],
  p3: ['FRA', 'JAP'],
  p4: ['GER', 'BRA'],
  p5: ['RUS', 'MEX'],
  p6: ['AUH', 'SPA'],
  p7: ['ITA', 'CHN'],
  p8: ['USA', 'POR'],
};
