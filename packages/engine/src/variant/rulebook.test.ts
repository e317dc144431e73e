// A game's rulebook edition (docs/editions.md): set at the start, 2023 unless named, refused
// when unknown, kept in the state only when it is not 2023, and read by every phase.
import { describe, expect, it } from 'vitest';
import { rulebookChoices } from '../adjudicate/rulebook.js';
import { submissionWarnings } from '../game/warnings.js';
import { standardMap } from '../maps/index.js';
import { parseOrder } from '../orders/parse.js';
import type { Unit } from '../types.js';
import type { GameSetup, Variant } from './module.js';
import { newGame, phaseRules, processVariantPhase } from './pipeline.js';
import { gameEdition, type VariantState } from './state.js';

const variant: Variant = {
  id: 'plain',
  name: 'Plain',
  map: standardMap,
  rulebook: '1971',
  modules: [],
  players: { min: 7, max: 7 },
};
const players = standardMap.powers.map((p) => ({ id: p, powers: [p] }));

function start(rulebook?: GameSetup['rulebook']): VariantState {
  const g = newGame(variant, {
    variant: 'plain',
    seed: 1,
    players,
    ...(rulebook === undefined ? {} : { rulebook }),
  });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

const unit = (power: string, type: 'A' | 'F', province: string): Unit => ({
  power,
  type: type === 'A' ? 'army' : 'fleet',
  location: { province },
});

/** Plays one phase from `units` with these orders, one line each, by power. */
function play(state: VariantState, units: Unit[], orders: Record<string, string[]>) {
  const s = { ...state, units };
  const submissions = Object.entries(orders).map(([power, lines]) => ({
    player: power,
    actions: [],
    orders: lines.map((line) => {
      const r = parseOrder(standardMap, line, { phase: s.phase.type });
      if (!r.ok) throw new Error(r.error.message);
      return { power, order: r.value.order };
    }),
  }));
  return processVariantPhase(variant, s, submissions);
}

describe('a game’s rulebook edition', () => {
  it('is 2023 when the setup names none, whatever the variant suggests, and is not stored', () => {
    const g = start();
    expect(gameEdition(g)).toBe('2023');
    expect('rulebook' in g).toBe(false);
    expect(phaseRules(variant, g)).toEqual({});
  });

  it('is not stored when the setup names 2023 either: such a game is as games always were', () => {
    expect(start('2023')).toEqual(start());
  });

  it('is kept in the state when another, and its DATC choices reach the phase rules', () => {
    const g = start('1971');
    expect(g.rulebook).toBe('1971');
    expect(gameEdition(g)).toBe('1971');
    expect(phaseRules(variant, g).choices).toEqual(rulebookChoices('1971'));
  });

  it('is refused when unknown, with a stable code naming the editions there are', () => {
    for (const bad of ['1999', 1971, '', 'dptg']) {
      const g = newGame(variant, {
        variant: 'plain',
        seed: 1,
        players,
        rulebook: bad,
      } as GameSetup);
      expect(g.ok).toBe(false);
      if (g.ok) continue;
      expect(g.error.code).toBe('setup/unknown-rulebook');
      expect(g.error.message).toContain('the editions: 1971, 1976, 1982, 2000, 2023');
    }
  });

  // DATC 6.G.2: under the 1971 rules (4.A.3 a) the German convoy kidnaps the army and the units
  // swap; under 2023 the army moves over land and bounces.
  const kidnap = [unit('ENG', 'A', 'nwy'), unit('RUS', 'F', 'swe'), unit('GER', 'F', 'ska')];
  const kidnapOrders = {
    ENG: ['A nwy - swe'],
    RUS: ['F swe - nwy'],
    GER: ['F ska C A nwy - swe'],
  };

  it('decides movement phases (DATC 6.G.2: the kidnapped army swaps under 1971 only)', () => {
    const old = play(start('1971'), kidnap, kidnapOrders);
    expect(old.report.outcomes.map((o) => o.result)).toEqual(['succeeds', 'succeeds', 'available']);
    const now = play(start(), kidnap, kidnapOrders);
    expect(now.report.outcomes.map((o) => o.result)).toEqual(['fails', 'fails', 'available']);
  });

  it('decides civil disorder (DATC 6.J.12: 1971 measures from home centres, 2023 owned ones)', () => {
    const winter = (g: VariantState): VariantState => ({
      ...g,
      phase: { year: 1901, season: 'winter', type: 'adjustment' },
      supplyCenters: { war: 'ITA', mos: 'RUS', sev: 'RUS', stp: 'RUS' },
    });
    const units = [unit('ITA', 'A', 'war'), unit('ITA', 'A', 'tus')];
    const removed = (g: VariantState) =>
      play(winter(g), units, {}).report.removals.map((r) => r.unit.location.province);
    expect(removed(start('1971'))).toEqual(['war']);
    expect(removed(start())).toEqual(['tus']);
  });

  it('reaches submission warnings through the phase rules ("via convoy" chooses no route in 1971)', () => {
    // Every route from Gascony to Marseilles runs through the Gulf of Lyon: under 2023 the army
    // ordered "via convoy" needs that fleet, which therefore may not support it (DATC 6.D.31);
    // under 1971 the army walks, and the support is an ordinary one.
    const units = [
      unit('FRA', 'A', 'gas'),
      unit('FRA', 'F', 'mao'),
      unit('FRA', 'F', 'wes'),
      unit('FRA', 'F', 'lyo'),
    ];
    const orders = ['A gas - mar via convoy', 'F lyo S A gas - mar'].map((line) => {
      const r = parseOrder(standardMap, line, { phase: 'movement' });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    });
    const warningsUnder = (s: VariantState) =>
      submissionWarnings(standardMap, { ...s, units }, { powers: ['FRA'] }, orders, {
        ...phaseRules(variant, s),
      }).map((c) => c.warnings.map((w) => w.code));
    expect(warningsUnder(start('1971'))).toEqual([[], []]);
    expect(warningsUnder(start())).toEqual([[], ['warn/unreachable']]);
  });
});
