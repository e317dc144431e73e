// The forms' checks and the server's refusals mapped to fields, without a browser.
import type { ApiProblem, ApiVariant } from '@arbiter/server/api-types';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../src/api.js';
import { checkAccountName, checkNewPassword, refusalErrors, safeNext } from '../src/forms.js';
import {
  emptyDraft,
  newGameRequest,
  optionDefault,
  optionFields,
  optionInput,
  rulebookLabel,
} from '../src/new-game-form.js';

function refused(code: string, detail: string, details?: ApiProblem['details']): ApiError {
  const problem: ApiProblem = {
    type: 'x',
    title: 't',
    status: 400,
    code,
    detail,
    ...(details === undefined ? {} : { details }),
  };
  return new ApiError(code, detail, 400, problem);
}

const FIASCO: ApiVariant = {
  id: 'fiascomacy',
  name: 'Fiascomacy',
  players: { min: 3, max: null },
  powers: [{ id: 'FRA', name: 'France' }],
  modules: [
    {
      id: 'fiascomacy',
      headline: 'h',
      settings: { INVEST_LAGS: false, LAST_YEAR: null, BONUS: true },
      about: { INVEST_LAGS: 'a', LAST_YEAR: 'b', BONUS: 'c' },
      gamesmasterActions: [],
      schema: {
        type: 'object',
        properties: {
          INVEST_LAGS: { type: 'boolean', default: false, description: 'a' },
          LAST_YEAR: {
            type: ['integer', 'null'],
            minimum: 1901,
            maximum: 9999,
            default: null,
            description: 'b',
          },
          BONUS: { type: 'boolean', default: true, description: 'c' },
        },
        additionalProperties: false,
      },
    },
  ],
  startPhase: 'S1901M',
  rulebook: '2023',
  rulebooks: ['1971', '1976', '1982', '2000', '2023'],
};

const DEVIANT: ApiVariant = {
  ...FIASCO,
  id: 'deviant2',
  modules: [
    {
      id: 'deviant',
      headline: 'h',
      settings: { overVote: 'void', rounds: 2 },
      about: { overVote: 'a', rounds: 'b' },
      gamesmasterActions: [],
      schema: {
        type: 'object',
        properties: {
          overVote: {
            type: 'string',
            enum: ['void', 'truncate'],
            default: 'void',
            description: 'a',
          },
          rounds: { type: 'integer', minimum: 1, maximum: 3, default: 2, description: 'b' },
        },
        additionalProperties: false,
      },
    },
  ],
};

describe('refusals beside their field', () => {
  test("input/invalid names its field, and the field's prefix is dropped", () => {
    const e = refused('input/invalid', 'settings.endYear: a year from 1 to 9999', {
      issues: [{ path: 'settings.endYear', message: 'a year from 1 to 9999' }],
    });
    expect(refusalErrors(e, ['name', 'settings.endYear'])).toEqual({
      'settings.endYear': 'A year from 1 to 9999.',
    });
  });

  test("a body the server refuses names a path; codes name their field; the rest is the form's", () => {
    const nul = refused('input/invalid', 'name: contains a NUL character (U+0000)', {
      issues: [{ path: 'name', message: 'contains a NUL character (U+0000)' }],
    });
    expect(refusalErrors(nul, ['name'])).toEqual({ name: 'Contains a NUL character (U+0000).' });
    expect(refusalErrors(refused('auth/name-taken', 'the name x is taken'), ['name'])).toEqual({
      name: 'The name x is taken.',
    });
    expect(refusalErrors(refused('game/bad-setup', 'no module "x"'), ['name'])).toEqual({
      form: 'No module "x".',
    });
  });

  test('account names and passwords are checked as the server checks them', () => {
    expect(checkAccountName('ok.name-1')).toBeUndefined();
    expect(checkAccountName('has space')).toMatch(/no spaces/);
    expect(checkAccountName('x'.repeat(41))).toMatch(/1 to 40/);
    expect(checkNewPassword('short', 'short')).toEqual({ password: 'Use at least 8 characters.' });
    expect(checkNewPassword('long-enough', 'different')).toEqual({
      again: 'The two passwords differ.',
    });
    expect(checkNewPassword('long-enough', 'long-enough')).toEqual({});
  });

  test('only same-site paths, never the login pages, are gone back to', () => {
    expect(safeNext('/games/abc')).toBe('/games/abc');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('/login?next=/x')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});

describe('the new-game request', () => {
  test('defaults give name, variant and settings, and no options', () => {
    const r = newGameRequest({ ...emptyDraft('fiascomacy'), name: ' Game ' }, FIASCO);
    expect(r).toEqual({
      ok: true,
      body: {
        name: 'Game',
        variant: 'fiascomacy',
        settings: { phaseSeconds: 86400, press: 'full' },
      },
    });
  });

  test('changed options are sent as their kind; unchanged ones are left out', () => {
    const r = newGameRequest(
      {
        ...emptyDraft('fiascomacy'),
        name: 'G',
        phase: '30',
        phaseUnit: 'minutes',
        shortPhase: '1',
        shortUnit: 'days',
        endYear: '1910',
        options: { fiascomacy: { INVEST_LAGS: true, LAST_YEAR: '1908', BONUS: true } },
      },
      FIASCO,
    );
    expect(r).toEqual({
      ok: true,
      body: {
        name: 'G',
        variant: 'fiascomacy',
        settings: { phaseSeconds: 1800, shortPhaseSeconds: 86400, press: 'full', endYear: 1910 },
        options: { fiascomacy: { INVEST_LAGS: true, LAST_YEAR: 1908 } },
      },
    });
  });

  test("each module setting becomes a field of its schema's kind, range or choices", () => {
    const fields = [...optionFields(FIASCO.modules[0]!), ...optionFields(DEVIANT.modules[0]!)];
    expect(fields).toEqual([
      {
        module: 'fiascomacy',
        name: 'INVEST_LAGS',
        description: 'a',
        kind: 'boolean',
        default: false,
      },
      {
        module: 'fiascomacy',
        name: 'LAST_YEAR',
        description: 'b',
        kind: 'integer',
        default: null,
        min: 1901,
        max: 9999,
        nullable: true,
      },
      { module: 'fiascomacy', name: 'BONUS', description: 'c', kind: 'boolean', default: true },
      {
        module: 'deviant',
        name: 'overVote',
        description: 'a',
        kind: 'choice',
        default: 'void',
        values: ['void', 'truncate'],
      },
      {
        module: 'deviant',
        name: 'rounds',
        description: 'b',
        kind: 'integer',
        default: 2,
        min: 1,
        max: 3,
        nullable: false,
      },
    ]);
    expect(fields.map(optionInput)).toEqual([false, '', true, 'void', '2']);
    expect(fields.map(optionDefault)).toEqual(['off', 'none', 'on', 'void', '2']);
  });

  test('a setting out of its range or choices is named before the server is asked', () => {
    const draft = (options: Record<string, Record<string, string | boolean>>) =>
      newGameRequest({ ...emptyDraft('deviant2'), name: 'G', options }, DEVIANT);
    const bad = draft({ deviant: { overVote: 'loud', rounds: '4' } });
    expect(bad).toEqual({
      ok: false,
      errors: {
        'options.deviant.overVote': 'Choose one of void, truncate.',
        'options.deviant.rounds': 'Enter a whole number from 1 to 3.',
      },
    });
    for (const rounds of ['', '1.5', 'two', '0'])
      expect(draft({ deviant: { rounds } }).ok, rounds).toBe(false);
    expect(draft({ deviant: { overVote: 'truncate', rounds: ' 3 ' } })).toMatchObject({
      ok: true,
      body: { options: { deviant: { overVote: 'truncate', rounds: 3 } } },
    });
    const year = (LAST_YEAR: string) =>
      newGameRequest(
        { ...emptyDraft('fiascomacy'), name: 'G', options: { fiascomacy: { LAST_YEAR } } },
        FIASCO,
      );
    expect(year('1800')).toEqual({
      ok: false,
      errors: {
        'options.fiascomacy.LAST_YEAR':
          'Enter a whole number from 1901 to 9999, or leave it empty for none.',
      },
    });
    // Empty is none, the default: nothing to send.
    expect(year('')).toEqual({
      ok: true,
      body: { name: 'G', variant: 'fiascomacy', settings: { phaseSeconds: 86400, press: 'full' } },
    });
  });

  test('every bad field is named at once', () => {
    const r = newGameRequest(
      { ...emptyDraft('fiascomacy'), name: '', phase: '400', phaseUnit: 'days', endYear: 'soon' },
      undefined,
    );
    expect(r.ok).toBe(false);
    expect(Object.keys(r.ok ? {} : r.errors).sort()).toEqual([
      'name',
      'settings.endYear',
      'settings.phaseSeconds',
      'variant',
    ]);
    expect(r.ok ? '' : r.errors['settings.phaseSeconds']).toMatch(/366 days/);
  });

  test('the rulebook edition is sent when it is not the default 2023', () => {
    const body = (rulebook: (typeof FIASCO)['rulebook']) => {
      const r = newGameRequest({ ...emptyDraft('fiascomacy'), name: 'G', rulebook }, FIASCO);
      return r.ok ? r.body.settings : r.errors;
    };
    expect(body('1971')).toEqual({ phaseSeconds: 86400, press: 'full', rulebook: '1971' });
    expect(body('2023')).toEqual({ phaseSeconds: 86400, press: 'full' });
  });

  test('an edition the server does not list is named as the field in error', () => {
    const draft = { ...emptyDraft('fiascomacy'), name: 'G', rulebook: '1999' as '1971' };
    const r = newGameRequest(draft, FIASCO);
    expect(r.ok ? {} : r.errors).toEqual({
      'settings.rulebook': 'Choose a rulebook edition from the list.',
    });
  });

  test("the variant's own edition is pointed out, the default named as such", () => {
    expect(rulebookLabel('1976', '1976')).toBe(
      "1976 rules (the 1971 rules, reprinted), as the variant's text says",
    );
    expect(rulebookLabel('1971', '1976')).toBe('1971 rules');
    expect(rulebookLabel('2023', '2023')).toBe('2023 rules (the default)');
  });
});
