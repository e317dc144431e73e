import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerAll, corpusBytes, corpusLines, ownLines } from '../src/bench-corpus.js';
import { ByteWriter } from '../src/byte-writer.js';

describe('the benchmarks read the corpus as the command does', () => {
  it('cuts the same non-empty lines as split, without a last newline and beyond ASCII too', () => {
    for (const text of [
      'a\nbb\n',
      'a\nbb',
      '\n\na\n\nbb\n\n',
      '{"é":"ü"}\n{"x":"日本"}',
      '',
      '\n',
    ]) {
      expect(ownLines(Buffer.from(text, 'utf8'))).toEqual(text.split('\n').filter((l) => l !== ''));
    }
  });

  it('gives every record of the corpus, as the file has it', () => {
    const text = gunzipSync(
      readFileSync(
        new URL('../../engine/test/corpus/peer-agreed-movement.jsonl.gz', import.meta.url),
      ),
    ).toString('utf8');
    const lines = corpusLines();
    expect(lines).toHaveLength(2834);
    expect(lines).toEqual(text.trim().split('\n'));
  });

  it('answers every record as the command does: the corpus back, byte for byte', () => {
    // The corpus's records carry the results the peers agree on, so the answer is the input.
    const data = corpusBytes();
    expect(data.toString('latin1')).toBe(`${corpusLines().join('\n')}\n`);
    const out = new ByteWriter();
    expect(answerAll(data, out)).toBe(2834);
    expect(Buffer.from(out.take()).equals(data)).toBe(true);
  });

  it('stops at a record the fast path does not read, naming it', () => {
    const out = new ByteWriter();
    const record = corpusLines()[0]!;
    const data = Buffer.from(`${record}\n${record.replace('"game":0', '"game": 0')}\n`, 'latin1');
    expect(() => answerAll(data, out)).toThrow('corpus line 2 left the fast path');
  });
});
