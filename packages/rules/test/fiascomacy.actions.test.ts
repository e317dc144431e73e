// Fiascomacy's own lines: the investment notations it accepts, and what it leaves to the order parser.
import { describe, expect, it } from 'vitest';
import { standardMap } from '@arbiter/engine';
import { formatFiascomacyAction, parseFiascomacyAction } from '../src/fiascomacy/index.js';

const read = (text: string): unknown => parseFiascomacyAction(text, standardMap);

describe('Fiascomacy actions', () => {
  it.each([
    ['INVEST 3 IN RUSSIA', 3, 'RUS'],
    ['invest 3 in rus', 3, 'RUS'],
    ['3 PF to Russia', 3, 'RUS'],
    ['3 PFs in Turkey', 3, 'TUR'],
    ['3PF to Turkish', 3, 'TUR'],
    ['INVEST 2 PF INTO ENG', 2, 'ENG'],
    ['invest Austria 2', 2, 'AUS'],
    ['3 political factors to France.', 3, 'FRA'],
    ['INVEST -3 IN GERMANY', -3, 'GER'],
    ['INVEST 2 IN ATLANTIS', 2, null],
  ])('reads %s', (text, amount, power) => {
    expect(read(text)).toMatchObject({
      module: 'fiascomacy',
      type: 'invest',
      data: { amount, power },
    });
  });

  it.each(['BORED', 'bored.', 'I am bored', "I'm bored!", 'VOTE BORED'])(
    'reads %s as a vote',
    (t) => {
      expect(read(t)).toEqual({ module: 'fiascomacy', type: 'bored', data: {} });
    },
  );

  it('reports an investment it cannot read, and leaves unit orders alone', () => {
    expect(read('INVEST lots IN RUSSIA')).toHaveProperty('error');
    expect(read('INVEST IN RUSSIA')).toHaveProperty('error');
    for (const order of ['A Par - Bur', 'F(StP)sc-GoB', 'Build A Ber', 'Russian 3', 'RUS: A War H'])
      expect(read(order)).toBeUndefined();
  });

  it('writes investments back in one notation', () => {
    const action = parseFiascomacyAction('3 PF to Russia', standardMap);
    expect(action !== undefined && !('error' in action) && formatFiascomacyAction(action)).toBe(
      'INVEST 3 IN RUS',
    );
    expect(formatFiascomacyAction({ module: 'fiascomacy', type: 'bored', data: {} })).toBe('BORED');
  });
});
