// `retreatDefault`: after the retreat orders are aggregated, a module may replace or supply the
// one order of a dislodged unit (Pink Diplomacy: an unsupplied unit must retreat, so its disband
// is ignored and a retreat is picked). The first module that answers for a unit wins. Two toy
// modules: `must-retreat` makes German units retreat to their last option by province id
// unless they retreat legally themselves; `disband-all` disbands every dislodged unit.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import type { Unit } from '../types.js';
import { defineModule, type RuleModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
import type { VariantState } from './state.js';

const mustRetreat = defineModule<null>({
  id: 'must-retreat',
  headline: 'Must retreat: German units may not disband when dislodged.',
  init: () => null,
  retreatDefault: (_ctx, d, given, orders) => {
    if (d.unit.power !== 'GER') return undefined;
    if (given !== undefined && given.order.kind !== 'disband') return undefined;
    // The others' orders are seen: the last option by id that nobody else retreats to.
    const named = new Set(
      orders.flatMap((po) => (po.order.kind === 'retreat' ? [po.order.to.province] : [])),
    );
    const options = [...d.retreats].sort((a, b) => b.province.localeCompare(a.province));
    const to = options.find((o) => !named.has(o.province)) ?? options[0]!;
    const unit = { type: d.unit.type, location: d.unit.location };
    return {
      order: { power: d.unit.power, order: { kind: 'retreat', unit, to } },
      events: [
        {
          type: 'toy/forced',
          audience: { kind: 'public' },
          text: `${d.unit.location.province} must retreat (given: ${given?.order.kind ?? 'none'})`,
        },
      ],
    };
  },
});

const disbandAll = defineModule<null>({
  id: 'disband-all',
  headline: 'Disband all: dislodged units are disbanded.',
  init: () => null,
  retreatDefault: (_ctx, d) => ({
    power: d.unit.power,
    order: { kind: 'disband', unit: { type: d.unit.type, location: d.unit.location } },
  }),
});

const variantOf = (modules: readonly RuleModule[]): Variant => ({
  id: 'retreat-default-test',
  name: 'Retreat default test',
  map: standardMap,
  rulebook: '2023',
  modules,
  players: { min: 7, max: 7 },
});

const army = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});

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

/** Plays the moves above, then the retreat phase with these lines. */
function retreat(variant: Variant, lines: Readonly<Record<string, string>>) {
  const r = newGame(variant, {
    variant: variant.id,
    seed: 1,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!r.ok) throw new Error(r.error.code);
  const play = (s: VariantState, ls: Readonly<Record<string, string>>) =>
    processVariantPhase(
      variant,
      s,
      s.players.map((p) => parseSubmission(variant, s, p.id, ls[p.id] ?? '').submission),
    );
  const moves = play(
    { ...r.value, units: UNITS },
    { FRA: 'A bur - bel\nA pic S A bur - bel', RUS: 'A ber - kie\nA mun S A ber - kie' },
  );
  expect(moves.state.dislodged).toHaveLength(2);
  return play(moves.state, lines);
}

const where = (s: VariantState, power: string) =>
  s.units.filter((u) => u.power === power).map((u) => u.location.province);

describe('retreatDefault', () => {
  const one = variantOf([mustRetreat]);

  it('leaves a legal retreat of the owner alone', () => {
    const r = retreat(one, { GER: 'A kie - hol' });
    expect(where(r.state, 'GER')).toEqual(['hol']);
    expect(r.events.filter((e) => e.type === 'toy/forced')).toEqual([]);
  });

  it('replaces a disband by its answer, with its events; the disband is not in the report', () => {
    const r = retreat(one, { GER: 'A kie disband' });
    expect(where(r.state, 'GER')).toEqual(['ruh']);
    expect(r.report.removals.filter((x) => x.unit.power === 'GER')).toEqual([]);
    expect(r.report.outcomes.map((o) => `${o.power} ${o.order.kind} ${o.result}`)).toEqual([
      'GER retreat succeeds',
    ]);
    expect(r.events.find((e) => e.type === 'toy/forced')?.text).toBe(
      'kie must retreat (given: disband)',
    );
  });

  it('supplies an order where none was given, or none that counts', () => {
    expect(where(retreat(one, {}).state, 'GER')).toEqual(['ruh']);
    // A retreat to a province that is no option is not the order that counts.
    const r = retreat(one, { GER: 'A kie - bur' });
    expect(where(r.state, 'GER')).toEqual(['ruh']);
    expect(r.events.find((e) => e.type === 'toy/forced')?.text).toBe(
      'kie must retreat (given: none)',
    );
  });

  it("sees the other units' orders", () => {
    // England retreats to Ruhr, Germany's last option: the module picks Holland instead.
    const r = retreat(one, { ENG: 'A bel - ruh', GER: 'A kie disband' });
    expect(where(r.state, 'ENG')).toEqual(['ruh']);
    expect(where(r.state, 'GER')).toEqual(['hol']);
  });

  it('leaves units it does not answer for to the standard rules', () => {
    const r = retreat(one, { ENG: 'A bel disband' });
    expect(where(r.state, 'ENG')).toEqual([]);
    expect(r.report.removals.map((x) => `${x.unit.power} ${x.why}`)).toEqual(['ENG disbanded']);
  });

  it('asks the modules in order: the first that answers wins', () => {
    const first = retreat(variantOf([mustRetreat, disbandAll]), {
      ENG: 'A bel - hol',
      GER: 'A kie disband',
    });
    expect(where(first.state, 'GER')).toEqual(['ruh']);
    // disband-all answers for England's unit, whose own retreat is replaced.
    expect(where(first.state, 'ENG')).toEqual([]);
    const second = retreat(variantOf([disbandAll, mustRetreat]), {
      ENG: 'A bel - hol',
      GER: 'A kie - hol',
    });
    expect(where(second.state, 'GER')).toEqual([]);
    expect(second.events.filter((e) => e.type === 'toy/forced')).toEqual([]);
  });
});
