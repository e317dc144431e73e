// provinceAliases: names a game gives the map's provinces, read in orders and module actions on
// a view of the map (`readingMap`, `GameMap.withAliases`), the ids staying the map's.
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../errors.js';
import { standardMap } from '../maps/index.js';
import { parseOrder } from '../orders/parse.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase, readingMap } from './pipeline.js';
import type { ProvinceId } from '../types.js';
import { setting, settingsSchema, type SettingsOf } from './settings.js';

const players = standardMap.powers.map((p) => ({ id: p, powers: [p] }));

function variant(aliases: Readonly<Record<string, ProvinceId>>): Variant {
  const toy = defineModule<null>({
    id: 'toy-names',
    headline: 'Toy names.',
    provinceAliases: () => aliases,
    // An action that names a province, read on the same map as the orders.
    parseAction: (text, map) => {
      const m = /^MARK (.+)$/i.exec(text);
      if (m === null) return undefined;
      const p = map.findProvince(m[1]!);
      return p === undefined
        ? { error: `no province ${m[1]!}` }
        : { module: 'toy-names', type: 'mark', data: { province: p.id } };
    },
  });
  return {
    id: 'aliases-test',
    name: 'Aliases test',
    map: standardMap,
    rulebook: '2023',
    modules: [toy],
    players: { min: 7, max: 7 },
  };
}

function game(v: Variant) {
  const g = newGame(v, { variant: v.id, seed: 1, players });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

describe('provinceAliases', () => {
  const v = variant({ Lutetia: 'par', lut: 'par', 'Low Marsh': 'bur', Aquae: 'mar' });

  it('reads an order written with the names on the map with those names added', () => {
    const state = game(v);
    const r = parseSubmission(v, state, 'FRA', 'A Lut - Low Marsh\nA Aquae H\nMARK lutetia');
    expect(r.rejections).toEqual([]);
    expect(r.submission.orders).toEqual([
      {
        power: 'FRA',
        order: {
          kind: 'move',
          unit: { type: 'army', location: { province: 'par' } },
          to: { province: 'bur' },
          viaConvoy: false,
        },
      },
      {
        power: 'FRA',
        order: { kind: 'hold', unit: { type: 'army', location: { province: 'mar' } } },
      },
    ]);
    expect(r.submission.actions).toEqual([
      { module: 'toy-names', type: 'mark', data: { province: 'par' } },
    ]);
    // The same outcome as with the ids.
    const byId = parseSubmission(v, state, 'FRA', 'A par - bur\nA mar H').submission;
    const a = processVariantPhase(v, state, [r.submission]);
    const b = processVariantPhase(v, state, [byId]);
    expect(a.state.units).toEqual(b.state.units);
    expect(a.report.outcomes).toEqual(b.report.outcomes);
  });

  it('gives the same view for the same names, and the map itself for none', () => {
    const state = game(v);
    const view = readingMap(v, state);
    expect(view).not.toBe(standardMap);
    expect(readingMap(v, state)).toBe(view);
    expect(view.provinces).toBe(standardMap.provinces);
    expect(view.findProvince('low marsh')?.id).toBe('bur');
    expect(standardMap.findProvince('low marsh')).toBeUndefined();
    // The canonical notation still reads on the view, the same as on the map.
    expect(parseOrder(view, 'FRA A par - bur')).toEqual(parseOrder(standardMap, 'FRA A par - bur'));
    const none = variant({});
    expect(readingMap(none, game(none))).toBe(standardMap);
  });

  it('refuses a name that already names a province or a power, naming the module', () => {
    for (const clash of [{ London: 'par' }, { bur: 'par' }, { England: 'par' }, { x: 'nowhere' }]) {
      const bad = variant(clash);
      const state = game(bad);
      expect(() => readingMap(bad, state)).toThrow(InvariantError);
      expect(() => parseSubmission(bad, state, 'FRA', 'A par H')).toThrow(/toy-names/);
    }
    // A name of its own province is no clash.
    const own = variant({ paris: 'par', Lutetia: 'par' });
    expect(readingMap(own, game(own)).findProvince('lutetia')?.id).toBe('par');
    expect(standardMap.withAliases({ Lutetia: 'lon' }).ok).toBe(true);
    const clash = standardMap.withAliases({ Picardy: 'par' });
    expect(clash.ok ? [] : clash.error.map((p) => p.code)).toEqual(['map/duplicate-name']);
  });
});

describe('startPhase hook', () => {
  it('lets a module start the game elsewhere, as its settings say', () => {
    const step = {
      year: 1901,
      season: 'spring',
      type: 'module',
      module: 'toy-start',
      step: 'x',
    } as const;
    const schema = settingsSchema({ ON: setting.boolean(false, 'Start with the step.') });
    const toy = defineModule<null, SettingsOf<typeof schema>>({
      id: 'toy-start',
      headline: 'Toy start.',
      schema,
      startPhase: (s) => (s.ON ? step : undefined),
    });
    const v: Variant = { ...variant({}), modules: [toy] };
    const off = newGame(v, { variant: v.id, seed: 1, players });
    const on = newGame(v, {
      variant: v.id,
      seed: 1,
      players,
      options: { 'toy-start': { ON: true } },
    });
    expect(off.ok && off.value.phase).toEqual({ year: 1901, season: 'spring', type: 'movement' });
    expect(on.ok && on.value.phase).toEqual(step);
  });
});
