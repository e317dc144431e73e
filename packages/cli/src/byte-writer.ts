/** Output built as bytes in the command line: self-play records, `arbiter adjudicate` answers. */
import { ByteWriter } from '@arbiter/engine';

export { ByteWriter };

/**
 * The engine's `ByteWriter` on buffers that are not zeroed first (`allocUnsafeSlow`, each with an
 * ArrayBuffer of its own, never a slice of Node's shared pool, so that what `take` hands out can
 * be transferred), viewed as plain `Uint8Array`s: the engine's own writer (a record line's result)
 * writes into those too, so the code that copies bytes sees one kind of array.
 */
export function nodeByteWriter(size = 1 << 16): ByteWriter {
  return new ByteWriter(size, (n) => new Uint8Array(Buffer.allocUnsafeSlow(n).buffer, 0, n));
}
