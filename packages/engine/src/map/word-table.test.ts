import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { WordTable } from './word-table.js';

/** Every word of `words` found in place inside a longer text, as the readers find them. */
function findAll<T>(table: WordTable<T>, words: readonly string[]): (T | undefined)[] {
  const text = ` ${words.join(' ')} `;
  const out: (T | undefined)[] = [];
  let at = 1;
  for (const w of words) {
    out.push(table.find(text, at, at + w.length));
    at += w.length + 1;
  }
  return out;
}

describe('WordTable', () => {
  it("finds every one of the standard map's location keys and power ids where it stands", () => {
    const keys = standardMap.locations.map((l) => l.key);
    const locations = new WordTable(keys.map((k, i) => [k, i] as const));
    expect(findAll(locations, keys)).toEqual(keys.map((_, i) => i));
    const powers = new WordTable(standardMap.powers.map((p) => [p, p] as const));
    expect(findAll(powers, standardMap.powers)).toEqual([...standardMap.powers]);
  });

  it('finds no word that is not a key: other letters, other case, other lengths, not letters', () => {
    const table = new WordTable([
      ['par', 1],
      ['AUS', 2],
      ['stp/sc', 3],
      ['Ab1', 4],
    ]);
    expect(
      findAll(table, ['pat', 'PAR', 'Par', 'aus', 'pa', 'para', 'p-r', 'p{r', 'AU[', 'zzz']),
    ).toEqual(Array.from({ length: 10 }, () => undefined));
    expect(findAll(table, ['par', 'AUS', 'stp/sc', 'Ab1'])).toEqual([1, 2, 3, 4]);
    expect(table.find('par', 0, 0)).toBeUndefined();
  });

  it('gives the last value of a key added twice, for three-letter keys as for longer ones', () => {
    const table = new WordTable([
      ['par', 1],
      ['stp/sc', 1],
      ['par', 2],
      ['stp/sc', 2],
    ]);
    expect(findAll(table, ['par', 'stp/sc'])).toEqual([2, 2]);
  });
});
