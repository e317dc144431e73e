// A game's options are checked against its modules' settings: a misspelt one is never ignored.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { defineModule, type Variant } from './module.js';
import { optionProblems } from './options.js';
import { newGame } from './pipeline.js';

const module = defineModule({
  id: 'toy',
  headline: 'A toy module',
  settings: { strict: false, limit: 3, mode: 'void', extra: null, list: [] as string[] },
});
const variant: Variant = {
  id: 'toy',
  name: 'Toy',
  map: standardMap,
  rulebook: '2023',
  modules: [module],
  players: { min: 1, max: 7 },
};

describe('a game’s options', () => {
  it('accepts each declared setting with a value of its default’s kind', () => {
    expect(
      optionProblems(variant, {
        toy: { strict: true, limit: 5, mode: 'truncate', extra: 'anything', list: ['a'] },
      }),
    ).toEqual([]);
    expect(optionProblems(variant, undefined)).toEqual([]);
  });

  it('names every unknown module, unknown setting and wrong kind, with what is known', () => {
    expect(
      optionProblems(variant, {
        moon: {},
        toy: { strikt: true, limit: 'five', strict: 1, list: 'a', extra: { deep: 1 } },
      }),
    ).toEqual([
      {
        code: 'setup/unknown-option',
        path: 'options.moon',
        message: 'no module "moon" in Toy to set options for; its modules: toy',
      },
      {
        code: 'setup/unknown-option',
        path: 'options.toy.strikt',
        message: 'toy has no setting "strikt"; its settings: strict, limit, mode, extra, list',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.limit',
        message: 'must be a number like its default 3, not "five"',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.strict',
        message: 'must be true or false like its default false, not 1',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.list',
        message: 'must be a list like its default [], not "a"',
      },
      {
        code: 'setup/option-type',
        path: 'options.toy.extra',
        message: 'must be a plain value like its default null, not {"deep":1}',
      },
    ]);
    expect(optionProblems(variant, [1])[0]?.message).toBe('must be an object');
  });

  it('newGame refuses a game whose options are wrong, and keeps the right ones', () => {
    const players = [{ id: 'p', powers: ['FRA'] }];
    const bad = newGame(variant, {
      variant: 'toy',
      seed: 1,
      players,
      options: { toy: { limt: 2 } },
    });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toEqual({
      code: 'setup/unknown-option',
      message:
        'options.toy.limt: toy has no setting "limt"; its settings: strict, limit, mode, extra, list',
    });
    const good = newGame(variant, {
      variant: 'toy',
      seed: 1,
      players,
      options: { toy: { limit: 2 } },
    });
    expect(good.ok && good.value.settings['toy']).toEqual({
      strict: false,
      limit: 2,
      mode: 'void',
      extra: null,
      list: [],
    });
  });
});
