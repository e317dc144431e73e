// The options of RULINGS §2.4 rulings 8, 11 and 13 on the harness: Carthage as a home centre
// (CARTHAGE_HOME), garrisons (GARRISONS), the supply-centre cap (SC_CAP) and withdrawals from
// home centres only (WITHDRAW_AT_HOME_ONLY). The harness has no Carthage: Tunis plays it here.
import { describe, expect, it } from 'vitest';
import { describeRemoval, phaseName, type VariantState } from '@arbiter/engine';
import { play, setUp, unitAt } from '../../test/pink/helpers.js';
import type { EconomyState } from './economy.js';
import type { Ledger } from './ledger.js';
import { strengthOf } from './strength.js';

const economy = (s: VariantState) => s.modules['pink-economy'] as EconomyState;
const books = (s: VariantState, power: string) => economy(s).ledgers[power]!;
const option = (name: string) => ({ 'pink-economy': { [name]: true } });
const outcome = (r: ReturnType<typeof play>, unit: string) =>
  r.report.outcomes.find(
    (o) => o.order.kind !== 'waive' && `${o.power} ${o.order.unit.location.province}` === unit,
  );

const ITALY: Ledger = {
  purse: 0,
  stores: {},
  low: {},
  emergency: { nap: 5, rom: 5, ven: 5, tun: 5 },
  homes: ['nap', 'rom', 'ven', 'tun'],
  friendly: [],
  transferPaid: false,
  storedIn: [],
};

describe('CARTHAGE_HOME (ruling 13)', () => {
  it('the first power to own Carthage gains it as a home centre, its emergency store empty', () => {
    const s = setUp('F1903M', ['ITA A naf'], {
      options: option('CARTHAGE_HOME'),
      modules: { 'pink-economy': { carthage: { province: 'tun' } } },
    });
    const r = play(s, { ITA: ['A naf - tun'] });
    expect(phaseName(r.state.phase)).toBe('W1903-budget-a');
    expect(books(r.state, 'ITA').homes).toEqual(['nap', 'rom', 'ven', 'tun']);
    expect(books(r.state, 'ITA').emergency).toEqual({ nap: 5, rom: 5, ven: 5, tun: 0 });
    expect(economy(r.state).carthage).toEqual({ province: 'tun', first: 'ITA' });
    expect(r.events.filter((e) => e.type === 'pink/carthage')).toHaveLength(1);
  });
  it('without the option Carthage is an ordinary centre', () => {
    const s = setUp('F1903M', ['ITA A naf'], {
      modules: { 'pink-economy': { carthage: { province: 'tun' } } },
    });
    const r = play(s, { ITA: ['A naf - tun'] });
    expect(books(r.state, 'ITA').homes).toEqual(['nap', 'rom', 'ven']);
  });
  it('a later captor does not gain it, and the first power loses it with its emergency store', () => {
    const s = setUp('F1904M', ['FRA A naf'], {
      options: option('CARTHAGE_HOME'),
      centres: { nap: 'ITA', rom: 'ITA', ven: 'ITA', tun: 'ITA', par: 'FRA' },
      modules: {
        'pink-economy': {
          carthage: { province: 'tun', first: 'ITA' },
          ledgers: { ITA: ITALY },
        },
      },
    });
    const r = play(s, { FRA: ['A naf - tun'] });
    expect(r.state.supplyCenters['tun']).toBe('FRA');
    expect(books(r.state, 'ITA').homes).toEqual(['nap', 'rom', 'ven']);
    expect(books(r.state, 'ITA').emergency).toEqual({ nap: 5, rom: 5, ven: 5 });
    expect(books(r.state, 'FRA').homes).toEqual(['bre', 'mar', 'par']);
    expect(economy(r.state).carthage).toEqual({ province: 'tun', first: 'ITA', lost: true });
    expect(r.events.find((e) => e.type === 'pink/points-lost')?.data).toEqual({
      power: 'ITA',
      lost: 5,
    });
  });
});

describe('GARRISONS (ruling 13)', () => {
  const garrisons = { options: option('GARRISONS') };
  it('an empty home centre holds with a garrison of one full unit against another power', () => {
    const s = setUp('S1903M', ['FRA A bur', 'GER A boh'], garrisons);
    const r = play(s, { FRA: ['A bur - mun'] });
    expect(outcome(r, 'FRA bur')).toMatchObject({ result: 'fails', strength: 2, against: 2 });
    // Without the option the move succeeds.
    const plain = play(setUp('S1903M', ['FRA A bur', 'GER A boh']), { FRA: ['A bur - mun'] });
    expect(outcome(plain, 'FRA bur')).toMatchObject({ result: 'succeeds' });
  });
  it('adds to the unit holding there, and never stops its own power', () => {
    const s = setUp('S1903M', ['FRA A bur', 'FRA A ruh', 'FRA A tyr', 'GER A mun'], garrisons);
    const two = play(s, { FRA: ['A bur - mun', 'A ruh S A bur - mun'] });
    expect(outcome(two, 'FRA bur')).toMatchObject({ result: 'fails', strength: 4, against: 4 });
    const three = play(s, { FRA: ['A bur - mun', 'A ruh S A bur - mun', 'A tyr S A bur - mun'] });
    expect(outcome(three, 'FRA bur')).toMatchObject({ result: 'succeeds', strength: 6 });
    const own = play(setUp('S1903M', ['GER A boh'], garrisons), { GER: ['A boh - mun'] });
    expect(outcome(own, 'GER boh')).toMatchObject({ result: 'succeeds' });
  });
  it('changes sides on capture, and Carthage has one for its owner', () => {
    const s = setUp('S1903M', ['FRA A bur', 'GER A boh', 'ITA A naf'], {
      ...garrisons,
      centres: { mun: 'FRA', tun: 'FRA' },
      modules: { 'pink-economy': { carthage: { province: 'tun' } } },
    });
    const r = play(s, { FRA: ['A bur - mun'], GER: ['A boh - mun'], ITA: ['A naf - tun'] });
    // GER's move fails against France's garrison, France's own move does not count it: the
    // two moves stand off at 2 against 2; Italy's army bounces off Carthage's garrison.
    expect(outcome(r, 'GER boh')).toMatchObject({ result: 'fails' });
    expect(outcome(r, 'ITA naf')).toMatchObject({ result: 'fails', strength: 2, against: 2 });
    const alone = play(s, { FRA: ['A bur - mun'] });
    expect(outcome(alone, 'FRA bur')).toMatchObject({ result: 'succeeds' });
  });
});

describe('SC_CAP (ruling 11)', () => {
  it('after budget (a) units over the centres owned are removed, farthest from home first', () => {
    const s = setUp('F1903M', ['GER A ber', 'GER A kie', 'GER A mun', 'GER A sil'], {
      options: option('SC_CAP'),
    });
    const a = play(s, {}).state;
    expect(phaseName(a.phase)).toBe('W1903-budget-a');
    const r = play(a, {});
    expect(r.report.removals.map(describeRemoval)).toEqual([
      'GER A sil is removed by the supply-centre cap (ruling 11): more units than supply centres',
    ]);
    // Without the cap, money alone limits the units.
    const free = play(
      play(setUp('F1903M', ['GER A ber', 'GER A kie', 'GER A mun', 'GER A sil']), {}).state,
      {},
    );
    expect(free.state.units).toHaveLength(4);
  });
  it('a build beyond the centres owned is refused', () => {
    const s = setUp('F1903M', ['GER A ber', 'GER A kie', 'GER A sil'], {
      options: option('SC_CAP'),
    });
    const b = play(play(s, {}).state, {}).state;
    expect(phaseName(b.phase)).toBe('W1903-budget-b');
    const r = play(b, { GER: ['BUILD A mun'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/sc-cap']);
  });
});

describe('WITHDRAW_AT_HOME_ONLY (ruling 8)', () => {
  /** Italy with no income and 8 points stored in Trieste, next to Venice; one army. */
  const winter = (options = {}) => {
    const s = setUp('F1903M', ['ITA A nap'], {
      options,
      centres: { nap: 'ITA', rom: 'ITA', ven: 'ITA' },
      modules: {
        'pink-economy': {
          capacity: { nap: 0, rom: 0, ven: 0, tri: 8 },
          ledgers: {
            ITA: {
              ...ITALY,
              homes: ['nap', 'rom', 'ven'],
              stores: { tri: 8 },
              emergency: { nap: 5, rom: 5, ven: 5 },
            },
          },
        },
      },
    });
    const b = play(play(s, {}).state, {}).state;
    expect(phaseName(b.phase)).toBe('W1903-budget-b');
    return play(b, {}).state;
  };
  it('by default stores with a friendly path to a home centre are spent', () => {
    const s = winter();
    expect(strengthOf(unitAt(s, 'nap')!)).toBe('full');
    expect(books(s, 'ITA').stores).toEqual({ tri: 3 });
  });
  it('with the option only points in working home centres are, so emergency points field at half', () => {
    const s = winter(option('WITHDRAW_AT_HOME_ONLY'));
    expect(strengthOf(unitAt(s, 'nap')!)).toBe('half');
    expect(books(s, 'ITA').stores).toEqual({ tri: 8 });
    expect(books(s, 'ITA').emergency).toEqual({ nap: 1, rom: 5, ven: 5 });
  });
});

describe('CAPTOR_SEIZES (ruling 10)', () => {
  const AUSTRIA: Ledger = {
    ...ITALY,
    stores: { tri: 4 },
    emergency: { bud: 5, tri: 5, vie: 5 },
    homes: ['bud', 'tri', 'vie'],
  };
  const taken = (phase: string, options = {}) =>
    play(
      setUp(phase, ['ITA A ven'], {
        options,
        modules: {
          'pink-economy': {
            ledgers: {
              AUS: AUSTRIA,
              ITA: {
                ...ITALY,
                homes: ['nap', 'rom', 'ven'],
                emergency: { nap: 5, rom: 5, ven: 5 },
              },
            },
          },
        },
      }),
      { ITA: ['A ven - tri'] },
    );
  it('the captor of a centre keeps the points in it, up to capacity', () => {
    const r = taken('F1903M', option('CAPTOR_SEIZES'));
    expect(r.state.supplyCenters['tri']).toBe('ITA');
    expect(books(r.state, 'AUS').stores).toEqual({});
    expect(books(r.state, 'ITA').stores).toEqual({ tri: 4 });
    expect(r.events.find((e) => e.type === 'pink/points-lost')?.data).toEqual({
      power: 'AUS',
      lost: 4,
      seizedBy: 'ITA',
      seized: 4,
    });
  });
  it('but not while the centre is still another power’s (Spring): the points are lost', () => {
    const r = taken('S1903M', option('CAPTOR_SEIZES'));
    expect(books(r.state, 'AUS').stores).toEqual({});
    expect(books(r.state, 'ITA').stores).toEqual({});
  });
  it('without the option the points are lost', () => {
    const r = taken('F1903M');
    expect(books(r.state, 'AUS').stores).toEqual({});
    expect(books(r.state, 'ITA').stores).toEqual({});
  });
});
