/**
 * The benchmarks' corpus: the peer-agreed movement phases, one JSON record a line, read as
 * `arbiter adjudicate` reads them.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { ByteWriter } from './byte-writer.js';
import { answerInPlace } from './commands/adjudicate.js';

const CORPUS = new URL('../../engine/test/corpus/peer-agreed-movement.jsonl.gz', import.meta.url);

/**
 * The non-empty lines of `bytes`, each cut from the bytes into a string of its own, as the
 * command cuts its input. Lines taken with `text.split('\n')` are slices of one large string,
 * which V8 reads through their parent: the order reader runs at less than half its speed on
 * them (docs/performance-rounds.md, fourteenth round), which the command never pays.
 */
export function ownLines(bytes: Buffer): string[] {
  const lines: string[] = [];
  for (let from = 0; from < bytes.length;) {
    const newline = bytes.indexOf(10, from);
    const to = newline < 0 ? bytes.length : newline;
    if (to > from) lines.push(bytes.toString('utf8', from, to));
    from = to + 1;
  }
  return lines;
}

/** The corpus's records, one string each (2,834 movement phases of random games). */
export function corpusLines(): string[] {
  return ownLines(gunzipSync(readFileSync(CORPUS)));
}

/** The corpus's records as `arbiter adjudicate` reads them: ASCII bytes, a newline after each. */
export function corpusBytes(): Buffer {
  return Buffer.from(`${corpusLines().join('\n')}\n`, 'latin1');
}

/**
 * Answers every record of `data` (`corpusBytes`) as `arbiter adjudicate` does a line
 * (`answerInPlace`), into `out`; returns how many. Every corpus record takes the fast path.
 */
export function answerAll(data: Buffer, out: ByteWriter): number {
  let lines = 0;
  for (let from = 0; from < data.length; lines++) {
    const to = data.indexOf(10, from);
    if (!answerInPlace(data, from, to, out))
      throw new Error(`corpus line ${lines + 1} left the fast path`);
    from = to + 1;
  }
  return lines;
}
