// Every case of DATC v3.2 chapter 6, transcribed from the text (test/datc/datc-v3.2.json), with
// the few text errata of test/datc/errata.json applied.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyErrata,
  runCase,
  staleErrata,
  standardMap,
  type DatcCase,
  type Erratum,
} from '../src/index.js';

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./datc/${name}`, import.meta.url), 'utf8'));
const { cases } = read('datc-v3.2.json') as { cases: DatcCase[] };
const { errata } = read('errata.json') as { errata: Erratum[] };

describe('DATC v3.2', () => {
  it('has all 176 cases of chapter 6', () => {
    expect(cases).toHaveLength(176);
    expect(new Set(cases.map((c) => c.id)).size).toBe(176);
  });

  it('lists errata only for orders whose text it quotes correctly, each changing the words', () => {
    expect(staleErrata(cases, errata)).toEqual([]);
    for (const e of errata) expect(e.arbiter).not.toEqual(e.text);
  });

  it('without the errata, fails exactly on the errata orders', () => {
    const failing = cases.flatMap((c) => runCase(standardMap, c).problems);
    expect(failing).toHaveLength(errata.length);
    for (const e of errata)
      expect(failing.some((p) => p.startsWith(`${e.power} ${e.order}:`))).toBe(true);
  });

  it.each(cases.map((c) => [`${c.id} ${c.title ?? ''}`, c] as const))('%s', (_, c) => {
    expect(runCase(standardMap, applyErrata(c, errata)).problems).toEqual([]);
  });
});
