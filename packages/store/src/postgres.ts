/**
 * The GameStore on PostgreSQL (pg): a connection pool; each transaction on one pooled client
 * between BEGIN and COMMIT, retried on serialization failure or deadlock; row locks with
 * SELECT ... FOR UPDATE, and SKIP LOCKED for the queue of due phases.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { GameStore, StoreTx } from '@arbiter/app';
import { applyMigrations } from './migrations.js';
import {
  type Executor,
  type Param,
  type Row,
  errorCode,
  numberPlaceholders,
  postgresDialect,
} from './sql.js';
import { NestingGuard } from './nesting.js';
import { PhaseBodies, SqlStoreTx } from './tx.js';

export interface PostgresStoreOptions {
  /** Most connections the pool opens (default 10). */
  readonly poolSize?: number;
  /**
   * The schema to keep the tables in, created if missing (default: the connection's own
   * search_path, usually `public`). Lowercase letters, digits and `_`. Lets several stores
   * (or test runs) share one database without seeing each other.
   */
  readonly schema?: string;
  /** How long to wait for a connection before failing, in ms (default 10000). */
  readonly connectTimeoutMs?: number;
  /** Attempts at a transaction that keeps failing on serialization or deadlock (default 5). */
  readonly maxAttempts?: number;
  /**
   * Whether a call to the store from inside one of its transactions is refused (default true);
   * without the check, such a call runs as another transaction, which can wait for ever on the
   * first one's locks or connection (see NestingGuard for what the check costs).
   */
  readonly checkNesting?: boolean;
}

/**
 * Connects to the PostgreSQL database at `url` (`postgres://user:password@host:port/db`) and
 * brings its schema up to date.
 *
 * @example
 * const store = await openPostgresStore(process.env.DATABASE_URL!, { poolSize: 20 });
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<PostgresStore> {
  return PostgresStore.open(url, options);
}

/**
 * GameStore on PostgreSQL at READ COMMITTED. Transactions run in parallel on separate pooled
 * connections; what keeps them from losing writes is row locks (`forUpdate` reads) and
 * `updateGame`'s version check, and a deadlock or serialization failure reruns the whole `fn`,
 * which therefore must do nothing but store work (no messages sent, no clocks read twice).
 */
export class PostgresStore implements GameStore {
  readonly backend = 'postgres';
  /** This database's phase states and results, parsed (see PhaseBodies). */
  private readonly bodies = new PhaseBodies();
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    /** The schema the tables live in, if one was chosen. */
    readonly schema: string | undefined,
    private readonly maxAttempts: number,
    /** Marks the work of a transaction's `fn`, to catch a nested call that would deadlock. */
    private readonly nesting: NestingGuard,
  ) {}

  /** See {@link openPostgresStore}. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const { schema } = options;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
      throw new Error(
        `store: PostgreSQL schema name "${schema}" must be lowercase letters, digits and _ ` +
          '(at most 63, not starting with a digit)',
      );
    }
    const config: pg.PoolConfig = {
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      types: { getTypeParser: jsonAsText },
    };
    // Set at connection start-up, so every pooled connection has it before its first query.
    if (schema !== undefined) config.options = `-c search_path=${schema}`;
    const pool = new pg.Pool(config);
    // An idle connection dropped by the server: the pool discards it and the next checkout
    // connects afresh (and reports the error if the server is really gone). Without a
    // listener, the event would crash the process.
    pool.on('error', () => undefined);
    const store = new PostgresStore(
      pool,
      schema,
      options.maxAttempts ?? 5,
      new NestingGuard(options.checkNesting ?? true),
    );
    try {
      await store.migrate();
    } catch (e) {
      await pool.end();
      throw e;
    }
    return store;
  }

  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('transaction');
    return this.retried(() =>
      this.withClientTransaction((exec) => this.attempt(exec, 'transaction', fn)),
    );
  }

  async single<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('single');
    // On the pool: the one statement takes any free connection and commits on its own.
    return this.retried(() => this.attempt(new PgExecutor(this.pool), 'single', fn));
  }

  async read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('read');
    // Straight on the pool: each query takes any free connection and is its own snapshot.
    const tx = new SqlStoreTx(new PgExecutor(this.pool), postgresDialect, 'read', this.bodies);
    try {
      return await fn(tx);
    } finally {
      tx.end();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Waits for checked-out clients, so running transactions finish first.
    await this.pool.end();
  }

  /** `work` again while it fails on a serialization failure or deadlock, up to maxAttempts. */
  private async retried<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (e) {
        if (!isRetryable(e) || attempt >= this.maxAttempts) throw e;
        await sleep(5 * 2 ** attempt * (0.5 + Math.random()));
      }
    }
  }

  /** One attempt at `fn` on `exec`, refusing to go on past a failed statement. */
  private async attempt<T>(
    exec: Executor,
    mode: 'transaction' | 'single',
    fn: (tx: StoreTx) => Promise<T>,
  ): Promise<T> {
    const tx = new SqlStoreTx(exec, postgresDialect, mode, this.bodies);
    try {
      const result = await this.nesting.inside(() => fn(tx));
      tx.checkCommittable();
      return result;
    } catch (e) {
      // Retry on the statement's own failure even if fn wrapped or swallowed it.
      throw isRetryable(tx.failedWith) ? tx.failedWith : e;
    } finally {
      tx.end();
    }
  }

  private async migrate(): Promise<number[]> {
    return this.withClientTransaction(async (exec) => {
      // Held until COMMIT: a second process opening at the same time waits here, then finds
      // the migrations applied.
      await exec.all('SELECT pg_advisory_xact_lock(hashtext(?))', [
        `arbiter-store-migrations/${this.schema ?? ''}`,
      ]);
      if (this.schema !== undefined) await exec.run(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      return applyMigrations(exec, postgresDialect, Date.now());
    });
  }

  /** Runs `fn` on one client between BEGIN and COMMIT; ROLLBACK and rethrow if it rejects. */
  private async withClientTransaction<T>(fn: (exec: Executor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(new PgExecutor(client));
      await client.query('COMMIT');
      return result;
    } catch (e) {
      // A prepared statement whose tables another process has since altered: this connection
      // keeps failing on it, so it goes, and the rerun prepares afresh on another.
      if (errorCode(e) === STALE_PLAN) broken = e as Error;
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is unusable (lost, or mid-protocol): destroy it, not pool it.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw e;
    } finally {
      client.release(broken);
    }
  }

  private checkUsable(what: string): void {
    if (this.closed) throw new Error(`store.${what}: the PostgreSQL store is closed`);
    // On PostgreSQL this would not deadlock at once, but it would run outside the caller's
    // transaction (and could wait forever on a row that transaction locked). SQLite refuses
    // the same, so the app sees one behaviour on both backends.
    this.nesting.refuseNested(what);
  }
}

/**
 * pg's readers of column values, but JSON and JSONB come as their text: the store parses them
 * itself, as on SQLite, and keeps a phase's state and result parsed and frozen by revision
 * (PhaseBodies in tx.ts), where pg would parse a fresh copy of each on every read.
 */
const jsonAsText: pg.CustomTypesConfig['getTypeParser'] = (oid, format) =>
  oid === pg.types.builtins.JSON || oid === pg.types.builtins.JSONB
    ? (value: string): string => value
    : (pg.types.getTypeParser(oid, format) as (value: string) => unknown);

/**
 * "cached plan must not change result type": a statement prepared on a connection before a
 * migration (by another process) changed the columns it reads.
 */
const STALE_PLAN = '0A000';

/**
 * Serialization failure and deadlock: PostgreSQL cancelled one side, and a rerun may pass; and a
 * stale prepared statement, which a rerun on a fresh connection prepares again.
 */
function isRetryable(e: unknown): boolean {
  const code = errorCode(e);
  return code === '40001' || code === '40P01' || code === STALE_PLAN;
}

/**
 * Each SQL text the store runs, as PostgreSQL reads it, and the name it is prepared under: pg
 * parses a named statement once per connection and then only binds and executes it, which
 * spares PostgreSQL the parsing and planning of every query (a third of its CPU under load).
 */
const pgSql = new Map<string, PgStatement>();

interface PgStatement {
  readonly name: string;
  readonly text: string;
}

/** Executor on a pg client (inside a transaction) or the pool (each query on any connection). */
class PgExecutor implements Executor {
  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  async all(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    return (await this.query(sql, params)).rows;
  }

  async run(sql: string, params: readonly Param[] = []): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  private async query(sql: string, params: readonly Param[]): Promise<pg.QueryResult<Row>> {
    const config = { ...translate(sql), values: [...params] };
    try {
      return await this.db.query<Row>(config);
    } catch (e) {
      // On the pool (a read), the failed connection is already gone; the read is asked again
      // once on another. In a transaction, the transaction reruns (see isRetryable).
      if (this.db instanceof pg.Pool && errorCode(e) === STALE_PLAN)
        return this.db.query<Row>(config);
      throw e;
    }
  }
}

function translate(sql: string): PgStatement {
  let statement = pgSql.get(sql);
  if (statement === undefined) {
    statement = { name: `arbiter_${pgSql.size}`, text: numberPlaceholders(sql) };
    pgSql.set(sql, statement);
  }
  return statement;
}
