/**
 * SQLite's WAL checkpoints on a thread of their own. A connection that commits runs the
 * checkpoint itself once the WAL passes 1,000 pages (`wal_autocheckpoint`), copying them into
 * the database file and syncing it: 6–13 ms on the server's one thread, every 25 or so group
 * commits under `npm run load`, with every request waiting. The store raises that to 2,000
 * pages on its writer (which the WAL needs to start afresh under steady load; see sqlite.ts)
 * and tells this thread after each commit; the thread runs a PASSIVE checkpoint (what the
 * automatic one runs: it never waits for readers or the writer, and copies what no
 * reader still needs) on a connection of its own, at most every `intervalMs`.
 *
 * If the thread cannot start or fails, the writer's own checkpoint goes back to SQLite's
 * 1,000 pages, as before the thread.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The thread's code, run with `eval` so it needs no file of its own next to this one. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let last = 0;
let timer;
function run() {
  timer = undefined;
  last = Date.now();
  try {
    const row = checkpoint.get();
    parentPort.postMessage({ done: true, busy: row.busy, log: row.log, checkpointed: row.checkpointed });
  } catch (e) {
    // Another process's checkpoint holds the lock: this one is not needed now.
    if (!String(e && e.code).startsWith('SQLITE_BUSY')) throw e;
    parentPort.postMessage({ done: true, busy: 1, log: -1, checkpointed: -1 });
  }
}
parentPort.on('message', (m) => {
  if (m === 'close') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
    return;
  }
  if (timer !== undefined) return;
  timer = setTimeout(run, Math.max(0, last + workerData.intervalMs - Date.now()));
});
`;

/** What one checkpoint did: SQLite's three numbers (-1 when another held the lock). */
export interface CheckpointReport {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

export class Checkpointer {
  private readonly worker: Worker;
  /** A checkpoint asked for and not yet reported: later commits need not ask again. */
  private pending = false;
  private failed = false;
  private closing: Promise<void> | undefined;

  /**
   * Starts the thread on the database at `path`. `onFailure` runs once if the thread fails
   * (the store then checkpoints on its writer again); `onCheckpoint` hears of each checkpoint.
   */
  constructor(
    path: string,
    private readonly onFailure: (error: unknown) => void,
    private readonly onCheckpoint: (report: CheckpointReport) => void = () => undefined,
    intervalMs = 50,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, { eval: true, workerData: { path, driver, intervalMs } });
    // The thread must not keep a process alive that forgot to close its store.
    this.worker.unref();
    this.worker.on('message', (m: CheckpointReport & { done: true }) => {
      this.pending = false;
      this.onCheckpoint({ busy: m.busy, log: m.log, checkpointed: m.checkpointed });
    });
    this.worker.on('error', (e) => {
      this.fail(e);
    });
    this.worker.on('exit', (code) => {
      if (this.closing === undefined) this.fail(new Error(`checkpoint thread exited (${code})`));
    });
  }

  /** Says the writer committed: a checkpoint runs soon, unless one is already on its way. */
  committed(): void {
    if (this.pending || this.failed || this.closing !== undefined) return;
    this.pending = true;
    this.worker.postMessage(0);
  }

  /** Stops the thread after the checkpoint it may be running; its connection closes. */
  close(): Promise<void> {
    this.closing ??= this.failed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.worker.once('exit', () => {
            resolve();
          });
          this.worker.postMessage('close');
        });
    return this.closing;
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.onFailure(error);
  }
}
