/** Checks of what callers send, before anything is read or written: each failure names its field. */
import { ok, err, optionProblems, type Result, type Variant } from '@arbiter/engine';
import { appError, invalid, type AppError } from './errors.js';
import { MAX_NAME, MAX_PASSWORD, MIN_PASSWORD } from './passwords.js';
import type { GameSettings, PressMode } from './ports.js';

/** Longest order sheet and message, in characters. */
export const MAX_TEXT = 10_000;
export const MAX_GAME_NAME = 100;
const MAX_PLAYER_ID = 40;

/**
 * Every length the app enforces, in characters, in one table. The server's request schemas
 * read it too, so its OpenAPI document states exactly the limits enforced here.
 */
export const LIMITS = {
  /** An order sheet or a message. */
  text: MAX_TEXT,
  gameName: MAX_GAME_NAME,
  /** A seat's name (joinGame). */
  seatName: 40,
  playerId: MAX_PLAYER_ID,
  /** Account names are 1 to 40 letters, digits, `_ . -` (`NAME_PATTERN`). */
  accountName: MAX_NAME,
  password: MAX_PASSWORD,
  minPassword: MIN_PASSWORD,
} as const;

/** Player ids: letters, digits, `_` and `-` (so `gm` and `public` are reserved words, not ids). */
export const PLAYER_ID = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_PLAYER_ID}}$`);
const RESERVED_IDS = new Set(['gm', 'public']);
/**
 * The longest duration anything takes: a phase, an extension, and how far ahead any deadline may
 * be set (366 days). Larger numbers are refused rather than stored, so no deadline can overflow a
 * date or a column, and a game can always be resumed.
 */
export const MAX_SECONDS = 366 * 24 * 3600;
const PRESS_MODES: readonly PressMode[] = ['full', 'public', 'none', 'grey'];

/** The most missed phases in a row the civil-disorder setting may wait for. */
export const MAX_CIVIL_DISORDER_AFTER = 10;

export const DEFAULT_SETTINGS: GameSettings = { phaseSeconds: 24 * 3600, press: 'full' };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why no store could keep `text` exactly as given, or undefined: a NUL character (PostgreSQL
 * refuses it) or a lone surrogate (not Unicode: SQLite would keep U+FFFD instead, and a password
 * hash would not tell two of them apart). Such text is refused, never stored changed.
 */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'contains a lone surrogate (not valid Unicode)';
  return undefined;
}

export function checkText(field: string, text: unknown, allowEmpty: boolean): AppError | undefined {
  if (typeof text !== 'string') return invalid(field, 'must be text');
  const unstorable = unstorableText(text);
  if (unstorable !== undefined) return invalid(field, unstorable);
  if (text.length > MAX_TEXT) return invalid(field, `longer than ${MAX_TEXT} characters`);
  if (!allowEmpty && text.trim() === '') return invalid(field, 'must not be empty');
  return undefined;
}

export function checkPlayerId(field: string, id: unknown): AppError | undefined {
  if (typeof id !== 'string' || !PLAYER_ID.test(id) || RESERVED_IDS.has(id))
    return invalid(field, 'letters, digits, _ and - only, 1 to 40 of them, not gm or public');
  return undefined;
}

export function checkSeconds(field: string, n: unknown): AppError | undefined {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_SECONDS)
    return invalid(field, `a whole number of seconds from 1 to ${MAX_SECONDS}`);
  return undefined;
}

const SETTING_NAMES: readonly string[] = [
  'phaseSeconds',
  'shortPhaseSeconds',
  'press',
  'endYear',
  'publicReadiness',
  'civilDisorderAfter',
  'drawVotes',
];

export function checkSettings(input: unknown): Result<GameSettings, AppError> {
  if (input === undefined) return ok(DEFAULT_SETTINGS);
  if (!isRecord(input)) return err(invalid('settings', 'must be an object'));
  for (const k of Object.keys(input)) {
    if (!SETTING_NAMES.includes(k)) return err(invalid(`settings.${k}`, 'no such setting'));
  }
  const phaseSeconds = input['phaseSeconds'] ?? DEFAULT_SETTINGS.phaseSeconds;
  const bad = checkSeconds('settings.phaseSeconds', phaseSeconds);
  if (bad !== undefined) return err(bad);
  const short = input['shortPhaseSeconds'];
  if (short !== undefined) {
    const badShort = checkSeconds('settings.shortPhaseSeconds', short);
    if (badShort !== undefined) return err(badShort);
  }
  const press = input['press'] ?? DEFAULT_SETTINGS.press;
  if (!PRESS_MODES.includes(press as PressMode))
    return err(invalid('settings.press', `one of ${PRESS_MODES.join(', ')}`));
  const endYear = input['endYear'];
  if (
    endYear !== undefined &&
    (typeof endYear !== 'number' || !Number.isSafeInteger(endYear) || endYear < 1 || endYear > 9999)
  )
    return err(invalid('settings.endYear', 'a year from 1 to 9999'));
  const publicReadiness = input['publicReadiness'];
  if (publicReadiness !== undefined && typeof publicReadiness !== 'boolean')
    return err(invalid('settings.publicReadiness', 'true or false'));
  const disorder = input['civilDisorderAfter'];
  if (
    disorder !== undefined &&
    (typeof disorder !== 'number' ||
      !Number.isSafeInteger(disorder) ||
      disorder < 1 ||
      disorder > MAX_CIVIL_DISORDER_AFTER)
  )
    return err(
      invalid(
        'settings.civilDisorderAfter',
        `a number of missed phases from 1 to ${MAX_CIVIL_DISORDER_AFTER}`,
      ),
    );
  const drawVotes = input['drawVotes'];
  if (drawVotes !== undefined && drawVotes !== 'secret' && drawVotes !== 'public')
    return err(invalid('settings.drawVotes', 'secret or public'));
  return ok({
    ...(endYear === undefined ? {} : { endYear: endYear }),
    ...(drawVotes === undefined ? {} : { drawVotes }),
    ...(disorder === undefined ? {} : { civilDisorderAfter: disorder }),
    phaseSeconds: phaseSeconds as number,
    ...(short === undefined ? {} : { shortPhaseSeconds: short as number }),
    press: press as PressMode,
    ...(publicReadiness === true ? { publicReadiness } : {}),
  });
}

/**
 * A game's options: settings per module of the variant, each one a setting the module's schema
 * declares, of its kind and in its range or choices (the engine's `optionProblems`). An unknown
 * module is a bad setup; an unknown setting, a value of the wrong kind or one out of range is
 * invalid input, every one named by its path with its code (`setup/unknown-option`,
 * `setup/option-type`, `setup/option-range`) and the module's known settings listed.
 */
export function checkOptions(
  variant: Variant,
  input: unknown,
): Result<Readonly<Record<string, Readonly<Record<string, unknown>>>>, AppError> {
  if (input === undefined) return ok({});
  if (!isRecord(input)) return err(invalid('options', 'must be an object'));
  const problems = optionProblems(variant, input);
  const noModule = problems.find(
    (p) => p.path.split('.').length === 2 && p.code === 'setup/unknown-option',
  );
  if (noModule !== undefined) {
    return err(
      appError('game/bad-setup', noModule.message, {
        code: noModule.code,
        message: noModule.message,
      }),
    );
  }
  if (problems.length > 0) {
    return err(
      appError('input/invalid', problems.map((p) => `${p.path}: ${p.message}`).join('; '), {
        issues: problems.map((p) => ({ path: p.path, message: p.message, code: p.code })),
      }),
    );
  }
  return ok(JSON.parse(JSON.stringify(input)) as Record<string, Readonly<Record<string, unknown>>>);
}

export function checkSeed(seed: unknown): AppError | undefined {
  if (seed === undefined) return undefined;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)
    return invalid('seed', 'a whole number from 0 to 4294967295');
  return undefined;
}
