// Every case of DATC v3.2 chapter 6, transcribed from the text (test/datc/datc-v3.2.json), with
// the few text errata of test/datc/errata.json applied.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCase, standardMap, type DatcCase } from '../src/index.js';

interface Erratum {
  case: string;
  power: string;
  order: string;
  text: string[];
  arbiter: string[];
  why: string;
}

const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./datc/${name}`, import.meta.url), 'utf8')) as T;
const { cases } = read<{ cases: DatcCase[] }>('datc-v3.2.json');
const { errata } = read<{ errata: Erratum[] }>('errata.json');

/** The case with each erratum's expectation put in place of the text's. */
function corrected(c: DatcCase): DatcCase {
  const fix = (list: DatcCase['orders']): DatcCase['orders'] =>
    list.map((o) => {
      const e = errata.find((x) => x.case === c.id && x.power === o.power && x.order === o.text);
      return e === undefined ? o : { ...o, resolution: e.arbiter };
    });
  return c.movement === undefined
    ? { ...c, orders: fix(c.orders) }
    : { ...c, movement: fix(c.movement), orders: fix(c.orders) };
}

describe('DATC v3.2', () => {
  it('has all 176 cases of chapter 6, in order', () => {
    expect(cases).toHaveLength(176);
    expect(new Set(cases.map((c) => c.id)).size).toBe(176);
  });

  it('lists errata only for orders whose text it quotes correctly', () => {
    for (const e of errata) {
      const c = cases.find((x) => x.id === e.case);
      const o = [...(c?.movement ?? []), ...(c?.orders ?? [])].find(
        (x) => x.power === e.power && x.text === e.order,
      );
      expect(o?.resolution, `${e.case} ${e.order}`).toEqual(e.text);
      expect(e.arbiter).not.toEqual(e.text);
    }
  });

  it.each(cases.map((c) => [`${c.id} ${c.title ?? ''}`, c] as const))('%s', (_, c) => {
    expect(runCase(standardMap, corrected(c)).problems).toEqual([]);
  });
});
