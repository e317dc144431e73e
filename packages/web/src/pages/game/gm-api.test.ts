// How the console reads the catalogue rule the gamesmaster maps a free-text proposal to.
import { describe, expect, test } from 'vitest';
import { readMapping } from './gm-api.js';

describe('readMapping', () => {
  test('a rule alone, or with whole-number and province-list settings', () => {
    expect(readMapping(' NO_CONVOY ')).toEqual({ ruling: 'rule', rule: 'NO_CONVOY' });
    expect(readMapping('BUILD_CAP max=2')).toEqual({
      ruling: 'rule',
      rule: 'BUILD_CAP',
      settings: { max: 2 },
    });
    expect(readMapping('NEW_CENTRES provinces=ruh,bur')).toEqual({
      ruling: 'rule',
      rule: 'NEW_CENTRES',
      settings: { provinces: ['ruh', 'bur'] },
    });
  });

  test('says what is wrong: no rule, or a setting not written name=value', () => {
    expect(readMapping('  ')).toBe('Enter a catalogue rule, such as NO_CONVOY.');
    expect(readMapping('BUILD_CAP 2')).toBe(
      'Write each setting as name=value (max=2, provinces=ruh,bur), not "2".',
    );
    expect(readMapping('BUILD_CAP max=')).toMatch(/^Write each setting/);
  });
});
