// The order parser's fast path for canonical notation against its grammar, on every order of
// the peer-agreed corpus: the same result in every phase, and the fast path taken each time.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  parseOrder,
  parseOrderForgiving,
  readCanonical,
  standardMap,
  type PhaseType,
} from '../src/index.js';

const orders = gunzipSync(
  readFileSync(new URL('./corpus/peer-agreed-movement.jsonl.gz', import.meta.url)),
)
  .toString('utf8')
  .trim()
  .split('\n')
  .flatMap((line) => (JSON.parse(line) as { orders: string[] }).orders);

describe('canonical notation on the fast path', () => {
  it('reads every corpus order as the grammar does, in every phase', () => {
    expect(orders.length).toBeGreaterThan(80_000);
    const differ: string[] = [];
    const slowPath: string[] = [];
    for (const text of orders) {
      for (const phase of ['movement', 'retreat', 'adjustment'] as PhaseType[]) {
        const grammar = parseOrderForgiving(standardMap, text, { phase });
        const fast = readCanonical(standardMap, text, phase);
        if (fast === undefined) slowPath.push(`${phase}: ${text}`);
        else if (!grammar.ok || JSON.stringify(fast) !== JSON.stringify(grammar.value))
          differ.push(`${phase}: ${text}`);
        if (JSON.stringify(parseOrder(standardMap, text, { phase })) !== JSON.stringify(grammar))
          differ.push(`parseOrder, ${phase}: ${text}`);
      }
    }
    expect(differ).toEqual([]);
    expect(slowPath).toEqual([]);
  });
});
