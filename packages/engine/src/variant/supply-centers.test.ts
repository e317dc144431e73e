// The supplyCenters hook: rules that make or unmake supply centres. The engine works out the
// centres of every phase from the modules in force, keeps them in the state, takes the
// ownership of a centre that goes, announces the change and checks the solo again.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { mapSupplyCenters } from '../map/supply-centers.js';
import type { RuleModule, Variant } from './module.js';
import { newGame, processVariantPhase, supplyCentersInForce, type Catalogue } from './pipeline.js';
import type { RuleSetEntry, VariantState } from './state.js';
import { viewFor } from './view.js';

/** A rule that adds the provinces of `add` and removes those of `remove`. */
// Declared as a plain module: its list settings are a catalogue rule's, given by the rule set.
const centres: RuleModule = {
  id: 'centres',
  headline: 'Centres: some provinces are made or unmade supply centres.',
  settings: { add: [], remove: [] },
  supplyCenters: ({ settings }, list) => {
    const add = settings['add'] as string[];
    const remove = settings['remove'] as string[];
    return [...list, ...add].filter((p) => !remove.includes(p));
  },
};

const catalogue: Catalogue = { centres };

function variant(modules: readonly RuleModule[] = []): Variant {
  return {
    id: 'centres-test',
    name: 'Centres test',
    map: standardMap,
    rulebook: '2023',
    modules,
    players: { min: 7, max: 7 },
  };
}

function start(v: Variant = variant()): VariantState {
  const r = newGame(v, {
    variant: v.id,
    seed: 1,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function rule(add: string[], remove: string[], from: number): RuleSetEntry {
  return { module: 'centres', settings: { add, remove }, from };
}

describe('supply centres changed by rules', () => {
  it('are the map’s in a game without such rules, and the state lists none', () => {
    const s = start();
    expect(s.supplyCenterIds).toBeUndefined();
    expect(supplyCentersInForce(variant(), s)).toBeUndefined();
    const r = processVariantPhase(variant(), s, [], catalogue);
    expect(r.state.supplyCenterIds).toBeUndefined();
    expect(r.events.map((e) => e.type)).not.toContain('game/supply-centers');
  });

  it('change when the rule comes into force: announced, ownership of a centre that goes goes too', () => {
    const s: VariantState = { ...start(), ruleSet: [rule(['ruh'], ['mun'], 1)] };
    expect(supplyCentersInForce(variant(), s, catalogue)).toBeUndefined();
    const r = processVariantPhase(variant(), s, [], catalogue);
    expect(r.state.supplyCenterIds).toHaveLength(34);
    expect(r.state.supplyCenterIds).toContain('ruh');
    expect(r.state.supplyCenterIds).not.toContain('mun');
    expect(r.state.supplyCenters['mun']).toBeUndefined();
    expect(r.state.supplyCenters['ruh']).toBeUndefined();
    const notice = r.events.find((e) => e.type === 'game/supply-centers');
    expect(notice).toMatchObject({
      audience: { kind: 'public' },
      text:
        'From F1901M, 34 supply centres exist and a solo needs 18: Ruhr is a supply centre, ' +
        'unowned until a Fall ends with a unit on it; Munich is no longer a supply centre (GER loses it).',
      data: { added: ['ruh'], removed: [{ province: 'mun', owner: 'GER' }] },
    });
    // Everyone sees which centres exist.
    expect(viewFor(variant(), r.state, { kind: 'public' }, catalogue).supplyCenterIds).toEqual(
      r.state.supplyCenterIds,
    );
  });

  it('come back to the map’s when the rule goes, the returning centre unowned', () => {
    const s: VariantState = {
      ...start(),
      ruleSet: [{ ...rule([], ['mun'], 0), until: 1 }],
    };
    const during = processVariantPhase(variant(), { ...s, phaseIndex: 0 }, [], catalogue);
    expect(during.state.supplyCenterIds).toBeUndefined();
    expect(during.state.supplyCenters['mun']).toBeUndefined();
    expect(during.events.find((e) => e.type === 'game/supply-centers')?.data).toMatchObject({
      added: ['mun'],
      removed: [],
    });
  });

  it('are read from the rules in force even in a position set up by hand', () => {
    // Fall 1901, the rule in force from the start but the state not told: the engine works it
    // out, and the army in Ruhr takes the new centre.
    const s0 = start();
    const s: VariantState = {
      ...s0,
      phase: { year: 1901, season: 'fall', type: 'movement' },
      units: s0.units.map((u) =>
        u.location.province === 'mun' ? { ...u, location: { province: 'ruh' } } : u,
      ),
      ruleSet: [rule(['ruh'], [], 0)],
    };
    const r = processVariantPhase(variant(), s, [], catalogue);
    expect(r.report.captured).toEqual([{ province: 'ruh', from: null, to: 'GER' }]);
    expect(r.state.phase.type).toBe('adjustment');
  });

  it('check the solo again: a power with 17 wins when two centres it does not own go', () => {
    const s0 = start();
    const mine = mapSupplyCenters(standardMap).provinces.filter(
      (p) => !['mos', 'stp', 'sev', 'war', 'ank'].includes(p),
    );
    const owners = Object.fromEntries(mine.slice(0, 17).map((p) => [p, 'FRA']));
    const s: VariantState = {
      ...s0,
      supplyCenters: { ...owners, mos: 'RUS', stp: 'RUS' },
      ruleSet: [rule([], ['mos', 'stp'], 1)],
    };
    const r = processVariantPhase(variant(), s, [], catalogue);
    expect(r.state.winner).toBe('FRA');
    expect(r.report.winner).toBe('FRA');
    // Without the rule, nobody wins.
    const plain = processVariantPhase(variant(), { ...s, ruleSet: [] }, [], catalogue);
    expect(plain.state.winner).toBeNull();
  });

  it('may be a variant’s own from the start', () => {
    const own: RuleModule = {
      ...centres,
      id: 'own-centres',
      settings: { add: ['ruh', 'bur'], remove: [] },
    };
    const s = start(variant([own]));
    expect(s.supplyCenterIds).toEqual(
      [...mapSupplyCenters(standardMap).provinces, 'bur', 'ruh'].sort(),
    );
  });
});
