// The older rulebook editions (docs/editions.md): DATC cases with the resolutions the DATC text
// gives under the 1971, 1982 and 2000 rules (test/datc/editions.json), run under each case's
// edition, and checked to differ from the 2023 rules exactly where the text says they do.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DATC_PREFERRED,
  EDITIONS,
  rulebookChoices,
  runCase,
  standardMap,
  type DatcCase,
} from '../src/index.js';

const { cases } = JSON.parse(
  readFileSync(new URL('./datc/editions.json', import.meta.url), 'utf8'),
) as { cases: DatcCase[] };

const name = (c: DatcCase): string => `${c.id} (${c.rulebook ?? '2023'}) ${c.title ?? ''}`;

/**
 * The cases whose resolutions under their edition are not the 2023 ones; the others are there
 * because the DATC states their older result, which happens to be the same.
 */
const DIFFER_FROM_2023 = [
  '6.F.9 (1971)',
  '6.F.10 (1971)',
  '6.F.11 (1971)',
  '6.F.19 (1971)',
  '6.G.2 (1971)',
  '6.G.2 (1976)',
  '6.G.7 (1971)',
  '6.G.11 (1971)',
  '6.G.19 (1971)',
  '6.H.11 (1971)',
  '6.H.12 (1971)',
  '6.H.11 (1982)',
  '6.H.11 (2000)',
  '6.H.12 (1982)',
  '6.F.16 (1982)',
  '6.F.17 (1982)',
  '6.F.18 (1982)',
  '6.F.19 (1982)',
  '6.F.20 (1982)',
  '6.F.21 (1982)',
  '6.F.23 (1982)',
  '6.F.24 (1982)',
  '6.F.29 (1982)',
  '6.J.12 (1971)',
  '6.J.12 (1982)',
  '6.J.12 (2000)',
  'v2.4 6.J.3 (1971)',
  'v2.4 6.J.5 (1971)',
  'v2.4 6.J.6 (1971)',
  'v2.4 6.J.8 (1971)',
  'v2.4 6.J.9 (second) (1971)',
  'v2.4 6.J.10 (1971)',
  'v2.4 6.J.11 (1971)',
];

describe('rulebook editions', () => {
  it('map 1976 to the 1971 choices and 2023 to the DATC preferences, and differ otherwise', () => {
    expect(rulebookChoices('1976')).toEqual(rulebookChoices('1971'));
    expect(rulebookChoices('2023')).toEqual(DATC_PREFERRED);
    const distinct = new Set(EDITIONS.map((e) => JSON.stringify(rulebookChoices(e))));
    expect(distinct.size).toBe(EDITIONS.length - 1);
  });
});

describe('DATC cases under older rulebook editions (test/datc/editions.json)', () => {
  it('name an edition other than 2023 in every case, each case once per edition', () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(['1971', '1976', '1982', '2000']).toContain(c.rulebook);
    expect(new Set(cases.map(keyOf)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [name(c), c] as const))('%s', (_, c) => {
    expect(runCase(standardMap, c).problems).toEqual([]);
  });

  it('give other results than the 2023 rules exactly where the DATC says the editions differ', () => {
    const differing = cases
      .filter((c) => !runCase(standardMap, { ...c, rulebook: '2023' }).passed)
      .map(keyOf);
    expect(differing).toEqual(DIFFER_FROM_2023);
  });
});

function keyOf(c: DatcCase): string {
  return `${c.id} (${c.rulebook ?? '2023'})`;
}
