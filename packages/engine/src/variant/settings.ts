/**
 * A module's settings as a schema: each setting's kind, default, range and one sentence about
 * it, written once with a small typed builder. The TypeScript type of the settings follows from
 * the schema (`SettingsOf`), so hooks read `ctx.settings.FINK_NO_CONVOY` as a boolean instead of
 * parsing a record by hand; the defaults follow from it (`settingDefaults`); a game's options are
 * checked against it (`settingProblem`: the kind, a whole number, the range, the allowed values);
 * and it is written out as JSON Schema (`settingsJsonSchema`) for the API document and for the
 * web page's new-game form.
 *
 * @example
 * const FINK_SETTINGS = settingsSchema({
 *   phantomFink: setting.boolean(false, 'The Fink keeps his status with no supply centre.'),
 *   LAST_YEAR: setting.integer(null, { min: 1901, max: 9999, nullable: true }, 'The last year.'),
 *   overVote: setting.choice('void', ['void', 'truncate'], 'What happens to votes beyond the allowance.'),
 * });
 * type FinkSettings = SettingsOf<typeof FINK_SETTINGS>;
 * // { readonly phantomFink: boolean; readonly LAST_YEAR: number | null; readonly overVote: 'void' | 'truncate' }
 */
import { InvariantError } from '../errors.js';

interface SettingBase<T> {
  /** The value a game has when its options leave the setting out. */
  readonly default: T;
  /** What the setting does, one sentence for whoever creates a game. */
  readonly description: string;
}

/** On or off. */
export type BooleanSetting = SettingBase<boolean> & { readonly kind: 'boolean' };

/** A whole number from `min` to `max`; `null` ("none") too when `nullable`. */
export type IntegerSetting<T extends number | null = number | null> = SettingBase<T> & {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
  readonly nullable: boolean;
};

/** One of a few words. */
export type ChoiceSetting<T extends string = string> = SettingBase<T> & {
  readonly kind: 'choice';
  readonly values: readonly T[];
};

/**
 * One setting whose values are of type `T` (each kind's values meet `T`, so that `Setting`
 * alone, of unknown values, still knows a boolean setting's default is a boolean).
 */
export type Setting<T = unknown> =
  | (SettingBase<T & boolean> & { readonly kind: 'boolean' })
  | (SettingBase<T & (number | null)> & {
      readonly kind: 'integer';
      readonly min: number;
      readonly max: number;
      readonly nullable: boolean;
    })
  | (SettingBase<T & string> & {
      readonly kind: 'choice';
      readonly values: readonly (T & string)[];
    });

/**
 * The schema of settings of type `T`: one `Setting` per key. For the untyped settings of a module
 * as the engine lists it (`Readonly<Record<string, unknown>>`), any settings by name.
 */
export type SettingsSchema<T> = { readonly [K in keyof T]: Setting<T[K]> };

/** The settings a schema describes: `{ phantomFink: boolean, LAST_YEAR: number | null, ... }`. */
export type SettingsOf<D> = {
  readonly [K in keyof D]: D[K] extends Setting<infer T> ? T : never;
};

function described(description: string): string {
  if (description.trim() === '') throw new InvariantError('a setting needs a description');
  return description;
}

/** The builder: `setting.boolean`, `setting.integer`, `setting.choice`. */
export const setting = {
  /** On or off: `setting.boolean(false, 'The Fink keeps his status with no centre.')`. */
  boolean(defaultValue: boolean, description: string): BooleanSetting {
    return { kind: 'boolean', default: defaultValue, description: described(description) };
  },

  /**
   * A whole number in a range: `setting.integer(3, { min: 0, max: 10 }, '...')`; with
   * `nullable: true` also `null` for "none" (`setting.integer(null, { min: 1901, max: 9999,
   * nullable: true }, 'The last year played (none: no limit).')`).
   */
  integer: integer as {
    (
      defaultValue: number,
      range: { readonly min: number; readonly max: number; readonly nullable?: false },
      description: string,
    ): IntegerSetting<number>;
    (
      defaultValue: number | null,
      range: { readonly min: number; readonly max: number; readonly nullable: true },
      description: string,
    ): IntegerSetting;
  },

  /** One of a few words: `setting.choice('void', ['void', 'truncate'], '...')`. */
  choice<const V extends readonly [string, ...string[]]>(
    defaultValue: V[number],
    values: V,
    description: string,
  ): ChoiceSetting<V[number]> {
    if (new Set(values).size !== values.length)
      throw new InvariantError(`choices repeat: ${values.join(', ')}`);
    if (!values.includes(defaultValue))
      throw new InvariantError(`default "${defaultValue}" is not one of ${values.join(', ')}`);
    return { kind: 'choice', default: defaultValue, values, description: described(description) };
  },
};

function integer(
  defaultValue: number | null,
  range: { readonly min: number; readonly max: number; readonly nullable?: boolean },
  description: string,
): IntegerSetting {
  const { min, max } = range;
  const nullable = range.nullable === true;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max)
    throw new InvariantError(`bad range ${String(min)} to ${String(max)}`);
  if (defaultValue === null ? !nullable : !inRange(defaultValue, min, max))
    throw new InvariantError(`default ${String(defaultValue)} is outside ${min} to ${max}`);
  return {
    kind: 'integer',
    default: defaultValue,
    min,
    max,
    nullable,
    description: described(description),
  };
}

function inRange(n: number, min: number, max: number): boolean {
  return Number.isInteger(n) && n >= min && n <= max;
}

/**
 * Declares a module's settings. It only gives the schema its type, so that `SettingsOf<typeof
 * X>` names the settings; the builders have already checked each one.
 */
export function settingsSchema<const D extends Readonly<Record<string, Setting>>>(schema: D): D {
  return schema;
}

/** Every setting at its default. */
export function settingDefaults<T>(schema: SettingsSchema<T>): T {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries<Setting>(schema)) out[key] = s.default;
  // Each key of the schema has its default, of that key's type: this is a `T`.
  return out as T;
}

/** Why a value is refused for a setting: not of its kind, or outside its range or choices. */
export interface SettingProblem {
  readonly code: 'setup/option-type' | 'setup/option-range';
  readonly message: string;
}

/** What a setting takes, in words: "a whole number from 1901 to 9999, or null for none". */
export function settingWords(s: Setting): string {
  switch (s.kind) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      return `a whole number from ${s.min} to ${s.max}${s.nullable ? ', or null for none' : ''}`;
    case 'choice':
      return `one of ${s.values.map((v) => JSON.stringify(v)).join(', ')}`;
  }
}

/** Whether `value` is allowed for `s`, and if not, why (a stable code and a sentence). */
export function settingProblem(s: Setting, value: unknown): SettingProblem | undefined {
  const shown = JSON.stringify(value) as string | undefined;
  const wrongKind = (): SettingProblem => ({
    code: 'setup/option-type',
    message:
      s.kind === 'boolean'
        ? `must be true or false like its default ${JSON.stringify(s.default)}, not ${String(shown)}`
        : `must be ${settingWords(s)}, not ${String(shown)}`,
  });
  const outside = (): SettingProblem => ({
    code: 'setup/option-range',
    message: `must be ${settingWords(s)}, not ${String(shown)}`,
  });
  switch (s.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : wrongKind();
    case 'integer':
      if (value === null) return s.nullable ? undefined : wrongKind();
      if (typeof value !== 'number' || !Number.isInteger(value)) return wrongKind();
      return inRange(value, s.min, s.max) ? undefined : outside();
    case 'choice':
      if (typeof value !== 'string') return wrongKind();
      return s.values.includes(value) ? undefined : outside();
  }
}

/** One setting in JSON Schema (draft 2020-12, as OpenAPI 3.1 writes it). */
export type SettingJsonSchema =
  | { readonly type: 'boolean'; readonly default: boolean; readonly description: string }
  | {
      readonly type: 'integer' | readonly ['integer', 'null'];
      readonly minimum: number;
      readonly maximum: number;
      readonly default: number | null;
      readonly description: string;
    }
  | {
      readonly type: 'string';
      readonly enum: readonly string[];
      readonly default: string;
      readonly description: string;
    };

/** A module's settings in JSON Schema: an object of exactly these settings, each optional. */
export interface SettingsJsonSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, SettingJsonSchema>>;
  readonly additionalProperties: false;
}

/** One setting in JSON Schema. */
export function settingJsonSchema(s: Setting): SettingJsonSchema {
  switch (s.kind) {
    case 'boolean':
      return { type: 'boolean', default: s.default, description: s.description };
    case 'integer':
      return {
        type: s.nullable ? ['integer', 'null'] : 'integer',
        minimum: s.min,
        maximum: s.max,
        default: s.default,
        description: s.description,
      };
    case 'choice':
      return {
        type: 'string',
        enum: s.values,
        default: s.default,
        description: s.description,
      };
  }
}

/** A module's settings in JSON Schema, in the order the schema declares them. */
export function settingsJsonSchema<T>(schema: SettingsSchema<T>): SettingsJsonSchema {
  const properties: Record<string, SettingJsonSchema> = {};
  for (const [key, s] of Object.entries<Setting>(schema)) properties[key] = settingJsonSchema(s);
  return { type: 'object', properties, additionalProperties: false };
}
