/**
 * Self-play at scale, the library entry point behind `arbiter selfplay`: many games between
 * seeded random players across worker threads, written in game order.
 *
 * Game `i` is played from `gameSeed(seed, i)` wherever it runs, and the main thread writes the
 * games in index order whatever order the workers finish in, so a run's output is the same byte
 * for byte for any number of workers. Workers take chunks of consecutive games from a queue (a
 * fast worker takes more). A game that throws is reported with its index and seed and skipped;
 * a worker thread that dies is reported with the game it was playing (read from shared memory),
 * the rest of its chunk goes back in the queue and a new worker takes its place.
 */
import { Worker } from 'node:worker_threads';
import { gameSeed } from '@arbiter/engine';
import type { GamesSpec } from './game.js';
import type { ChunkRequest, ChunkResult, Faults, GameFailure, WorkerData } from './worker.js';

export type { GameFormat, GamesSpec } from './game.js';
export type { Faults, GameFailure } from './worker.js';

export interface SelfPlayOptions extends GamesSpec {
  /** How many games: indices 0 to games - 1. */
  readonly games: number;
  /** How many worker threads (at least 1). */
  readonly workers: number;
  /** Receives the output in game order: one line of JSON per game played, UTF-8. */
  readonly write: (bytes: Uint8Array) => void;
  /** Told after each chunk of games comes back. */
  readonly onProgress?: (progress: SelfPlayProgress) => void;
  /** Told of each game that failed, as soon as it is known. */
  readonly onFailure?: (failure: GameFailure) => void;
  /** Games a worker takes at a time (default: by the run's size, 1 to 32). */
  readonly chunk?: number;
  /** For tests only: games that fail on purpose. */
  readonly faults?: Faults;
}

export interface SelfPlayProgress {
  /** Games finished, played or failed. */
  readonly done: number;
  readonly total: number;
  readonly failed: number;
  /** Milliseconds since the run started. */
  readonly elapsed: number;
}

export interface SelfPlaySummary {
  readonly games: number;
  readonly played: number;
  readonly failures: readonly GameFailure[];
  /** Phases in the games played. */
  readonly phases: number;
  /** Games won, by winner (a power with a solo, or a player a module named). */
  readonly wins: Readonly<Record<string, number>>;
  /** Games played to the last year with no winner. */
  readonly unfinished: number;
  readonly bytes: number;
  readonly workers: number;
  /** Wall-clock milliseconds, from the first worker's start to the last line written. */
  readonly elapsed: number;
}

/**
 * The built worker. Under the test runner this module runs from its TypeScript source, which
 * a worker thread cannot load, so it takes the built one (tests build first).
 */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? '../../dist/selfplay/worker.js' : './worker.js',
  import.meta.url,
);

/** Several workers dying before they play a single game: the run cannot go on. */
const MAX_STARTUP_FAILURES = 3;

/** Plays the run's games across worker threads; resolves when every game is written. */
export function selfPlay(options: SelfPlayOptions): Promise<SelfPlaySummary> {
  const { games: total, write } = options;
  if (!Number.isSafeInteger(total) || total < 0)
    throw new RangeError('games must be a whole number');
  if (!Number.isSafeInteger(options.workers) || options.workers < 1)
    throw new RangeError('workers must be at least 1');
  const spec: GamesSpec = {
    variant: options.variant,
    seed: options.seed,
    years: options.years,
    format: options.format,
    ...(options.players === undefined ? {} : { players: options.players }),
    ...(options.options === undefined ? {} : { options: options.options }),
  };
  const workerCount = Math.max(1, Math.min(options.workers, total));
  const chunk = options.chunk ?? Math.max(1, Math.min(32, Math.floor(total / (workerCount * 8))));
  const started = performance.now();
  const playing = new SharedArrayBuffer(4 * workerCount);
  new Int32Array(playing).fill(-1);

  // Work not yet handed out: ranges given back by a dead worker first, then fresh chunks.
  const returned: ChunkRequest[] = [];
  let fresh = 0;
  const take = (): ChunkRequest | undefined => {
    const back = returned.pop();
    if (back !== undefined) return back;
    if (fresh >= total) return undefined;
    const from = fresh;
    fresh = Math.min(total, from + chunk);
    return { from, to: fresh };
  };

  // Output in game order: finished ranges wait here until every game before them is written.
  const waiting = new Map<number, { to: number; bytes: Uint8Array }>();
  let next = 0;
  let bytes = 0;
  const finish = (from: number, to: number, out: Uint8Array): void => {
    waiting.set(from, { to, bytes: out });
    for (let w = waiting.get(next); w !== undefined; w = waiting.get(next)) {
      waiting.delete(next);
      if (w.bytes.length > 0) write(w.bytes);
      bytes += w.bytes.length;
      next = w.to;
    }
  };

  let done = 0;
  let phases = 0;
  let unfinished = 0;
  const wins: Record<string, number> = {};
  const failures: GameFailure[] = [];
  const fail = (f: GameFailure): void => {
    failures.push(f);
    options.onFailure?.(f);
  };
  const progress = (): void =>
    options.onProgress?.({
      done,
      total,
      failed: failures.length,
      elapsed: performance.now() - started,
    });

  return new Promise<SelfPlaySummary>((resolve, reject) => {
    let live = 0;
    let startupFailures = 0;
    let stopped = false;
    const summary = (): SelfPlaySummary => ({
      games: total,
      played: done - failures.length,
      failures: [...failures].sort((a, b) => a.index - b.index),
      phases,
      wins,
      unfinished,
      bytes,
      workers: workerCount,
      elapsed: performance.now() - started,
    });
    const settle = (): void => {
      if (live === 0 && !stopped) {
        stopped = true;
        if (next < total)
          reject(new Error(`selfplay stopped with games ${next} to ${total - 1} unplayed`));
        else resolve(summary());
      }
    };

    const workers = new Set<Worker>();
    /** Writing failed (a full disk, a closed pipe): the run stops, its workers with it. */
    const abort = (e: unknown): void => {
      if (stopped) return;
      stopped = true;
      for (const w of workers) void w.terminate();
      reject(e instanceof Error ? e : new Error(String(e)));
    };

    const start = (slot: number): void => {
      const data: WorkerData = {
        spec,
        slot,
        playing,
        ...(options.faults === undefined ? {} : { faults: options.faults }),
      };
      const worker = new Worker(WORKER_URL, { workerData: data });
      workers.add(worker);
      live++;
      let current: ChunkRequest | undefined;
      let playedAny = false;
      let error: string | undefined;
      const hand = (): void => {
        current = take();
        if (current === undefined) void worker.terminate();
        else worker.postMessage(current);
      };
      worker.on('message', (r: ChunkResult) => {
        current = undefined;
        playedAny = true;
        startupFailures = 0;
        for (const g of r.games) {
          phases += g.phases;
          if (g.winners.length === 0) unfinished++;
          for (const w of g.winners) wins[w] = (wins[w] ?? 0) + 1;
        }
        for (const f of r.failures) fail(f);
        done += r.to - r.from;
        try {
          finish(r.from, r.to, r.bytes);
          progress();
        } catch (e) {
          abort(e);
          return;
        }
        hand();
      });
      worker.on('error', (e) => {
        error = e.message;
      });
      worker.on('exit', (code) => {
        live--;
        workers.delete(worker);
        if (stopped) return;
        const lost = current;
        if (lost !== undefined) {
          // The thread died during a chunk: the game it was playing failed; the others of the
          // chunk go back in the queue.
          const at = Atomics.load(new Int32Array(playing), slot);
          const why = error ?? `the worker thread stopped with exit code ${code}`;
          if (at >= lost.from && at < lost.to) {
            fail({ index: at, seed: gameSeed(spec.seed, at), message: why });
            done++;
            try {
              finish(at, at + 1, new Uint8Array(0));
            } catch (e) {
              abort(e);
              return;
            }
            if (at + 1 < lost.to) returned.push({ from: at + 1, to: lost.to });
            if (lost.from < at) returned.push({ from: lost.from, to: at });
          } else {
            returned.push(lost);
          }
          if (!playedAny && !(at >= lost.from && at < lost.to)) startupFailures++;
          progress();
          if (startupFailures >= MAX_STARTUP_FAILURES) {
            abort(new Error(`selfplay workers cannot start: ${why}`));
            return;
          }
          start(slot);
        }
        settle();
      });
      hand();
    };
    if (total === 0) {
      resolve(summary());
      return;
    }
    for (let slot = 0; slot < workerCount; slot++) start(slot);
  });
}
