import type { ApiMessage, ApiPhase } from '@arbiter/server/api-types';
import { standardMap } from '@arbiter/engine';
import { describe, expect, test } from 'vitest';
import {
  boardBefore,
  centreChanges,
  centresAround,
  headline,
  phaseIndex,
  publicNotices,
  publicPress,
  signed,
} from './report-data.js';

/** A played phase with only what the report's arithmetic reads. */
function phase(
  name: string,
  captured: { province: string; from: string | null; to: string }[] = [],
  events: ApiPhase['events'] = [],
): ApiPhase {
  return { name, report: { captured }, events } as unknown as ApiPhase;
}

describe('the centres around a phase', () => {
  const phases = [
    phase('S1901M'),
    phase('F1901M', [
      { province: 'nwy', from: null, to: 'ENG' },
      { province: 'rum', from: null, to: 'RUS' },
    ]),
    phase('W1901A'),
    phase('S1902M'),
    phase('F1902M', [{ province: 'rum', from: 'RUS', to: 'TUR' }]),
  ];
  const now = { lon: 'ENG', nwy: 'ENG', rum: 'TUR', sev: 'RUS' };

  test('are those of now with every later capture undone, newest first', () => {
    expect(centresAround(now, phases, 1)).toEqual({
      before: { lon: 'ENG', sev: 'RUS' },
      after: { lon: 'ENG', nwy: 'ENG', rum: 'RUS', sev: 'RUS' },
    });
    expect(centresAround(now, phases, 4)).toEqual({
      before: { lon: 'ENG', nwy: 'ENG', rum: 'RUS', sev: 'RUS' },
      after: now,
    });
    expect(centresAround(now, phases, 0).before).toEqual({ lon: 'ENG', sev: 'RUS' });
  });

  test('count per power after the phase, with the change it made, most first', () => {
    const { before, after } = centresAround(now, phases, 4);
    expect(centreChanges(before, after)).toEqual([
      { power: 'ENG', count: 2, change: 0 },
      { power: 'RUS', count: 1, change: -1 },
      { power: 'TUR', count: 1, change: 1 },
    ]);
    expect(centreChanges({ par: 'FRA' }, {})).toEqual([{ power: 'FRA', count: 0, change: -1 }]);
  });
});

test('a phase is found by its name in any case, the last of equal names; -1 when none', () => {
  const phases = [phase('S1901M'), phase('W1901A'), phase('W1901A')];
  expect(phaseIndex(phases, 's1901m')).toBe(0);
  expect(phaseIndex(phases, 'W1901A')).toBe(2);
  expect(phaseIndex(phases, 'F1999M')).toBe(-1);
});

test('the notices are the public events only', () => {
  const p = phase(
    'W1901A',
    [],
    [
      { type: 'fink/new-fink', audience: { kind: 'public' }, text: 'There is a new Fink.' },
      {
        type: 'fink/turned',
        audience: { kind: 'players', players: ['eng'] },
        text: 'You are now the Fink.',
      },
      { type: 'fink/turned', audience: { kind: 'gm' }, text: 'eng turns Fink against FRA.' },
    ],
  );
  expect(publicNotices(p).map((e) => e.text)).toEqual(['There is a new Fink.']);
});

test('the press of a phase is its public messages, oldest first, without rule-given copies', () => {
  const m = (id: number, over: Partial<ApiMessage>): ApiMessage => ({
    id,
    phase: 'S1901M',
    from: 'eng',
    to: 'public',
    anonymous: false,
    text: `message ${id}`,
    createdAt: 100 - id,
    ...over,
  });
  const all = [
    m(1, {}),
    m(2, { to: ['fra'] }),
    m(3, { phase: 'F1901M' }),
    m(4, { copy: 'intercepted' }),
    m(5, {}),
  ];
  expect(publicPress(all, 'S1901M').map((x) => x.id)).toEqual([5, 1]);
});

test('a headline is the first line with words, cut with an ellipsis', () => {
  expect(headline('\n  Peace in our time \nand more')).toBe('Peace in our time');
  expect(headline('x'.repeat(120), 10)).toBe(`${'x'.repeat(9)}…`);
  expect(headline('  \n ')).toBe('(no text)');
});

test('a change is signed, none is blank', () => {
  expect([signed(2), signed(-1), signed(0)]).toEqual(['+2', '−1', '']);
});

test('without an export the picture is drawn from the units the orders name, on the centres given', () => {
  const outcomes = [
    {
      power: 'FRA',
      order: {
        kind: 'move',
        unit: { type: 'army', location: { province: 'par' } },
        to: { province: 'bur' },
        viaConvoy: false,
      },
      result: 'succeeds',
      reason: 'moved',
    },
    {
      power: 'FRA',
      order: { kind: 'build', unit: { type: 'army', location: { province: 'mar' } } },
      result: 'succeeds',
      reason: 'built',
    },
    { power: 'GER', order: { kind: 'waive' }, result: 'succeeds', reason: 'waived' },
  ];
  const p = {
    name: 'S1901M',
    report: { outcomes, captured: [] },
    events: [],
  } as unknown as ApiPhase;
  expect(boardBefore(standardMap, p, null, { par: 'FRA' })).toEqual({
    units: [{ power: 'FRA', type: 'army', location: { province: 'par' } }],
    supplyCenters: { par: 'FRA' },
  });
  // The export's board, where there is one, is the board.
  const exported = [
    { name: 'S1901M', state: { units: { FRANCE: ['A MAR'] }, centers: { FRANCE: ['MAR'] } } },
  ];
  expect(boardBefore(standardMap, p, exported, {})).toMatchObject({
    units: [{ power: 'FRA', type: 'army', location: { province: 'mar' } }],
    supplyCenters: { mar: 'FRA' },
  });
});
