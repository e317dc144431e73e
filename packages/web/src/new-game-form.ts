/**
 * The new-game form as data: what the user typed (`NewGameDraft`, strings and booleans as the
 * inputs hold them), checked and turned into the body of `POST /games`, with a message per field
 * for whatever the server would refuse. Pure, so it is tested without a browser.
 */
import type { ApiCreateGame, ApiVariant } from '@arbiter/server/api-types';
import { type FieldErrors, LIMITS, type TimeUnit, UNIT_SECONDS } from './forms.js';

export type PressMode = 'full' | 'public' | 'none' | 'grey';
export const PRESS_MODES: readonly { readonly id: PressMode; readonly label: string }[] = [
  { id: 'full', label: 'Full: private, group and public' },
  { id: 'public', label: 'Public messages only' },
  { id: 'grey', label: 'Grey: anonymous messages too' },
  { id: 'none', label: 'None (gunboat)' },
];

/** A rulebook edition, as `GET /variants` lists them. */
export type Rulebook = ApiVariant['rulebook'];

/** The rulebook edition a game is played under unless its creator names another. */
export const DEFAULT_RULEBOOK: Rulebook = '2023';

/** An edition as the form lists it; `suggested` marks the one the variant's text names. */
export function rulebookLabel(edition: Rulebook, suggested: Rulebook | undefined): string {
  const base =
    edition === '1976'
      ? '1976 rules (the 1971 rules, reprinted)'
      : edition === DEFAULT_RULEBOOK
        ? '2023 rules (the default)'
        : `${edition} rules`;
  return edition === suggested && edition !== DEFAULT_RULEBOOK
    ? `${base}, as the variant's text says`
    : base;
}

export interface NewGameDraft {
  readonly name: string;
  readonly variant: string;
  /** The rulebook edition; absent (as in drafts kept from before editions): 2023. */
  readonly rulebook?: Rulebook;
  readonly phase: string;
  readonly phaseUnit: TimeUnit;
  /** Empty: as long as a movement phase. */
  readonly shortPhase: string;
  readonly shortUnit: TimeUnit;
  readonly press: PressMode;
  /** Empty: played to a solo. */
  readonly endYear: string;
  /** Option values as the inputs hold them, by module id and setting; absent: the default. */
  readonly options: Readonly<Record<string, Readonly<Record<string, string | boolean>>>>;
}

export function emptyDraft(variant: string): NewGameDraft {
  return {
    name: '',
    variant,
    phase: '24',
    phaseUnit: 'hours',
    shortPhase: '',
    shortUnit: 'hours',
    press: 'full',
    endYear: '',
    options: {},
  };
}

/** One setting of a module, as `GET /variants` describes it in JSON Schema. */
type ApiSetting = ApiVariant['modules'][number]['schema']['properties'][string];

/**
 * A module's setting as the form enters it, read from the setting's JSON Schema: a checkbox for
 * on or off, a whole number in its range (left empty for none, where none is allowed), or one of
 * a few words.
 */
export type OptionField = {
  readonly module: string;
  readonly name: string;
  /** The setting's sentence, shown beside it. */
  readonly description: string;
} & (
  | { readonly kind: 'boolean'; readonly default: boolean }
  | {
      readonly kind: 'integer';
      readonly default: number | null;
      readonly min: number;
      readonly max: number;
      readonly nullable: boolean;
    }
  | { readonly kind: 'choice'; readonly default: string; readonly values: readonly string[] }
);

function fieldOf(module: string, name: string, s: ApiSetting): OptionField {
  const about = { module, name, description: s.description };
  if (s.type === 'boolean') return { ...about, kind: 'boolean', default: s.default };
  if (s.type === 'string') return { ...about, kind: 'choice', default: s.default, values: s.enum };
  return {
    ...about,
    kind: 'integer',
    default: s.default,
    min: s.minimum,
    max: s.maximum,
    nullable: Array.isArray(s.type),
  };
}

/** Every setting of a module, in the order the module declares them. */
export function optionFields(module: ApiVariant['modules'][number]): OptionField[] {
  return Object.entries(module.schema.properties).map(([name, s]) => fieldOf(module.id, name, s));
}

/** A setting's default as its input shows it. */
export function optionInput(field: OptionField): string | boolean {
  switch (field.kind) {
    case 'boolean':
      return field.default;
    case 'integer':
      return field.default === null ? '' : String(field.default);
    case 'choice':
      return field.default;
  }
}

/** A setting's default in words: "on", "none", "1901", "void". */
export function optionDefault(field: OptionField): string {
  switch (field.kind) {
    case 'boolean':
      return field.default ? 'on' : 'off';
    case 'integer':
      return field.default === null ? 'none' : String(field.default);
    case 'choice':
      return field.default;
  }
}

/** The field id of an option, as the server names it in its refusals. */
export function optionField(module: string, key: string): string {
  return `options.${module}.${key}`;
}

const WHOLE = /^\d+$/;

function seconds(amount: string, unit: TimeUnit, what: string): number | string {
  const a = amount.trim();
  if (!WHOLE.test(a) || Number(a) < 1) return `Enter the ${what} as a whole number, 1 or more.`;
  const s = Number(a) * UNIT_SECONDS[unit];
  if (s > LIMITS.seconds) return `The ${what} may be at most ${LIMITS.seconds / 86400} days.`;
  return s;
}

/**
 * The request body for the draft, or the fields in error. Options equal to their default are
 * left out, so the game records only what the gamesmaster changed.
 */
export function newGameRequest(
  draft: NewGameDraft,
  variant: ApiVariant | undefined,
):
  | { readonly ok: true; readonly body: ApiCreateGame }
  | { readonly ok: false; readonly errors: FieldErrors } {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (name === '') errors['name'] = 'Give the game a name.';
  else if (name.length > LIMITS.gameName)
    errors['name'] = `Use at most ${LIMITS.gameName} characters.`;
  if (variant === undefined) errors['variant'] = 'Choose a variant.';
  const rulebook = draft.rulebook ?? DEFAULT_RULEBOOK;
  if (variant !== undefined && !variant.rulebooks.includes(rulebook))
    errors['settings.rulebook'] = 'Choose a rulebook edition from the list.';
  const phase = seconds(draft.phase, draft.phaseUnit, 'phase length');
  if (typeof phase === 'string') errors['settings.phaseSeconds'] = phase;
  const short =
    draft.shortPhase.trim() === ''
      ? undefined
      : seconds(draft.shortPhase, draft.shortUnit, 'length of retreats and adjustments');
  if (typeof short === 'string') errors['settings.shortPhaseSeconds'] = short;
  const endYear = draft.endYear.trim();
  const lastYear = LIMITS.endYear;
  if (
    endYear !== '' &&
    (!WHOLE.test(endYear) || Number(endYear) < 1 || Number(endYear) > lastYear)
  ) {
    errors['settings.endYear'] = `Enter a year from 1 to ${lastYear}, or leave it empty.`;
  }
  const options: Record<string, Record<string, unknown>> = {};
  for (const m of variant?.modules ?? []) {
    for (const field of optionFields(m)) {
      const raw = draft.options[m.id]?.[field.name];
      if (raw === undefined) continue;
      const read = optionValue(field, raw);
      if (!read.ok) {
        errors[optionField(m.id, field.name)] = read.error;
        continue;
      }
      if (read.value === field.default) continue;
      (options[m.id] ??= {})[field.name] = read.value;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const settings = {
    phaseSeconds: phase as number,
    ...(short === undefined ? {} : { shortPhaseSeconds: short as number }),
    press: draft.press,
    ...(endYear === '' ? {} : { endYear: Number(endYear) }),
    // The 2023 rules are the default, so they are not named.
    ...(rulebook === DEFAULT_RULEBOOK ? {} : { rulebook }),
  };
  return {
    ok: true,
    body: {
      name,
      variant: draft.variant,
      settings,
      ...(Object.keys(options).length === 0 ? {} : { options }),
    },
  };
}

/**
 * An option's input read as a value of its setting, or why it cannot be: a whole number in range
 * (empty for none where none is allowed), or one of the setting's words. The server checks the
 * same (`setup/option-type`, `setup/option-range`).
 */
function optionValue(
  field: OptionField,
  raw: string | boolean,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string } {
  const text = String(raw).trim();
  switch (field.kind) {
    case 'boolean':
      return { ok: true, value: raw === true };
    case 'integer': {
      if (text === '' && field.nullable) return { ok: true, value: null };
      const n = Number(text);
      return /^-?\d+$/.test(text) && n >= field.min && n <= field.max
        ? { ok: true, value: n }
        : {
            ok: false,
            error:
              `Enter a whole number from ${field.min} to ${field.max}` +
              (field.nullable ? ', or leave it empty for none.' : '.'),
          };
    }
    case 'choice':
      return field.values.includes(text)
        ? { ok: true, value: text }
        : { ok: false, error: `Choose one of ${field.values.join(', ')}.` };
  }
}
