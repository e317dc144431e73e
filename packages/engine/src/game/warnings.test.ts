// Submission warnings: one test per code, in every phase kind, and authority decided by rule
// modules (an investor ordering other powers' units, a Fink choosing another power's retreat).
import { describe, expect, it } from 'vitest';
import { at, unit } from '../../test/support.js';
import { standardMap } from '../maps/index.js';
import { parseOrder } from '../orders/parse.js';
import type { ParsedOrder } from '../orders/parse.js';
import type { PhaseType, Power } from '../types.js';
import { defineModule, type Variant } from '../variant/module.js';
import { newGame, phaseRules, submissionAuthority } from '../variant/pipeline.js';
import type { VariantState } from '../variant/state.js';
import type { Authority } from './authority.js';
import { legalOrders } from './legal-orders.js';
import { playRandomGame } from './play.js';
import { initialState, type GameState, type PhaseRules } from './state.js';
import { submissionWarnings, type WarningCode } from './warnings.js';

const map = standardMap;

/** Every code the tests below have seen; the last test requires all of them. */
const seen = new Set<string>();
const EVERY_CODE: Record<WarningCode, true> = {
  'warn/no-unit': true,
  'warn/wrong-unit-type': true,
  'warn/foreign-unit': true,
  'warn/duplicate': true,
  'warn/wrong-phase': true,
  'warn/unreachable': true,
  'warn/coast-needed': true,
  'warn/forbidden-by-rule': true,
  'warn/support-not-counted': true,
  'warn/mismatch': true,
  'warn/not-dislodged': true,
  'warn/retreat-not-allowed': true,
  'warn/retreat-clash': true,
  'warn/build-occupied': true,
  'warn/build-not-home': true,
  'warn/build-not-owned': true,
  'warn/build-not-site': true,
  'warn/build-inland': true,
  'warn/build-wrong-coast': true,
  'warn/build-type-not-allowed': true,
  'warn/too-many-builds': true,
  'warn/removal-not-owed': true,
  'warn/too-many-removals': true,
};

function board(units: readonly string[], type: PhaseType = 'movement'): GameState {
  return {
    ...initialState(map),
    phase: { year: 1901, season: type === 'adjustment' ? 'winter' : 'fall', type },
    units: units.map(unit),
  };
}

function parsed(type: PhaseType, lines: readonly string[]): ParsedOrder[] {
  return lines.map((t) => {
    const r = parseOrder(map, t, { phase: type });
    if (!r.ok) throw new Error(`bad test order: ${t}`);
    return r.value;
  });
}

/** The codes for each line, as `[line, ...codes]`, for the lines that have any. */
function check(
  state: GameState,
  who: Authority | Power,
  lines: readonly string[],
  rules: PhaseRules = {},
): string[][] {
  const authority = typeof who === 'string' ? { powers: [who] } : who;
  const checks = submissionWarnings(map, state, authority, parsed(state.phase.type, lines), rules);
  for (const c of checks) for (const w of c.warnings) seen.add(w.code);
  return checks.flatMap((c, i) =>
    c.warnings.length === 0 ? [] : [[lines[i]!, ...c.warnings.map((w) => w.code)]],
  );
}

function messages(state: GameState, power: Power, lines: readonly string[]): string[] {
  return submissionWarnings(
    map,
    state,
    { powers: [power] },
    parsed(state.phase.type, lines),
  ).flatMap((c) => c.warnings.map((w) => w.message));
}

const opening = initialState(map);

describe('submission warnings: movement', () => {
  it('gives none for good orders, and says which power each order is for', () => {
    const lines = ['F lon - nth', 'A lvp - yor', 'F edi S F lon - nth', 'F bre - mao'];
    const checks = submissionWarnings(map, opening, { powers: ['ENG'] }, parsed('movement', lines));
    expect(checks.map((c) => c.power)).toEqual(['ENG', 'ENG', 'ENG', undefined]);
    expect(checks.slice(0, 3).every((c) => c.warnings.length === 0)).toBe(true);
  });

  it('warn/no-unit: no unit there, or none to support or convoy', () => {
    expect(check(opening, 'ENG', ['A yor - lon', 'F lon S A yor - nth', 'F edi S A yor'])).toEqual([
      ['A yor - lon', 'warn/no-unit'],
      ['F lon S A yor - nth', 'warn/no-unit'],
      ['F edi S A yor', 'warn/no-unit'],
    ]);
    expect(messages(opening, 'ENG', ['A yor - lon'])).toEqual(['A yor - lon: no unit in yor']);
  });

  it('warn/wrong-unit-type: the unit there is of the other type', () => {
    expect(check(opening, 'ENG', ['A lon - nth'])).toEqual([
      ['A lon - nth', 'warn/wrong-unit-type'],
    ]);
    expect(messages(opening, 'ENG', ['A lon - nth'])).toEqual(['A lon - nth: the unit is F lon']);
  });

  it('warn/foreign-unit: another power’s unit, or a power the submitter does not order', () => {
    expect(check(opening, 'ENG', ['A par - bur', 'FRA A par - bur'])).toEqual([
      ['A par - bur', 'warn/foreign-unit'],
      ['FRA A par - bur', 'warn/foreign-unit'],
    ]);
    expect(messages(opening, 'ENG', ['A par - bur'])).toEqual([
      'A par - bur: A par belongs to FRA',
    ]);
  });

  it('warn/duplicate: a second order for a unit with a legal one; the first legal one counts', () => {
    expect(check(opening, 'ENG', ['F lon - nth', 'F lon - eng'])).toEqual([
      ['F lon - eng', 'warn/duplicate'],
    ]);
    // An illegal first order is ignored, so the second counts (DATC 4.D.3, 4.E.1).
    expect(check(opening, 'ENG', ['F lon - lvp', 'F lon - eng'])).toEqual([
      ['F lon - lvp', 'warn/unreachable'],
    ]);
    expect(messages(opening, 'ENG', ['F lon - nth', 'F lon H'])).toEqual([
      'F lon H: the unit in lon already has an order (F lon - nth); the first counts',
    ]);
  });

  it('warn/unreachable: impossible moves, supports and convoys', () => {
    const s = board(['ENG F edi', 'ENG A lvp', 'FRA F lon', 'GER A yor', 'GER A mun', 'FRA A par']);
    expect(check(s, 'GER', ['A yor - hol', 'A mun - mun', 'A mun - lvn'])).toEqual([
      ['A yor - hol', 'warn/unreachable'],
      ['A mun - mun', 'warn/unreachable'],
      ['A mun - lvn', 'warn/unreachable'],
    ]);
    // A support of a move the other unit cannot make; of a unit into the supporter's own place.
    expect(check(s, 'FRA', ['A par S A mun - gas', 'F lon S A yor - lon'])).toEqual([
      ['A par S A mun - gas', 'warn/unreachable'],
      ['F lon S A yor - lon', 'warn/unreachable'],
    ]);
    expect(messages(s, 'FRA', ['A par S A mun - gas'])).toEqual([
      'A par S A mun - gas: A mun cannot move to gas',
    ]);
  });

  it('judges a frozen state (its board kept between sheets) as it judges a fresh copy', () => {
    // The store shares one frozen state between every sheet of a phase; the board's legal
    // orders are then listed once for it. Two boards that differ by a unit must not mix.
    const freeze = (s: GameState): GameState =>
      Object.freeze({ ...s, units: Object.freeze(s.units.map((u) => Object.freeze(u))) });
    const near = board(['GER A mun', 'GER A kie', 'FRA A par', 'ENG F nth', 'ENG A yor']);
    const far = board(['GER A mun', 'GER A kie', 'FRA A par', 'ENG F eng', 'ENG A yor']);
    const [nearFrozen, farFrozen] = [freeze(near), freeze(far)];
    const sheets: [Power, string[]][] = [
      ['ENG', ['A yor - hol', 'F nth C A yor - hol']],
      ['GER', ['A mun - bur', 'A kie S A mun - bur', 'A kie S A yor - hol']],
      ['FRA', ['A par S A mun - gas', 'A par - bur']],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [power, lines] of sheets) {
        expect(check(nearFrozen, power, lines)).toEqual(check(near, power, lines));
        expect(check(farFrozen, power, lines)).toEqual(check(far, power, lines));
      }
    }
    // With the fleet in the North Sea the convoy to Holland is possible; from the Channel not.
    expect(check(nearFrozen, 'GER', ['A kie S A yor - hol'])).toEqual([]);
    expect(check(farFrozen, 'GER', ['A kie S A yor - hol'])).toEqual([
      ['A kie S A yor - hol', 'warn/unreachable'],
    ]);
  });

  it('warn/unreachable: the DATC convoy legality cases (6.D.31, 6.G.19)', () => {
    const d31 = board(['AUS A rum', 'TUR F bla']);
    expect(check(d31, 'TUR', ['F bla S A rum - arm'])).toEqual([
      ['F bla S A rum - arm', 'warn/unreachable'],
    ]);
    const g19 = board(['FRA A mar', 'FRA F wes', 'ITA F lyo', 'ITA A spa']);
    expect(check(g19, 'FRA', ['A mar - spa', 'F wes C A mar - spa'])).toEqual([
      ['F wes C A mar - spa', 'warn/unreachable'],
    ]);
    // A convoy of an army to a place it cannot be convoyed to.
    expect(check(g19, 'FRA', ['F wes C A mar - gas'])).toEqual([
      ['F wes C A mar - gas', 'warn/unreachable'],
    ]);
  });

  it('warn/coast-needed: a fleet move to a split coast with two reachable coasts', () => {
    expect(check(board(['FRA F mao']), 'FRA', ['F mao - spa'])).toEqual([
      ['F mao - spa', 'warn/coast-needed'],
    ]);
  });

  it('warn/mismatch: a support or convoy of a unit this submission orders otherwise', () => {
    expect(check(opening, 'ENG', ['F edi S F lon - nth', 'F lon - eng'])).toEqual([
      ['F edi S F lon - nth', 'warn/mismatch'],
    ]);
    // Another power's unit may yet be ordered to fit: no warning.
    expect(check(opening, 'ENG', ['F lon S F bre - eng'])).toEqual([]);
  });

  it('warn/forbidden-by-rule and warn/support-not-counted: rule modules in force', () => {
    const rules: PhaseRules = {
      movementRules: {
        illegal: (o) => (o.kind === 'convoy' ? 'forbidden-by-rule' : undefined),
        supportCounts: (s, t) => s.power === t.power,
      },
    };
    const s = board(['ENG F nth', 'ENG A yor', 'FRA A bel', 'ENG F hel']);
    expect(
      check(s, 'ENG', ['F nth C A yor - nwy', 'A yor - nwy', 'F hel S A bel - hol'], rules),
    ).toEqual([
      ['F nth C A yor - nwy', 'warn/forbidden-by-rule'],
      ['A yor - nwy', 'warn/unreachable'],
      ['F hel S A bel - hol', 'warn/support-not-counted'],
    ]);
    expect(check(s, 'ENG', ['F nth C A yor - nwy', 'A yor - nwy', 'F hel S A bel - hol'])).toEqual(
      [],
    );
  });

  it('warn/wrong-phase: an order of another phase', () => {
    expect(check(opening, 'ENG', ['Build A lon', 'Waive'])).toEqual([
      ['Build A lon', 'warn/wrong-phase'],
      ['Waive', 'warn/wrong-phase'],
    ]);
  });
});

describe('submission warnings: retreats', () => {
  const s: GameState = {
    ...board(['TUR A bul', 'RUS A ukr', 'RUS F bla'], 'retreat'),
    dislodged: [
      { unit: unit('RUS F rum'), attackerFrom: 'bul', retreats: [at('sev')] },
      { unit: unit('RUS A gal'), attackerFrom: 'vie', retreats: [at('sil'), at('war')] },
      { unit: unit('RUS A boh'), attackerFrom: 'mun', retreats: [at('sil'), at('tyr')] },
      { unit: unit('TUR A arm'), attackerFrom: 'sev', retreats: [at('ank')] },
    ],
  };

  it('gives none for retreats to options and disbands', () => {
    expect(check(s, 'RUS', ['F rum - sev', 'A gal R war', 'A boh D'])).toEqual([]);
    // A unit that stands, not dislodged, whoever owns it.
    expect(check(s, 'RUS', ['A bul R ser'])).toEqual([['A bul R ser', 'warn/not-dislodged']]);
  });

  it('warn/not-dislodged, warn/retreat-not-allowed, warn/no-unit, warn/foreign-unit', () => {
    expect(check(s, 'RUS', ['A ukr R mos', 'F rum R bul', 'A mos R stp', 'A arm R ank'])).toEqual([
      ['A ukr R mos', 'warn/not-dislodged'],
      ['F rum R bul', 'warn/retreat-not-allowed'],
      ['A mos R stp', 'warn/no-unit'],
      ['A arm R ank', 'warn/foreign-unit'],
    ]);
  });

  it('warn/retreat-clash and warn/duplicate', () => {
    expect(check(s, 'RUS', ['A gal R sil', 'A boh R sil', 'A gal D'])).toEqual([
      ['A gal R sil', 'warn/retreat-clash'],
      ['A boh R sil', 'warn/retreat-clash'],
      ['A gal D', 'warn/duplicate'],
    ]);
  });
});

describe('submission warnings: adjustments', () => {
  const winter = (units: string[], centres: Record<string, Power>): GameState => ({
    ...board(units, 'adjustment'),
    supplyCenters: centres,
  });
  // Russia: 5 centres, 2 units: three builds; mos occupied, war owned by Austria.
  const rus = winter(['RUS A mos', 'RUS A ukr', 'AUS A vie'], {
    mos: 'RUS',
    stp: 'RUS',
    sev: 'RUS',
    swe: 'RUS',
    nwy: 'RUS',
    war: 'AUS',
    vie: 'AUS',
  });

  it('gives none for builds in open owned home centres, and a waive', () => {
    expect(check(rus, 'RUS', ['Build F stp/nc', 'Build A sev', 'Waive'])).toEqual([]);
  });

  it('warn/build-occupied, warn/build-not-owned, warn/build-not-home', () => {
    expect(
      check(rus, 'RUS', [
        'Build A mos',
        'Build A war',
        'RUS Build A swe',
        'Build A sev',
        'Build F sev',
      ]),
    ).toEqual([
      ['Build A mos', 'warn/build-occupied'],
      ['Build A war', 'warn/build-not-owned'],
      ['RUS Build A swe', 'warn/build-not-home'],
      ['Build F sev', 'warn/build-occupied'],
    ]);
    // A centre that is another power's home: not the submitter's to build in.
    expect(check(rus, 'RUS', ['Build A vie'])).toEqual([['Build A vie', 'warn/build-not-home']]);
    expect(messages(rus, 'RUS', ['Build A sev', 'Build F sev'])).toEqual([
      'Build F sev: an earlier build takes sev',
    ]);
  });

  it('warn/build-inland, warn/build-wrong-coast, warn/coast-needed', () => {
    const w = winter([], { mos: 'RUS', stp: 'RUS', war: 'RUS' });
    expect(check(w, 'RUS', ['Build F mos', 'Build F stp'])).toEqual([
      ['Build F mos', 'warn/build-inland'],
      ['Build F stp', 'warn/coast-needed'],
    ]);
    // The parser knows the coasts; a program may still hand over a coast that is not there.
    const ec = submissionWarnings(map, w, { powers: ['RUS'] }, [
      { order: { kind: 'build', unit: { type: 'fleet', location: at('stp/ec') } } },
    ]);
    expect(ec[0]!.warnings.map((x) => x.code)).toEqual(['warn/build-wrong-coast']);
    seen.add('warn/build-wrong-coast');
  });

  it('warn/too-many-builds: beyond the builds, or with none', () => {
    const w = winter(['RUS A mos'], { mos: 'RUS', stp: 'RUS' });
    expect(check(w, 'RUS', ['Build A stp', 'Waive'])).toEqual([['Waive', 'warn/too-many-builds']]);
    expect(messages(w, 'RUS', ['Waive', 'Build A stp'])).toEqual([
      'Build A stp: RUS has only 1 build',
    ]);
    const none = winter(['RUS A ukr'], { mos: 'RUS' });
    expect(messages(none, 'RUS', ['Build A mos'])).toEqual(['Build A mos: RUS has no builds']);
  });

  it('warn/build-type-not-allowed and warn/build-not-site under adjustment rules', () => {
    const w = winter([], { mos: 'RUS', stp: 'RUS', swe: 'RUS' });
    const rules: PhaseRules = {
      adjustmentRules: {
        mayBuildType: (t) => t === 'army',
        buildSites: () => ['mos', 'swe'],
      },
    };
    expect(check(w, 'RUS', ['Build F stp/nc', 'Build A stp', 'RUS Build A swe'], rules)).toEqual([
      ['Build F stp/nc', 'warn/build-type-not-allowed'],
      ['Build A stp', 'warn/build-not-site'],
    ]);
  });

  it('warn/removal-not-owed and warn/too-many-removals', () => {
    const owes = winter(['ENG F lon', 'ENG F nth', 'ENG A yor'], { lon: 'ENG', edi: 'ENG' });
    expect(check(owes, 'ENG', ['Remove F nth', 'Remove A yor'])).toEqual([
      ['Remove A yor', 'warn/too-many-removals'],
    ]);
    const even = winter(['ENG F lon', 'ENG F nth'], { lon: 'ENG', edi: 'ENG' });
    expect(check(even, 'ENG', ['Remove F nth'])).toEqual([
      ['Remove F nth', 'warn/removal-not-owed'],
    ]);
    expect(check(owes, 'ENG', ['Remove F nth', 'Remove F nth'])).toEqual([
      ['Remove F nth', 'warn/duplicate'],
    ]);
  });

  it('warn/wrong-phase in a module phase', () => {
    const s: GameState = {
      ...opening,
      phase: { year: 1901, season: 'winter', type: 'module', module: 'm', step: 'x' },
    };
    expect(check(s, 'ENG', ['Waive'])).toEqual([['Waive', 'warn/wrong-phase']]);
  });
});

describe('submission warnings: authority from rule modules', () => {
  // An investor (no power of their own) orders the powers a module says: like Fiascomacy.
  const investors = defineModule({
    id: 'investors',
    headline: 'Investors order the powers they back.',
    orderablePowers: (_ctx, player) => (player === 'banker' ? ['FRA', 'GER'] : undefined),
  });
  // The Fink chooses the retreat of a dislodged Russian fleet in Rumania.
  const fink = defineModule({
    id: 'fink',
    headline: 'The Fink chooses a finked unit’s retreat.',
    retreatController: (_ctx, u) =>
      u.power === 'RUS' && u.location.province === 'rum' ? ['banker'] : undefined,
  });
  const variant: Variant = {
    id: 'authority-test',
    name: 'Authority test',
    map,
    rulebook: '2023',
    modules: [investors, fink],
    players: { min: 1, max: 8 },
  };

  function game(): VariantState {
    const g = newGame(variant, {
      variant: variant.id,
      seed: 1,
      players: [...map.powers.map((p) => ({ id: p, powers: [p] })), { id: 'banker', powers: [] }],
    });
    if (!g.ok) throw new Error(g.error.message);
    return g.value;
  }

  it('lets an investor order the units of the powers it backs, and only those', () => {
    const s = game();
    const authority = submissionAuthority(variant, s, 'banker');
    expect(authority.powers).toEqual(['FRA', 'GER']);
    const checks = submissionWarnings(
      map,
      s,
      authority,
      parsed('movement', ['A par - bur', 'A mun - ruh', 'F lon - nth']),
      phaseRules(variant, s),
    );
    expect(checks.map((c) => c.power)).toEqual(['FRA', 'GER', undefined]);
    expect(checks.map((c) => c.warnings.map((w) => w.code))).toEqual([
      [],
      [],
      ['warn/foreign-unit'],
    ]);
    // England's own player still orders England.
    expect(check(s, submissionAuthority(variant, s, 'ENG'), ['F lon - nth'])).toEqual([]);
  });

  it('lets the Fink order another power’s retreat, and nobody else a foreign one', () => {
    const s: VariantState = {
      ...game(),
      phase: { year: 1901, season: 'fall', type: 'retreat' },
      dislodged: [
        { unit: unit('RUS F rum'), attackerFrom: 'bul', retreats: [at('bla')] },
        { unit: unit('RUS A gal'), attackerFrom: 'vie', retreats: [at('ukr')] },
      ],
    };
    const banker = submissionAuthority(variant, s, 'banker');
    expect(check(s, banker, ['F rum R bla', 'A gal R ukr'])).toEqual([
      ['A gal R ukr', 'warn/foreign-unit'],
    ]);
    expect(check(s, submissionAuthority(variant, s, 'RUS'), ['F rum R bla'])).toEqual([]);
    expect(check(s, submissionAuthority(variant, s, 'TUR'), ['F rum R bla'])).toEqual([
      ['F rum R bla', 'warn/foreign-unit'],
    ]);
  });
});

describe('submission warnings agree with legalOrders', () => {
  const states: GameState[] = [];
  for (const step of playRandomGame(map, { seed: 3, lastYear: 1908, explain: false }))
    if (step.state.winner === null) states.push(step.state);

  it('gives no warning for any listed order given alone, in every phase kind', () => {
    const kinds = new Set<string>();
    for (const state of states.filter((_, i) => i % 3 === 0)) {
      kinds.add(state.phase.type);
      for (const power of map.powers) {
        for (const order of legalOrders(map, state, power)) {
          const [c] = submissionWarnings(map, state, { powers: [power] }, [{ order }]);
          expect(c).toEqual({ power, warnings: [] });
        }
      }
    }
    expect([...kinds].sort()).toEqual(['adjustment', 'movement', 'retreat']);
  });
});

describe('submission warnings: the codes', () => {
  it('every code is given by some test above', () => {
    expect([...seen].sort()).toEqual(Object.keys(EVERY_CODE).sort());
  });
});
