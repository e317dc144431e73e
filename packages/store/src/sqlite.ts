/**
 * The GameStore on SQLite (better-sqlite3): the embedded default. One write connection per store,
 * its transactions queued by an async mutex and opened with BEGIN IMMEDIATE; reads of a file go
 * through a second, read-only connection that WAL keeps apart from any open transaction.
 *
 * On a file, the transactions queued in one turn of the event loop share one BEGIN ... COMMIT
 * (group commit): each runs in a SAVEPOINT of its own, so one that fails is undone alone, and
 * each caller hears of success only once the group's COMMIT has run. BEGIN and COMMIT were an
 * eighth of the server's time under load, one pair per request.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { GameStore, StoreTx } from '@arbiter/app';
import { Checkpointer, type CheckpointReport } from './checkpointer.js';
import { applyMigrations } from './migrations.js';
import { Mutex } from './mutex.js';
import { NestingGuard } from './nesting.js';
import { type Executor, type Param, type Row, sqliteDialect } from './sql.js';
import { PhaseBodies, SqlStoreTx } from './tx.js';

/** Where a SQLite store keeps its data: the path meaning an in-memory database. */
export const SQLITE_MEMORY = ':memory:';

export interface SqliteStoreOptions {
  /**
   * How long a transaction waits for another process's write lock before failing, in ms (the
   * time BEGIN IMMEDIATE is retried, and the read connection's `busy_timeout`). Default 5000.
   */
  readonly busyTimeoutMs?: number;
  /**
   * Whether a call to the store from inside one of its transactions is refused (default true);
   * without the check, such a call waits for ever (see NestingGuard for what the check costs).
   */
  readonly checkNesting?: boolean;
  /**
   * Who runs WAL checkpoints on a file: `'thread'` (the default), a thread of the store's own
   * once the store has committed a hundred times, with the writer's own kept only at 2,000
   * pages; or `'writer'`, SQLite's automatic one at 1,000 pages on the connection that
   * commits, on the caller's thread (see Checkpointer).
   */
  readonly checkpoints?: 'thread' | 'writer';
  /** Hears of each checkpoint the thread runs (for monitoring; on the store's own thread). */
  readonly onCheckpoint?: (report: CheckpointReport) => void;
}

/** The writer's own checkpoint once the thread runs them (pages in the WAL; SQLite's is 1,000). */
const WRITER_CHECKPOINT_PAGES = 2000;

/** Commits a store makes before it starts its checkpoint thread: short-lived stores never do. */
const CHECKPOINT_THREAD_AFTER = 100;

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
  /** This database's phase states and results, parsed (see PhaseBodies). */
  private readonly bodies = new PhaseBodies();
  /** The group of transactions begun and not yet committed (see {@link groupMember}). */
  private group: CommitGroup | null = null;
  private closed = false;
  /** Commits so far, until the checkpoint thread starts (see CHECKPOINT_THREAD_AFTER). */
  private commits = 0;
  private checkpointer: Checkpointer | undefined;

  private constructor(
    /** The file (or `:memory:`) this store keeps. */
    readonly path: string,
    private readonly writer: Database.Database,
    private readonly reader: Database.Database | null,
    private readonly busyTimeoutMs: number,
    /** Marks the work of a transaction's `fn`, to catch a nested call that would deadlock. */
    private readonly nesting: NestingGuard,
    /** How checkpoints run; `'writer'` always in memory, which has no WAL. */
    private checkpoints: Pick<SqliteStoreOptions, 'checkpoints' | 'onCheckpoint'>,
  ) {
    this.writerExec = new SqliteExecutor(writer);
    this.readerExec = reader === null ? null : new SqliteExecutor(reader, true);
  }

  /** See {@link openSqliteStore}. */
  static async open(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    const nesting = new NestingGuard(options.checkNesting ?? true);
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
    const bare = new SqliteStore(path, writer, null, busyTimeoutMs, nesting, {
      checkpoints: 'writer',
    });
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
    return new SqliteStore(path, writer, reader, busyTimeoutMs, nesting, options);
  }

  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('transaction');
    // In memory, reads share the writer: they would see a group's uncommitted work, so each
    // transaction commits on its own.
    if (this.readerExec === null) return this.withWriteLock((exec) => this.runTx(exec, fn));
    const { result, group } = await this.mutex.run(() => this.groupMember(fn));
    await group.committed;
    return result;
  }

  /** A transaction: SQLite sends no statement over a network, so one costs no more. */
  single<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.transaction(fn);
  }

  /** Runs `fn` on a transaction of `exec`; throws rather than return if it may not commit. */
  private async runTx<T>(exec: Executor, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const tx = new SqlStoreTx(exec, sqliteDialect, 'transaction', this.bodies);
    try {
      const result = await this.nesting.inside(() => fn(tx));
      tx.checkCommittable();
      return result;
    } finally {
      tx.end();
    }
  }

  /**
   * Runs `fn` (holding the mutex) as one member of the open group, beginning a group if none is
   * open, inside a SAVEPOINT: released if `fn` succeeds, rolled back to if it fails, so a failed
   * transaction undoes only its own work. The caller must still wait for the group's COMMIT.
   */
  private async groupMember<T>(
    fn: (tx: StoreTx) => Promise<T>,
  ): Promise<{ readonly result: T; readonly group: CommitGroup }> {
    const group = this.group ?? (await this.beginGroup());
    const control = this.control();
    control.savepoint.run();
    try {
      const result = await this.runTx(this.writerExec, fn);
      control.release.run();
      return { result, group };
    } catch (e) {
      this.undoMember(group, e);
      throw e;
    }
  }

  /**
   * Begins a group and schedules its COMMIT: through the mutex, so after the transactions
   * already queued (they join the group) and never in the middle of one, at the next check
   * phase of the event loop, so the group holds the file's write lock for one turn only.
   */
  private async beginGroup(): Promise<CommitGroup> {
    await this.begin();
    const group = new CommitGroup();
    this.group = group;
    setImmediate(() => {
      void this.mutex.run(() => {
        this.commitGroup(group);
        return Promise.resolve();
      });
    });
    return group;
  }

  /** After a member failed: rolls its work back to its savepoint, or the group if need be. */
  private undoMember(group: CommitGroup, error: unknown): void {
    // Some errors (disk full, I/O) roll the whole transaction back, and with it the work of the
    // group's earlier members, which must then fail too.
    if (!this.writer.inTransaction) {
      this.abandonGroup(group, error);
      return;
    }
    try {
      const control = this.control();
      control.rollbackTo.run();
      control.release.run();
    } catch (e) {
      this.abandonGroup(group, e);
    }
  }

  /** COMMITs `group` if it is still open; its members then resolve, or all reject. */
  private commitGroup(group: CommitGroup): void {
    if (this.group !== group) return;
    // Reads after this point (the members' own, when they resume) must see what it commits;
    // and ended first, the reader's snapshot cannot hold back a checkpoint the COMMIT runs.
    this.readerExec?.endSnapshot();
    try {
      this.control().commit.run();
    } catch (e) {
      this.abandonGroup(group, e);
      return;
    }
    this.group = null;
    this.afterCommit();
    group.succeed();
  }

  /** Rolls back whatever is left of `group` and fails every member waiting for it. */
  private abandonGroup(group: CommitGroup, error: unknown): void {
    if (this.group === group) this.group = null;
    // Its members may have kept phase bodies one of them wrote, now undone.
    this.bodies.clear();
    try {
      if (this.writer.inTransaction) this.control().rollback.run();
    } catch {
      // Nothing more to undo here: the next BEGIN will report a connection left in a
      // transaction, and `error` says why the group failed.
    }
    group.fail(error);
  }

  async read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.checkUsable('read');
    const run = async (exec: Executor): Promise<T> => {
      const tx = new SqlStoreTx(exec, sqliteDialect, 'read', this.bodies);
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
    // Let queued transactions finish rather than fail them halfway, and commit their group
    // now: its scheduled COMMIT would come after the connection closed.
    await this.mutex.run(() => {
      if (this.group !== null) this.commitGroup(this.group);
      return Promise.resolve();
    });
    await this.checkpointer?.close();
    this.reader?.close();
    this.writer.close();
  }

  /** Asks the checkpoint thread for a checkpoint, starting it after enough commits. */
  private afterCommit(): void {
    if (this.checkpointer !== undefined) {
      this.checkpointer.committed();
      return;
    }
    if (this.checkpoints.checkpoints === 'writer' || ++this.commits < CHECKPOINT_THREAD_AFTER)
      return;
    const writer = this.writer;
    try {
      this.checkpointer = new Checkpointer(
        this.path,
        () => {
          // Back to checkpoints on the writer, as SQLite does them by default. (Run from the
          // thread's error event: a throw here would end the process.)
          try {
            if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
          } catch {
            // The writer is closing or broken: its own next call reports that.
          }
        },
        this.checkpoints.onCheckpoint,
      );
    } catch {
      // No thread to be had: the writer goes on checkpointing itself.
      this.checkpoints = { checkpoints: 'writer' };
      return;
    }
    // The thread copies the WAL into the file as it grows, but under steady load it never
    // finds the WAL with nothing new in it, which is what lets the next transaction start the
    // WAL afresh; the writer's own checkpoint, run inside a COMMIT, does. So the writer keeps
    // one at twice SQLite's default, where it has little left to copy: the WAL stays within
    // 2,000 pages (8 MB), where without it it reached 110 MB in one run of `npm run load`.
    writer.pragma(`wal_autocheckpoint = ${String(WRITER_CHECKPOINT_PAGES)}`);
    this.checkpointer.committed();
  }

  /**
   * Runs `fn` holding the write lock: queued behind this process's other transactions, then
   * inside BEGIN IMMEDIATE; commits if it resolves, rolls back and rethrows if it rejects. For
   * what commits alone: migrations, and every transaction in memory (never while a group is open:
   * in memory there are no groups, and migrations run before the store is handed out).
   */
  private withWriteLock<T>(fn: (exec: Executor) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      await this.begin();
      try {
        const result = await fn(this.writerExec);
        this.control().commit.run();
        this.afterCommit();
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
      // Another process's group holds the lock for one turn of its event loop: look again at
      // this loop's next turn for a while (its other work goes on meanwhile), then every
      // millisecond or two.
      if (attempt < 20) await new Promise((resolve) => setImmediate(resolve));
      else await sleep(Math.min(2 ** (attempt - 20), 2) * (0.5 + Math.random()));
    }
  }

  /**
   * The transaction-control statements, prepared once: preparing them on every transaction (as
   * `exec` and `pragma` do) showed in profiles of small write transactions. (Not PRAGMA
   * busy_timeout: it acts when prepared, not when run; see open.) One savepoint name serves
   * every member of a group, as they run one after another.
   */
  private control(): ControlStatements {
    this.controlStatements ??= {
      begin: this.writer.prepare('BEGIN IMMEDIATE'),
      commit: this.writer.prepare('COMMIT'),
      rollback: this.writer.prepare('ROLLBACK'),
      savepoint: this.writer.prepare('SAVEPOINT member'),
      release: this.writer.prepare('RELEASE member'),
      rollbackTo: this.writer.prepare('ROLLBACK TO member'),
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
  readonly savepoint: Database.Statement;
  readonly release: Database.Statement;
  readonly rollbackTo: Database.Statement;
}

/** Transactions sharing one BEGIN ... COMMIT; `committed` settles once, as the COMMIT did. */
class CommitGroup {
  readonly committed: Promise<void>;
  private resolve!: () => void;
  private reject!: (e: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Members that failed on their own do not wait for the COMMIT: if every member failed and
    // so did the COMMIT, nobody listens, and the rejection must not crash the process.
    this.committed.catch(() => undefined);
  }

  succeed(): void {
    this.resolve();
  }

  fail(error: unknown): void {
    this.reject(error);
  }
}

function isBusy(e: unknown): boolean {
  return e instanceof Database.SqliteError && e.code.startsWith('SQLITE_BUSY');
}

/**
 * Executor on one better-sqlite3 connection, with its prepared statements cached by SQL.
 *
 * With `snapshots` (the reader), the reads of one turn of the event loop share one read
 * transaction, ended at the turn's end or when this process commits (`endSnapshot`), whichever
 * comes first: a connection whose database another connection has changed drops its whole page
 * cache when its next read transaction starts, and reading pages afresh cost each statement on
 * the reader 25–60 µs more than the same statement on the writer under load. Reads see what
 * was committed when the turn's first read began, as they would have seen it then.
 */
class SqliteExecutor implements Executor {
  private readonly statements = new Map<string, Database.Statement<Param[], Row>>();
  private inSnapshot = false;
  private snapshotControl: { begin: Database.Statement; commit: Database.Statement } | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly snapshots = false,
  ) {}

  all(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    // A promise executor turns better-sqlite3's synchronous throw into a rejection.
    return new Promise((resolve) => {
      if (this.snapshots && !this.inSnapshot) this.beginSnapshot();
      resolve(this.prepare(sql).all(...params));
    });
  }

  /** Ends the turn's read transaction, if one is open: the next read sees every commit. */
  endSnapshot(): void {
    if (!this.inSnapshot) return;
    this.inSnapshot = false;
    // SQLite may have ended it already (an I/O error rolls a transaction back).
    if (this.db.open && this.db.inTransaction) this.snapshotControl!.commit.run();
  }

  private beginSnapshot(): void {
    this.snapshotControl ??= {
      begin: this.db.prepare('BEGIN DEFERRED'),
      commit: this.db.prepare('COMMIT'),
    };
    if (this.db.inTransaction) return;
    this.snapshotControl.begin.run();
    this.inSnapshot = true;
    setImmediate(() => {
      this.endSnapshot();
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
