// Units with identity: ids from the start, kept through moves and retreats, new at a build; and
// module attributes on units, shown by the module's rule.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import type { Unit } from '../types.js';
import { defineModule, type Variant, type Viewer } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
import { playVariantGame } from './random-play.js';
import { reportFor, viewFor } from './view.js';

const players = standardMap.powers.map((p) => ({ id: p, powers: [p] }));

const plain: Variant = {
  id: 'ids-test',
  name: 'Ids test',
  map: standardMap,
  rulebook: '2023',
  modules: [],
  players: { min: 7, max: 7 },
};

describe('unit ids', () => {
  it('gives the starting units u1..u22 in the map’s order', () => {
    const g = newGame(plain, { variant: plain.id, seed: 1, players });
    if (!g.ok) throw new Error(g.error.code);
    expect(g.value.units.map((u) => u.id)).toEqual(
      Array.from({ length: 22 }, (_, i) => `u${i + 1}`),
    );
    expect(g.value.nextUnitId).toBe(23);
  });

  it('keeps each unit’s id for its life and gives a built unit a new one, in random games', () => {
    let moved = 0;
    let retreated = 0;
    let builds = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const game = playVariantGame(plain, { variant: plain.id, seed, players }, { lastYear: 1906 });
      let before: readonly Unit[] = newGameUnits(seed);
      let beforeDislodged: readonly Unit[] = [];
      let most = 22;
      for (let r = game.next(); r.done !== true; r = game.next()) {
        const { state, report } = r.value;
        const ids = [...state.units, ...state.dislodged.map((d) => d.unit)].map((u) => u.id!);
        // Unique, and every unit has one.
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.every((id) => /^u\d+$/.test(id))).toBe(true);
        const known = new Map([...before, ...beforeDislodged].map((u) => [u.id!, u]));
        for (const u of [...state.units, ...state.dislodged.map((d) => d.unit)]) {
          const was = known.get(u.id!);
          if (was === undefined) {
            // A new unit: a build, numbered after every id so far, and named so in the report.
            expect(Number(u.id!.slice(1))).toBeGreaterThan(most);
            expect(report.built).toContainEqual(u);
            builds += 1;
            continue;
          }
          // The same unit: same power and type, wherever it went.
          expect([u.power, u.type]).toEqual([was.power, was.type]);
          if (u.location.province !== was.location.province) {
            if (beforeDislodged.includes(was)) retreated += 1;
            else moved += 1;
          }
        }
        for (const u of report.built) expect(state.units).toContainEqual(u);
        most = Math.max(most, ...ids.map((id) => Number(id.slice(1))));
        // The next id is never one already given.
        expect(state.nextUnitId).toBeGreaterThan(most);
        before = state.units;
        beforeDislodged = state.dislodged.map((d) => d.unit);
      }
    }
    expect(moved).toBeGreaterThan(100);
    expect(retreated).toBeGreaterThan(0);
    expect(builds).toBeGreaterThan(10);
  });
});

function newGameUnits(seed: number): readonly Unit[] {
  const g = newGame(plain, { variant: plain.id, seed, players });
  if (!g.ok) throw new Error(g.error.code);
  return g.value.units;
}

// A module that marks every unit with its count of moves made, visible only to its owner's
// player (and the gamesmaster).
const veterans = defineModule<null>({
  id: 'veterans',
  headline: 'Veterans: units count their moves, in secret.',
  init: () => null,
  afterPhase: (ctx) => ({
    own: null,
    game: {
      units: ctx.state.units.map((u) => ({
        ...u,
        attrs: {
          ...u.attrs,
          veterans: {
            moves: 1 + ((u.attrs?.['veterans'] as { moves?: number } | undefined)?.moves ?? 0),
          },
        },
      })),
    },
  }),
  viewUnit: (attrs, unit, viewer) =>
    viewer.kind === 'player' && viewer.player === unit.power ? attrs : undefined,
});

describe('module attributes on units', () => {
  const v: Variant = {
    ...plain,
    id: 'veterans-test',
    modules: [veterans],
  };

  it('carries them through moves, and shows them by the module’s rule', () => {
    const g = newGame(v, { variant: v.id, seed: 1, players });
    if (!g.ok) throw new Error(g.error.code);
    const spring = processVariantPhase(v, g.value, []).state;
    const par = spring.units.find((u) => u.location.province === 'par')!;
    expect(par.attrs).toEqual({ veterans: { moves: 1 } });
    // Paris's army moves to Burgundy: the same unit, with its attributes.
    const move = parseSubmission(v, spring, 'FRA', 'A par - bur');
    const fall = processVariantPhase(v, spring, [move.submission]).state;
    const bur = fall.units.find((u) => u.location.province === 'bur')!;
    expect(bur.id).toBe(par.id);
    expect(bur.attrs).toEqual({ veterans: { moves: 2 } });

    const seenBy = (viewer: Viewer) =>
      viewFor(v, fall, viewer).units.find((u) => u.location.province === 'bur')!;
    expect(seenBy({ kind: 'player', player: 'FRA' }).attrs).toEqual({ veterans: { moves: 2 } });
    expect(seenBy({ kind: 'player', player: 'GER' })).not.toHaveProperty('attrs');
    expect(seenBy({ kind: 'public' })).not.toHaveProperty('attrs');
    expect(seenBy({ kind: 'gm' }).attrs).toEqual({ veterans: { moves: 2 } });
  });

  it('leaves them out of reports for everyone but the gamesmaster', () => {
    const unit: Unit = { ...newGameUnits(1)[0]!, attrs: { veterans: { moves: 3 } } };
    const report = {
      phase: { year: 1901, season: 'winter' as const, type: 'adjustment' as const },
      name: 'W1901A',
      outcomes: [],
      dislodged: [],
      removed: [unit],
      removals: [{ unit, why: 'removed' as const }],
      built: [],
      declined: {},
      captured: [],
      winner: null,
    };
    expect(reportFor(report, { kind: 'public' }).removed[0]).not.toHaveProperty('attrs');
    expect(
      reportFor(report, { kind: 'player', player: 'AUS' }).removals[0]!.unit,
    ).not.toHaveProperty('attrs');
    expect(reportFor(report, { kind: 'gm' })).toBe(report);
  });
});
