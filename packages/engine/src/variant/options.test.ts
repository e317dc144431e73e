// A game's options are checked against its modules' settings schemas: a misspelt one, a value of
// the wrong kind or one out of range is never ignored.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { defineModule, type Variant } from './module.js';
import { optionProblems } from './options.js';
import { newGame } from './pipeline.js';
import { setting, settingsSchema } from './settings.js';

const module = defineModule({
  id: 'toy',
  headline: 'A toy module',
  schema: settingsSchema({
    strict: setting.boolean(false, 'Strictly.'),
    limit: setting.integer(3, { min: 1, max: 9 }, 'The limit.'),
    mode: setting.choice('void', ['void', 'truncate'], 'The mode.'),
    until: setting.integer(null, { min: 1901, max: 9999, nullable: true }, 'The last year.'),
  }),
});
const bare = defineModule({ id: 'bare', headline: 'No settings' });
const variant: Variant = {
  id: 'toy',
  name: 'Toy',
  map: standardMap,
  rulebook: '2023',
  modules: [module, bare],
  players: { min: 1, max: 7 },
};

describe('a game’s options', () => {
  it('accepts each declared setting with a value of its kind, in range', () => {
    expect(
      optionProblems(variant, {
        toy: { strict: true, limit: 9, mode: 'truncate', until: 1901 },
      }),
    ).toEqual([]);
    expect(optionProblems(variant, { toy: { limit: 1, until: null } })).toEqual([]);
    expect(optionProblems(variant, { toy: {}, bare: {} })).toEqual([]);
    expect(optionProblems(variant, undefined)).toEqual([]);
  });

  it('names every unknown module and unknown setting, with what is known', () => {
    expect(optionProblems(variant, { moon: {}, toy: { strikt: true }, bare: { x: 1 } })).toEqual([
      {
        code: 'setup/unknown-option',
        path: 'options.moon',
        message: 'no module "moon" in Toy to set options for; its modules: toy, bare',
      },
      {
        code: 'setup/unknown-option',
        path: 'options.toy.strikt',
        message: 'toy has no setting "strikt"; its settings: strict, limit, mode, until',
      },
      {
        code: 'setup/unknown-option',
        path: 'options.bare.x',
        message: 'bare has no setting "x" (it has none)',
      },
    ]);
    expect(optionProblems(variant, [1])[0]?.message).toBe('must be an object');
    expect(optionProblems(variant, { toy: 3 })).toEqual([
      { code: 'setup/option-type', path: 'options.toy', message: 'must be an object' },
    ]);
  });

  it('names every value of the wrong kind', () => {
    expect(
      optionProblems(variant, {
        toy: { strict: 1, limit: 'five', mode: 3, until: 1950.5 },
      }),
    ).toEqual([
      {
        code: 'setup/option-type',
        path: 'options.toy.strict',
        message: 'must be true or false like its default false, not 1',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.limit',
        message: 'must be a whole number from 1 to 9, not "five"',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.mode',
        message: 'must be one of "void", "truncate", not 3',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.until',
        message: 'must be a whole number from 1901 to 9999, or null for none, not 1950.5',
      },
    ]);
    expect(optionProblems(variant, { toy: { limit: null } })).toEqual([
      {
        code: 'setup/option-type',
        path: 'options.toy.limit',
        message: 'must be a whole number from 1 to 9, not null',
      },
    ]);
  });

  it('names every value out of range or not among the choices', () => {
    expect(optionProblems(variant, { toy: { limit: 10, mode: 'loud', until: 1900 } })).toEqual([
      {
        code: 'setup/option-range',
        path: 'options.toy.limit',
        message: 'must be a whole number from 1 to 9, not 10',
      },
      {
        code: 'setup/option-range',
        path: 'options.toy.mode',
        message: 'must be one of "void", "truncate", not "loud"',
      },
      {
        code: 'setup/option-range',
        path: 'options.toy.until',
        message: 'must be a whole number from 1901 to 9999, or null for none, not 1900',
      },
    ]);
    expect(optionProblems(variant, { toy: { limit: 0 } })[0]?.code).toBe('setup/option-range');
  });

  it('newGame refuses a game whose options are wrong, and keeps the right ones', () => {
    const players = [{ id: 'p', powers: ['FRA'] }];
    const setup = { variant: 'toy', seed: 1, players };
    const unknown = newGame(variant, { ...setup, options: { toy: { limt: 2 } } });
    expect(!unknown.ok && unknown.error).toEqual({
      code: 'setup/unknown-option',
      message:
        'options.toy.limt: toy has no setting "limt"; its settings: strict, limit, mode, until',
    });
    const range = newGame(variant, { ...setup, options: { toy: { limit: 99 } } });
    expect(!range.ok && range.error).toEqual({
      code: 'setup/option-range',
      message: 'options.toy.limit: must be a whole number from 1 to 9, not 99',
    });
    const good = newGame(variant, { ...setup, options: { toy: { limit: 2 } } });
    expect(good.ok && good.value.settings['toy']).toEqual({
      strict: false,
      limit: 2,
      mode: 'void',
      until: null,
    });
    expect(good.ok && good.value.settings['bare']).toEqual({});
  });
});
