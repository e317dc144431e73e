/**
 * What the page's forms share: the checks made before anything is sent (the server makes them
 * again), and the server's refusals turned into a message per field, so a bad value is named
 * beside the field it came from rather than in a banner far from it.
 */
import type { ApiLimits } from '@arbiter/server/api-types';
import { ApiError } from './api.js';

/** Messages by field id (`name`, `settings.phaseSeconds`, `options.fink.phantomFink`, ...). */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The server's limits that the forms check before sending or state beside a field. The page may
 * not import the app, whose `LIMITS` table these are; their type is that table's, so a value
 * that differs from the server's fails the build.
 */
export const LIMITS: Pick<
  ApiLimits,
  'accountName' | 'minPassword' | 'gameName' | 'seconds' | 'endYear'
> = {
  accountName: 40,
  minPassword: 8,
  gameName: 100,
  seconds: 366 * 24 * 3600,
  endYear: 9999,
};

/** The units a duration is typed in (a phase's length, an extension), and their seconds. */
export type TimeUnit = 'minutes' | 'hours' | 'days';
export const UNIT_SECONDS: Readonly<Record<TimeUnit, number>> = {
  minutes: 60,
  hours: 3600,
  days: 86400,
};

/** Account names, as the server allows them (app/src/passwords.ts). */
export const ACCOUNT_NAME = new RegExp(`^[A-Za-z0-9_.-]{1,${LIMITS.accountName}}$`);

export function checkAccountName(name: string): string | undefined {
  if (name === '') return 'Enter a name.';
  if (!ACCOUNT_NAME.test(name)) {
    return `Use 1 to ${LIMITS.accountName} letters, digits, and _ . or - (no spaces).`;
  }
  return undefined;
}

export function checkNewPassword(password: string, again: string): FieldErrors {
  if (password.length < LIMITS.minPassword) {
    return { password: `Use at least ${LIMITS.minPassword} characters.` };
  }
  if (again !== password) return { again: 'The two passwords differ.' };
  return {};
}

/** Which field of a form a refusal is about, by the codes whose field is known. */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  'auth/invalid-name': 'name',
  'auth/name-taken': 'name',
  'auth/weak-password': 'password',
  'variant/unknown': 'variant',
};

/**
 * The field a refusal names, if any: `input/invalid` (and the account checks) carry
 * `details.issues[].path`; a few codes always concern one field.
 */
export function fieldOf(error: ApiError): string | undefined {
  const details = error.problem?.details;
  const path = details !== undefined && 'issues' in details ? details.issues[0]?.path : undefined;
  if (path !== undefined && path !== '') return path;
  return FIELD_OF_CODE[error.code];
}

/**
 * A refusal as a message for one of `fields` (the form's field ids), or for the form as a whole
 * (`form`) when it names none of them. The field's prefix is dropped from the message, since
 * the message is shown beside that field.
 */
export function refusalErrors(error: ApiError, fields: readonly string[]): FieldErrors {
  const field = fieldOf(error);
  const message = error.message;
  if (field !== undefined && fields.includes(field)) {
    const bare = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
    return { [field]: sentence(bare) };
  }
  return { form: sentence(message) };
}

/** Starts with a capital and ends with a full stop. */
export function sentence(text: string): string {
  const t = text.trim();
  if (t === '') return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** A page path the user may be sent back to after logging in: same site, never a login page. */
export function safeNext(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//')) return '/';
  if (/^\/(login|register)(\?|$)/.test(next)) return '/';
  return next;
}

/** Whether an error means the caller must log in (again). */
export function needsLogin(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'auth/invalid-token' || error.code === 'auth/required')
  );
}
