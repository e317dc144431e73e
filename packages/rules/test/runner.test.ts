// The scenario runner must notice every kind of wrong expectation, or the scenarios prove nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario, type ScenarioCase, type ScenarioExpectation } from '@arbiter/engine';
import { VARIANTS } from '../src/index.js';
import { pinkHarnessVariant } from '../src/pink-economy/harness.js';

const base = (
  JSON.parse(readFileSync(new URL('./scenarios/standard.json', import.meta.url), 'utf8')) as {
    cases: ScenarioCase[];
  }
).cases[0]!;

function withFirstStep(expect: ScenarioExpectation): ScenarioCase {
  return { ...base, steps: [{ orders: base.steps[0]!.orders, expect }] };
}

describe('scenario runner', () => {
  it.each([
    [
      'an outcome',
      { outcomes: { 'FRA A par - bur': ['succeeds'] } },
      'FRA A par - bur: expected succeeds, got fails',
    ],
    [
      'a missing order',
      { outcomes: { 'FRA A par - pic': ['fails'] } },
      'no adjudicated order "FRA A par - pic"',
    ],
    ['the units', { units: ['FRA A par'] }, 'units ['],
    [
      'the rejections',
      { rejections: [] },
      'rejections [FRA parse/unknown-province, GER command/not-your-unit], expected []',
    ],
    ['the phase', { phase: 'S1901R' }, 'next phase F1901M, expected S1901R'],
    ['the centres', { centres: { bel: 'FRA' } }, 'do not include {"bel":"FRA"}'],
    ['the events', { events: { public: ['x/y'] } }, 'public sees events [], expected [x/y]'],
    ['a secret', { hidden: { public: ['"FRA"'] } }, 'public can see ""FRA""'],
    ['the winners', { winners: ['FRA'] }, 'winners null, expected ["FRA"]'],
  ] as const)('reports a wrong expectation of %s', (_, expect_, message) => {
    const r = runScenario((id) => VARIANTS[id], withFirstStep(expect_));
    expect(r.passed).toBe(false);
    expect(r.problems.join('\n')).toContain(message);
  });

  it('reports an unknown variant and a malformed start', () => {
    expect(runScenario((id) => VARIANTS[id], { ...base, variant: 'moon' }).problems).toEqual([
      'unknown variant "moon"',
    ]);
    expect(
      runScenario((id) => VARIANTS[id], { ...base, start: { phase: '1901' } }).problems[0],
    ).toMatch(/start.phase/);
  });

  it('names each malformed field by its path, and unknown powers and provinces, instead of crashing', () => {
    const broken = {
      ...base,
      players: [{ id: 'p1', powers: ['FRA', 'XYZ'] }],
      start: { phase: 'S1901M', units: ['FRA A par', 'MOON A par', 'FRA A atlantis', 7] },
      steps: [
        { orders: { p1: ['A par - bur', 3], ghost: [] }, expect: { units: 'FRA A bur' } },
        'not a step',
      ],
    } as unknown as ScenarioCase;
    const r = runScenario((id) => VARIANTS[id], broken);
    expect(r.passed).toBe(false);
    expect(r.problems).toEqual([
      'players[0].powers[1]: "XYZ" is not a power here (AUS, ENG, FRA, GER, ITA, RUS, TUR)',
      'start.units[1]: "MOON" is not a power here (AUS, ENG, FRA, GER, ITA, RUS, TUR)',
      'start.units[2]: "atlantis" is not a province of standard',
      'start.units[3]: expected a string, got number 7',
      'steps[0].orders.p1[1]: expected a string, got number 3',
      'steps[0].expect.units: expected a list, got string "FRA A bur"',
      'steps[1]: expected an object, got string "not a step"',
    ]);
  });

  it('reports orders for a player who is not in the game', () => {
    const r = runScenario((id) => VARIANTS[id], {
      ...base,
      steps: [{ orders: { ...base.steps[0]!.orders, ghost: ['A par H'] }, expect: {} }],
    });
    expect(r.problems).toEqual([
      'steps[0].orders.ghost: "ghost" is not a player here (AUS, ENG, FRA, GER, ITA, RUS, TUR)',
    ]);
  });

  it('fails a step given after the game has ended, naming the step that ended it', () => {
    // France owns 17 centres and takes Holland, the 18th, in Fall 1905: the solo ends the game.
    const centres: Record<string, string> = {};
    for (const c of ['bre', 'par', 'mar', 'spa', 'por', 'bel', 'lon', 'edi', 'lvp', 'nwy'])
      centres[c] = 'FRA';
    for (const c of ['swe', 'den', 'kie', 'ber', 'mun', 'tun', 'nap']) centres[c] = 'FRA';
    const solo: ScenarioCase = {
      id: 'END.1',
      variant: 'standard',
      start: { phase: 'F1905M', units: ['FRA A bur', 'FRA A ruh'], centres },
      steps: [
        { orders: { FRA: ['A ruh - hol'] }, expect: { centres: { hol: 'FRA' } } },
        { orders: { FRA: ['A hol - bel'] }, expect: {} },
      ],
    };
    const r = runScenario((id) => VARIANTS[id], solo);
    expect(r.passed).toBe(false);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(
      /^step 2 \(.+\): the game ended after step 1 \(won by FRA\); nothing can be ordered after the end$/,
    );
  });

  it('fails a case whose options name a setting the module does not have', () => {
    const r = runScenario((id) => VARIANTS[id], {
      ...base,
      variant: 'fink',
      options: { fink: { FINK_RETREAT_AFTER: true } },
    });
    expect(r.passed).toBe(false);
    expect(r.problems[0]).toMatch(
      /^options\.fink\.FINK_RETREAT_AFTER: fink has no setting "FINK_RETREAT_AFTER"; its settings: .*FINK_RETREATS_AFTER/,
    );
  });
});

describe('scenario runner: units with attributes and a module step to start from', () => {
  const resolve = (id: string) =>
    id === pinkHarnessVariant.id ? pinkHarnessVariant : VARIANTS[id];
  const halves: ScenarioCase = {
    id: 'ATTRS',
    variant: pinkHarnessVariant.id,
    start: {
      phase: 'S1903M',
      units: ['FRA A bur', 'FRA A ruh', 'GER A mun'],
      attrs: {
        bur: { 'pink-strength': { strength: 'half', standoffs: 0, attacks: 0 } },
        ruh: { 'pink-strength': { strength: 'half', standoffs: 0, attacks: 0 } },
      },
    },
    steps: [
      {
        orders: { FRA: ['A Bur - Mun', 'A Ruh S A Bur - Mun'], GER: ['A Mun H'] },
        expect: {
          outcomes: { 'FRA A bur - mun': ['fails'] },
          attrs: { mun: { 'pink-strength': { strength: 'full' } } },
        },
      },
    ],
  };

  it('start.attrs sets units up, and expect.attrs checks them (PK-S1: half + half only stands off)', () => {
    expect(runScenario(resolve, halves).problems).toEqual([]);
    // Without the attributes both armies are full, 4 against 2: the move succeeds.
    const full = { ...halves, start: { ...halves.start, attrs: {} } };
    expect(runScenario(resolve, full).problems.join('\n')).toContain(
      'FRA A bur - mun: expected fails, got succeeds',
    );
  });

  it('reports wrong attributes, attributes of an empty province and a step without its module', () => {
    const wrong = {
      ...halves,
      steps: [
        {
          ...halves.steps[0]!,
          expect: { attrs: { bur: { 'pink-strength': { strength: 'full' } } } },
        },
      ],
    };
    expect(runScenario(resolve, wrong).problems.join('\n')).toContain(
      'the unit in bur has attrs {"pink-strength":{"strength":"half"',
    );
    const empty = { ...halves, start: { ...halves.start, attrs: { par: { x: {} } } } };
    expect(runScenario(resolve, empty).problems.join('\n')).toContain(
      'start.attrs.par: no unit stands in par',
    );
    const step = { ...halves, start: { ...halves.start, phase: 'W1903-budget-a' } };
    expect(runScenario(resolve, step).problems.join('\n')).toContain(
      'start.phase "W1903-budget-a" is a module\'s step: name it in start.module',
    );
  });

  it('starts from a module step named as the game names it', () => {
    const budget: ScenarioCase = {
      id: 'STEP',
      variant: pinkHarnessVariant.id,
      start: { phase: 'W1903-budget-a', module: 'pink-economy', units: ['FRA A par'] },
      steps: [{ orders: {}, expect: { phase: 'W1903-budget-b' } }],
    };
    expect(runScenario(resolve, budget).problems).toEqual([]);
  });
});

describe('scenario runner: the gamesmaster sheet', () => {
  const resolve = (id: string) =>
    id === pinkHarnessVariant.id ? pinkHarnessVariant : VARIANTS[id];
  const bonus = (orders: Record<string, string[]>): ScenarioCase => ({
    id: 'GM',
    variant: pinkHarnessVariant.id,
    start: { phase: 'S1903M', units: ['FRA A par', 'GER A mun'] },
    steps: [
      {
        orders,
        expect: {
          eventTexts: { FRA: ['The gamesmaster awards FRA 5 points (rule 5b).'] },
          hidden: { GER: ['awards FRA'] },
        },
      },
    ],
  });

  it('submits the lines under `gm` as the gamesmaster (GAMESMASTER), not as a player', () => {
    expect(runScenario(resolve, bonus({ gm: ['BONUS 5 TO FRA'] })).problems).toEqual([]);
    // The same line from a player is refused, and nobody is awarded anything.
    const r = runScenario(resolve, {
      ...bonus({ FRA: ['BONUS 5 TO FRA'] }),
      steps: [
        {
          orders: { FRA: ['BONUS 5 TO FRA'] },
          expect: { rejections: [{ player: 'FRA', code: 'pink/not-gamesmaster' }] },
        },
      ],
    });
    expect(r.problems).toEqual([]);
    expect(runScenario(resolve, bonus({ FRA: ['A par H'] })).problems.join('\n')).toContain(
      'FRA sees no event saying "The gamesmaster awards FRA 5 points',
    );
  });
});

describe('scenario runner: province ids with digits', () => {
  it("reads Pink II's level provinces in units (PWA A nor1), at the start and in expectations", () => {
    const c: ScenarioCase = {
      id: 'LEVELS',
      variant: 'pink2',
      start: { phase: 'S1903M', units: ['PWA A nor1', 'PWB A jor2'] },
      steps: [
        {
          orders: { PWA: ['A nor1-nor2'], PWB: ['A jor2-nor2'] },
          expect: { units: ['PWA A nor1', 'PWB A jor2'] },
        },
      ],
    };
    expect(runScenario((id) => VARIANTS[id], c).problems).toEqual([]);
    const wrong = { ...c, steps: [{ ...c.steps[0]!, expect: { units: ['PWA A nor2'] } }] };
    expect(runScenario((id) => VARIANTS[id], wrong).problems.join('\n')).toContain(
      'units [PWA A nor1, PWB A jor2], expected [PWA A nor2]',
    );
  });
});
