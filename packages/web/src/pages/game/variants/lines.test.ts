import { standardMap } from '@arbiter/engine';
import { deviantGovernance, fiascomacyModule, finkModule } from '@arbiter/rules';
import { describe, expect, test } from 'vitest';
import {
  actionLines,
  ballotLabel,
  finkTargets,
  formatTally,
  investmentsOf,
  pfLeft,
  proposalLine,
  scores,
  unitTallies,
  votesLeft,
  votesOf,
  withAction,
  withLine,
  withoutLine,
} from './lines.js';

describe('the sheet lines of the variant panels', () => {
  test('only the lines a module reads are its actions; orders and refused lines are not', () => {
    const text = 'A par - bur\nFINK AGAINST AUS\n\nTURN FINK\nfink on Ionian Sea';
    const lines = actionLines(finkModule, standardMap, text);
    expect(lines.map((l) => [l.line, l.action.type])).toEqual([
      [2, 'request'],
      [5, 'fink'],
    ]);
  });

  test('a request replaces the earlier one in its place, and orders stay as written', () => {
    const text = 'Build A par\nFINK AGAINST AUS\nBuild F bre';
    expect(withAction(finkModule, standardMap, text, 'request', 'FINK AGAINST TUR')).toBe(
      'Build A par\nFINK AGAINST TUR\nBuild F bre',
    );
    expect(
      withAction(finkModule, standardMap, 'Build A par\n', 'request', 'FINK AGAINST TUR'),
    ).toBe('Build A par\nFINK AGAINST TUR');
    expect(withAction(finkModule, standardMap, text, 'request', null)).toBe(
      'Build A par\nBuild F bre',
    );
  });

  test('a second action of the same kind goes too when one is replaced', () => {
    const text = 'FINK ION\nA tri H\nFINK aeg';
    expect(withAction(finkModule, standardMap, text, 'fink', 'FINK tri')).toBe('FINK tri\nA tri H');
  });

  test('lines are added after the last non-blank line and taken out by number', () => {
    expect(withLine('', 'VOTE 1 FOR A')).toBe('VOTE 1 FOR A');
    expect(withLine('A par H\n\n', 'VOTE 1 FOR A')).toBe('A par H\nVOTE 1 FOR A');
    expect(withoutLine('a\nb\nc', 2)).toBe('a\nc');
  });
});

describe('Deviant Diplomacy II', () => {
  test('votes in the sheet count against the allowance, in either notation', () => {
    const text = 'VOTE 3 FOR A\nA vie H\n1 vote for (e)\nPROPOSE NO_CONVOYS';
    const votes = votesOf(deviantGovernance, standardMap, text);
    expect(votes.map((v) => [v.line, v.count, v.label])).toEqual([
      [1, 3, 'A'],
      [3, 1, 'E'],
    ]);
    expect(votesLeft(5, votes)).toBe(1);
    expect(votesLeft(3, votes)).toBe(0);
  });

  test('the tally is written as the rule text does, in the labels’ order', () => {
    expect(formatTally({ F: 0, A: 9, E: 3 }, ['A', 'E', 'F', 'G'])).toBe('A = 9, E = 3, F = 0');
    expect(formatTally({ SPA: 2, A: 1 }, ['A'])).toBe('A = 1, SPA = 2');
    expect(formatTally({}, ['A'])).toBe('');
  });

  test('proposal lines are the ones the module reads back', () => {
    const lines = [
      proposalLine({ form: 'rule', rule: 'build-cap', params: { max: 2 } }),
      proposalLine({ form: 'repeal', rule: 'no-convoys' }),
      proposalLine({ form: 'text', text: 'Fleets may not enter the "Black Sea".' }),
    ];
    expect(lines[0]).toBe('PROPOSE BUILD_CAP max=2');
    expect(lines[1]).toBe('PROPOSE REPEAL NO_CONVOYS');
    const read = actionLines(deviantGovernance, standardMap, lines.join('\n'));
    expect(read.map((l) => l.action.data['form'])).toEqual(['rule', 'repeal', 'text']);
    expect(read[0]!.action.data).toMatchObject({ rule: 'BUILD_CAP', params: ['max=2'] });
  });

  test('a ballot line’s label is read from its start', () => {
    expect(ballotLabel('(E) No Convoy Rule: fleets may not convoy.')).toBe('E');
    expect(ballotLabel('(SPA) Build Cap Rule')).toBe('SPA');
    expect(ballotLabel('No label')).toBeNull();
  });
});

describe('Fiascomacy', () => {
  test('PF left to place are what the player has less what the sheet invests', () => {
    const text = 'INVEST 3 IN RUSSIA\nA war - gal\n2 PF to Turkey\nINVEST lots IN RUSSIA';
    const invests = investmentsOf(fiascomacyModule, standardMap, text);
    expect(invests.map((i) => [i.amount, i.power])).toEqual([
      [3, 'RUS'],
      [2, 'TUR'],
    ]);
    expect(pfLeft(8, invests)).toBe(3);
    expect(pfLeft(4, invests)).toBe(-1);
  });

  test('the Score is PF invested times the power’s centres', () => {
    const invested = { a: { RUS: 3, TUR: 1 }, b: { ENG: 2 } };
    const centres = { mos: 'RUS', war: 'RUS', ank: 'TUR', lon: 'ENG' };
    expect(scores(invested, centres)).toEqual({ a: 7, b: 2 });
  });

  test('unit tallies are read from the event’s data, and bad data is refused', () => {
    const data = {
      power: 'RUS',
      units: [
        { unit: 'F sev', votes: [{ order: 'F sev - rum', weight: 4 }], carried: ['F sev - rum'] },
        { nonsense: true },
      ],
    };
    expect(unitTallies(data)?.units.map((u) => u.unit)).toEqual(['F sev']);
    expect(unitTallies({ power: 3 })).toBeNull();
  });
});

describe('the Fink', () => {
  test('the useful fink targets are the victim’s units, less his successful history', () => {
    const units = [
      { power: 'AUS', location: { province: 'vie' } },
      { power: 'AUS', location: { province: 'tri' } },
      { power: 'ITA', location: { province: 'ven' } },
      { power: 'AUS', location: { province: 'bud' } },
    ];
    expect(finkTargets(units, 'AUS', ['tri'])).toEqual(['bud', 'vie']);
  });
});
