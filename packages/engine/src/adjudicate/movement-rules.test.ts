// Each combat hook a rule module can supply, on its own, against the standard kernel.
import { describe, expect, it } from 'vitest';
import { orders, unit } from '../../test/support.js';
import { standardMap } from '../maps/index.js';
import type { Unit } from '../types.js';
import type { ExtraStrength, MovementRules } from './rules.js';
import { adjudicateMovement } from './movement.js';

const run = (units: string[], texts: string[], rules?: MovementRules) =>
  adjudicateMovement(
    standardMap,
    units.map(unit),
    orders('movement', ...texts),
    rules === undefined ? {} : { rules },
  );
const at = (u: Unit): string => u.location.province;

describe('movement rules from modules', () => {
  it('illegal: a rule can forbid orders the rulebook allows (no convoys)', () => {
    const units = ['ENG F nth', 'ENG A yor'];
    const texts = ['ENG F nth C A yor - nwy', 'ENG A yor - nwy'];
    expect(run(units, texts).outcomes.map((o) => o.result)).toEqual(['available', 'succeeds']);
    const r = run(units, texts, {
      illegal: (o) => (o.kind === 'convoy' ? 'forbidden-by-rule' : undefined),
    });
    expect(r.outcomes.map((o) => `${o.result} ${o.reason}`)).toEqual([
      'illegal forbidden-by-rule',
      'invalid no-convoy',
    ]);
  });

  it('unitStrength and supportValue: two half-strength armies only stand off a full one (PK-S1)', () => {
    const half = new Set(['bur', 'ruh']);
    const strength = (u: Unit): number => (half.has(at(u)) ? 1 : 2);
    const units = ['FRA A bur', 'FRA A ruh', 'GER A mun'];
    const texts = ['FRA A bur - mun', 'FRA A ruh S A bur - mun', 'GER A mun H'];
    expect(run(units, texts).outcomes[0]!.result).toBe('succeeds');
    const r = run(units, texts, { unitStrength: strength, supportValue: strength });
    expect(r.outcomes[0]).toMatchObject({ result: 'fails', strength: 2, against: 2 });
  });

  it('supportCounts: a support the rule voids is marked and changes the result', () => {
    const units = ['TUR A bul', 'RUS A rum', 'AUS A ser'];
    const texts = ['TUR A bul - ser', 'RUS A rum S A bul - ser', 'AUS A ser H'];
    expect(run(units, texts).outcomes[0]!.result).toBe('succeeds');
    const fink = (s: Unit, t: Unit): boolean => !(t.power === 'TUR' && s.power !== 'TUR');
    const r = run(units, texts, { supportCounts: fink });
    expect(r.outcomes[0]!.result).toBe('fails');
    expect(r.outcomes[1]).toMatchObject({ result: 'invalid', reason: 'support-not-counted' });
  });

  it('extraSupport: uncuttable strength applies only to the order it was bought for (FS-S1, FS-S2)', () => {
    const dips = (u: Unit, o: 'hold' | 'move', to: string | undefined): number =>
      at(u) === 'bur' && o === 'move' && to === 'mun' ? 1 : 0;
    const moved = run(['FRA A bur', 'GER A mun'], ['FRA A bur - mun', 'GER A mun H'], {
      extraSupport: dips,
    });
    expect(moved.outcomes[0]).toMatchObject({ result: 'succeeds', strength: 2 });
    expect(moved.dislodged.map((d) => at(d.unit))).toEqual(['mun']);
    const held = run(
      ['FRA A bur', 'GER A mun', 'GER A ruh'],
      ['FRA A bur H', 'GER A mun - bur', 'GER A ruh S A mun - bur'],
      { extraSupport: dips },
    );
    expect(held.dislodged.map((d) => at(d.unit))).toEqual(['bur']);
    const holdDips = (u: Unit, o: 'hold' | 'move'): number =>
      at(u) === 'bur' && o === 'hold' ? 1 : 0;
    const bounced = run(
      ['FRA A bur', 'GER A mun', 'GER A ruh'],
      ['FRA A bur H', 'GER A mun - bur', 'GER A ruh S A mun - bur'],
      { extraSupport: holdDips },
    );
    expect(bounced.dislodged).toEqual([]);
  });

  it('extraSupport by owner: a power’s bought support never helps dislodge its own unit, and the report names each payer', () => {
    // TUR and GER each buy 1 for FRA A bur - mun; GER A mun holds. GER's does not count.
    const bought = (u: Unit, o: 'hold' | 'move'): ExtraStrength[] =>
      at(u) === 'bur' && o === 'move'
        ? [
            { power: 'TUR', amount: 1, reason: 'dip support' },
            { power: 'GER', amount: 1, reason: 'dip support' },
          ]
        : [];
    const units = ['FRA A bur', 'GER A mun'];
    const texts = ['FRA A bur - mun', 'GER A mun H'];
    const r = run(units, texts, { extraSupport: bought });
    expect(r.outcomes[0]).toMatchObject({ result: 'succeeds', strength: 2 });
    expect(r.outcomes[0]!.paid).toEqual([
      { power: 'TUR', amount: 1, reason: 'dip support', counted: true },
      { power: 'GER', amount: 1, reason: 'dip support', counted: false },
    ]);
    expect(r.outcomes[0]!.explanation).toBe(
      'moved to mun; with 1 dip support paid by TUR; 1 dip support paid by GER not counted against its own unit',
    );
    // With only GER's, FRA bounces 1 against 1 (as a GER unit's support would not count).
    const onlyGer = (u: Unit, o: 'hold' | 'move'): ExtraStrength[] =>
      at(u) === 'bur' && o === 'move' ? [{ power: 'GER', amount: 1, reason: 'dip support' }] : [];
    const r2 = run(units, texts, { extraSupport: onlyGer });
    expect(r2.outcomes[0]).toMatchObject({ result: 'fails', strength: 1, against: 1 });
    expect(r2.dislodged).toEqual([]);
    // Into an empty province, or to stand off others, GER's purchase counts in full.
    const r3 = run(['FRA A bur', 'GER A mun'], ['FRA A bur - mun', 'GER A mun - ruh'], {
      extraSupport: onlyGer,
    });
    expect(r3.outcomes[0]).toMatchObject({ result: 'succeeds', strength: 2 });
    expect(r3.outcomes[0]!.paid).toEqual([
      { power: 'GER', amount: 1, reason: 'dip support', counted: true },
    ]);
  });

  it('garrison: an empty province holds with its garrison, except against its own power', () => {
    const garrison = (p: string): ExtraStrength | undefined =>
      p === 'mun' ? { power: 'GER', amount: 2, reason: 'garrison' } : undefined;
    const r = run(['FRA A bur', 'FRA A ruh'], ['FRA A bur - mun', 'FRA A ruh S A bur - mun'], {
      garrison,
    });
    expect(r.outcomes[0]).toMatchObject({ result: 'fails', strength: 2, against: 2 });
    expect(r.outcomes[0]!.explanation).toBe('stopped, 2 against 2');
    expect(run(['GER A boh'], ['GER A boh - mun'], { garrison }).outcomes[0]!.result).toBe(
      'succeeds',
    );
    // A garrison adds to the unit that holds there: 3 does not beat 1 + 2.
    const held = run(
      ['FRA A bur', 'FRA A ruh', 'FRA A tyr', 'GER A mun'],
      ['FRA A bur - mun', 'FRA A ruh S A bur - mun', 'FRA A tyr S A bur - mun', 'GER A mun H'],
      { garrison },
    );
    expect(held.outcomes[0]).toMatchObject({ result: 'fails', strength: 3, against: 3 });
    expect(held.dislodged).toEqual([]);
  });

  it('supportsOnlyCutByDislodgement: an attack that fails no longer cuts', () => {
    const units = ['AUS F adr', 'AUS A tri', 'ITA A ven', 'ITA F ion'];
    const texts = ['AUS F adr S A tri - ven', 'AUS A tri - ven', 'ITA F ion - adr'];
    expect(run(units, texts).outcomes[0]!.result).toBe('cut');
    const r = run(units, texts, { supportsOnlyCutByDislodgement: true });
    expect(r.outcomes[0]!.result).toBe('given');
    expect(r.outcomes[1]!.result).toBe('succeeds');
  });

  it('friendlyFire: a power may dislodge its own unit', () => {
    const units = ['GER A ber', 'GER F kie', 'GER A mun'];
    const texts = ['GER A ber H', 'GER F kie - ber', 'GER A mun S F kie - ber'];
    expect(run(units, texts).outcomes[1]!.result).toBe('fails');
    const r = run(units, texts, { friendlyFire: true });
    expect(r.outcomes[1]!.result).toBe('succeeds');
    expect(r.dislodged.map((d) => at(d.unit))).toEqual(['ber']);
  });
});
