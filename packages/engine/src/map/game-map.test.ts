import { describe, expect, it } from 'vitest';
import { GameMap } from './game-map.js';
import type { MapSpec } from './spec.js';
import { STANDARD_MAP_SPEC, standardMap } from '../maps/index.js';

const tiny: MapSpec = {
  id: 'tiny',
  name: 'Tiny',
  powers: [{ id: 'A', name: 'Alpha' }],
  provinces: [
    { id: 'aaa', name: 'Aland', terrain: 'land', supplyCenter: true, home: 'A' },
    { id: 'bbb', name: 'Bcoast', terrain: 'coast', coasts: ['nc', 'sc'] },
    { id: 'sss', name: 'Sea', terrain: 'sea' },
  ],
  adjacencies: [
    ['aaa', 'bbb', 'army'],
    ['bbb/nc', 'sss', 'fleet'],
  ],
  startingUnits: [{ power: 'A', type: 'A', location: 'aaa' }],
};

describe('map loading', () => {
  it('compiles the standard map with 75 passable provinces, 34 centres and 18 for a solo', () => {
    expect(standardMap.provinces).toHaveLength(76);
    expect(standardMap.provinces.filter((p) => !p.isImpassable)).toHaveLength(75);
    expect(standardMap.supplyCenters).toHaveLength(34);
    expect(standardMap.victoryCenters).toBe(18);
    expect(standardMap.spec.startingUnits).toHaveLength(22);
  });

  it('gives armies and fleets their own moves, coast by coast', () => {
    expect(standardMap.movesFrom('fleet', 'stp/sc').sort()).toEqual(['bot', 'fin', 'lvn']);
    expect(standardMap.movesFrom('fleet', 'stp/nc').sort()).toEqual(['bar', 'nwy']);
    expect(standardMap.movesFrom('army', 'stp').sort()).toEqual(['fin', 'lvn', 'mos', 'nwy']);
    expect(standardMap.movesFrom('army', 'mun').sort()).toEqual(
      ['ber', 'boh', 'bur', 'kie', 'ruh', 'sil', 'tyr'].sort(),
    );
    expect(standardMap.movesFrom('fleet', 'spa/sc').sort()).toEqual(
      ['gas', 'lyo', 'mao', 'mar', 'por', 'wes'].filter((x) => x !== 'gas'),
    );
  });

  it('finds provinces by id, full name or alias in any case and spacing', () => {
    expect(standardMap.findProvince('Paris')?.id).toBe('par');
    expect(standardMap.findProvince('GoB')?.id).toBe('bot');
    expect(standardMap.findProvince('north  atlantic')?.id).toBe('nao');
    expect(standardMap.findProvince('St. Petersburg')?.id).toBe('stp');
    expect(standardMap.findProvince('xyz')).toBeUndefined();
  });

  it('agrees with the committed drawing anchors for every location', () => {
    const anchors = STANDARD_MAP_SPEC.drawing?.unitAnchors ?? {};
    for (const l of standardMap.locations) expect(anchors[l.key], l.key).toBeDefined();
  });

  it('loads a small valid map', () => {
    const m = GameMap.load(tiny);
    expect(m.ok).toBe(true);
  });

  it('names every problem of a broken map, with where it is', () => {
    const broken: MapSpec = {
      ...tiny,
      provinces: [
        ...tiny.provinces,
        { id: 'hhh', name: 'Home', terrain: 'land', home: 'Z' },
        { id: 'ccc', name: 'Coasty', terrain: 'land', coasts: ['ec'] },
      ],
      adjacencies: [
        ['aaa', 'bbb', 'army'],
        ['aaa', 'bbb', 'both'],
        ['aaa', 'zzz', 'army'],
        ['qqq/nc', 'sss', 'fleet'],
        ['aaa', 'sss', 'army'],
      ],
      startingUnits: [
        { power: 'A', type: 'F', location: 'aaa' },
        { power: 'A', type: 'F', location: 'bbb' },
      ],
    };
    const m = GameMap.load(broken);
    expect(m.ok).toBe(false);
    if (m.ok) return;
    const found = m.error.map((p) => `${p.code} @ ${p.at}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'map/unknown-power @ provinces[3]',
        'map/home-not-center @ provinces[3]',
        'map/coast-without-province @ provinces[4]',
        'map/duplicate-adjacency @ adjacencies[1]',
        'map/unknown-location @ adjacencies[2]',
        'map/coast-without-province @ adjacencies[3]',
        'map/bad-passage @ adjacencies[4]',
        'map/bad-start @ startingUnits[0]',
        'map/bad-start @ startingUnits[1]',
      ]),
    );
    expect(m.error.find((p) => p.at === 'startingUnits[0]')?.message).toBe(
      'a fleet cannot start on inland aaa',
    );
  });

  it('keeps a province letter and rejects one that is not A-Z or does not begin the name', () => {
    const lettered = (letter: string, name = 'Aland'): MapSpec => ({
      ...tiny,
      provinces: [{ ...tiny.provinces[0]!, name, letter }, ...tiny.provinces.slice(1)],
    });
    const good = GameMap.load(lettered('A'));
    expect(good.ok && good.value.province('aaa')?.letter).toBe('A');
    expect(standardMap.province('par')?.letter).toBeUndefined();
    for (const [letter, name] of [
      ['a', 'Aland'],
      ['AB', 'Aland'],
      ['B', 'Aland'],
    ] as const) {
      const m = GameMap.load(lettered(letter, name));
      expect(m.ok ? [] : m.error.map((p) => `${p.code} @ ${p.at}`)).toEqual([
        'map/bad-letter @ provinces[0]',
      ]);
    }
  });

  it('rejects a one-way adjacency that only names one side of a coast pair', () => {
    const m = GameMap.load({ ...tiny, adjacencies: [['aaa', 'aaa', 'army']] });
    expect(m.ok).toBe(false);
  });

  it('takes a power class and an ocean flag on a sea, and rejects them elsewhere', () => {
    const classed: MapSpec = {
      ...tiny,
      powers: [{ id: 'A', name: 'Alpha', class: 'major' }],
      provinces: tiny.provinces.map((p) => (p.id === 'sss' ? { ...p, ocean: true } : p)),
    };
    expect(GameMap.load(classed).ok).toBe(true);
    // Specs arrive as JSON: what the types forbid is checked at run time.
    const broken = JSON.parse(
      JSON.stringify({
        ...classed,
        powers: [{ id: 'A', name: 'Alpha', class: 'great' }],
        provinces: classed.provinces.map((p) => (p.id === 'aaa' ? { ...p, ocean: true } : p)),
      }),
    ) as MapSpec;
    const m = GameMap.load(broken);
    expect(m.ok ? [] : m.error.map((p) => `${p.code} @ ${p.at}`)).toEqual([
      'map/bad-class @ powers[0]',
      'map/bad-ocean @ provinces[0]',
    ]);
  });
});
