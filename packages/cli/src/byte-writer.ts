/** Output built as bytes: self-play's game records, and `arbiter adjudicate`'s answers. */

/**
 * A growing buffer of bytes. Its buffer always has an ArrayBuffer of its own (`allocUnsafeSlow`,
 * never a slice of Node's shared pool), so that what `take` hands out can be transferred.
 */
export class ByteWriter {
  private buf = Buffer.allocUnsafeSlow(1 << 16);
  /** Bytes written so far. */
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = Buffer.allocUnsafeSlow(size);
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.length++] = b;
  }

  /** Bytes as they are (short runs, as a record's words are, copied by a loop). */
  bytes(b: Uint8Array): void {
    const n = b.length;
    this.room(n);
    const buf = this.buf;
    let at = this.length;
    if (n < 32) for (let i = 0; i < n; i++) buf[at++] = b[i]!;
    else {
      buf.set(b, at);
      at += n;
    }
    this.length = at;
  }

  /** Bytes `from` to `to` of `source` as they are (a part of a line that is copied through). */
  range(source: Uint8Array, from: number, to: number): void {
    const n = to - from;
    this.room(n);
    this.buf.set(source.subarray(from, to), this.length);
    this.length += n;
  }

  /** A string, as UTF-8. */
  text(s: string): void {
    this.room(3 * s.length);
    this.length += this.buf.write(s, this.length);
  }

  /** Drops what was written from `length` on (a game that failed half-way). */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  /**
   * The bytes written, in a buffer of their own (transferable: the view's ArrayBuffer is its
   * alone, and may be longer than the view), and starts again in a new buffer of the same size.
   * Handed over, not copied: `arbiter adjudicate` writes about as many bytes as it reads (400 MB
   * for the benchmark's file), and copying them cost a tenth of its time.
   */
  take(): Uint8Array {
    const out = this.buf.subarray(0, this.length);
    this.buf = Buffer.allocUnsafeSlow(this.buf.length);
    this.length = 0;
    return out;
  }
}
