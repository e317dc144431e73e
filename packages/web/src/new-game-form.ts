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

/** How an option is entered, from the kind of its default value. */
export type OptionKind = 'boolean' | 'number' | 'text' | 'json' | 'any';

export function optionKind(defaultValue: unknown): OptionKind {
  if (typeof defaultValue === 'boolean') return 'boolean';
  if (typeof defaultValue === 'number') return 'number';
  if (typeof defaultValue === 'string') return 'text';
  if (defaultValue === null || defaultValue === undefined) return 'any';
  return 'json';
}

/** A default as its input shows it. */
export function optionInput(defaultValue: unknown): string | boolean {
  switch (optionKind(defaultValue)) {
    case 'boolean':
      return defaultValue as boolean;
    case 'number':
    case 'text':
      return String(defaultValue);
    case 'any':
      return '';
    case 'json':
      return JSON.stringify(defaultValue);
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
    for (const [key, def] of Object.entries(m.settings)) {
      const raw = draft.options[m.id]?.[key];
      if (raw === undefined) continue;
      const read = optionValue(def, raw);
      if (!read.ok) {
        errors[optionField(m.id, key)] = read.error;
        continue;
      }
      if (JSON.stringify(read.value) === JSON.stringify(def)) continue;
      (options[m.id] ??= {})[key] = read.value;
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

/** An option's input read as a value of its default's kind, or why it cannot be. */
function optionValue(
  def: unknown,
  raw: string | boolean,
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string } {
  const text = String(raw).trim();
  switch (optionKind(def)) {
    case 'boolean':
      return { ok: true, value: raw === true };
    case 'number':
      return text === '' || !Number.isFinite(Number(text))
        ? { ok: false, error: 'Enter a number.' }
        : { ok: true, value: Number(text) };
    case 'text':
      return { ok: true, value: String(raw) };
    case 'any':
      if (text === '') return { ok: true, value: null };
      return { ok: true, value: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
    case 'json': {
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        return { ok: false, error: 'Enter valid JSON.' };
      }
      return Array.isArray(value) === Array.isArray(def) && typeof value === typeof def
        ? { ok: true, value }
        : { ok: false, error: `Enter a value like the default ${JSON.stringify(def)}.` };
    }
  }
}
