import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { corpusLines, ownLines } from '../src/bench-corpus.js';

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
});
