import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { orders, unit } from '../../test/support.js';
import { adjustmentCounts, ownedTally } from '../adjudicate/adjustment.js';
import { playRandomGame } from './play.js';
import { randomOrdersForAll } from './random-player.js';
import { Rng } from '../random.js';
import {
  centerCounts,
  describeRemoval,
  initialState,
  phaseName,
  processPhase,
  type GameState,
} from './state.js';

const start = initialState(standardMap);

describe('the phase sequence', () => {
  it('starts in Spring 1901 with 22 units and every home centre owned', () => {
    expect(phaseName(start.phase)).toBe('S1901M');
    expect(start.units).toHaveLength(22);
    expect(centerCounts(standardMap, start.supplyCenters)).toEqual({
      AUS: 3,
      ENG: 3,
      FRA: 3,
      GER: 3,
      ITA: 3,
      RUS: 4,
      TUR: 3,
    });
  });

  it('holds every unit without an order, and skips an empty retreat phase', () => {
    const { state, report } = processPhase(standardMap, start, []);
    expect(state.units).toEqual(start.units);
    expect(report.outcomes).toEqual([]);
    expect(phaseName(state.phase)).toBe('F1901M');
  });

  it('updates ownership after the Fall moves, not after Spring, then adjusts', () => {
    const spring = processPhase(
      standardMap,
      start,
      orders('movement', 'FRA A par - bur', 'ENG F lon - nth'),
    );
    expect(spring.state.supplyCenters).toEqual(start.supplyCenters);
    const fall = processPhase(
      standardMap,
      spring.state,
      orders('movement', 'FRA A bur - bel', 'ENG F nth - nwy'),
    );
    expect(fall.report.captured).toEqual([
      { province: 'bel', from: null, to: 'FRA' },
      { province: 'nwy', from: null, to: 'ENG' },
    ]);
    expect(phaseName(fall.state.phase)).toBe('W1901A');
    const winter = processPhase(standardMap, fall.state, orders('adjustment', 'FRA: Build A par'));
    // England's build was not ordered: declined. France built in Paris.
    expect(winter.report.built).toEqual([unit('FRA A par')]);
    expect(winter.report.declined).toEqual({ ENG: 1 });
    expect(phaseName(winter.state.phase)).toBe('S1902M');
  });

  it('disbands a dislodged unit that gets no retreat order', () => {
    const state: GameState = {
      ...start,
      units: [unit('AUS A tri'), unit('AUS F adr'), unit('ITA A ven')],
    };
    const moved = processPhase(
      standardMap,
      state,
      orders('movement', 'AUS A tri - ven', 'AUS F adr S A tri - ven'),
    );
    expect(phaseName(moved.state.phase)).toBe('S1901R');
    expect(moved.state.dislodged.map((d) => d.unit)).toEqual([unit('ITA A ven')]);
    const retreat = processPhase(standardMap, moved.state, []);
    expect(retreat.report.removed).toEqual([unit('ITA A ven')]);
    expect(retreat.report.removals.map(describeRemoval)).toEqual([
      'ITA A ven is disbanded: no legal retreat was ordered for it',
    ]);
    expect(retreat.state.units).not.toContainEqual(unit('ITA A ven'));
    expect(phaseName(retreat.state.phase)).toBe('F1901M');
  });

  it('says why each unit left the board: a retreat clash, a disband by order, a removal by order', () => {
    // Germany dislodges England from Ruhr and France from Belgium; both may retreat to Burgundy.
    const state: GameState = {
      ...start,
      units: ['ENG A ruh', 'FRA A bel', 'GER A mun', 'GER A kie', 'GER A hol', 'GER F nth'].map(
        unit,
      ),
    };
    const moved = processPhase(
      standardMap,
      state,
      orders(
        'movement',
        'GER A mun - ruh',
        'GER A kie S A mun - ruh',
        'GER A hol - bel',
        'GER F nth S A hol - bel',
      ),
    );
    expect(moved.state.dislodged.map((d) => d.unit.location.province).sort()).toEqual([
      'bel',
      'ruh',
    ]);
    const clash = processPhase(
      standardMap,
      moved.state,
      orders('retreat', 'ENG A ruh - bur', 'FRA A bel - bur'),
    );
    expect(clash.report.removals.map(describeRemoval).sort()).toEqual([
      'ENG A ruh is disbanded: another unit retreated to the same place',
      'FRA A bel is disbanded: another unit retreated to the same place',
    ]);
    const disband = processPhase(
      standardMap,
      moved.state,
      orders('retreat', 'ENG A ruh - bur', 'FRA A bel D'),
    );
    expect(disband.report.removals.map(describeRemoval)).toEqual([
      'FRA A bel is disbanded by order',
    ]);

    const winter = processPhase(
      standardMap,
      {
        ...start,
        phase: { year: 1901, season: 'winter', type: 'adjustment' },
        units: ['TUR A con', 'TUR A smy', 'TUR A arm'].map(unit),
        supplyCenters: { ank: 'TUR', con: 'TUR' },
      },
      orders('adjustment', 'TUR: Remove A arm'),
    );
    expect(winter.report.removals.map(describeRemoval)).toEqual(['TUR A arm is removed by order']);
  });

  it('makes missing removals by civil disorder, farthest from an owned centre first', () => {
    const state: GameState = {
      ...start,
      phase: { year: 1905, season: 'winter', type: 'adjustment' },
      units: [unit('TUR A con'), unit('TUR F eas'), unit('TUR A arm'), unit('TUR F bla')],
      supplyCenters: { ank: 'TUR', con: 'TUR' },
    };
    const r = processPhase(standardMap, state, []);
    // Two to remove: F eas (two from Constantinople, via the Aegean) and then, of the units one
    // away (A arm, F bla), the fleet first.
    expect(r.report.removed).toEqual([unit('TUR F eas'), unit('TUR F bla')]);
    expect(r.report.removals.map((x) => x.why)).toEqual(['civil-disorder', 'civil-disorder']);
    expect(r.state.units).toEqual([unit('TUR A con'), unit('TUR A arm')]);
  });

  it('ends the game at a solo and refuses to go on', () => {
    const owners: Record<string, string> = {};
    const centres = standardMap.provinces.filter((p) => p.isSupplyCenter).map((p) => p.id);
    for (const id of centres.slice(0, 17)) owners[id] = 'FRA';
    const state: GameState = {
      ...start,
      phase: { year: 1910, season: 'fall', type: 'movement' },
      units: [unit('FRA A bur')],
      supplyCenters: owners,
    };
    const target = centres.slice(17).find((id) => ['bel', 'mun', 'par', 'mar'].includes(id))!;
    expect(owners[target]).toBeUndefined();
    const r = processPhase(standardMap, state, orders('movement', `FRA A bur - ${target}`));
    expect(r.state.winner).toBe('FRA');
    expect(r.report.winner).toBe('FRA');
    expect(() => processPhase(standardMap, r.state, [])).toThrow(/the game is over/);
  });
});

describe('ownership records and their counts (counted once per record)', () => {
  it('keeps every record sorted and every count and adjustment right, game after game', () => {
    const map = standardMap;
    const powers = map.powers;
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      for (const { state } of playRandomGame(map, { seed, lastYear: 1908, explain: false })) {
        const owners = state.supplyCenters;
        const keys = Object.keys(owners);
        expect(keys).toEqual([...keys].sort());
        // Counted afresh, without the engine's cache.
        const fresh = Object.fromEntries(powers.map((p) => [p, 0]));
        for (const k of keys) fresh[owners[k]!]! += 1;
        expect(centerCounts(map, owners)).toEqual(fresh);
        const units = Object.fromEntries(powers.map((p) => [p, 0]));
        for (const u of state.units) units[u.power]! += 1;
        const expected = Object.fromEntries(powers.map((p) => [p, fresh[p]! - units[p]!]));
        expect(adjustmentCounts(map, state.units, owners)).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('makes every record with fast properties, not a dictionary, so reading it stays cheap', () => {
    // V8's own check, through its natives syntax (allowed for code compiled from here on, in
    // this test's process only): a record filled in key by key past a dozen keys is a
    // dictionary, and every copy and look-up of it then costs more (docs/performance.md).
    setFlagsFromString('--allow-natives-syntax');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- natives syntax is not TypeScript: the probe must be compiled from text
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
      o: object,
    ) => boolean;
    expect(hasFastProperties(Object.fromEntries(Object.entries(start.supplyCenters)))).toBe(true);
    // The probe tells a dictionary: 34 keys no other object has had, filled in one by one.
    const slow: Record<string, string> = {};
    for (let i = 0; i < 34; i++) slow[`fast-properties-probe-${i}`] = 'x';
    expect(hasFastProperties(slow)).toBe(false);
    let checked = 0;
    for (let seed = 1; seed <= 6; seed++) {
      for (const { state } of playRandomGame(standardMap, {
        seed,
        lastYear: 1912,
        explain: false,
      })) {
        expect(hasFastProperties(state.supplyCenters), `${seed} ${phaseName(state.phase)}`).toBe(
          true,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('counts a record made from another anew, and gives the same count for the same record', () => {
    const a = start.supplyCenters;
    const b = { ...a, bel: 'FRA' };
    expect(centerCounts(standardMap, a).FRA).toBe(3);
    expect(centerCounts(standardMap, b).FRA).toBe(4);
    expect(centerCounts(standardMap, a).FRA).toBe(3);
    expect(ownedTally(standardMap, a, null)).toBe(ownedTally(standardMap, a, null));
  });

  it('plays interleaved games as it plays each alone, with more records about than it remembers', () => {
    // Twelve games a phase at a time in turn: each game's records leave the last-few memo of
    // sorted records and tallies before that game asks about them again.
    const alone = (seed: number): string[] =>
      [...playRandomGame(standardMap, { seed, lastYear: 1906, explain: false })].map((s) =>
        JSON.stringify(s),
      );
    const seeds = Array.from({ length: 12 }, (_, i) => 100 + i);
    const expected = seeds.map(alone);
    const games = seeds.map((seed) =>
      playRandomGame(standardMap, { seed, lastYear: 1906, explain: false }),
    );
    const got: string[][] = seeds.map(() => []);
    for (let live = true; live;) {
      live = false;
      games.forEach((g, i) => {
        const step = g.next();
        if (step.done !== true) {
          got[i]!.push(JSON.stringify(step.value));
          live = true;
        }
      });
    }
    expect(got).toEqual(expected);
  });
});

describe('the next state', () => {
  it("lists a plain state's fields in the first state's order", () => {
    let state: GameState = start;
    for (let i = 0; i < 6; i++) {
      state = processPhase(standardMap, state, [], { explain: false }).state;
      expect(Object.keys(state)).toEqual(Object.keys(start));
    }
  });

  it("keeps every field of a state that has more than GameState's own, in every kind of phase", () => {
    // A variant's state carries its modules' fields beside the game's; fields in another order
    // are not the plain shape either.
    const modules = { fink: 1 };
    const extra: GameState = Object.assign({ modules, variant: 'x' }, start);
    const reordered: GameState = Object.assign({ phase: start.phase }, start);
    for (const first of [extra, reordered]) {
      let state = first;
      const seen = new Set<string>();
      const rng = new Rng(3);
      // Until every kind of phase has been seen (a retreat comes when a random game gives one).
      for (let i = 0; i < 200 && seen.size < 3 && state.winner === null; i++) {
        seen.add(state.phase.type);
        const orders = randomOrdersForAll(standardMap, state, rng);
        const next = processPhase(standardMap, state, orders, { explain: false }).state;
        expect(Object.keys(next)).toEqual(Object.keys(first));
        if (first === extra) expect(Reflect.get(next, 'modules')).toBe(modules);
        state = next;
      }
      expect(seen).toEqual(new Set(['movement', 'retreat', 'adjustment']));
    }
  });
});
