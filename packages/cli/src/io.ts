import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { MilaSavedGame, Result } from '@arbiter/engine';

/** The streams a command talks to, so commands run the same in a process and in tests. */
export interface Io {
  /** Lines of standard input, read lazily. */
  readonly lines: () => AsyncIterable<string>;
  /**
   * Standard input as text, in pieces as they arrive (a process's stdin): commands that read
   * many lines take them a piece at a time with `lineBatches`.
   */
  readonly chunks?: () => AsyncIterable<string>;
  /**
   * Standard input as bytes, in pieces as they arrive, each good until the next is asked for:
   * with `outBytes`, for a command that copies much of its input to its output as it is.
   */
  readonly pieces?: () => AsyncIterable<Uint8Array>;
  readonly out: (text: string) => void;
  /** Writes bytes to standard output as they are (no newline added); the bytes are its own. */
  readonly outBytes?: (bytes: Uint8Array) => void;
  readonly err: (text: string) => void;
  /**
   * Lets what `out` queued go out (a turn of the event loop) and waits while too much of it is
   * still queued: for a command that writes much and reads its input synchronously, which
   * otherwise never yields to the loop that writes it. Absent where `out` does not queue.
   */
  readonly flush?: () => Promise<void>;
  /**
   * Writes a progress line as it is (carriage returns included, no newline): set only where
   * standard error is a terminal.
   */
  readonly progress?: (text: string) => void;
  /**
   * Opens the games of a store URL (`arbiter export --db`). Only the program's entry point
   * (`main.ts`) knows the store; a command without it says that it cannot open databases.
   */
  readonly openGames?: (url: string) => Promise<StoredGames>;
}

/** The stored games a command may read, through the app's own use cases (so its secrecy). */
export interface StoredGames {
  /** The game as MILA saved-game JSON, as `GET /games/{id}/export` gives it. */
  readonly exportGame: (
    gameId: string,
  ) => Promise<Result<MilaSavedGame, { readonly code: string; readonly message: string }>>;
  readonly close: () => Promise<void>;
}

/**
 * A mistake in the command line: printed as `arbiter COMMAND: MESSAGE; see arbiter COMMAND
 * --help`, exit code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command it belongs to; none for a mistake before the command is known. */
    readonly command?: string,
  ) {
    super(message);
  }
}

/**
 * Standard input's lines in batches: each piece of input that arrives, split into lines as
 * `readline` splits them (at `\n`, `\r\n` or a lone `\r`), or one line at a time where the
 * streams give only lines. A command answers a batch with one write, not one per line.
 */
export async function* lineBatches(io: Io): AsyncGenerator<string[]> {
  if (io.chunks === undefined) {
    for await (const line of io.lines()) yield [line];
    return;
  }
  let rest = '';
  for await (const chunk of io.chunks()) {
    const text = rest + chunk;
    // Splitting at a plain '\n' is several times cheaper than the regular expression, which is
    // needed only where there is a '\r' (the expression cost 15% of `arbiter adjudicate`).
    const lines = text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
    rest = lines.pop()!;
    // A `\r` at the end of a piece may be half of a `\r\n`: keep it for the next piece.
    if (text.endsWith('\r') && rest === '') {
      const last = lines.pop();
      if (last !== undefined) rest = last + '\r';
    }
    if (lines.length > 0) yield lines;
  }
  if (rest.endsWith('\r')) rest = rest.slice(0, -1);
  if (rest !== '') yield [rest];
}

/**
 * Pieces of at most this many bytes. V8 puts strings of more than about 128 KB in its
 * large-object space, where every piece (and the line-split, concatenation and output strings
 * made from it) is a fresh mapping to fault in: 1 MiB pieces made `arbiter adjudicate`'s input
 * and output ten times as dear as 64 KiB ones (2.8 s against 0.25 s for 197 MB in and out).
 */
export const PIECE_BYTES = 64 * 1024;

/**
 * A file descriptor's bytes in pieces (`Io.pieces` for standard input), read synchronously: a
 * filter that reads its input in order has nothing else to do while it waits, and a blocking
 * read spares the stream machinery (`process.stdin`'s async iteration cost `arbiter adjudicate`
 * three times what reading and writing its 197 MB takes this way). A descriptor set
 * non-blocking (a parent that shares its own pipe) answers EAGAIN when it is empty: then the
 * rest comes from `fallback` (standard input's stream, which nothing has read from yet). Each
 * piece is good until the next is asked for (the buffer is read into again).
 */
export async function* syncPieces(
  read: (buffer: Buffer) => number,
  fallback: () => AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(PIECE_BYTES);
  for (;;) {
    let n: number;
    try {
      n = read(buffer);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      yield* fallback();
      return;
    }
    if (n === 0) return;
    yield buffer.subarray(0, n);
  }
}

/**
 * A file descriptor's text in pieces (`Io.chunks` for standard input): `syncPieces` decoded as
 * UTF-8, characters split between two pieces decoded whole.
 */
export async function* syncChunks(
  read: (buffer: Buffer) => number,
  fallback: () => AsyncIterable<Uint8Array>,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const piece of syncPieces(read, fallback)) {
    const text = decoder.write(Buffer.from(piece.buffer, piece.byteOffset, piece.length));
    if (text !== '') yield text;
  }
  const last = decoder.end();
  if (last !== '') yield last;
}

/** Reads a descriptor into `buffer` (one `read(2)`): what `syncChunks` reads standard input with. */
export function readDescriptor(fd: number): (buffer: Buffer) => number {
  return (buffer) => readSync(fd, buffer, 0, buffer.length, null);
}

/**
 * Writes all of `data` (text, as UTF-8, or bytes) through `write` (one `write(2)`, returning the
 * bytes it took): again and again while it takes only a part, and after `wait()` while it takes
 * nothing (EAGAIN, a non-blocking pipe that is full), so that a program writing faster than its
 * reader reads waits for it, as a filter written in C would, instead of queueing its output in
 * memory. Other errors (EPIPE for a closed pipe) are thrown.
 */
export function writeFully(
  data: string | Uint8Array,
  write: (data: string | Uint8Array) => number,
  wait: () => void,
): void {
  let written = 0;
  try {
    written = write(data);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
    wait();
  }
  // Most writes take all: only then is a text copied into a buffer.
  if (written === (typeof data === 'string' ? Buffer.byteLength(data) : data.length)) return;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let at = written; at < bytes.length;) {
    try {
      at += write(bytes.subarray(at));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      wait();
    }
  }
}
