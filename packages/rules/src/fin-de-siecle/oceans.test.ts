// Fin de Siecle's oceans (RULINGS.md 2.5, rulings 7 and 8): FS-S3 on the harness (the standard
// map with MAO and BAR as oceans), then the text's convoy examples on the world of 1880.
import {
  adjudicateMovement,
  finDeSiecleMap,
  GameMap,
  newGame,
  parseOrder,
  parseSubmission,
  processVariantPhase,
  STANDARD_MAP_SPEC,
  type MapSpec,
  type PowerOrder,
  type Unit,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import { describe, expect, it } from 'vitest';
import { oceanHop, oceanMovementRules, oceansModule, oceansOf } from './oceans.js';
import { finDeSiecleWorld } from './variant.js';

/** The FdS harness: the standard map with MAO and BAR as oceans, one network (RULINGS 2). */
const harnessSpec: MapSpec = {
  ...STANDARD_MAP_SPEC,
  id: 'fds-harness',
  provinces: STANDARD_MAP_SPEC.provinces.map((p) =>
    p.id === 'mao' || p.id === 'bar' ? { ...p, ocean: true } : p,
  ),
  adjacencies: [...STANDARD_MAP_SPEC.adjacencies, ['mao', 'bar', 'fleet']],
};
const harness = GameMap.loadOrThrow(harnessSpec);

const unit = (text: string): Unit => {
  const [power, t, l] = text.split(' ') as [string, string, string];
  const [province, coast] = l.split('/') as [string, string | undefined];
  return {
    power,
    type: t === 'A' ? 'army' : 'fleet',
    location: coast === undefined ? { province } : { province, coast },
  };
};
const orders = (map: GameMap, texts: readonly string[]): PowerOrder[] =>
  texts.map((t) => {
    const r = parseOrder(map, t, { phase: 'movement' });
    if (!r.ok || r.value.power === undefined) throw new Error(`bad test order: ${t}`);
    return { power: r.value.power, order: r.value.order };
  });
const run = (map: GameMap, units: readonly string[], texts: readonly string[]) => {
  const rules = oceanMovementRules(map);
  return adjudicateMovement(
    map,
    units.map(unit),
    orders(map, texts),
    rules === undefined ? {} : { rules },
  );
};
const results = (r: ReturnType<typeof run>): string[] =>
  r.outcomes.map((o) => `${o.result} ${o.reason}`);
const board = (r: ReturnType<typeof run>): string[] =>
  r.units
    .map(
      (u) =>
        `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${u.location.province}` +
        (u.location.coast === undefined ? '' : `/${u.location.coast}`),
    )
    .sort();

describe('FS-S3 on the harness', () => {
  it('reads the oceans from the map', () => {
    expect([...oceansOf(harness)]).toEqual(['bar', 'mao']);
    expect(oceanMovementRules(GameMap.loadOrThrow(STANDARD_MAP_SPEC))).toBeUndefined();
  });

  it('Spring 1881: Mao - Bar succeeds; Bre - Mao and Eng - Mao both succeed and share MAO', () => {
    const r = run(
      harness,
      ['ENG F mao', 'FRA F bre', 'ENG F eng'],
      ['ENG F mao - bar', 'FRA F bre - mao', 'ENG F eng - mao'],
    );
    expect(results(r)).toEqual(['succeeds moved', 'succeeds moved', 'succeeds moved']);
    expect(board(r)).toEqual(['ENG F bar', 'ENG F mao', 'FRA F mao']);
    expect(r.dislodged).toEqual([]);
  });

  it('Fall 1881: Bar - Nwy is legal; Mao - Nwg (ocean, ocean, sea) is illegal', () => {
    const r = run(
      harness,
      ['ENG F bar', 'ENG F mao', 'FRA F mao'],
      ['ENG F bar - nwy', 'FRA F mao - nwg'],
    );
    expect(results(r)).toEqual(['succeeds moved', 'illegal unreachable']);
    expect(board(r)).toEqual(['ENG F mao', 'ENG F nwy', 'FRA F mao']);
    expect(oceanHop(harness, 'mao', 'nwg')).toBe(
      'a fleet in mao may move to any ocean or to a sea beside mao, not on to nwg in the same turn: move to bar first (rule M.2)',
    );
    expect(oceanHop(harness, 'bar', 'nwy')).toBeUndefined();
    expect(oceanHop(harness, 'bre', 'nwg')).toBeUndefined();
  });
});

describe('oceans on the world of 1880', () => {
  const m = finDeSiecleMap;

  it('a fleet in an ocean moves to any ocean, or to a sea beside its own, and shares it', () => {
    const r = run(
      m,
      ['GBR F nao', 'FRA F bis', 'USA F esb', 'GER F spo'],
      ['GBR F nao - ind', 'FRA F bis - nao', 'USA F esb - nao', 'GER F spo - tas'],
    );
    expect(results(r)).toEqual([
      'succeeds moved',
      'succeeds moved',
      'succeeds moved',
      'succeeds moved',
    ]);
    expect(board(r)).toEqual(['FRA F nao', 'GBR F ind', 'GER F tas', 'USA F nao']);
  });

  it('refuses ocean, ocean, sea in one turn, with the reason in words; two turns do it', () => {
    const r = run(m, ['GBR F nao'], ['GBR F nao - tas']);
    expect(results(r)).toEqual(['illegal unreachable']);
    expect(oceanHop(m, 'nao', 'tas')).toBe(
      'a fleet in nao may move to any ocean or to a sea beside nao, not on to tas in the same turn: move to ind or spo first (rule M.2)',
    );
    const first = run(m, ['GBR F nao'], ['GBR F nao - spo']);
    expect(board(first)).toEqual(['GBR F spo']);
    const second = run(m, ['GBR F spo'], ['GBR F spo - tas']);
    expect(board(second)).toEqual(['GBR F tas']);
    // A sea fleet does not reach a far ocean either: seas move as usual.
    expect(results(run(m, ['GBR F gsl'], ['GBR F gsl - spo']))).toEqual(['illegal unreachable']);
  });

  // M.4: "by having a fleet in the Gulf of St Lawrence, North Atlantic and Sao Tome an army can
  // be convoyed from MON to WAL, GAB or LUA".
  for (const to of ['wal', 'gab', 'lua']) {
    it(`convoys A Mon over Gsl, the North Atlantic and Sao Tome to ${to.toUpperCase()}`, () => {
      const r = run(
        m,
        ['GBR A mon', 'GBR F gsl', 'GBR F nao', 'GBR F stm'],
        [
          `GBR A mon - ${to}`,
          `GBR F gsl C A mon - ${to}`,
          `GBR F nao C A mon - ${to}`,
          `GBR F stm C A mon - ${to}`,
        ],
      );
      expect(results(r)[0]).toBe('succeeds moved');
      expect(board(r)).toContain(`GBR A ${to}`);
    });
  }

  it('no convoy over the ocean without the sea beside the army', () => {
    const r = run(
      m,
      ['GBR A mon', 'GBR F nao', 'GBR F stm'],
      ['GBR A mon - gab', 'GBR F nao C A mon - gab', 'GBR F stm C A mon - gab'],
    );
    expect(results(r)[0]).toBe('illegal unreachable');
  });

  // "If a fleet is also situated in Tasman Bay then the same army could alternatively be
  // convoyed to SYD, WAU or WEL." Ruling 8: the fleet-held ocean network carries the army from a
  // fleet-held sea beside the origin to any fleet-held sea beside an ocean (Tasman Bay borders
  // the South Pacific and the Indian Ocean, neither of which need hold a fleet).
  for (const to of ['syd', 'wau', 'wel']) {
    it(`ruling 8: one fleet-held ocean carries A Mon to ${to.toUpperCase()} over Gsl and Tasman Bay`, () => {
      const fleets = ['gsl', 'nao', 'stm', 'tas'];
      const r = run(
        m,
        ['GBR A mon', ...fleets.map((f) => `GBR F ${f}`)],
        [`GBR A mon - ${to}`, ...fleets.map((f) => `GBR F ${f} C A mon - ${to}`)],
      );
      expect(results(r)[0]).toBe('succeeds moved');
      expect(board(r)).toContain(`GBR A ${to}`);
    });
  }

  it('ruling 8 takes the shortest proper route: Gsl, the North Atlantic, Tasman Bay', () => {
    // Sao Tome is no link of a proper route (Tasman Bay is reachable from the North Atlantic
    // already): its convoy order is illegal (DATC 6.G.19), the others carry the army.
    const fleets = ['gsl', 'nao', 'stm', 'tas'];
    const r = run(
      m,
      ['GBR A mon', ...fleets.map((f) => `GBR F ${f}`)],
      ['GBR A mon - syd', ...fleets.map((f) => `GBR F ${f} C A mon - syd`)],
    );
    expect(results(r)).toEqual([
      'succeeds moved',
      'available convoy-given',
      'available convoy-given',
      'illegal convoy-off-route',
      'available convoy-given',
    ]);
  });

  it('the network carries convoys only: a fleet still moves one ocean step, not on to Tasman Bay', () => {
    const r = run(m, ['GBR F nao'], ['GBR F nao - tas']);
    expect(results(r)[0]).toBe('illegal unreachable');
  });

  it('without a fleet in an ocean, no convoy crosses from Gsl to Tasman Bay', () => {
    const fleets = ['gsl', 'tas'];
    const r = run(
      m,
      ['GBR A mon', ...fleets.map((f) => `GBR F ${f}`)],
      ['GBR A mon - syd', ...fleets.map((f) => `GBR F ${f} C A mon - syd`)],
    );
    expect(results(r)[0]).toBe('illegal unreachable');
  });

  it('works through the module in a game: orders reach each power’s fleet in a shared ocean', () => {
    const variant: Variant = {
      id: 'fds-oceans-test',
      name: 'Oceans test',
      map: m,
      rulebook: '2023',
      modules: [oceansModule],
      players: { min: 16, max: 16 },
    };
    const r = newGame(variant, {
      variant: variant.id,
      seed: 1,
      players: m.powers.map((p) => ({ id: p, powers: [p] })),
    });
    if (!r.ok) throw new Error(r.error.code);
    const state = { ...r.value, units: ['GBR F nao', 'FRA F nao', 'SPA F bis'].map(unit) };
    const subs = [
      parseSubmission(variant, state, 'GBR', 'F nao - gsl'),
      parseSubmission(variant, state, 'FRA', 'F nao - npo'),
      parseSubmission(variant, state, 'SPA', 'F bis - nao'),
    ];
    expect(subs.flatMap((s) => s.rejections)).toEqual([]);
    const next = processVariantPhase(
      variant,
      state,
      subs.map((s) => s.submission),
    );
    expect(next.state.units.map((u) => `${u.power} ${u.location.province}`).sort()).toEqual([
      'FRA npo',
      'GBR gsl',
      'SPA nao',
    ]);
  });

  /** A Fin de Siecle game on the world map at Spring 1881 with these units, one player a power. */
  function worldSpring1881(units: readonly string[]): VariantState {
    const r = newGame(finDeSiecleWorld, {
      variant: finDeSiecleWorld.id,
      seed: 1,
      players: m.powers.map((p) => ({ id: p, powers: [p] })),
    });
    if (!r.ok) throw new Error(r.error.code);
    return {
      ...r.value,
      phase: { year: 1881, season: 'spring', type: 'movement' },
      units: units.map(unit),
    };
  }

  it('the Fin de Siecle variant, all its modules together, carries the Tasman Bay convoy', () => {
    const variant = finDeSiecleWorld;
    const fleets = ['gsl', 'nao', 'stm', 'tas'];
    const state = worldSpring1881(['GBR A mon', ...fleets.map((f) => `GBR F ${f}`)]);
    const sub = parseSubmission(
      variant,
      state,
      'GBR',
      ['A mon - syd', ...fleets.map((f) => `F ${f} C A mon - syd`)].join('\n'),
    );
    expect(sub.rejections).toEqual([]);
    const next = processVariantPhase(variant, state, [sub.submission]);
    expect(next.state.units.map((u) => `${u.power} ${u.location.province}`)).toContain('GBR syd');
  });

  it('a fleet ordered ocean, ocean, sea is told the rule and the way round in the report', () => {
    const variant = finDeSiecleWorld;
    const state = worldSpring1881(['GBR F nao']);
    const sub = parseSubmission(variant, state, 'GBR', 'F nao - tas');
    const next = processVariantPhase(variant, state, [sub.submission]);
    expect(next.report.outcomes[0]).toMatchObject({ result: 'illegal', reason: 'unreachable' });
    expect(next.report.outcomes[0]!.explanation).toBe(
      'a fleet in nao may move to any ocean or to a sea beside nao, not on to tas in the same turn: move to ind or spo first (rule M.2); the order is ignored',
    );
  });
});
