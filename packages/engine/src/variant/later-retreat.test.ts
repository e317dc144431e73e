// `laterRetreat`: a module holds a dislodged unit back from the retreat phase and retreats it
// in a later step of its own, among the places the other retreats left open (the Fink's
// FINK_RETREATS_AFTER). The toy module below holds back every English unit.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { phaseName } from '../game/state.js';
import type { Unit } from '../types.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
import type { VariantState } from './state.js';

const holdBack = defineModule<null>({
  id: 'hold-back',
  headline: 'Hold back: English units retreat after everyone else.',
  init: () => null,
  laterRetreat: (_ctx, d) => (d.unit.power === 'ENG' ? 'late' : undefined),
});

const variant: Variant = {
  id: 'later-retreat-test',
  name: 'Later retreat test',
  map: standardMap,
  rulebook: '2023',
  modules: [holdBack],
  players: { min: 7, max: 7 },
};

const army = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});

/** A Spring 1901 with the given units (and the standard owners). */
function start(units: readonly Unit[]): VariantState {
  const r = newGame(variant, {
    variant: variant.id,
    seed: 1,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!r.ok) throw new Error(r.error.code);
  return { ...r.value, units };
}

function play(s: VariantState, lines: Readonly<Record<string, string>> = {}) {
  const subs = s.players.map((p) => parseSubmission(variant, s, p.id, lines[p.id] ?? ''));
  expect(subs.flatMap((x) => x.rejections)).toEqual([]);
  return processVariantPhase(
    variant,
    s,
    subs.map((x) => x.submission),
  );
}

const where = (s: { readonly dislodged: VariantState['dislodged'] }) =>
  Object.fromEntries(
    s.dislodged.map((d) => [
      `${d.unit.power} ${d.unit.location.province}`,
      d.retreats.map((l) => l.province).sort(),
    ]),
  );

// France dislodges England's A Bel (it may go to Hol or Ruh); Russia dislodges Germany's A Kie
// (Den, Hol or Ruh).
const UNITS = [
  army('ENG', 'bel'),
  army('FRA', 'bur'),
  army('FRA', 'pic'),
  army('GER', 'kie'),
  army('RUS', 'ber'),
  army('RUS', 'mun'),
];
const FRANCE = 'A bur - bel\nA pic S A bur - bel';
const RUSSIA = 'A ber - kie\nA mun S A ber - kie';

describe('laterRetreat', () => {
  it('holds the unit out of the retreat phase, then retreats it among the places still open', () => {
    const moves = play(start(UNITS), { FRA: FRANCE, RUS: RUSSIA });
    // The movement report names both dislodged units; only Germany's retreats now.
    expect(where(moves.report)).toEqual({
      'ENG bel': ['hol', 'ruh'],
      'GER kie': ['den', 'hol', 'ruh'],
    });
    expect(phaseName(moves.state.phase)).toBe('S1901R');
    expect(where(moves.state)).toEqual({ 'GER kie': ['den', 'hol', 'ruh'] });
    expect(moves.state.later?.map((l) => `${l.module}/${l.step}`)).toEqual(['hold-back/late']);
    // An order for the held unit in the retreat phase names no unit that retreats now: it is
    // reported as such and changes nothing (the unit still retreats in the later step).
    const early = play(moves.state, { GER: 'A kie - ruh', ENG: 'A bel - hol' });
    expect(early.report.outcomes.map((o) => `${o.power} ${o.result}`)).toEqual([
      'ENG illegal',
      'GER succeeds',
    ]);
    expect(phaseName(early.state.phase)).toBe('S1901R-late');
    expect(where(early.state)).toEqual({ 'ENG bel': ['hol'] });

    const retreats = play(moves.state, { GER: 'A kie - ruh' });
    expect(phaseName(retreats.state.phase)).toBe('S1901R-late');
    expect(where(retreats.state)).toEqual({ 'ENG bel': ['hol'] });
    // The retreat phase's report says who retreats in the step, and where to.
    expect(where(retreats.report)).toEqual({ 'ENG bel': ['hol'] });
    expect(retreats.state.later).toBeUndefined();

    const late = play(retreats.state, { ENG: 'A bel - hol' });
    expect(late.report.name).toBe('S1901R-late');
    expect(late.report.outcomes.map((o) => `${o.power} ${o.result}`)).toEqual(['ENG succeeds']);
    expect(phaseName(late.state.phase)).toBe('F1901M');
    // The unit keeps its identity from the moves, through the held retreat, to its new place.
    const id = moves.state.later![0]!.dislodged.unit.id;
    expect(id).toMatch(/^u\d+$/);
    expect(late.state.units.filter((u) => u.power === 'ENG')).toEqual([
      { ...army('ENG', 'hol'), id },
    ]);
    expect(late.state.dislodged).toEqual([]);
  });

  it('goes straight to the later step when nobody else retreats', () => {
    const moves = play(start(UNITS), { FRA: FRANCE });
    expect(phaseName(moves.state.phase)).toBe('S1901R-late');
    expect(where(moves.state)).toEqual({ 'ENG bel': ['hol', 'ruh'] });
    expect(moves.state.later).toBeUndefined();
    const late = play(moves.state, { ENG: 'A bel - ruh' });
    expect(phaseName(late.state.phase)).toBe('F1901M');
    expect(late.state.units.some((u) => u.power === 'ENG' && u.location.province === 'ruh')).toBe(
      true,
    );
  });

  it('destroys the unit, with its reason in the report, when the other retreats took every place', () => {
    // A German fleet in Holland leaves England's A Bel only Ruhr, and Germany's army takes it.
    const units = [
      ...UNITS,
      { power: 'GER', type: 'fleet', location: { province: 'hol' } } as Unit,
    ];
    const moves = play(start(units), { FRA: FRANCE, RUS: RUSSIA });
    expect(where(moves.report)).toEqual({ 'ENG bel': ['ruh'], 'GER kie': ['den', 'ruh'] });
    const retreats = play(moves.state, { GER: 'A kie - ruh' });
    expect(phaseName(retreats.state.phase)).toBe('F1901M');
    const held = moves.state.later![0]!.dislodged.unit;
    expect(held).toMatchObject(army('ENG', 'bel'));
    expect(retreats.report.removals).toEqual([{ unit: held, why: 'retreats-taken' }]);
    expect(retreats.report.removed).toEqual([held]);
    expect(retreats.state.units.some((u) => u.power === 'ENG')).toBe(false);
    expect(retreats.state.later).toBeUndefined();
  });
});
