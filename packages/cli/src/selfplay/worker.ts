/**
 * A self-play worker thread: plays the chunks of games the main thread hands it and sends each
 * chunk back as its lines of JSON, already encoded, with what the summary counts. A game that
 * throws is reported with its index and seed and the chunk goes on; before each game the worker
 * notes its index in shared memory, so that if the thread itself dies the main thread knows
 * which game it was playing.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { gameSeed } from '@arbiter/engine';
import { nodeByteWriter } from '../byte-writer.js';
import { playGame, type GamesSpec } from './game.js';

/** For tests: games that fail on purpose, by throwing (as a bug would) or by ending the thread. */
export interface Faults {
  readonly throwIn?: readonly number[];
  readonly exitIn?: readonly number[];
}

export interface WorkerData {
  readonly spec: GamesSpec;
  /** This worker's cell in `playing`. */
  readonly slot: number;
  /** An Int32Array over it: the game each worker is playing, -1 when idle. */
  readonly playing: SharedArrayBuffer;
  readonly faults?: Faults;
}

/** Games `from` (included) to `to` (excluded). */
export interface ChunkRequest {
  readonly from: number;
  readonly to: number;
}

export interface GameFailure {
  readonly index: number;
  readonly seed: number;
  readonly message: string;
}

export interface ChunkResult {
  readonly from: number;
  readonly to: number;
  /** The lines of the games played, in order, UTF-8, each ending in a newline. */
  readonly bytes: Uint8Array;
  /** Per game played, in order: its phases and winners. */
  readonly games: readonly { readonly phases: number; readonly winners: readonly string[] }[];
  readonly failures: readonly GameFailure[];
}

const port = parentPort;
if (port === null) throw new Error('selfplay/worker.js runs as a worker thread');
const data = workerData as WorkerData;
const playing = new Int32Array(data.playing);

/** The chunk's lines are written here, then taken in a buffer of their own (transferable). */
const out = nodeByteWriter();

port.on('message', ({ from, to }: ChunkRequest) => {
  const games: { phases: number; winners: readonly string[] }[] = [];
  const failures: GameFailure[] = [];
  for (let i = from; i < to; i++) {
    Atomics.store(playing, data.slot, i);
    try {
      if (data.faults?.exitIn?.includes(i) === true) process.exit(70);
      if (data.faults?.throwIn?.includes(i) === true)
        throw new Error(`a failure injected into game ${i} (test hook)`);
      const game = playGame(data.spec, i, out);
      games.push({ phases: game.phases, winners: game.winners });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      failures.push({ index: i, seed: gameSeed(data.spec.seed, i), message });
    }
  }
  Atomics.store(playing, data.slot, -1);
  const bytes = out.take();
  const result: ChunkResult = { from, to, bytes, games, failures };
  // Not shared: `allocUnsafeSlow` gives the bytes an ArrayBuffer of their own.
  port.postMessage(result, [bytes.buffer as ArrayBuffer]);
});
