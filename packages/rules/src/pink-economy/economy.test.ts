// The Pink economy's refusals: each bad budget line gets its stable code, nothing is charged,
// and the other lines stand. Played on the harness from the Fall into the winter's steps.
import { describe, expect, it } from 'vitest';
import { phaseName, pink2Map, pinkMap, type VariantState } from '@arbiter/engine';
import { play, setUp } from '../../test/pink/helpers.js';
import { parseEconomyAction, type EconomyState } from './economy.js';
import { interestOn } from './ledger.js';

/** ITA with three full armies at home and 12 income, at budget (a). */
function winter(units: string[] = ['ITA A nap', 'ITA A rom', 'ITA A ven'], extra = {}) {
  let s = setUp('F1903M', units, {
    modules: { 'pink-economy': { capacity: { nap: 4, rom: 4, ven: 4 }, ...extra } },
  });
  s = play(s, {}).state;
  expect(phaseName(s.phase)).toBe('W1903-budget-a');
  return s;
}
const books = (s: VariantState) => (s.modules['pink-economy'] as EconomyState).ledgers['ITA']!;

describe('bad budget lines are refused with a stable code', () => {
  it('overspending: the line is refused, nothing is charged, the others stand', () => {
    const a = play(winter(), {}).state;
    const r = play(a, { ITA: ['STORE 2 IN nap', 'BUILD A nap', 'FIELD A rom'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/not-a-build-site']);
    // 12 points: the three armies at half spend them all; nothing is left to store.
    const b = play(a, {
      ITA: ['FIELD A nap HALF', 'FIELD A rom HALF', 'FIELD A ven HALF', 'STORE 1 IN ven'],
    });
    expect(b.rejections.map((x) => x.code)).toEqual(['pink/overspent']);
    // Nothing was stored and no emergency point drawn.
    expect(books(b.state).stores).toEqual({});
    expect(books(b.state).emergency).toEqual({ nap: 5, rom: 5, ven: 5 });
  });
  it('a unit fielded in full may not leave the others unsupplied when all could be at half', () => {
    const a = play(winter(), {}).state;
    // 12 points, three armies: one full (5) would leave 7, short of two at half (8).
    const r = play(a, { ITA: ['FIELD A nap', 'FIELD A rom HALF'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/starves-others']);
    expect(r.rejections[0]!.message).toContain('other 2 units at half strength');
    // The upkeep then fields the three at half (ruling 5: fewest unsupplied first).
    const strengths = r.state.units.map(
      (u) => (u.attrs?.['pink-strength'] as { strength: string } | undefined)?.strength,
    );
    expect(strengths).toEqual(['half', 'half', 'half']);
    expect(books(r.state).emergency).toEqual({ nap: 5, rom: 5, ven: 5 });
  });
  it('a half unit may not be disbanded', () => {
    const s = winter(['ITA A nap', 'ITA A rom'], {});
    const half = {
      ...s,
      units: s.units.map((u) =>
        u.location.province === 'nap'
          ? { ...u, attrs: { 'pink-strength': { strength: 'half', standoffs: 0, attacks: 0 } } }
          : u,
      ),
    };
    const r = play(half, { ITA: ['DISBAND A nap', 'DISBAND A rom'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/disband-half']);
    expect(r.state.units.map((u) => u.location.province)).toEqual(['nap']);
  });
  it('a transfer along an unconnected or non-friendly route is refused', () => {
    const s = winter(['ITA A nap', 'AUS A tyr'], {
      ledgers: {
        ITA: {
          purse: 0,
          stores: { nap: 3 },
          low: {},
          emergency: { nap: 5, rom: 5, ven: 5 },
          homes: ['nap', 'rom', 'ven'],
          friendly: [],
          transferPaid: false,
          storedIn: [],
        },
      },
    });
    const r = play(s, {
      ITA: [
        'TRANSFER 3 nap-ven VIA tus',
        'TRANSFER 3 nap-ven VIA rom tyr',
        'TRANSFER 3 nap-ven VIA rom apu',
      ],
    });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/bad-route', 'pink/bad-route']);
    expect(books(r.state).stores).toEqual({ ven: 3 });
    // 12 income less the transfer fee of 3.
    expect(books(r.state).purse).toBe(9);
  });
  it('a unit may not be fielded at full strength with emergency points', () => {
    const a = play(winter(['ITA A nap', 'ITA A rom', 'ITA A ven', 'ITA A tus']), {}).state;
    const r = play(a, {
      ITA: ['FIELD A nap HALF', 'FIELD A rom HALF', 'FIELD A ven HALF', 'FIELD A tus'],
    });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/emergency-for-full']);
    // The default upkeep then draws 4 emergency points to field A tus at half.
    expect(books(r.state).emergency).toEqual({ nap: 1, rom: 5, ven: 5 });
  });
  it('a new home centre needs two years of ownership', () => {
    const s = winter(['ITA A nap'], { heldSince: { tun: { power: 'ITA', year: 1902 } } });
    const owned = { ...s, supplyCenters: { ...s.supplyCenters, tun: 'ITA' } };
    const r = play(owned, { ITA: ['NEWHOME tun'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/new-home-too-soon']);
  });
  it('budget lines in the wrong step and the bonus by a player are refused', () => {
    const r = play(winter(), { ITA: ['FIELD A nap', 'BONUS 5 TO ITA'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/not-now', 'pink/not-gamesmaster']);
  });
});

describe('interest (ruling 9)', () => {
  it('follows the table on the smallest balance, fractions dropped', () => {
    expect(interestOn(8, 8, 2)).toBe(3);
    expect(interestOn(7, 10, 0)).toBe(0);
    expect(interestOn(10, 10, Number.POSITIVE_INFINITY)).toBe(10);
    expect(interestOn(5, 10, 12)).toBe(3);
  });
});

describe('surplus over capacity (rule 8)', () => {
  /** ITA with 10 points in Venice (capacity 10) all year, one army; 15 income (rom 5, ven 10). */
  const fall = () => {
    const s = setUp('F1903M', ['ITA A nap'], {
      modules: {
        'pink-economy': {
          capacity: { nap: 0, rom: 5, ven: 10 },
          ledgers: {
            ITA: {
              purse: 0,
              stores: { ven: 10 },
              low: { ven: 10 },
              emergency: { nap: 5, rom: 5, ven: 5 },
              homes: ['nap', 'rom', 'ven'],
              friendly: [],
              transferPaid: false,
              storedIn: [],
            },
          },
        },
      },
    });
    const a = play(s, {});
    // 20% of a full centre at distance 0: 2 points, over the capacity.
    expect(books(a.state).stores).toEqual({ ven: 12 });
    expect(
      a.events.find((e) => e.type === 'pink/income' && e.text.startsWith('ITA'))?.text,
    ).toContain('surplus');
    return a.state;
  };
  it('is lost if still there when budget (b) ends', () => {
    const b = play(fall(), {}).state;
    const r = play(b, {});
    expect(books(r.state).stores).toEqual({ ven: 10 });
    const lost = r.events.filter(
      (e) =>
        (e.type === 'pink/points-lost' || e.type === 'pink/purse-lost') && e.text.startsWith('ITA'),
    );
    // The purse paid A nap's upkeep (5) and 10 are lost with it; 2 points of surplus.
    expect(lost.map((e) => e.data)).toEqual([
      { power: 'ITA', lost: 10 },
      { power: 'ITA', lost: 2 },
    ]);
  });
  it('may be transferred out in budget (a)', () => {
    const b = play(fall(), { ITA: ['TRANSFER 2 ven-rom'] }).state;
    expect(books(b).stores).toEqual({ rom: 2, ven: 10 });
  });
  it('is spent first when stores pay', () => {
    const b = play(fall(), {}).state;
    // The purse goes on a store and a build; A nap's upkeep is then paid from stores, the
    // surplus in Venice first.
    const r = play(b, { ITA: ['STORE 5 IN rom', 'BUILD A rom'] });
    expect(r.rejections).toEqual([]);
    expect(books(r.state).stores).toEqual({ rom: 2, ven: 10 });
    expect(r.events.filter((e) => e.type === 'pink/points-lost')).toEqual([]);
  });
});

describe('travelling points (rule 8)', () => {
  const spring = (stores: Record<string, number>) =>
    setUp('S1903M', ['ITA A nap'], {
      modules: {
        'pink-economy': {
          capacity: { tri: 3 },
          ledgers: {
            ITA: {
              purse: 0,
              stores,
              low: {},
              emergency: { nap: 5, rom: 5, ven: 5 },
              homes: ['nap', 'rom', 'ven'],
              friendly: [],
              transferPaid: false,
              storedIn: [],
            },
          },
        },
      },
    });
  it('move one province per phase: points that arrived may not move on', () => {
    const r = play(spring({ ven: 4 }), { ITA: ['MOVEPTS 4 ven-tyr', 'MOVEPTS 4 tyr-mun'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/not-enough-points']);
    expect(books(r.state).stores).toEqual({ tyr: 4 });
    // Points that were there before the phase may move on beside them.
    const two = play(spring({ ven: 4, tyr: 1 }), {
      ITA: ['MOVEPTS 4 ven-tyr', 'MOVEPTS 1 tyr-boh'],
    });
    expect(two.rejections).toEqual([]);
    expect(books(two.state).stores).toEqual({ tyr: 4, boh: 1 });
  });
  it('may not fill a centre over its capacity', () => {
    const r = play(spring({ ven: 4 }), { ITA: ['MOVEPTS 4 ven-tri'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/over-capacity']);
    expect(books(r.state).stores).toEqual({ ven: 4 });
  });
});

describe('no voluntary half strength (rule 9)', () => {
  it('a full unit that the money fields in full may not be fielded at half', () => {
    const b = play(winter(['ITA A nap', 'ITA A rom']), {}).state;
    const r = play(b, { ITA: ['FIELD A nap HALF'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/voluntary-half']);
  });
  it('but may when the money cannot field it in full and the others at half (PK-S3)', () => {
    const b = play(winter(), {}).state;
    const r = play(b, { ITA: ['FIELD A nap HALF', 'FIELD A rom HALF', 'FIELD A ven HALF'] });
    expect(r.rejections).toEqual([]);
  });
});

describe('budget lines name provinces by id or name on every board', () => {
  it("Pink II's level ids and names (nor1, Norvale 1) are read, in routes too", () => {
    const line = (text: string) => parseEconomyAction(text, pink2Map);
    expect(line('STORE 4 IN nor1')).toMatchObject({ type: 'store', data: { n: 4, at: 'nor1' } });
    expect(line('STORE 4 IN Norvale 1')).toMatchObject({ data: { n: 4, at: 'nor1' } });
    expect(line('REPLENISH Portvale 2 3')).toMatchObject({ data: { at: 'por2', n: 3 } });
    expect(line('BUILD A els2')).toMatchObject({ type: 'build', data: { at: 'els2' } });
    expect(line('TRANSFER 5 nor1-por2 VIA por1')).toMatchObject({
      data: { n: 5, from: 'nor1', to: 'por2', via: ['por1'] },
    });
    expect(line('TRANSFER 5 Norvale 1 - Portvale 2 VIA Portvale 1')).toMatchObject({
      data: { from: 'nor1', to: 'por2', via: ['por1'] },
    });
    expect(line('TRANSFER 4 yso1-tor1 VIA qui1 the1')).toMatchObject({
      data: { via: ['qui1', 'the1'] },
    });
    expect(line('MOVEPTS 3 nor3-por3')).toMatchObject({ data: { n: 3, from: 'nor3', to: 'por3' } });
    expect(line('STORE 4 IN nor4')).toEqual({ error: '"nor4" is not a province of this map' });
    // Pink I's lines read as before.
    expect(parseEconomyAction('TRANSFER 5 yso-tor VIA qui, the', pinkMap)).toMatchObject({
      data: { via: ['qui', 'the'] },
    });
  });
});
