// The Pink economy's refusals: each bad budget line gets its stable code, nothing is charged,
// and the other lines stand. Played on the harness from the Fall into the winter's steps.
import { describe, expect, it } from 'vitest';
import { phaseName, type VariantState } from '@arbiter/engine';
import { play, setUp } from '../../test/pink/helpers.js';
import type { EconomyState } from './economy.js';
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
    const b = play(a, { ITA: ['FIELD A nap', 'FIELD A rom', 'STORE 3 IN ven'] });
    expect(b.rejections.map((x) => x.code)).toEqual(['pink/overspent']);
    // Nothing was stored; the 2 points left went to A ven's upkeep, with 2 emergency points.
    expect(books(b.state).stores).toEqual({});
    expect(books(b.state).emergency).toEqual({ nap: 3, rom: 5, ven: 5 });
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
