// adjustmentsAlone: for each order, what adjudicateAdjustments makes of it given alone (its
// verdict, and the unit it builds). Checked against the adjudicator itself on the winter boards
// of random games, for builds on every province and coast, removals of every unit, waives and
// orders of the wrong phase, with and without a rule module's adjustment rules.
import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../game/play.js';
import { initialState, type GameState } from '../game/state.js';
import { standardMap } from '../maps/index.js';
import { Rng } from '../random.js';
import type { PowerOrder } from '../types.js';
import { adjudicateAdjustments, adjustmentsAlone } from './adjustment.js';
import type { AdjustmentRules } from './rules.js';

const map = standardMap;

function winters(): GameState[] {
  // One made for a fleet built on a coast not named (St Petersburg empty, Russia one build up),
  // which the random games' winters need not reach.
  const start = initialState(map);
  const out: GameState[] = [
    {
      ...start,
      phase: { year: 1901, season: 'winter', type: 'adjustment' },
      units: start.units.filter((u) => u.location.province !== 'stp'),
    },
  ];
  for (let seed = 1; seed <= 8; seed++) {
    for (const { state } of playRandomGame(map, { seed, lastYear: 1912, explain: false }))
      if (state.phase.type === 'adjustment') out.push(state);
  }
  return out;
}

/** Orders of every kind an adjustment phase is given, right and wrong, for every power. */
function ordersFor(state: GameState, rng: Rng): PowerOrder[] {
  const out: PowerOrder[] = [];
  for (const power of map.powers) {
    for (const l of map.locations) {
      // A fleet on a province with two coasts, the coast not named.
      if (
        l.location.coast === undefined &&
        map.province(l.location.province)!.fleetLocations.length > 1
      )
        out.push({
          power,
          order: { kind: 'build', unit: { type: 'fleet', location: l.location } },
        });
      if (rng.next() < 0.15) {
        const type = rng.next() < 0.5 ? 'army' : 'fleet';
        out.push({ power, order: { kind: 'build', unit: { type, location: l.location } } });
      }
    }
    for (const u of state.units) {
      if (rng.next() < 0.3) {
        const type = rng.next() < 0.2 ? undefined : rng.next() < 0.8 ? u.type : 'army';
        const unit = type === undefined ? { location: u.location } : { type, location: u.location };
        out.push({ power, order: { kind: rng.next() < 0.7 ? 'remove' : 'disband', unit } });
      }
    }
    const empty = map.locations.find(
      (l) => !state.units.some((u) => u.location.province === l.location.province),
    )!;
    out.push({ power, order: { kind: 'remove', unit: { location: empty.location } } });
    out.push({ power, order: { kind: 'waive' } });
    out.push({ power, order: { kind: 'hold', unit: { location: state.units[0]!.location } } });
  }
  out.push({ power: 'Atlantis', order: { kind: 'waive' } });
  return out;
}

describe('adjustmentsAlone', () => {
  const rules: AdjustmentRules = {
    mayBuild: (p) => p !== 'RUS',
    maxBuilds: 1,
    mayBuildType: (t) => t === 'army',
  };

  it('judges every order as adjudicateAdjustments does given it alone, on many winters', () => {
    const rng = new Rng(7);
    const seen = new Set<string>();
    let builds = 0;
    for (const state of winters()) {
      const asked = ordersFor(state, rng);
      for (const options of [{}, { rules }]) {
        const judged = adjustmentsAlone(map, state.units, state.supplyCenters, asked, options);
        asked.forEach((po, k) => {
          const r = adjudicateAdjustments(map, state.units, state.supplyCenters, [po], {
            ...options,
            explain: false,
          });
          const o = r.outcomes[0]!;
          const v = judged[k]!;
          expect([v.result, v.reason], JSON.stringify(po)).toEqual([o.result, o.reason]);
          expect(v.built).toEqual(r.built[0]);
          if (v.removes !== undefined) expect([state.units[v.removes]]).toEqual(r.removed);
          else expect(r.removed).toEqual([]);
          seen.add(`${v.result} ${v.reason}`);
          if (v.built !== undefined) builds++;
        });
      }
    }
    expect(builds).toBeGreaterThan(20);
    // Every verdict an adjustment order can come to, met along the way.
    for (const v of [
      'succeeds built',
      'succeeds removed',
      'succeeds waived',
      'fails coast-needed',
      'illegal no-builds-left',
      'illegal no-removals-left',
      'illegal foreign-unit',
      'illegal no-unit',
      'illegal wrong-unit-type',
      'illegal wrong-phase',
      'illegal type-not-allowed',
      'illegal site-occupied',
    ])
      expect(seen).toContain(v);
  });
});
