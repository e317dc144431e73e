// Pink rule 9 and RULINGS §2.4 rulings 1–4 and 7, one ruling per block, on the harness.
import { describe, expect, it } from 'vitest';
import { defineModule, describeRemoval, phaseName, viewFor, type Variant } from '@arbiter/engine';
import { play, setUp, unitAt } from '../../test/pink/helpers.js';
import { pinkHarnessVariant } from './harness.js';
import { strengthAttrs, strengthOf } from './strength.js';

const strength = (s: Parameters<typeof unitAt>[0], p: string) => {
  const u = unitAt(s, p);
  if (u === undefined) throw new Error(`no unit in ${p}`);
  return strengthOf(u);
};

describe('ruling 1: halves arithmetic', () => {
  it('a full unit with a half support (3) dislodges a full unit (2)', () => {
    const s = setUp('S1903M', ['FRA A bur', 'FRA A ruh', 'GER A mun'], {
      modules: { 'pink-strength': { initial: { ruh: 'half' } } },
    });
    const r = play(s, { FRA: ['A Bur - Mun', 'A Ruh S A Bur - Mun'], GER: ['A Mun H'] });
    expect(r.report.outcomes[0]).toMatchObject({ result: 'succeeds', strength: 3 });
  });
  it('half + half (2) against a full unit (2) is a stand-off (PK-S1)', () => {
    const s = setUp('S1903M', ['FRA A bur', 'FRA A ruh', 'GER A mun'], {
      modules: { 'pink-strength': { initial: { bur: 'half', ruh: 'half' } } },
    });
    const r = play(s, { FRA: ['A Bur - Mun', 'A Ruh S A Bur - Mun'], GER: ['A Mun H'] });
    expect(r.report.outcomes[0]).toMatchObject({ result: 'fails', strength: 2, against: 2 });
    expect(strengthAttrs(unitAt(r.state, 'bur')!).standoffs).toBe(1);
  });
  it('a half unit cannot move into a province a full unit holds', () => {
    const s = setUp('S1903M', ['FRA A bur', 'GER A mun'], {
      modules: { 'pink-strength': { initial: { mun: 'half' } } },
    });
    const r = play(s, { FRA: ['A Bur H'], GER: ['A Mun - Bur'] });
    expect(r.report.outcomes[1]).toMatchObject({ result: 'fails', strength: 1, against: 2 });
  });
});

describe('ruling 2: retreats', () => {
  it('a full unit that is dislodged and retreats is half strength afterwards', () => {
    const s = setUp('S1903M', ['FRA A bur', 'FRA A ruh', 'GER A mun']);
    const moved = play(s, { FRA: ['A Bur - Mun', 'A Ruh S A Bur - Mun'], GER: ['A Mun H'] });
    expect(phaseName(moved.state.phase)).toBe('S1903R');
    const r = play(moved.state, { GER: ['A Mun - Boh'] });
    expect(strength(r.state, 'boh')).toBe('half');
    expect(strength(r.state, 'mun')).toBe('full');
  });
  it('a half unit that is dislodged is destroyed, with a reason in the report', () => {
    const s = setUp('S1903M', ['FRA A bur', 'FRA A ruh', 'GER A mun'], {
      modules: { 'pink-strength': { initial: { mun: 'half' } } },
    });
    const r = play(s, { FRA: ['A Bur - Mun', 'A Ruh S A Bur - Mun'], GER: ['A Mun H'] });
    expect(r.state.dislodged).toEqual([]);
    expect(r.report.removals.map(describeRemoval)).toEqual([
      expect.stringContaining('a half-strength unit that is dislodged is destroyed'),
    ]);
    expect(r.report.outcomes[2]).toMatchObject({ result: 'dislodged', dislodged: 'destroyed' });
    expect(phaseName(r.state.phase)).toBe('F1903M');
  });
});

describe('ruling 3: stand-offs', () => {
  const twice = (options?: Record<string, Record<string, unknown>>) => {
    let s = setUp('S1903M', ['AUS A gal', 'RUS A war', 'RUS A mos'], {
      ...(options === undefined ? {} : { options }),
    });
    for (let i = 0; i < 2; i++) {
      s = play(s, { AUS: ['A Gal - Ukr'], RUS: ['A War - Ukr', 'A Mos S A War - Ukr'] }).state;
    }
    return s;
  };
  it('two in consecutive movement phases make a unit half, against greater strength too', () => {
    const s = twice();
    expect(strength(s, 'gal')).toBe('half');
  });
  it('STRICT_STANDOFF: a move beaten by greater strength is no stand-off', () => {
    const s = twice({ 'pink-strength': { STRICT_STANDOFF: true } });
    expect(strength(s, 'gal')).toBe('full');
  });
  it('a phase without a stand-off resets the count', () => {
    let s = setUp('S1903M', ['AUS A gal', 'RUS A war']);
    s = play(s, { AUS: ['A Gal - Ukr'], RUS: ['A War - Ukr'] }).state;
    s = play(s, { AUS: ['A Gal H'], RUS: ['A War H'] }).state;
    while (s.phase.type !== 'movement') s = play(s, {}).state;
    s = play(s, { AUS: ['A Gal - Ukr'], RUS: ['A War - Ukr'] }).state;
    expect(strength(s, 'gal')).toBe('full');
    expect(strengthAttrs(unitAt(s, 'gal')!).standoffs).toBe(1);
  });
  it('a move that succeeds is no stand-off', () => {
    let s = setUp('S1903M', ['AUS A gal']);
    s = play(s, { AUS: ['A Gal - Ukr'] }).state;
    expect(strengthAttrs(unitAt(s, 'ukr')!).standoffs).toBe(0);
  });
});

describe('ruling 4: attacked on three consecutive turns', () => {
  const attack = (initial: string, options?: Record<string, Record<string, unknown>>) => {
    let s = setUp('S1903M', ['GER A mun', 'FRA A bur'], {
      // The attacker is half too, so that each attack fails and the defender stays.
      modules: { 'pink-strength': { initial: { mun: initial, bur: 'half' } } },
      ...(options === undefined ? {} : { options }),
    });
    const results = [];
    for (let i = 0; i < 3; i++) {
      const r = play(s, { FRA: ['A Bur - Mun'], GER: ['A Mun H'] });
      results.push(r);
      s = r.state;
      // Winter does not break the run.
      while (s.phase.type !== 'movement') s = play(s, {}).state;
    }
    return results;
  };
  it('a half unit attacked three phases running is destroyed before retreats', () => {
    const [, second, third] = attack('half');
    expect(unitAt(second!.state, 'mun')).toBeDefined();
    expect(unitAt(third!.state, 'mun')).toBeUndefined();
    expect(third!.report.removals.map(describeRemoval)).toEqual([
      expect.stringContaining('attacked in three consecutive movement phases'),
    ]);
  });
  it('phases at full strength do not count, unless ATTACKS_AT_FULL', () => {
    // A full defender holds against a half attacker without any help.
    const [, , third] = attack('full');
    expect(strengthAttrs(unitAt(third!.state, 'mun')!).attacks).toBe(0);
    const counted = attack('full', { 'pink-strength': { ATTACKS_AT_FULL: true } });
    expect(strengthAttrs(unitAt(counted[2]!.state, 'mun')!).attacks).toBe(3);
  });
  it("an attack by the unit's own power does not count", () => {
    let s = setUp('S1903M', ['GER A mun', 'GER A boh'], {
      modules: { 'pink-strength': { initial: { mun: 'half' } } },
    });
    s = play(s, { GER: ['A Boh - Mun', 'A Mun H'] }).state;
    expect(strengthAttrs(unitAt(s, 'mun')!).attacks).toBe(0);
  });
});

describe('ruling 7: unsupplied units', () => {
  const board = () =>
    setUp('S1903M', ['GER A mun', 'GER A kie', 'FRA A bur', 'FRA A ruh'], {
      modules: { 'pink-strength': { initial: { mun: 'unsupplied' } } },
    });
  it('may not move: the order is illegal with a clear reason, and the unit holds', () => {
    const r = play(board(), { GER: ['A Mun - Boh'] });
    expect(r.report.outcomes[0]).toMatchObject({ result: 'illegal', reason: 'forbidden-by-rule' });
    expect(r.report.outcomes[0]!.explanation).toContain('unsupplied');
    expect(unitAt(r.state, 'mun')).toBeDefined();
  });
  it('may not be supported', () => {
    const r = play(board(), { GER: ['A Mun H', 'A Kie S A Mun'] });
    expect(r.report.outcomes[1]).toMatchObject({ result: 'illegal' });
    expect(r.report.outcomes[1]!.explanation).toContain('may not be supported');
  });
  it('has strength 0: a half unit dislodges it', () => {
    const s = setUp('S1903M', ['GER A mun', 'FRA A bur'], {
      modules: { 'pink-strength': { initial: { mun: 'unsupplied', bur: 'half' } } },
    });
    const r = play(s, { FRA: ['A Bur - Mun'], GER: ['A Mun H'] });
    expect(r.state.dislodged.map((d) => d.unit.location.province)).toEqual(['mun']);
  });
  it('must retreat when dislodged: a disband is ignored and a retreat is picked', () => {
    const s = setUp('S1903M', ['GER A mun', 'FRA A bur', 'FRA A ruh'], {
      modules: { 'pink-strength': { initial: { mun: 'unsupplied' } } },
    });
    const moved = play(s, { FRA: ['A Bur - Mun', 'A Ruh H'], GER: ['A Mun H'] }).state;
    const r = play(moved, { GER: ['A Mun Disband'] });
    expect(r.report.removals).toEqual([]);
    // Its options in province order: ber, boh, kie, sil, tyr (not bur, where the attack came from).
    expect(strength(r.state, 'ber')).toBe('unsupplied');
    expect(r.events.map((e) => e.type)).toEqual(['pink/disband-ignored', 'pink/forced-retreat']);
  });
  it('must retreat also beside a module that aggregates the orders (retreatDefault composes)', () => {
    // A toy aggregator that passes every order through, listed before pink-strength: the
    // engine asks retreatDefault after it, so the disband is still ignored.
    const passThrough = defineModule<null>({
      id: 'pass-through',
      headline: 'Every order as given.',
      init: () => null,
      aggregate: (_ctx, subs) => ({ orders: subs.flatMap((x) => x.orders) }),
    });
    const variant: Variant = {
      ...pinkHarnessVariant,
      modules: [passThrough, ...pinkHarnessVariant.modules],
    };
    const s = setUp('S1903M', ['GER A mun', 'FRA A bur', 'FRA A ruh'], {
      variant,
      modules: { 'pink-strength': { initial: { mun: 'unsupplied' } } },
    });
    const moved = play(s, { FRA: ['A Bur - Mun', 'A Ruh H'], GER: ['A Mun H'] }, variant).state;
    const r = play(moved, { GER: ['A Mun Disband'] }, variant);
    expect(strength(r.state, 'ber')).toBe('unsupplied');
  });
  it('keeps its own legal retreat', () => {
    const s = setUp('S1903M', ['GER A mun', 'FRA A bur'], {
      modules: { 'pink-strength': { initial: { mun: 'unsupplied' } } },
    });
    const moved = play(s, { FRA: ['A Bur - Mun'], GER: ['A Mun H'] }).state;
    const r = play(moved, { GER: ['A Mun - Tyr'] });
    expect(strength(r.state, 'tyr')).toBe('unsupplied');
  });
});

describe('secrecy', () => {
  it('strengths are public: every viewer sees them on the board', () => {
    const s = setUp('S1903M', ['GER A mun', 'FRA A bur'], {
      modules: { 'pink-strength': { initial: { mun: 'half' } } },
    });
    const after = play(s, { GER: ['A Mun H'], FRA: ['A Bur H'] }).state;
    for (const viewer of [{ kind: 'public' }, { kind: 'player', player: 'FRA' }] as const) {
      const seen = viewFor(pinkHarnessVariant, after, viewer);
      expect(strengthOf(unitAt(seen, 'mun')!)).toBe('half');
    }
  });
});
