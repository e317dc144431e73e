// The peer-agreed corpus (test/corpus/README.md): 2834 random movement phases on whose results
// godip and the MILA engine agree. Every record must be reproduced byte for byte.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adjudicateRecord, standardMap, type PhaseRecord } from '../src/index.js';

const lines = gunzipSync(
  readFileSync(new URL('./corpus/peer-agreed-movement.jsonl.gz', import.meta.url)),
)
  .toString('utf8')
  .trim()
  .split('\n');

describe('peer-agreed corpus', () => {
  it('has 2834 records', () => {
    expect(lines).toHaveLength(2834);
  });

  it('reproduces every record exactly', () => {
    const wrong: string[] = [];
    for (const line of lines) {
      const record = JSON.parse(line) as PhaseRecord & { game: number; phase: string };
      const r = adjudicateRecord(standardMap, record);
      if (!r.ok) {
        wrong.push(`${record.game} ${record.phase}: ${r.error.message}`);
        continue;
      }
      if (JSON.stringify(r.value.record) !== line) wrong.push(`${record.game} ${record.phase}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reports a bad record with what is wrong and where', () => {
    const record = JSON.parse(lines[0]!) as { orders: string[] };
    record.orders[1] = 'AUS A bud - xyz';
    const r = adjudicateRecord(standardMap, record);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('record/bad-order');
      expect(r.error.message).toContain('orders[1] "AUS A bud - xyz"');
    }
    const noUnits = adjudicateRecord(standardMap, { orders: [] });
    expect(noUnits.ok || noUnits.error.message).toBe('units must be an array');
    const badLoc = adjudicateRecord(standardMap, {
      units: [{ nation: 'ENG', type: 'F', loc: 'mun' }],
      orders: [],
    });
    expect(badLoc.ok || badLoc.error.message).toBe('units[0]: F cannot stand at "mun"');
  });
});
