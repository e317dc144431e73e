// The supply centres in force, as the kernel counts them: the map's in a standard game; with a
// state that lists others (a rule made or unmade centres), the Fall ownership update, the
// builds and removals and the solo count all follow the list.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { initialState, processPhase, soloWinner, type GameState } from '../game/state.js';
import type { Ownership, Unit } from '../types.js';
import {
  mapSupplyCenters,
  majorityOf,
  supplyCenterSet,
  supplyCentersOf,
} from './supply-centers.js';

const map = standardMap;
const MAP_CENTRES = mapSupplyCenters(map).provinces;

function with_(ids: readonly string[]): readonly string[] {
  return [...new Set([...MAP_CENTRES, ...ids])].sort();
}

function without(ids: readonly string[]): readonly string[] {
  return MAP_CENTRES.filter((p) => !ids.includes(p));
}

/** Fall 1901 with the starting units, Germany's army in Munich moved to `germanArmy`. */
function fall(germanArmy: string, extra: Partial<GameState> = {}): GameState {
  const start = initialState(map);
  const units: Unit[] = start.units.map((u) =>
    u.power === 'GER' && u.location.province === 'mun'
      ? { ...u, location: { province: germanArmy } }
      : u,
  );
  return {
    ...start,
    phase: { year: 1901, season: 'fall', type: 'movement' },
    units,
    ...extra,
  };
}

describe('the standard game', () => {
  it('has the map’s 34 centres and needs 18 for a solo', () => {
    const c = supplyCentersOf(map, initialState(map));
    expect(c).toBe(mapSupplyCenters(map));
    expect(c.provinces).toHaveLength(34);
    expect(c.victory).toBe(18);
    expect(c.has('mun')).toBe(true);
    expect(c.has('ruh')).toBe(false);
  });

  it('takes no new centre: an army in Ruhr owns nothing, and nobody adjusts', () => {
    const r = processPhase(map, fall('ruh'), []);
    expect(r.report.captured).toEqual([]);
    expect(r.state.supplyCenters['ruh']).toBeUndefined();
    expect(r.state.phase).toEqual({ year: 1902, season: 'spring', type: 'movement' });
  });
});

describe('centres made by a rule', () => {
  it('are taken at the end of a Fall like any neutral centre, and count for builds', () => {
    const ids = with_(['ruh']);
    const r = processPhase(map, fall('ruh', { supplyCenterIds: ids }), []);
    expect(r.report.captured).toEqual([{ province: 'ruh', from: null, to: 'GER' }]);
    expect(r.state.supplyCenters['ruh']).toBe('GER');
    expect(r.state.supplyCenterIds).toBe(ids);
    // Four centres, three units: Germany builds in Munich, which its army left.
    expect(r.state.phase).toEqual({ year: 1901, season: 'winter', type: 'adjustment' });
    const w = processPhase(map, r.state, [
      {
        power: 'GER',
        order: { kind: 'build', unit: { type: 'army', location: { province: 'mun' } } },
      },
    ]);
    expect(w.report.built).toEqual([{ power: 'GER', type: 'army', location: { province: 'mun' } }]);
  });
});

describe('centres unmade by a rule', () => {
  it('no longer count: a power owning one it lost must remove a unit', () => {
    // Germany still has Munich in its ownership list, but Munich is no longer a centre.
    const r = processPhase(map, fall('mun', { supplyCenterIds: without(['mun']) }), []);
    expect(r.state.phase).toEqual({ year: 1901, season: 'winter', type: 'adjustment' });
    const w = processPhase(map, r.state, []);
    expect(w.report.removals.map((x) => [x.unit.power, x.why])).toEqual([
      ['GER', 'civil-disorder'],
    ]);
  });

  it('are not taken at the end of a Fall, and are no home build site', () => {
    const ids = without(['bel', 'mun']);
    const state = fall('bur', { supplyCenterIds: ids });
    const moved: GameState = {
      ...state,
      units: [...state.units, { power: 'GER', type: 'army', location: { province: 'bel' } }],
      supplyCenters: Object.fromEntries(
        Object.entries(state.supplyCenters).filter(([p]) => p !== 'mun'),
      ),
    };
    const r = processPhase(map, moved, []);
    expect(r.report.captured).toEqual([]);
    // Two centres (Berlin, Kiel), four units: two removals; Munich is no build site.
    expect(r.state.phase.type).toBe('adjustment');
    const w = processPhase(map, r.state, [
      {
        power: 'GER',
        order: { kind: 'build', unit: { type: 'army', location: { province: 'mun' } } },
      },
    ]);
    expect(w.report.outcomes.map((o) => o.reason)).toEqual(['no-builds-left']);
    expect(w.report.removals).toHaveLength(2);
  });
});

describe('the solo', () => {
  it.each([
    [32, 17],
    [33, 17],
    [34, 18],
    [35, 18],
    [36, 19],
  ])('with %i centres needs %i', (n, need) => {
    const ids =
      n <= 34
        ? MAP_CENTRES.slice(0, n)
        : with_(['ruh', 'bur', 'pic', 'gas', 'sil', 'pru'].slice(0, n - 34));
    expect(ids).toHaveLength(n);
    expect(supplyCenterSet(map, ids).victory).toBe(need);
    expect(majorityOf(n)).toBe(need);
  });

  /** France owns the first `n` centres of the list. */
  function france(ids: readonly string[], n: number): Ownership {
    return Object.fromEntries(ids.slice(0, n).map((p) => [p, 'FRA']));
  }

  it('is a majority of the centres that exist: 17 wins of 32, not of 34', () => {
    const fewer = MAP_CENTRES.filter((p) => p !== 'stp' && p !== 'mos');
    const owners = france(fewer, 17);
    expect(soloWinner(map, owners)).toBeNull();
    expect(soloWinner(map, owners, supplyCenterSet(map, fewer))).toBe('FRA');
    // The kernel's own check after a Fall uses the centres the state lists.
    const state: GameState = {
      ...initialState(map),
      phase: { year: 1905, season: 'fall', type: 'movement' },
      units: [],
      supplyCenters: owners,
    };
    expect(processPhase(map, state, []).report.winner).toBeNull();
    const r = processPhase(map, { ...state, supplyCenterIds: fewer }, []);
    expect(r.report.winner).toBe('FRA');
    expect(r.state.winner).toBe('FRA');
  });

  it('rises with new centres: 18 of 36 is no solo', () => {
    const more = with_(['ruh', 'bur']);
    const owners = france(MAP_CENTRES, 18);
    expect(soloWinner(map, owners)).toBe('FRA');
    expect(soloWinner(map, owners, supplyCenterSet(map, more))).toBeNull();
    expect(soloWinner(map, { ...owners, ruh: 'FRA' }, supplyCenterSet(map, more))).toBe('FRA');
  });
});
