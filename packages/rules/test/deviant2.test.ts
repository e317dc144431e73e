// Deviant Diplomacy II beyond the scenario files: the GM's approval queue (pure functions over
// the state), labels on maps whose initials clash, the catalogue's registry, the grammar, and
// seeded random games.
import { describe, expect, it } from 'vitest';
import {
  parseSubmission,
  playVariantGame,
  processVariantPhase,
  scenarioState,
  standardMap,
  supplyCentersInForce,
  viewFor,
  withSupplyCenters,
  type GameMap,
  type ScenarioCase,
  type VariantState,
} from '@arbiter/engine';
import {
  approveProposal,
  CATALOGUE,
  deviant2Variant,
  HOUSE_RULES,
  VARIANTS,
  withholdProposal,
} from '../src/index.js';
import { findHouseRule } from '../src/deviant2/catalogue/index.js';
import { displayRuleId } from '../src/deviant2/catalogue/house-rule.js';
import { formatDeviantAction, parseDeviantAction } from '../src/deviant2/grammar.js';
import { makeLabels, type GovernanceState } from '../src/deviant2/state.js';
import type { GovernanceView } from '../src/deviant2/governance.js';

const variant = deviant2Variant;

/** Plays one phase with each player's lines; fails the test on any refused line. */
function play(state: VariantState, orders: Readonly<Record<string, readonly string[]>>) {
  const subs = state.players.map((p) => {
    const r = parseSubmission(variant, state, p.id, (orders[p.id] ?? []).join('\n'), CATALOGUE);
    expect(r.rejections).toEqual([]);
    return r.submission;
  });
  return processVariantPhase(variant, state, subs, CATALOGUE);
}

function own(state: VariantState): GovernanceState {
  return state.modules['deviant'] as GovernanceState;
}

function publicView(state: VariantState): GovernanceView {
  return viewFor(variant, state, { kind: 'public' }, CATALOGUE).modules[
    'deviant'
  ] as GovernanceView;
}

/** Winter 1901: England proposes in free text, France proposes NO_CONVOYS. */
function queued(): VariantState {
  const c: ScenarioCase = { id: 'x', variant: 'deviant2', start: { phase: 'W1901A' }, steps: [] };
  const start = scenarioState(variant, c);
  if (typeof start === 'string') throw new Error(start);
  return play(start, {
    ENG: ['PROPOSE "Fleets may not enter the Black Sea."'],
    FRA: ['PROPOSE NO_CONVOYS'],
  }).state;
}

const RAID =
  'Spring Raid Rule: supply centres change hands after the Spring moves as well as after the Fall moves.';

/**
 * Winter 1900: England proposes SPRING_RAID; Spring 1901: nobody votes for it (so it is
 * England's default, not passed), and England proposes `line` (or nothing) for the Fall vote.
 */
function freeTextAfterADefault(line: string | undefined) {
  const c: ScenarioCase = { id: 'x', variant: 'deviant2', start: { phase: 'W1900A' }, steps: [] };
  const start = scenarioState(variant, c);
  if (typeof start === 'string') throw new Error(start);
  const spring = play(start, { ENG: ['PROPOSE SPRING_RAID'] }).state;
  return play(spring, line === undefined ? {} : { ENG: [line] });
}

describe('the GM approval queue', () => {
  it('maps a free-text proposal to a catalogue rule, which then stands and passes like any other', () => {
    const state = queued();
    expect(own(state).queue.map((q) => q.label)).toEqual(['E']);
    const approved = approveProposal(state, 'E', { rule: 'BUILD_CAP', settings: { max: 2 } });
    if (!approved.ok) throw new Error(approved.error.message);
    const s = approved.value;
    expect(own(s).queue).toEqual([]);
    expect(publicView(s).ballot).toEqual([
      '(E) Build Cap Rule: no power may build more than 2 units in one winter.',
      '(F) No Convoy Rule: fleets may not convoy.',
    ]);
    expect(own(s).gmLog).toEqual(['(E) "Fleets may not enter the Black Sea." → BUILD_CAP max=2']);
    const r = play(s, { ENG: ['VOTE 3 FOR E'], FRA: ['VOTE 2 FOR F'] });
    expect(own(r.state).lastTally?.passed).toEqual(['E']);
    expect(r.state.ruleSet).toEqual([
      { module: 'build-cap', settings: { max: 2 }, label: 'E', from: r.state.phaseIndex },
    ]);
  });

  it('withholding a proposal counts as no proposal: the default stands instead, if there is one', () => {
    const state = queued();
    const w = withholdProposal(state, 'E');
    if (!w.ok) throw new Error(w.error.message);
    expect(publicView(w.value).ballot).toEqual(['(F) No Convoy Rule: fleets may not convoy.']);
    expect(own(w.value).gmLog).toEqual(['(E) withheld by the GM']);
    const withLast: VariantState = {
      ...state,
      modules: {
        ...state.modules,
        deviant: {
          ...own(state),
          last: {
            ENG: { measure: { kind: 'enact', rule: 'spring-raid', settings: {} }, passed: false },
          },
        },
      },
    };
    const w2 = withholdProposal(withLast, 'e', 'too vague to adjudicate');
    if (!w2.ok) throw new Error(w2.error.message);
    expect(own(w2.value).gmLog).toEqual(['(E) withheld by the GM: too vague to adjudicate']);
    expect(publicView(w2.value).ballot[0]).toBe(
      '(E) Spring Raid Rule: supply centres change hands after the Spring moves as well as after the Fall moves. [re-proposed by default]',
    );
  });

  it('a proposal the GM withholds gives way to the default: votes cast for its label before the ruling count for it', () => {
    const fall = freeTextAfterADefault('PROPOSE "Armies may swim to Corsica."');
    const texts = fall.events.filter((e) => e.type === 'deviant/ballot').map((e) => e.text);
    expect(texts).toEqual([
      `Proposals for the Fall 1901 vote: (E) [free text, awaiting the GM's ruling; if withheld: ${RAID} [re-proposed by default]]`,
    ]);
    // Russia votes for (E) while it still waits; then the GM withholds it.
    const vote = parseSubmission(variant, fall.state, 'RUS', 'VOTE 4 FOR E', CATALOGUE);
    expect(vote.rejections).toEqual([]);
    const w = withholdProposal(fall.state, 'E', 'no such islands');
    if (!w.ok) throw new Error(w.error.message);
    expect(publicView(w.value).ballot).toEqual([`(E) ${RAID} [re-proposed by default]`]);
    expect(publicView(w.value).awaitingGm).toEqual([]);
    const r = processVariantPhase(variant, w.value, [vote.submission], CATALOGUE);
    expect(r.events.map((e) => e.type)).not.toContain('deviant/withheld');
    expect(own(r.state).lastTally).toMatchObject({ totals: { E: 4 }, passed: ['E'] });
    expect(r.state.ruleSet.map((e) => e.module)).toEqual(['spring-raid']);
    // The default counted as England's proposal: passed, its next default is the repeal.
    expect(own(r.state).last['ENG']).toEqual({
      measure: { kind: 'enact', rule: 'spring-raid', settings: {} },
      passed: true,
    });
    // The text was never published: not to the public, nor to Russia, before or after.
    for (const state of [fall.state, w.value, r.state]) {
      for (const viewer of [{ kind: 'public' }, { kind: 'player', player: 'RUS' }] as const) {
        expect(JSON.stringify(viewFor(variant, state, viewer, CATALOGUE))).not.toContain('swim');
      }
    }
    expect(JSON.stringify(r.events)).not.toContain('swim');
  });

  it('a proposal still unruled at the vote is withheld then: the tally is exactly as if the player had proposed nothing', () => {
    const votes = { RUS: ['VOTE 4 FOR E'], FRA: ['VOTE 3 FOR E'] };
    const queuedFall = freeTextAfterADefault('PROPOSE "Armies may swim to Corsica."');
    const silentFall = freeTextAfterADefault(undefined);
    expect(silentFall.events.find((e) => e.type === 'deviant/ballot')?.text).toBe(
      `Proposals for the Fall 1901 vote: (E) ${RAID} [re-proposed by default]`,
    );
    const withheld = play(queuedFall.state, votes);
    const silent = play(silentFall.state, votes);
    const w = withheld.events.find((e) => e.type === 'deviant/withheld');
    expect(w?.text).toBe(
      `(E) was not ruled on by the GM before the Fall 1901 vote: it is withheld and counts as no proposal, so ENG's default stands instead: (E) ${RAID} [re-proposed by default]`,
    );
    const counted = (events: readonly { type: string; text: string }[]) =>
      events.filter((e) => ['deviant/votes', 'deviant/tally', 'deviant/passed'].includes(e.type));
    expect(counted(withheld.events)).toEqual(counted(silent.events));
    expect(counted(withheld.events).map((e) => e.text)).toContain('Fall 1901 vote: E = 7.');
    expect(own(withheld.state)).toEqual(own(silent.state));
    expect(withheld.state.ruleSet).toEqual(silent.state.ruleSet);
    expect(JSON.stringify(withheld.events)).not.toContain('swim');
  });

  it('refuses to rule on what is not queued, unknown rules and bad settings', () => {
    const state = queued();
    const code = (r: ReturnType<typeof approveProposal>): string => (r.ok ? 'ok' : r.error.code);
    expect(code(approveProposal(state, 'F', { rule: 'NO_CONVOYS' }))).toBe('deviant/not-queued');
    expect(code(withholdProposal(state, 'Z'))).toBe('deviant/not-queued');
    expect(code(approveProposal(state, 'E', { rule: 'NO_BLACK_SEA' }))).toBe(
      'deviant/unknown-rule',
    );
    expect(code(approveProposal(state, 'E', { rule: 'BUILD_CAP', settings: { max: 99 } }))).toBe(
      'deviant/bad-params',
    );
    expect(code(approveProposal(state, 'E', { rule: 'NO_CONVOYS', repeal: true }))).toBe('ok');
  });
});

describe('the centre rules’ provinces', () => {
  /** Winter 1901, or with `ruleSet` in force. */
  function winter(ruleSet: VariantState['ruleSet'] = []): VariantState {
    const c: ScenarioCase = {
      id: 'x',
      variant: 'deviant2',
      start: { phase: 'W1901A', ruleSet },
      steps: [],
    };
    const start = scenarioState(variant, c);
    if (typeof start === 'string') throw new Error(start);
    // The engine works the centres out at every phase; here, as a phase would have left them.
    return withSupplyCenters(variant.map, start, supplyCentersInForce(variant, start, CATALOGUE))
      .state;
  }

  const refusal = (state: VariantState, line: string): string | undefined =>
    parseSubmission(variant, state, 'ENG', line, CATALOGUE).rejections[0]?.code;

  it.each([
    ['PROPOSE NEW_CENTRES Atlantis', 'deviant/unknown-province'],
    ['PROPOSE NEW_CENTRES provinces=ruh,xyz', 'deviant/unknown-province'],
    ['PROPOSE NEW_CENTRES Paris', 'deviant/already-a-centre'],
    ['PROPOSE NEW_CENTRES nth', 'deviant/bad-params'],
    ['PROPOSE NEW_CENTRES Switzerland', 'deviant/bad-params'],
    ['PROPOSE NEW_CENTRES', 'deviant/bad-params'],
    ['PROPOSE NEW_CENTRES cap=2', 'deviant/bad-params'],
    ['PROPOSE REMOVE_CENTRES ruh', 'deviant/not-a-centre'],
    ['PROPOSE NO_CENTRE Atlantis', 'deviant/unknown-province'],
    ['PROPOSE REMOVE_CENTRES', 'deviant/bad-params'],
    ['PROPOSE VICTORY_COUNT centres=19', 'deviant/bad-params'],
    ['PROPOSE NEW_CENTRES Ruhr Burgundy', undefined],
    ['PROPOSE NEW_CENTRES provinces=ruh,bur', undefined],
    ['PROPOSE NO_CENTRE bel,hol', undefined],
    ['PROPOSE VICTORY_COUNT centres=18', undefined],
  ])('%s: %s', (line, code) => {
    expect(refusal(winter(), line)).toBe(code);
  });

  it('name provinces by id or name, and write them as sorted ids on the ballot', () => {
    const s = winter();
    const r = play(s, {
      ENG: ['PROPOSE NEW_CENTRES Ruhr, Burgundy'],
      FRA: ['PROPOSE NO_CENTRE Hol bel'],
    });
    expect(own(r.state).ballot.map((b) => b.measure)).toEqual([
      { kind: 'enact', rule: 'new-centres', settings: { provinces: ['bur', 'ruh'] } },
      { kind: 'enact', rule: 'remove-centres', settings: { provinces: ['bel', 'hol'] } },
    ]);
    expect(publicView(r.state).ballot).toEqual([
      '(E) New Centres Rule: Burgundy and Ruhr are supply centres.',
      '(F) Removed Centres Rule: Belgium and Holland are not supply centres.',
    ]);
  });

  it('are checked against the centres in force: a new centre is one, a removed one is not, unless the same rule made it so', () => {
    const made = winter([
      { module: 'new-centres', settings: { provinces: ['ruh'] }, label: 'G', from: 0 },
      { module: 'remove-centres', settings: { provinces: ['bel'] }, label: 'F', from: 0 },
    ]);
    expect(made.supplyCenterIds).toContain('ruh');
    expect(made.supplyCenterIds).not.toContain('bel');
    expect(refusal(made, 'PROPOSE REMOVE_CENTRES ruh')).toBeUndefined();
    expect(refusal(made, 'PROPOSE REMOVE_CENTRES bel')).toBeUndefined();
    expect(refusal(made, 'PROPOSE NEW_CENTRES bel')).toBeUndefined();
    // The rules' own lists may be named again: enacting a rule anew replaces its list.
    expect(refusal(made, 'PROPOSE NEW_CENTRES ruh bur')).toBeUndefined();
    expect(refusal(made, 'PROPOSE REMOVE_CENTRES bel hol')).toBeUndefined();
    // Other provinces are checked as ever.
    expect(refusal(made, 'PROPOSE REMOVE_CENTRES ruh pic')).toBe('deviant/not-a-centre');
    expect(refusal(made, 'PROPOSE NEW_CENTRES bel lon')).toBe('deviant/already-a-centre');
  });

  it('are read on the ballot as they were checked, even when the same vote repeals the rule', () => {
    // Spring 1902, NEW_CENTRES ruh in force: Austria's repeal passes (from Fall), and England
    // proposes the rule again with Burgundy added, which was right when England sent it.
    const c: ScenarioCase = {
      id: 'x',
      variant: 'deviant2',
      start: {
        phase: 'S1902M',
        ruleSet: [{ module: 'new-centres', settings: { provinces: ['ruh'] }, label: 'G', from: 0 }],
        modules: {
          deviant: {
            ballot: [
              {
                label: 'A',
                player: 'AUS',
                measure: { kind: 'repeal', rule: 'new-centres', settings: { provinces: ['ruh'] } },
                origin: 'proposed',
              },
            ],
            ballotSeason: 'S1902',
          },
        },
      },
      steps: [],
    };
    const start = scenarioState(variant, c);
    if (typeof start === 'string') throw new Error(start);
    const spring = withSupplyCenters(
      variant.map,
      start,
      supplyCentersInForce(variant, start, CATALOGUE),
    ).state;
    const r = play(spring, { AUS: ['VOTE 3 FOR A'], ENG: ['PROPOSE NEW_CENTRES ruh bur'] });
    expect(own(r.state).lastTally?.passed).toEqual(['A']);
    expect(r.state.supplyCenterIds).toBeUndefined();
    expect(publicView(r.state).ballot).toEqual([
      '(A) New Centres Rule: Ruhr is a supply centre. [re-proposed by default]',
      '(E) New Centres Rule: Burgundy and Ruhr are supply centres.',
    ]);
  });

  it('move the victory count’s maximum: a majority of the centres that exist', () => {
    const more = winter([
      { module: 'new-centres', settings: { provinces: ['bur', 'ruh'] }, label: 'G', from: 0 },
    ]);
    expect(refusal(more, 'PROPOSE VICTORY_COUNT centres=19')).toBeUndefined();
    expect(refusal(more, 'PROPOSE VICTORY_COUNT centres=20')).toBe('deviant/bad-params');
    const fewer = winter([
      { module: 'remove-centres', settings: { provinces: ['bel', 'hol'] }, label: 'F', from: 0 },
    ]);
    expect(refusal(fewer, 'PROPOSE VICTORY_COUNT centres=17')).toBeUndefined();
    expect(refusal(fewer, 'PROPOSE VICTORY_COUNT centres=18')).toBe('deviant/bad-params');
  });

  it('may be what the GM maps free text to, with the provinces as a list', () => {
    const state = queued();
    const code = (r: ReturnType<typeof approveProposal>): string => (r.ok ? 'ok' : r.error.code);
    expect(
      code(approveProposal(state, 'E', { rule: 'NEW_CENTRES', settings: { provinces: ['par'] } })),
    ).toBe('deviant/already-a-centre');
    expect(code(approveProposal(state, 'E', { rule: 'NEW_CENTRES' }))).toBe('deviant/bad-params');
    const r = approveProposal(state, 'E', {
      rule: 'NEW_CENTRES',
      settings: { provinces: ['Ruhr', 'bur'] },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(publicView(r.value).ballot[0]).toBe(
      '(E) New Centres Rule: Burgundy and Ruhr are supply centres.',
    );
    expect(own(r.value).gmLog).toEqual([
      '(E) "Fleets may not enter the Black Sea." → NEW_CENTRES provinces=bur,ruh',
    ]);
  });
});

describe('labels', () => {
  it("are the power's initial on the standard map", () => {
    expect(Object.values(makeLabels(standardMap, variant.seats?.(7) ?? onePerPower()))).toEqual([
      'A',
      'E',
      'F',
      'G',
      'I',
      'R',
      'T',
    ]);
  });

  it("are the power's id where initials clash", () => {
    const spec = {
      ...standardMap.spec,
      powers: [
        { id: 'SPA', name: 'Spain' },
        { id: 'SWE', name: 'Sweden' },
        { id: 'FRA', name: 'France' },
      ],
    };
    const map = { spec } as unknown as GameMap;
    expect(
      makeLabels(map, [
        { id: 'p1', powers: ['SPA'] },
        { id: 'p2', powers: ['SWE'] },
        { id: 'p3', powers: ['FRA'] },
      ]),
    ).toEqual({ p1: 'SPA', p2: 'SWE', p3: 'FRA' });
  });
});

function onePerPower(): { id: string; powers: string[] }[] {
  return standardMap.powers.map((p) => ({ id: p, powers: [p] }));
}

describe('the catalogue', () => {
  it('has at least 20 house rules, all registered, each with a headline and repeal as negation', () => {
    expect(HOUSE_RULES.length).toBeGreaterThanOrEqual(20);
    for (const r of HOUSE_RULES) {
      expect(CATALOGUE[r.id]).toBe(r);
      expect(r.headline).toMatch(/^[^:]+: .+\.$/);
      expect(r.describe(r.settings ?? {})).toBe(r.headline);
      expect(r.negation).toBe('repeal');
      expect(findHouseRule(displayRuleId(r.id))).toBe(r);
    }
  });

  it('has no name that means two rules', () => {
    const names = HOUSE_RULES.flatMap((r) => [r.id, ...r.aliases]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is tested: every rule has a case in deviant2-catalogue.json', async () => {
    const { readFileSync } = await import('node:fs');
    const file = JSON.parse(
      readFileSync(new URL('./scenarios/deviant2-catalogue.json', import.meta.url), 'utf8'),
    ) as { cases: ScenarioCase[] };
    for (const r of HOUSE_RULES) {
      const id = `HR-${displayRuleId(r.id)}`;
      expect(file.cases.some((c) => c.id === id)).toBe(true);
      expect(file.cases.some((c) => c.id === `${id}-STD`)).toBe(true);
    }
  });
});

describe('the grammar', () => {
  it.each([
    ['PROPOSE NO_CONVOY', 'PROPOSE NO_CONVOY'],
    ['propose build_cap max=2', 'PROPOSE BUILD_CAP max=2'],
    ['Propose repeal of the SPRING_RAID', 'PROPOSE REPEAL SPRING_RAID'],
    [
      'PROPOSE “Fleets may not enter the Black Sea.”',
      'PROPOSE "Fleets may not enter the Black Sea."',
    ],
    ['3 votes for Rule A', 'VOTE 3 FOR A'],
    ['1 vote for (e).', 'VOTE 1 FOR E'],
    ['vote 12 for rule AUS', 'VOTE 12 FOR AUS'],
  ])('reads %s as %s', (line, canonical) => {
    const a = parseDeviantAction(line);
    if (a === undefined || 'error' in a) throw new Error(`not read: ${line}`);
    expect(formatDeviantAction(a)).toBe(canonical);
  });

  it.each(['PROPOSE', 'PROPOSE "unclosed', 'PROPOSE REPEAL', 'VOTE 0 FOR A', 'VOTE A', '2 votes'])(
    'refuses %s',
    (line) => {
      const a = parseDeviantAction(line);
      expect(a !== undefined && 'error' in a).toBe(true);
    },
  );

  it('leaves unit orders alone', () => {
    expect(parseDeviantAction('A Par - Bur')).toBeUndefined();
    expect(parseDeviantAction('F Nth C A Lon - Bel')).toBeUndefined();
  });
});

describe('random games', () => {
  it('random players propose and vote, nothing they send is refused, and rules pass', () => {
    const passed = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const game = playVariantGame(
        VARIANTS['deviant2']!,
        { variant: 'deviant2', seed, players: onePerPower() },
        { lastYear: 1906, catalogue: CATALOGUE },
      );
      for (let step = game.next(); step.done !== true; step = game.next()) {
        expect(step.value.rejections).toEqual([]);
        for (const e of step.value.events) {
          if (e.type === 'deviant/passed') passed.add(String(e.data?.['rule']));
        }
      }
    }
    expect(passed.size).toBeGreaterThanOrEqual(8);
  });
});
