// Rule 11 as an option (`pink-naming`, NAMING): the blocks of letters, the naming step before the
// first Spring, the refusals, and orders written with the chosen names read as with the ids.
import { describe, expect, it } from 'vitest';
import {
  GAMESMASTER,
  newGame,
  parseSubmission,
  phaseName,
  processVariantPhase,
  readingMap,
  type Submission,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import { pink2Variant, pink3Variant, pinkVariant } from './index.js';
import { lettersOf, NAMING_ID, type NamingState } from './naming.js';

const ON = { [NAMING_ID]: { NAMING: true } };

function start(variant: Variant, naming: boolean): VariantState {
  const players = variant.map.powers.map((p) => ({ id: p, powers: [p] }));
  const g = newGame(variant, {
    variant: variant.id,
    seed: 3,
    players,
    ...(naming ? { options: ON } : {}),
  });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

function read(variant: Variant, state: VariantState, lines: Record<string, string[]>) {
  const submissions: Submission[] = [];
  const rejections: { player: string; code: string; text: string }[] = [];
  for (const [player, text] of Object.entries(lines)) {
    const r = parseSubmission(variant, state, player, text.join('\n'));
    submissions.push(r.submission);
    rejections.push(...r.rejections.map((x) => ({ player, code: x.code, text: x.text })));
  }
  return { submissions, rejections };
}

function play(variant: Variant, state: VariantState, lines: Record<string, string[]>) {
  const { submissions, rejections } = read(variant, state, lines);
  expect(rejections).toEqual([]);
  return processVariantPhase(variant, state, submissions);
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${n - i}`, powers: [] }));

describe('blocks of letters', () => {
  it('two players: the first by id A–D, the second E–H; the gamesmaster Y and Z', () => {
    const state = {
      players: [
        { id: 'zoe', powers: [] },
        { id: 'adam', powers: [] },
      ],
    };
    expect(lettersOf(state, 'adam')).toEqual(['A', 'B', 'C', 'D']);
    expect(lettersOf(state, 'zoe')).toEqual(['E', 'F', 'G', 'H']);
    expect(lettersOf(state, GAMESMASTER)).toEqual(['Y', 'Z']);
    expect(lettersOf(state, 'nobody')).toEqual([]);
  });

  it('five players: A–D … Q–T', () => {
    const state = { players: ids(5) };
    expect(['p1', 'p2', 'p3', 'p4', 'p5'].map((p) => lettersOf(state, p).join(''))).toEqual([
      'ABCD',
      'EFGH',
      'IJKL',
      'MNOP',
      'QRST',
    ]);
  });

  it('seven players: six blocks run out at X, the seventh names nothing', () => {
    const state = { players: ids(7) };
    expect(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'].map((p) => lettersOf(state, p).join('')),
    ).toEqual(['ABCD', 'EFGH', 'IJKL', 'MNOP', 'QRST', 'UVWX', '']);
    expect(lettersOf(state, GAMESMASTER)).toEqual(['Y', 'Z']);
  });
});

describe('NAMING off', () => {
  it('adds no step and no state', () => {
    for (const v of [pinkVariant, pink2Variant, pink3Variant]) {
      const s = start(v, false);
      expect(phaseName(s.phase)).toBe('S1901M');
      expect(NAMING_ID in s.modules).toBe(false);
      expect(readingMap(v, s)).toBe(v.map);
    }
  });

  it('refuses NAME lines: provinces are named in the naming step only', () => {
    const s = start(pink3Variant, false);
    const r = read(pink3Variant, s, { PWB: ['NAME hal Harrowgate'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['pink/not-naming']);
  });
});

describe('the naming step (pink3)', () => {
  const v = pink3Variant;

  it('comes before S1901M, takes no unit orders, and leads to S1901M', () => {
    const s = start(v, true);
    expect(phaseName(s.phase)).toBe('S1901-naming');
    const r = read(v, s, { PWA: ['A els - hal'] });
    expect(r.rejections.map((x) => x.code)).toEqual(['command/no-orders-this-phase']);
    const next = play(v, s, {});
    expect(phaseName(next.state.phase)).toBe('S1901M');
    expect(next.state.units).toEqual(s.units);
    expect(next.state.modules[NAMING_ID]).toEqual({ names: {} });
  });

  it('refuses a name of another letter, a province not in the block, and a name taken', () => {
    const s = start(v, true);
    const r = read(v, s, {
      PWA: ['NAME hal Harrowgate', 'NAME amb Ambra'],
      PWB: [
        'NAME hal Zenith',
        'NAME hal Harrowgate xhq',
        'NAME els Esterel',
        'NAME els "Elm Via"',
        'NAME gal Gale',
        'NAME gor Galeport gal',
        'NAME gor Gale',
      ],
      PWD: ['NAME por "Power A" pow'],
      gm: ['NAME yar Yonder', 'NAME amb Ambit'],
    });
    expect(r.rejections.map((x) => `${x.player} ${x.code} ${x.text}`)).toEqual([
      'PWA pink/not-your-block NAME hal Harrowgate',
      'PWB pink/name-letter NAME hal Zenith',
      'PWB pink/name-letter NAME hal Harrowgate xhq',
      'PWB pink/name-taken NAME els Esterel',
      'PWB pink/name-taken NAME els "Elm Via"',
      'PWB pink/name-taken NAME gor Galeport gal',
      'PWB pink/name-taken NAME gor Gale',
      'PWD pink/name-taken NAME por "Power A" pow',
      'gm pink/not-your-block NAME amb Ambit',
    ]);
  });

  it('orders with the chosen names and abbreviations resolve as with the ids', () => {
    const s = start(v, true);
    const named = play(v, s, {
      PWB: ['NAME hal Harrowgate hrw', 'NAME els "Eld Mark"'],
      PWE: ['NAME sel Sunmere'],
      gm: ['NAME yar Yonder'],
    });
    const names = (named.state.modules[NAMING_ID] as NamingState).names;
    expect(names).toEqual({
      els: { name: 'Eld Mark', abbr: 'eld', by: 'PWB' },
      hal: { name: 'Harrowgate', abbr: 'hrw', by: 'PWB' },
      sel: { name: 'Sunmere', abbr: 'sun', by: 'PWE' },
      yar: { name: 'Yonder', abbr: 'yon', by: GAMESMASTER },
    });
    expect(named.events.map((e) => e.type)).toEqual(['pink/names']);
    const spring = named.state;
    const byName = play(v, spring, {
      PWA: ['A Eld Mark - Harrowgate', 'A por - sun'],
    });
    const byAbbr = play(v, spring, { PWA: ['PWA A eld - hrw', 'A Portvale - Sunmere'] });
    const byId = play(v, spring, { PWA: ['A els - hal', 'A por - sel'] });
    expect(byName.report.outcomes).toEqual(byId.report.outcomes);
    expect(byAbbr.report.outcomes).toEqual(byId.report.outcomes);
    expect(byName.state.units).toEqual(byId.state.units);
    expect(
      byId.state.units.filter((u) => u.power === 'PWA').map((u) => u.location.province),
    ).toEqual(['hal', 'sel']);
    // The old names still read.
    expect(readingMap(v, spring).findProvince('Halstead')?.id).toBe('hal');
  });
});

describe('Pink I and II', () => {
  it('Pink I: a budget line and an order may use the names', () => {
    const v = pinkVariant;
    const named = play(v, start(v, true), { PWB: ['NAME hal Harrowgate'] }).state;
    expect(phaseName(named.phase)).toBe('S1901M');
    const a = play(v, named, { PWA: ['A els - Harrowgate'] });
    const b = play(v, named, { PWA: ['A els - hal'] });
    expect(a.report.outcomes).toEqual(b.report.outcomes);
    expect(a.state.modules).toEqual(b.state.modules);
    // A budget line names the province by its new name too.
    const budget = {
      ...play(v, start(v, true), { PWB: ['NAME els "Eld Mark"'] }).state,
      phase: {
        year: 1901,
        season: 'winter',
        type: 'module',
        module: 'pink-economy',
        step: 'budget-b',
      },
    } as const;
    const [byName, byId] = ['STORE 1 IN Eld Mark', 'STORE 1 IN els'].map((line) =>
      parseSubmission(v, budget, 'PWA', line),
    );
    // Refused for want of money (no winter income here), in the same words: read as `els`.
    const said = (r: typeof byName) => r!.rejections.map((x) => `${x.code}: ${x.message}`);
    expect(said(byName)).toEqual(said(byId));
    expect(said(byName)).toEqual([
      "pink/overspent: only 0 points of this winter's money are left to store",
    ]);
    expect(parseSubmission(v, budget, 'PWA', 'STORE 1 IN Nowhere').rejections[0]?.code).toBe(
      'pink-economy/bad-action',
    );
  });

  it('Pink II: naming a province names it on every level, "Name 1" … and abbr1 …', () => {
    const v = pink2Variant;
    const s = start(v, true);
    expect(phaseName(s.phase)).toBe('S1901-naming');
    const named = play(v, s, { PWB: ['NAME hal2 Harrowgate'], PWA: ['NAME car Carthago'] });
    expect((named.state.modules[NAMING_ID] as NamingState).names).toEqual({
      car: { name: 'Carthago', abbr: 'car', by: 'PWA' },
      hal: { name: 'Harrowgate', abbr: 'har', by: 'PWB' },
    });
    const map = readingMap(v, named.state);
    expect(
      ['Harrowgate 1', 'harrowgate2', 'har3', 'Carthago'].map((n) => map.findProvince(n)?.id),
    ).toEqual(['hal1', 'hal2', 'hal3', 'car']);
    const a = play(v, named.state, { PWA: ['A els1 - Harrowgate 1', 'A els2 - har2'] });
    const b = play(v, named.state, { PWA: ['A els1 - hal1', 'A els2 - hal2'] });
    expect(a.report.outcomes).toEqual(b.report.outcomes);
    expect(a.state.units).toEqual(b.state.units);
    expect(b.state.units.some((u) => u.location.province === 'hal2')).toBe(true);
  });
});
