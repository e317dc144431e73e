/**
 * The GameStore on SQLite (better-sqlite3): the embedded default. One write connection per store,
 * its transactions queued by an async mutex and opened with BEGIN IMMEDIATE; reads of a file go
 * through a second, read-only connection that WAL keeps apart from any open transaction.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { GameStore, StoreTx } from '@arbiter/app';
import { applyMigrations } from './migrations.js';
import { Mutex } from './mutex.js';
import { NestingGuard } from './nesting.js';
import { type Executor, type Param, type Row, sqliteDialect } from './sql.js';
import { SqlStoreTx } from './tx.js';

/** Where a SQLite store keeps its data: the path meaning an in-memory database. */
export const SQLITE_MEMORY = ':memory:';

export interface SqliteStoreOptions {
  /**
   * How long a transaction waits for another process's write lock before failing, in ms (the
   * time BEGIN IMMEDIATE is retried, and the read connection's `busy_timeout`). Default 5000.
   */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens (creating if need be) the SQLite database at `path`, or an in-memory one for
 * `:memory:`, and brings its schema up to date.
 *
 * @example
 * const store = await openSqliteStore('data/arbiter.sqlite');
 * await store.transaction((tx) => tx.insertAccount(account));
 */
export async function openSqliteStore(
  path: string,
  options: SqliteStoreOptions = {},
): Promise<SqliteStore> {
  return SqliteStore.open(path, options);
}

/**
 * GameStore on one SQLite file. Within a process, transactions run one at a time, in the order
 * they were asked for; between processes, the database's write lock (BEGIN IMMEDIATE, retried
 * while another process holds it) serialises them. Either way nothing interleaves.
 */
export class SqliteStore implements GameStore {
  readonly backend = 'sqlite';
  private readonly mutex = new Mutex();
  private readonly writerExec: SqliteExecutor;
  private readonly readerExec: SqliteExecutor | null;
  /** Set while a transaction's `fn` runs, to catch a nested call that would deadlock. */
  private readonly nesting = new NestingGuard();
  private closed = false;

  private constructor(
    /** The file (or `:memory:`) this store keeps. */
    readonly path: string,
    private readonly writer: Database.Database,
    private readonly reader: Database.Database | null,
    private readonly busyTimeoutMs: number,
  ) {
    this.writerExec = new SqliteExecutor(writer);
    this.readerExec = reader === null ? null : new SqliteExecutor(reader);
  }

  /** See {@link openSqliteStore}. */
  static async open(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    const isMemory = path === SQLITE_MEMORY;
    if (!isMemory) mkdirSync(dirname(path), { recursive: true });
    const writer = connect(path, busyTimeoutMs);
    // The writer waits for another process's lock only in begin(), on the event loop; SQLite's
    // own busy handler would block the thread. Set once: PRAGMA busy_timeout takes effect when
    // it is prepared, so it cannot be a prepared statement, and `pragma` prepares it anew on
    // every call (twice a transaction, 1% of the server's time). Once BEGIN IMMEDIATE holds
    // the lock, WAL gives the writer nothing more to wait for.
    try {
      writer.pragma('busy_timeout = 0');
    } catch (e) {
      writer.close();
      throw e;
    }
    // The write connection's store migrates before the reader opens, so the reader never sees
    // a half-made schema (it could not anyway: migrations commit as one transaction).
    const bare = new SqliteStore(path, writer, null, busyTimeoutMs);
    try {
      await bare.withWriteLock((exec) => applyMigrations(exec, sqliteDialect, Date.now()));
    } catch (e) {
      writer.close();
      throw e;
    }
    if (isMemory) return bare;
    // An in-memory database exists only on its one connection, so it has no reader.
    let reader: Database.Database;
    try {
      reader = connect(path, busyTimeoutMs);
      reader.pragma('query_only = ON');
    } catch (e) {
      writer.close();
      throw e;
    }
    return new SqliteStore(path, writer, reader, busyTimeoutMs);
  }

  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('transaction');
    return this.withWriteLock(async (exec) => {
      const tx = new SqlStoreTx(exec, sqliteDialect, 'transaction');
      try {
        const result = await this.nesting.inside(() => fn(tx));
        tx.checkCommittable();
        return result;
      } finally {
        tx.end();
      }
    });
  }

  async read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('read');
    const run = async (exec: Executor): Promise<T> => {
      const tx = new SqlStoreTx(exec, sqliteDialect, 'read');
      try {
        return await fn(tx);
      } finally {
        tx.end();
      }
    };
    // The reader connection sees only committed data, so a read needs no queue. Without one
    // (in memory), a read shares the writer and must wait its turn, or it would see a
    // transaction's uncommitted rows.
    if (this.readerExec !== null) return run(this.readerExec);
    return this.mutex.run(() => run(this.writerExec));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Let queued transactions finish rather than fail them halfway.
    await this.mutex.run(() => Promise.resolve());
    this.reader?.close();
    this.writer.close();
  }

  /**
   * Runs `fn` holding the write lock: queued behind this process's other transactions, then
   * inside BEGIN IMMEDIATE; commits if it resolves, rolls back and rethrows if it rejects.
   */
  private withWriteLock<T>(fn: (exec: Executor) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      await this.begin();
      try {
        const result = await fn(this.writerExec);
        this.control().commit.run();
        return result;
      } catch (e) {
        // Some errors (disk full, I/O) have already rolled the transaction back.
        if (this.writer.inTransaction) this.control().rollback.run();
        throw e;
      }
    });
  }

  /**
   * BEGIN IMMEDIATE, retried while another connection holds the write lock. The retries sleep
   * on the event loop: SQLite's own busy handler would block the whole thread, and with it any
   * other store in this process that holds the lock and is waiting to commit.
   */
  private async begin(): Promise<void> {
    const giveUpAt = Date.now() + this.busyTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      // The writer's busy_timeout is 0 (see open): a locked file fails at once, to be retried.
      try {
        this.control().begin.run();
        return;
      } catch (e) {
        if (!isBusy(e)) throw e;
        if (Date.now() >= giveUpAt) {
          throw new Error(
            `store: SQLite database ${this.path} stayed locked by another writer for ` +
              `${this.busyTimeoutMs} ms`,
            { cause: e },
          );
        }
      }
      await sleep(Math.min(2 ** attempt, 25) * (0.5 + Math.random()));
    }
  }

  /**
   * The transaction-control statements, prepared once: preparing them on every transaction (as
   * `exec` and `pragma` do) showed in profiles of small write transactions. (Not PRAGMA
   * busy_timeout: it acts when prepared, not when run; see open.)
   */
  private control(): ControlStatements {
    this.controlStatements ??= {
      begin: this.writer.prepare('BEGIN IMMEDIATE'),
      commit: this.writer.prepare('COMMIT'),
      rollback: this.writer.prepare('ROLLBACK'),
    };
    return this.controlStatements;
  }

  private controlStatements: ControlStatements | undefined;

  private checkUsable(what: string): void {
    if (this.closed) throw new Error(`store.${what}: the SQLite store ${this.path} is closed`);
    // The mutex would wait for the very transaction that is waiting for it.
    this.nesting.refuseNested(what);
  }
}

/** Opens one connection with the settings every connection of a store needs. */
function connect(path: string, busyTimeoutMs: number): Database.Database {
  const db = new Database(path);
  try {
    // busy_timeout first: switching to WAL needs a lock another process may hold.
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // WAL lets readers go on while one writer writes; NORMAL is durable to the last commit
    // but one on power loss, never corrupt.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

interface ControlStatements {
  readonly begin: Database.Statement;
  readonly commit: Database.Statement;
  readonly rollback: Database.Statement;
}

function isBusy(e: unknown): boolean {
  return e instanceof Database.SqliteError && e.code.startsWith('SQLITE_BUSY');
}

/** Executor on one better-sqlite3 connection, with its prepared statements cached by SQL. */
class SqliteExecutor implements Executor {
  private readonly statements = new Map<string, Database.Statement<Param[], Row>>();

  constructor(private readonly db: Database.Database) {}

  all(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    // A promise executor turns better-sqlite3's synchronous throw into a rejection.
    return new Promise((resolve) => {
      resolve(this.prepare(sql).all(...params));
    });
  }

  run(sql: string, params: readonly Param[] = []): Promise<number> {
    return new Promise((resolve) => {
      resolve(this.prepare(sql).run(...params).changes);
    });
  }

  private prepare(sql: string): Database.Statement<Param[], Row> {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      stmt = this.db.prepare<Param[], Row>(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }
}
