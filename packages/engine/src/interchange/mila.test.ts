// MILA saved games: the order notation both ways, export of a seeded game, reading it back and
// replaying it, and differences found and explained.
import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../game/play.js';
import { initialState } from '../game/state.js';
import { standardMap } from '../maps/index.js';
import type { Order } from '../types.js';
import {
  formatMilaOrder,
  parseMilaOrder,
  readMilaGame,
  replayMilaGame,
  toMilaGame,
  type HistoryPhase,
  type MilaSavedGame,
} from './index.js';

const map = standardMap;
const A = (province: string, coast?: string) => ({
  type: 'army' as const,
  location: coast === undefined ? { province } : { province, coast },
});
const F = (province: string, coast?: string) => ({ ...A(province, coast), type: 'fleet' as const });

describe('MILA order notation', () => {
  const cases: [string, 'movement' | 'retreat' | 'adjustment', Order][] = [
    [
      'A PAR - BUR',
      'movement',
      { kind: 'move', unit: A('par'), to: { province: 'bur' }, viaConvoy: false },
    ],
    [
      'F STP/SC - BOT',
      'movement',
      { kind: 'move', unit: F('stp', 'sc'), to: { province: 'bot' }, viaConvoy: false },
    ],
    [
      'A LON - BEL VIA',
      'movement',
      { kind: 'move', unit: A('lon'), to: { province: 'bel' }, viaConvoy: true },
    ],
    [
      'F NTH C A LON - BEL',
      'movement',
      { kind: 'convoy', unit: F('nth'), army: { province: 'lon' }, to: { province: 'bel' } },
    ],
    [
      'A MUN S A BER - SIL',
      'movement',
      { kind: 'support-move', unit: A('mun'), supported: A('ber'), to: { province: 'sil' } },
    ],
    [
      'F RUM S F BUL/SC',
      'movement',
      { kind: 'support-hold', unit: F('rum'), supported: F('bul', 'sc') },
    ],
    ['A PAR H', 'movement', { kind: 'hold', unit: A('par') }],
    ['A PAR R BUR', 'retreat', { kind: 'retreat', unit: A('par'), to: { province: 'bur' } }],
    ['A PAR D', 'retreat', { kind: 'disband', unit: A('par') }],
    ['A PAR D', 'adjustment', { kind: 'remove', unit: A('par') }],
    ['A PAR B', 'adjustment', { kind: 'build', unit: A('par') }],
    ['F STP/NC B', 'adjustment', { kind: 'build', unit: F('stp', 'nc') }],
    ['WAIVE', 'adjustment', { kind: 'waive' }],
  ];

  it.each(cases)('reads %s (%s) and writes it back the same', (text, phase, order) => {
    const r = parseMilaOrder(map, text, phase);
    expect(r).toEqual({ ok: true, value: order });
    expect(formatMilaOrder(order)).toBe(text);
  });

  it('reads a move in a retreat phase as a retreat, and any case', () => {
    expect(parseMilaOrder(map, 'a par - bur', 'retreat')).toEqual({
      ok: true,
      value: { kind: 'retreat', unit: A('par'), to: { province: 'bur' } },
    });
  });

  it('names the bad piece of an order it cannot read', () => {
    const bad: [string, string][] = [
      ['A PAR - XYZ', 'unknown province "XYZ"'],
      ['F STP/WC - BOT', 'unknown coast "WC" of "STP"'],
      ['X PAR H', 'expected a unit type (A or F), not "X"'],
      ['A PAR', 'expected an order after the unit (H, -, S, C, R, D or B)'],
      ['A PAR Q', 'unknown order "Q" (expected H, -, S, C, R, D or B)'],
      ['A PAR - BUR NOW', 'unexpected "NOW"'],
      ['F NTH C F LON - BEL', 'only an army (A) is convoyed'],
    ];
    for (const [text, message] of bad)
      expect(parseMilaOrder(map, text, 'movement'), text).toEqual({ ok: false, error: message });
  });

  it('takes a unit type left out from the board', () => {
    const order: Order = { kind: 'hold', unit: { location: { province: 'stp', coast: 'sc' } } };
    expect(formatMilaOrder(order, () => 'fleet')).toBe('F STP/SC H');
  });
});

/** A saved game to edit by hand, as a test would edit the JSON. */
interface EditableGame {
  phases: {
    orders: Record<string, string[] | null>;
    results: Record<string, string[]>;
    state: { units: Record<string, string[]> };
  }[];
}

function editable(game: MilaSavedGame): EditableGame {
  return JSON.parse(JSON.stringify(game)) as EditableGame;
}

function seededGame(seed: number, lastYear?: number): MilaSavedGame {
  const phases: HistoryPhase[] = [];
  const game = playRandomGame(map, { seed, ...(lastYear === undefined ? {} : { lastYear }) });
  for (let step = game.next(); step.done !== true; step = game.next()) phases.push(step.value);
  return toMilaGame(map, { id: `seed-${seed}`, start: initialState(map), phases });
}

describe('export to a MILA saved game', () => {
  it('writes the top level, the start of the game and the phase the game stands in', () => {
    const game = seededGame(3, 1902);
    expect(Object.keys(game)).toEqual(['id', 'map', 'rules', 'phases']);
    expect(game).toMatchObject({ id: 'seed-3', map: 'standard', rules: [] });
    const first = game.phases[0]!;
    expect(first.name).toBe('S1901M');
    expect([...first.state.units['RUSSIA']!].sort()).toEqual([
      'A MOS',
      'A WAR',
      'F SEV',
      'F STP/SC',
    ]);
    expect(first.state.centers['ENGLAND']).toEqual(['EDI', 'LON', 'LVP']);
    expect(first.state.homes['TURKEY']).toEqual(['ANK', 'CON', 'SMY']);
    expect(Object.keys(first.orders)).toEqual([
      'AUSTRIA',
      'ENGLAND',
      'FRANCE',
      'GERMANY',
      'ITALY',
      'RUSSIA',
      'TURKEY',
    ]);
    expect(first.orders['FRANCE']).toHaveLength(3);
    for (const o of first.orders['FRANCE']!) expect(o).toMatch(/^[AF] [A-Z]{3}(\/[A-Z]{2})? /);
    expect(Object.keys(first.results)).toHaveLength(22);
    const last = game.phases.at(-1)!;
    expect(last.name).toBe('S1903M');
    expect(Object.values(last.orders).every((o) => o === null)).toBe(true);
    expect(last.results).toEqual({});
    expect(game.phases.map((p) => p.name).slice(0, 3)).toEqual([
      'S1901M',
      'F1901M',
      game.phases[2]!.name,
    ]);
    const winter = game.phases.find((p) => p.name === 'W1901A');
    if (winter !== undefined) {
      const builds = Object.values(winter.state.builds);
      expect(builds.some((b) => b.count !== 0)).toBe(true);
    }
  });

  it('is the same for the same seed, byte for byte', () => {
    expect(JSON.stringify(seededGame(11, 1903))).toBe(JSON.stringify(seededGame(11, 1903)));
  });

  it('ends with COMPLETED after a solo', () => {
    const game = seededGame(5);
    expect(game.phases.at(-1)!.name).toBe('COMPLETED');
  });
});

describe('replaying a MILA saved game', () => {
  it('agrees with every phase of an exported seeded game, read back from its JSON', () => {
    for (const seed of [1, 2, 5]) {
      const read = readMilaGame(map, JSON.parse(JSON.stringify(seededGame(seed))));
      expect(read.error).toBeUndefined();
      const checks = replayMilaGame(map, read);
      expect(checks.length).toBe(read.phases.length - 1);
      expect(checks.length).toBeGreaterThan(20);
      expect(checks.filter((c) => !c.agrees)).toEqual([]);
      expect(checks.some((c) => c.name.endsWith('R'))).toBe(true);
      expect(checks.some((c) => c.name.endsWith('A'))).toBe(true);
    }
  });

  it('reports a changed result and a changed board, naming the units', () => {
    const edited = editable(seededGame(2, 1901));
    edited.phases[0]!.results['A PAR'] = ['disrupted'];
    edited.phases[1]!.state.units['FRANCE'] = [
      'A PIC',
      ...edited.phases[1]!.state.units['FRANCE']!.slice(1),
    ];
    const checks = replayMilaGame(map, readMilaGame(map, edited));
    expect(checks[0]!.agrees).toBe(false);
    expect(checks[0]!.differences.join('\n')).toMatch(
      /results of A PAR: the file says \["disrupted"\], Arbiter \[/,
    );
    expect(checks[0]!.differences.join('\n')).toMatch(/units: only in the file: FRANCE A PIC/);
  });

  it('names the 2023 rule when an army ordered "via" to an adjacent province has no convoy', () => {
    const game = editable(seededGame(1, 1901));
    const start = game.phases[0]!;
    start.orders = {
      ...Object.fromEntries(Object.keys(start.orders).map((p) => [p, []])),
      FRANCE: ['A PAR - BUR VIA'],
    };
    start.results = Object.fromEntries(Object.keys(start.results).map((u) => [u, []]));
    // What the older rules do: the army moves over land.
    game.phases[1]!.state.units = { ...start.state.units, FRANCE: ['F BRE', 'A MAR', 'A BUR'] };
    const [check] = replayMilaGame(map, readMilaGame(map, game));
    expect(check!.differences[0]).toBe(
      "units: only in the file: FRANCE A BUR; only in Arbiter's: FRANCE A PAR",
    );
    expect(check!.reasons).toEqual([
      'A PAR - BUR VIA: DATC 4.A.3, 6.G.8 (2023 rules): an army ordered "via" convoy to an adjacent province moves only by convoy; with no convoy it stays (the older rules moved it over land)',
    ]);
  });
});

describe('reading a MILA saved game', () => {
  it('names the phase and the field of the first error, and reads nothing past it', () => {
    const game = editable(seededGame(4, 1902));
    game.phases[3]!.orders['FRANCE'] = ['A PAR H', 'F BRE H', 'A MAR - XYZ'];
    const read = readMilaGame(map, game);
    expect(read.error).toEqual({
      path: 'phases[3].orders.FRANCE[2]',
      message: 'unknown province "XYZ" in "A MAR - XYZ"',
    });
    expect(read.phases).toHaveLength(3);
    expect(replayMilaGame(map, read)).toHaveLength(2);
  });

  it('checks the top level, names, powers and units', () => {
    const bad: [unknown, string, string][] = [
      [[], '(top)', 'expected an object'],
      [{ map: 'ancmed', phases: [] }, 'map', 'only the standard map is read, not "ancmed"'],
      [{ phases: {} }, 'phases', 'expected an array'],
      [
        { phases: [{ name: 'X1901M' }] },
        'phases[0].name',
        'expected a phase name like S1901M, F1901R or W1901A, not "X1901M"',
      ],
      [
        { phases: [{ name: 'S1901M', state: { units: { PRUSSIA: [] }, centers: {} } }] },
        'phases[0].state.units.PRUSSIA',
        'unknown power "PRUSSIA" (expected AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY)',
      ],
      [
        { phases: [{ name: 'S1901M', state: { units: { FRANCE: ['F PAR'] }, centers: {} } }] },
        'phases[0].state.units.FRANCE[0]',
        'a fleet cannot stand on PAR in "F PAR"',
      ],
      [
        {
          phases: [
            { name: 'S1901M', state: { units: { FRANCE: ['A PAR', 'A PAR'] }, centers: {} } },
          ],
        },
        'phases[0].state.units.FRANCE[1]',
        'a second unit in PAR (after A PAR)',
      ],
      [
        { phases: [{ name: 'S1901M', state: { units: {}, centers: { FRANCE: ['BUR'] } } }] },
        'phases[0].state.centers.FRANCE[0]',
        '"BUR" is not a supply centre',
      ],
    ];
    for (const [value, path, message] of bad)
      expect(readMilaGame(map, value).error, path).toEqual({ path, message });
  });
});
