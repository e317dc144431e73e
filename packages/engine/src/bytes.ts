/**
 * Output built as bytes: a record line's new result (`recordLineResult`), and in the command
 * line `arbiter adjudicate`'s answers and self-play's game records. Platform-neutral (a
 * `Uint8Array`, the WHATWG `TextEncoder`), so that the engine, built against ES2022 alone, and
 * the Node command line share one writer.
 */

/**
 * The WHATWG text encoder, which every runtime the engine runs on has (Node, browsers); the
 * engine is built against ES2022's types alone, which lack it.
 */
declare const TextEncoder: new () => {
  encode(text: string): Uint8Array;
  encodeInto(text: string, into: Uint8Array): { read: number; written: number };
};

const encoder = new TextEncoder();

/** `text` as UTF-8. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Where a `ByteWriter` gets its buffers: a fresh `Uint8Array` of `size` bytes with an
 * `ArrayBuffer` of its own (so that what `take` hands out can be transferred to another thread).
 * Node's command line passes one that skips the zero fill.
 */
export type ByteAllocator = (size: number) => Uint8Array;

const zeroed: ByteAllocator = (size) => new Uint8Array(size);

/**
 * Runs shorter than this are copied by a loop: `set` is a copy of memory, but a call (a record
 * line's unit, 38 bytes, copies faster by it; the words of a record by the loop).
 */
const SHORT = 32;

/** A growing buffer of bytes. */
export class ByteWriter {
  private buf: Uint8Array;
  /** Bytes written so far. */
  length = 0;

  constructor(
    size = 1 << 16,
    private readonly allocate: ByteAllocator = zeroed,
  ) {
    this.buf = allocate(size);
  }

  private room(n: number): Uint8Array {
    if (this.length + n <= this.buf.length) return this.buf;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = this.allocate(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    return next;
  }

  /** One byte (an ASCII character's code). */
  byte(b: number): void {
    this.room(1)[this.length++] = b;
  }

  /** Bytes as they are. */
  bytes(b: Uint8Array): void {
    const n = b.length;
    const buf = this.room(n);
    let at = this.length;
    if (n < SHORT) for (let i = 0; i < n; i++) buf[at++] = b[i]!;
    else {
      buf.set(b, at);
      at += n;
    }
    this.length = at;
  }

  /** Bytes `from` to `to` of `source` as they are (a part of a line that is copied through). */
  range(source: Uint8Array, from: number, to: number): void {
    const n = to - from;
    this.room(n).set(source.subarray(from, to), this.length);
    this.length += n;
  }

  /** A string, as UTF-8. */
  text(s: string): void {
    // At most three bytes a UTF-16 unit (a surrogate pair's four bytes are two units).
    const buf = this.room(3 * s.length);
    this.length += encoder.encodeInto(s, buf.subarray(this.length)).written;
  }

  /** Drops what was written from `length` on (a game that failed half-way). */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  /**
   * The bytes written, as a view of the buffer: valid until the next write after `length` is set
   * back to 0 (`recordLineResult` hands out a result so, and writes the next one over it).
   */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /**
   * The bytes written, in a buffer of their own (transferable: the view's ArrayBuffer is its
   * alone, and may be longer than the view), and starts again in a new buffer of the same size.
   * Handed over, not copied: `arbiter adjudicate` writes about as many bytes as it reads (400 MB
   * for the benchmark's file), and copying them cost a tenth of its time.
   */
  take(): Uint8Array {
    const out = this.view();
    this.buf = this.allocate(this.buf.length);
    this.length = 0;
    return out;
  }
}
