/** Checks of what callers send, before anything is read or written: each failure names its field. */
import {
  EDITIONS,
  err,
  isEdition,
  ok,
  optionProblems,
  type Result,
  type Variant,
} from '@arbiter/engine';
import { appError, invalid, type AppError } from './errors.js';
import { LIMITS } from './limits.js';
import type { GameSettings, PressMode } from './ports.js';

/** Player ids: letters, digits, `_` and `-` (so `gm` and `public` are reserved words, not ids). */
export const PLAYER_ID = new RegExp(`^[A-Za-z0-9_-]{1,${LIMITS.playerId}}$`);
const RESERVED_IDS = new Set(['gm', 'public']);
const PRESS_MODES: readonly PressMode[] = ['full', 'public', 'none', 'grey'];

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

/**
 * Text a caller sends: storable, at most `max` characters (an order sheet's or a message's by
 * default), and not blank unless `allowEmpty`.
 */
export function checkText(
  field: string,
  text: unknown,
  allowEmpty: boolean,
  max: number = LIMITS.text,
): AppError | undefined {
  if (typeof text !== 'string') return invalid(field, 'must be text');
  const unstorable = unstorableText(text);
  if (unstorable !== undefined) return invalid(field, unstorable);
  if (text.length > max) return invalid(field, `longer than ${max} characters`);
  if (!allowEmpty && text.trim() === '') return invalid(field, 'must not be empty');
  return undefined;
}

/** A seat's name, when one is given (joining, or the gamesmaster seating someone). */
export function checkSeatName(name: unknown): AppError | undefined {
  if (
    name !== undefined &&
    (typeof name !== 'string' ||
      name.trim() === '' ||
      name.length > LIMITS.seatName ||
      unstorableText(name) !== undefined)
  )
    return invalid('name', `1 to ${LIMITS.seatName} characters`);
  return undefined;
}

/** A list the caller sends may hold at most `max` items. */
export function checkCount(
  field: string,
  list: readonly unknown[],
  max: number,
): AppError | undefined {
  return list.length > max ? invalid(field, `at most ${max} of them`) : undefined;
}

export function checkPlayerId(field: string, id: unknown): AppError | undefined {
  if (typeof id !== 'string' || !PLAYER_ID.test(id) || RESERVED_IDS.has(id))
    return invalid(
      field,
      `letters, digits, _ and - only, 1 to ${LIMITS.playerId} of them, not gm or public`,
    );
  return undefined;
}

export function checkSeconds(field: string, n: unknown): AppError | undefined {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > LIMITS.seconds)
    return invalid(field, `a whole number of seconds from 1 to ${LIMITS.seconds}`);
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
  'rulebook',
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
    (typeof endYear !== 'number' ||
      !Number.isSafeInteger(endYear) ||
      endYear < 1 ||
      endYear > LIMITS.endYear)
  )
    return err(invalid('settings.endYear', `a year from 1 to ${LIMITS.endYear}`));
  const publicReadiness = input['publicReadiness'];
  if (publicReadiness !== undefined && typeof publicReadiness !== 'boolean')
    return err(invalid('settings.publicReadiness', 'true or false'));
  const disorder = input['civilDisorderAfter'];
  if (
    disorder !== undefined &&
    (typeof disorder !== 'number' ||
      !Number.isSafeInteger(disorder) ||
      disorder < 1 ||
      disorder > LIMITS.civilDisorderAfter)
  )
    return err(
      invalid(
        'settings.civilDisorderAfter',
        `a number of missed phases from 1 to ${LIMITS.civilDisorderAfter}`,
      ),
    );
  const drawVotes = input['drawVotes'];
  if (drawVotes !== undefined && drawVotes !== 'secret' && drawVotes !== 'public')
    return err(invalid('settings.drawVotes', 'secret or public'));
  const rulebook = input['rulebook'];
  if (rulebook !== undefined && !isEdition(rulebook))
    return err(invalid('settings.rulebook', `a rulebook edition: one of ${EDITIONS.join(', ')}`));
  return ok({
    ...(rulebook === undefined ? {} : { rulebook }),
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
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0 || seed > LIMITS.seed)
    return invalid('seed', `a whole number from 0 to ${LIMITS.seed}`);
  return undefined;
}
