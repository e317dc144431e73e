// The settings builder: the types it gives a module's settings, its checks of a value (kind,
// whole number, range, choices), the defaults and the JSON Schema it writes.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { InvariantError } from '../errors.js';
import { standardMap } from '../maps/index.js';
import {
  defineModule,
  type HookContext,
  type ModuleAction,
  type RuleModule,
  type Variant,
} from './module.js';
import { newGame, parseSubmission } from './pipeline.js';
import {
  setting,
  settingDefaults,
  settingProblem,
  settingsJsonSchema,
  settingsSchema,
  type SettingsOf,
} from './settings.js';

const SCHEMA = settingsSchema({
  phantom: setting.boolean(false, 'The Fink keeps his status with no centre.'),
  bonus: setting.integer(2, { min: 0, max: 10 }, 'Bonus PF.'),
  lastYear: setting.integer(null, { min: 1901, max: 9999, nullable: true }, 'The last year.'),
  overVote: setting.choice('void', ['void', 'truncate'], 'Votes beyond the allowance.'),
});
type Toy = SettingsOf<typeof SCHEMA>;

describe('the settings’ types', () => {
  it('follow from the schema', () => {
    expectTypeOf<Toy>().toEqualTypeOf<{
      readonly phantom: boolean;
      readonly bonus: number;
      readonly lastYear: number | null;
      readonly overVote: 'void' | 'truncate';
    }>();
    // @ts-expect-error a choice takes only its words
    const bad: Toy = { phantom: true, bonus: 1, lastYear: null, overVote: 'loud' };
    // @ts-expect-error a whole number that may not be none
    const none: Toy = { phantom: true, bonus: null, lastYear: null, overVote: 'void' };
    expect([bad, none]).toHaveLength(2);
  });

  it('reach every hook of a module, which a variant lists without a cast', () => {
    const seen: Toy[] = [];
    interface Ping extends ModuleAction {
      readonly type: 'ping';
      readonly data: { readonly times: number };
    }
    const toy = defineModule<{ readonly n: number }, Toy, Ping>({
      id: 'toy',
      headline: 'Toy',
      schema: SCHEMA,
      init: (_map, _setup, settings) => ({ n: settings.bonus }),
      parseAction: (text) =>
        text === 'PING' ? { module: 'toy', type: 'ping', data: { times: 1 } } : undefined,
      checkAction: (ctx, _player, action) => {
        expectTypeOf(ctx).toEqualTypeOf<HookContext<{ readonly n: number }, Toy>>();
        expectTypeOf(action.data.times).toEqualTypeOf<number>();
        seen.push(ctx.settings);
        return ctx.settings.overVote === 'truncate' && ctx.own.n + action.data.times > 3
          ? { code: 'toy/too-much', message: 'too much' }
          : undefined;
      },
    });
    defineModule<null, Toy, Ping>({
      id: 'y',
      headline: 'y',
      // @ts-expect-error an action of another shape is not this module's
      parseAction: () => ({ module: 'y', type: 'pong', data: {} }),
    });
    // Inferred from the schema when no types are given.
    const inferred = defineModule({
      id: 'inferred',
      headline: 'Inferred',
      schema: SCHEMA,
      plan: (ctx, done) => {
        expectTypeOf(ctx.settings.overVote).toEqualTypeOf<'void' | 'truncate'>();
        expectTypeOf(ctx.settings.lastYear).toEqualTypeOf<number | null>();
        return ctx.settings.phantom ? done : undefined;
      },
    });
    expectTypeOf(inferred).toExtend<RuleModule<unknown, Toy>>();
    const modules: readonly RuleModule[] = [toy, inferred];
    // @ts-expect-error a schema that is not the settings' is refused
    defineModule<null, Toy>({ id: 'x', headline: 'x', schema: { phantom: SCHEMA.phantom } });
    const variant: Variant = {
      id: 'toy',
      name: 'Toy',
      map: standardMap,
      rulebook: '2023',
      modules,
      players: { min: 1, max: 7 },
    };
    const players = [{ id: 'p', powers: ['FRA'] }];
    const game = newGame(variant, {
      variant: 'toy',
      seed: 1,
      players,
      options: { toy: { bonus: 4, overVote: 'truncate' } },
    });
    if (!game.ok) throw new Error(game.error.message);
    expect(game.value.modules['toy']).toEqual({ n: 4 });
    const { rejections } = parseSubmission(variant, game.value, 'p', 'PING');
    expect(rejections.map((r) => r.code)).toEqual(['toy/too-much']);
    expect(seen).toEqual([{ phantom: false, bonus: 4, lastYear: null, overVote: 'truncate' }]);
  });
});

describe('the builder', () => {
  it('gives each setting its kind, default, range and description, and the defaults', () => {
    expect(SCHEMA.bonus).toEqual({
      kind: 'integer',
      default: 2,
      min: 0,
      max: 10,
      nullable: false,
      description: 'Bonus PF.',
    });
    expect(SCHEMA.overVote).toEqual({
      kind: 'choice',
      default: 'void',
      values: ['void', 'truncate'],
      description: 'Votes beyond the allowance.',
    });
    expect(settingDefaults(SCHEMA)).toEqual({
      phantom: false,
      bonus: 2,
      lastYear: null,
      overVote: 'void',
    });
    const module = defineModule({ id: 'm', headline: 'M', schema: SCHEMA });
    expect(module.settings).toEqual(settingDefaults(SCHEMA));
    expect(defineModule({ id: 'n', headline: 'N' }).settings).toBeUndefined();
  });

  it('refuses a schema that contradicts itself, as a bug', () => {
    expect(() => setting.integer(11, { min: 0, max: 10 }, 'x')).toThrow(InvariantError);
    expect(() => setting.integer(1.5, { min: 0, max: 10 }, 'x')).toThrow(InvariantError);
    expect(() => setting.integer(1, { min: 5, max: 4 }, 'x')).toThrow(InvariantError);
    expect(() => setting.integer(1, { min: 0.5, max: 4 }, 'x')).toThrow(InvariantError);
    // @ts-expect-error null is a default only for a nullable setting
    expect(() => setting.integer(null, { min: 0, max: 4 }, 'x')).toThrow(InvariantError);
    // @ts-expect-error the default is one of the choices
    expect(() => setting.choice('c', ['a', 'b'], 'x')).toThrow(InvariantError);
    expect(() => setting.choice('a', ['a', 'a'], 'x')).toThrow(InvariantError);
    expect(() => setting.boolean(true, ' ')).toThrow(InvariantError);
  });
});

describe('a value checked against its setting', () => {
  it('is accepted when of the kind and in range', () => {
    for (const v of [true, false]) expect(settingProblem(SCHEMA.phantom, v)).toBeUndefined();
    for (const v of [0, 10, 5]) expect(settingProblem(SCHEMA.bonus, v)).toBeUndefined();
    for (const v of [null, 1901, 9999]) expect(settingProblem(SCHEMA.lastYear, v)).toBeUndefined();
    for (const v of ['void', 'truncate'])
      expect(settingProblem(SCHEMA.overVote, v)).toBeUndefined();
  });

  it('is refused as setup/option-type when not of the kind', () => {
    const cases: [keyof typeof SCHEMA, unknown][] = [
      ['phantom', 'true'],
      ['phantom', 1],
      ['phantom', null],
      ['bonus', '3'],
      ['bonus', 2.5],
      ['bonus', null],
      ['bonus', Number.NaN],
      ['lastYear', '1905'],
      ['overVote', 1],
      ['overVote', null],
    ];
    for (const [key, value] of cases)
      expect(settingProblem(SCHEMA[key], value)?.code, `${key} = ${String(value)}`).toBe(
        'setup/option-type',
      );
  });

  it('is refused as setup/option-range when out of range or not a choice', () => {
    const cases: [keyof typeof SCHEMA, unknown][] = [
      ['bonus', -1],
      ['bonus', 11],
      ['lastYear', 1900],
      ['lastYear', 10000],
      ['overVote', 'VOID'],
      ['overVote', ''],
    ];
    for (const [key, value] of cases)
      expect(settingProblem(SCHEMA[key], value)?.code, `${key} = ${String(value)}`).toBe(
        'setup/option-range',
      );
    expect(settingProblem(SCHEMA.bonus, 11)?.message).toBe(
      'must be a whole number from 0 to 10, not 11',
    );
  });
});

describe('the JSON Schema', () => {
  it('writes each setting with its type, default, range or choices and description, in order', () => {
    const json = settingsJsonSchema(SCHEMA);
    expect(json).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        phantom: {
          type: 'boolean',
          default: false,
          description: 'The Fink keeps his status with no centre.',
        },
        bonus: { type: 'integer', minimum: 0, maximum: 10, default: 2, description: 'Bonus PF.' },
        lastYear: {
          type: ['integer', 'null'],
          minimum: 1901,
          maximum: 9999,
          default: null,
          description: 'The last year.',
        },
        overVote: {
          type: 'string',
          enum: ['void', 'truncate'],
          default: 'void',
          description: 'Votes beyond the allowance.',
        },
      },
    });
    expect(Object.keys(json.properties)).toEqual(['phantom', 'bonus', 'lastYear', 'overVote']);
  });

  it('writes no settings for an empty schema', () => {
    expect(settingsJsonSchema(settingsSchema({}))).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });
});
