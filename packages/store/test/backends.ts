/**
 * The backends the contract suite runs on, each giving fresh, isolated databases: a temp SQLite
 * file, SQLite in memory, and PostgreSQL in a schema of its own (when a server answers).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { GameStore } from '@arbiter/app';
import { openStore } from '../src/index.js';
import { redact } from '../src/url.js';

export const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type RawRow = Record<string, unknown>;

/** One empty database of a backend. */
export interface TestDatabase {
  /**
   * Opens a store on it; each call is another store (another process, in effect). With
   * `checkNesting: false`, the store does not refuse calls from inside its own transactions.
   */
  open(options?: { readonly checkNesting?: boolean }): Promise<GameStore>;
  /** Whether two `open`s share the data (not so in memory: each is its own database). */
  readonly shared: boolean;
  /** Runs SQL on it over a connection of its own (none in memory). */
  readonly raw: ((sql: string) => Promise<RawRow[]>) | null;
}

export interface Backend {
  readonly name: string;
  /** Why the backend's tests are skipped, or undefined if they run. */
  readonly skipped: string | undefined;
  /**
   * Whether one database can be opened twice (two stores, or a raw connection beside a store):
   * a file or a server, not an in-memory database, which exists only inside its one connection.
   */
  readonly multiConnection: boolean;
  /** A new empty database. */
  database(): TestDatabase;
  /** Closes what `database()` opened since the last call. */
  release(): Promise<void>;
  /** Removes every database the backend made. */
  cleanup(): Promise<void>;
}

/** Tries PostgreSQL for two seconds; returns why it is unreachable, or undefined. */
export async function probePostgres(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' ? code : e instanceof Error ? e.message : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The store option of `TestDatabase.open`, left out when not given. */
function nesting(checkNesting: boolean | undefined): { checkNesting?: boolean } {
  return checkNesting === undefined ? {} : { checkNesting };
}

/** Things to close after each test: stores, raw connections. */
class Closers {
  private items: (() => Promise<void> | void)[] = [];
  add(close: () => Promise<void> | void): void {
    this.items.push(close);
  }
  async run(): Promise<void> {
    const items = this.items;
    this.items = [];
    for (const close of items.reverse()) await close();
  }
}

export function sqliteFileBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-store-'));
  const closers = new Closers();
  let n = 0;
  return {
    name: 'SQLite file',
    skipped: undefined,
    multiConnection: true,
    database() {
      const path = join(dir, `db-${String(++n)}.sqlite`);
      let raw: Database.Database | undefined;
      return {
        shared: true,
        open: async ({ checkNesting } = {}) => {
          const store = await openStore(`sqlite:${path}`, { sqlite: nesting(checkNesting) });
          closers.add(() => store.close());
          return store;
        },
        raw: (sql) => {
          if (raw === undefined) {
            const db = new Database(path);
            db.pragma('busy_timeout = 5000');
            closers.add(() => {
              db.close();
            });
            raw = db;
          }
          const db = raw;
          return new Promise((resolve) => {
            const stmt = db.prepare<[], RawRow>(sql);
            resolve(stmt.reader ? stmt.all() : (stmt.run(), []));
          });
        },
      };
    },
    release: () => closers.run(),
    cleanup: async () => {
      await closers.run();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function sqliteMemoryBackend(): Backend {
  const closers = new Closers();
  return {
    name: 'SQLite :memory:',
    skipped: undefined,
    multiConnection: false,
    database: () => ({
      shared: false,
      raw: null,
      open: async ({ checkNesting } = {}) => {
        const store = await openStore('sqlite::memory:', { sqlite: nesting(checkNesting) });
        closers.add(() => store.close());
        return store;
      },
    }),
    release: () => closers.run(),
    cleanup: () => closers.run(),
  };
}

/** PostgreSQL: each database is a schema named for this run, dropped at the end. */
export function postgresBackend(url: string, unreachable: string | undefined): Backend {
  const run = `arbiter_test_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
  const schemas: string[] = [];
  const closers = new Closers();
  return {
    name: 'PostgreSQL',
    skipped:
      unreachable === undefined ? undefined : `cannot connect to ${redact(url)} (${unreachable})`,
    multiConnection: true,
    database() {
      const schema = `${run}_${String(schemas.length + 1)}`;
      schemas.push(schema);
      let raw: pg.Client | undefined;
      return {
        shared: true,
        open: async ({ checkNesting } = {}) => {
          const store = await openStore(url, {
            postgres: { schema, poolSize: 10, ...nesting(checkNesting) },
          });
          closers.add(() => store.close());
          return store;
        },
        raw: async (sql) => {
          if (raw === undefined) {
            const client = new pg.Client({
              connectionString: url,
              options: `-c search_path=${schema}`,
            });
            await client.connect();
            closers.add(() => client.end());
            raw = client;
          }
          return (await raw.query<RawRow>(sql)).rows;
        },
      };
    },
    release: () => closers.run(),
    cleanup: async () => {
      await closers.run();
      if (schemas.length === 0) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
