/**
 * Test helpers: a stepped clock, the store backends (the store's own test backends: SQLite
 * always, PostgreSQL in a schema of its own when a server answers), accounts and games set up
 * through the app.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect } from 'vitest';
import type { Result } from '@arbiter/engine';
import {
  Arbiter,
  type AccountId,
  type AppDeps,
  type AppError,
  type Clock,
  type GameStore,
  type GameView,
} from '../src/index.js';
import {
  PG_URL,
  postgresBackend,
  probePostgres,
  sqliteFileBackend,
  sqliteMemoryBackend,
  type Backend,
  type TestDatabase,
} from '../../store/test/backends.js';

/** A time past 2^32 ms, as real times are. */
export const T0 = 1_700_000_000_000;

/** A clock that moves only when told. */
export class SteppedClock implements Clock {
  constructor(public t = T0) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(t: number): void {
    this.t = t;
  }
}

const pgUnreachable = await probePostgres(PG_URL);

/**
 * The backends to run on. `shared`: databases that two stores (two processes, in effect) can
 * open at once (a SQLite file rather than memory).
 */
export function backends(opts: { shared?: boolean } = {}): Backend[] {
  const list = [
    opts.shared === true ? sqliteFileBackend() : sqliteMemoryBackend(),
    postgresBackend(PG_URL, pgUnreachable),
  ];
  for (const b of list)
    if (b.skipped !== undefined) console.warn(`${b.name}: skipped, ${b.skipped}`);
  afterEach(async () => {
    for (const b of list) await b.release();
  });
  afterAll(async () => {
    for (const b of list) await b.cleanup();
  });
  return list;
}

/** `describe` once per backend; a backend that cannot run is skipped with its reason printed. */
export function eachBackend(
  title: string,
  fn: (db: () => TestDatabase, backend: Backend) => void,
  opts: { shared?: boolean } = {},
): void {
  for (const b of backends(opts)) {
    describe.skipIf(b.skipped !== undefined)(`${title} (${b.name})`, () => {
      fn(() => b.database(), b);
    });
  }
}

export interface Harness {
  readonly store: GameStore;
  readonly app: Arbiter;
  readonly clock: SteppedClock;
}

export async function harness(db: TestDatabase, deps: Partial<AppDeps> = {}): Promise<Harness> {
  const store = await db.open();
  const clock = new SteppedClock();
  return { store, clock, app: new Arbiter({ store, clock, ...deps }) };
}

/**
 * An account straight into the store (registering hashes a password, which takes a while; the
 * account tests register through the app).
 */
export async function account(store: GameStore, name: string): Promise<AccountId> {
  const id = randomUUID();
  await store.transaction((tx) =>
    tx.insertAccount({ id, name: `${name}-${id.slice(0, 8)}`, passwordHash: 'x', createdAt: T0 }),
  );
  return id;
}

export function value<T>(r: Result<T, AppError>): T {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function code<T>(r: Result<T, AppError>): string {
  expect(r.ok, 'expected a refusal').toBe(false);
  return r.ok ? 'ok' : r.error.code;
}

export interface StartedGame {
  readonly gameId: string;
  readonly gm: AccountId;
  /** Players in seating order: account, player id, powers. */
  readonly players: readonly { account: AccountId; playerId: string; powers: readonly string[] }[];
  readonly view: GameView;
}

/**
 * A game created, joined by `count` players and started. Powers are given out by the gamesmaster
 * in joining order (player-1 gets the map's first power, and so on) unless `powers` gives each
 * seat its own, or is `'drawn'`: then none are given and the start deals them from the seed.
 */
export async function startedGame(
  h: Harness,
  opts: {
    variant?: string;
    count?: number;
    seed?: number;
    settings?: Parameters<Arbiter['createGame']>[1]['settings'];
    options?: Parameters<Arbiter['createGame']>[1]['options'];
    powers?: readonly (readonly string[])[] | 'drawn';
  } = {},
): Promise<StartedGame> {
  const gm = await account(h.store, 'gm');
  const created = value(
    await h.app.createGame(gm, {
      name: 'test game',
      variant: opts.variant ?? 'standard',
      seed: opts.seed ?? 1,
      settings: opts.settings ?? { phaseSeconds: 3600, press: 'full' },
      ...(opts.options === undefined ? {} : { options: opts.options }),
    }),
  );
  const count = opts.count ?? 7;
  const accounts: AccountId[] = [];
  for (let i = 0; i < count; i++) {
    const a = await account(h.store, `p${i + 1}`);
    accounts.push(a);
    value(await h.app.joinGame(a, created.id));
  }
  if (opts.powers !== 'drawn') {
    const mapPowers = h.app.variants().find((v) => v.id === created.variant)?.powers ?? [];
    const powers =
      opts.powers ??
      accounts.map((_, i) => {
        const power = mapPowers[i];
        return power === undefined ? [] : [power.id];
      });
    value(
      await h.app.assignPowers(
        gm,
        created.id,
        powers.map((p, i) => ({ playerId: `player-${i + 1}`, powers: p })),
      ),
    );
  }
  const view = value(await h.app.startGame(gm, created.id));
  return {
    gameId: created.id,
    gm,
    view,
    players: accounts.map((a, i) => {
      const seat = view.seats.find((s) => s.playerId === `player-${i + 1}`)!;
      return { account: a, playerId: seat.playerId, powers: seat.powers };
    }),
  };
}

/** Everything the store holds about a game, to compare before and after a refused command. */
export async function snapshot(store: GameStore, gameId: string): Promise<string> {
  return JSON.stringify(
    await store.read(async (tx) => {
      const phases = await tx.phases(gameId, { includeRolledBack: true });
      return {
        game: await tx.game(gameId),
        seats: await tx.seats(gameId),
        phases,
        submissions: await Promise.all(phases.map((p) => tx.submissions(p.id))),
        readiness: await Promise.all(phases.map((p) => tx.readiness(p.id))),
        messages: await tx.messages(gameId),
        events: await tx.events(gameId),
      };
    }),
  );
}
