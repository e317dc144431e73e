/**
 * Errors on the wire: every failure becomes an RFC 9457 `application/problem+json` body carrying
 * the app's stable `code`, and this file is the one place a code is given its HTTP status, so a
 * client can rely on the code and the status never disagreeing.
 */

import type { AppError, AppErrorCode } from '@arbiter/app';
import type { Result } from '@arbiter/engine';

/** Codes the HTTP layer itself produces, before or around the app. */
export const SERVER_CODES = [
  'request/malformed-json',
  'request/too-large',
  'request/unsupported-media-type',
  'request/not-found',
  'request/method-not-allowed',
  'auth/required',
  'auth/invalid-token',
  'internal',
  'service/unavailable',
] as const;
export type ServerCode = (typeof SERVER_CODES)[number];

export interface ProblemKind {
  readonly status: number;
  readonly title: string;
}

/**
 * Every code, app and server, with its status: TypeScript refuses this table if the app gains a
 * code it lacks. 400: the request is wrong in itself; 401: who you are is unknown; 403: you are
 * known and may not; 404: no such thing; 409: the game's current state forbids it (retry after
 * reloading may succeed); 422: understood and refused by the game's rules (press).
 *
 * `phase/closed` is 409, not 410: the game is still there and the request conflicts with its
 * current state (the phase's deadline passed), which is what 409 means; 410 would say the
 * resource itself is gone for good.
 */
export const PROBLEMS = {
  'request/malformed-json': { status: 400, title: 'The request body is not valid JSON' },
  'request/too-large': { status: 413, title: 'The request body is too large' },
  'request/unsupported-media-type': {
    status: 415,
    title: 'The request body must be application/json',
  },
  'request/not-found': { status: 404, title: 'No such route' },
  'request/method-not-allowed': { status: 405, title: 'Method not allowed on this route' },
  'input/invalid': { status: 400, title: 'The request is invalid' },
  'variant/unknown': { status: 400, title: 'No such variant' },
  'auth/invalid-name': { status: 400, title: 'Not a valid account name' },
  'auth/weak-password': { status: 400, title: 'The password is too weak' },
  'auth/required': { status: 401, title: 'A bearer token is required' },
  'auth/invalid-token': { status: 401, title: 'The bearer token is not valid' },
  'auth/bad-credentials': { status: 401, title: 'Unknown name or wrong password' },
  'auth/throttled': { status: 429, title: 'Too many failed logins; try again later' },
  'auth/name-taken': { status: 409, title: 'The account name is taken' },
  'game/not-gm': { status: 403, title: 'Only the gamesmaster may do this' },
  'game/not-a-player': { status: 403, title: 'Only a player of this game may do this' },
  'game/gm-cannot-play': { status: 403, title: 'The gamesmaster may not play' },
  'game/not-found': { status: 404, title: 'No such game' },
  'phase/not-found': { status: 404, title: 'No such phase' },
  'game/conflict': { status: 409, title: 'The game changed meanwhile' },
  'game/already-joined': { status: 409, title: 'Already seated in this game' },
  'game/full': { status: 409, title: 'The game is full' },
  'game/not-forming': { status: 409, title: 'The game has already started' },
  'game/not-running': { status: 409, title: 'The game is not running' },
  'game/paused': { status: 409, title: 'The game is paused' },
  'game/not-paused': { status: 409, title: 'The game is not paused' },
  'phase/closed': { status: 409, title: 'The phase is closed' },
  'game/bad-setup': { status: 422, title: 'The game cannot be set up so' },
  'game/powerless-seat': { status: 422, title: 'A seat would start with no power' },
  'account/not-found': { status: 404, title: 'No such account' },
  'press/no-press': { status: 422, title: 'This game has no press' },
  'press/public-only': { status: 422, title: 'This game has public press only' },
  'press/not-allowed': { status: 422, title: 'No press now' },
  'press/unknown-recipient': { status: 422, title: 'No such recipient' },
  'press/refused': { status: 422, title: 'The rules refused the message' },
  'export/unsupported': { status: 422, title: 'This game cannot be written in that format' },
  'end/not-a-survivor': { status: 403, title: 'Only the player of a surviving power may do this' },
  'end/not-a-voter': { status: 403, title: 'Not a voter on this proposal' },
  'end/gm-only': { status: 422, title: 'Only the gamesmaster may end this game' },
  'end/proposal-open': { status: 409, title: 'Another proposal is still open' },
  'end/bad-members': { status: 422, title: 'Not the surviving powers a draw or concession needs' },
  'end/no-proposal': { status: 404, title: 'No such proposal' },
  'end/closed': { status: 409, title: 'The proposal is decided or lapsed' },
  'end/already-voted': { status: 409, title: 'Already voted on this proposal' },
  'ruling/not-deviant': { status: 422, title: 'This game has no free-text proposals' },
  'ruling/not-pending': {
    status: 404,
    title: 'No free-text proposal with that label awaits a ruling',
  },
  'ruling/unknown-rule': { status: 422, title: 'No such catalogue rule' },
  'ruling/bad-settings': { status: 422, title: "The rule's settings are not valid" },
  internal: { status: 500, title: 'Internal error' },
  'service/unavailable': { status: 503, title: 'The database does not answer' },
} as const satisfies Record<AppErrorCode | ServerCode, ProblemKind>;

export type ProblemCode = keyof typeof PROBLEMS;

/**
 * The status and title of a code. A code missing from the table (the app answering with one
 * TypeScript did not know of) is a refused request (400), never a server fault.
 */
export function problemKind(code: string): ProblemKind {
  return (
    (PROBLEMS as Readonly<Record<string, ProblemKind>>)[code] ?? {
      status: 400,
      title: 'The request was refused',
    }
  );
}

/** The wire shape of a problem (RFC 9457 members plus our `code` and optional `details`). */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly instance?: string;
  readonly details?: unknown;
}

/** Where a code is explained: the problems list the API serves, anchored at the code. */
export function problemType(code: string): string {
  return `/api/v1/problems#${code}`;
}

/**
 * Thrown by handlers and middleware to end a request with a problem; `onError` turns it into
 * the response. Throwing lets a check deep in body parsing stop the handler without every caller
 * threading a Result.
 */
export class ProblemError extends Error {
  readonly code: string;
  readonly details: unknown;
  constructor(code: string, detail: string, details?: unknown) {
    super(detail);
    this.name = 'ProblemError';
    this.code = code;
    this.details = details;
  }
}

/** The app's answer, or its refusal thrown as a problem for `onError`: every route's handler. */
export function unwrap<T>(result: Result<T, AppError>): T {
  if (result.ok) return result.value;
  throw new ProblemError(result.error.code, result.error.message, result.error.details);
}

/** Builds the body of a problem; `instance` is the request path. */
export function toProblem(
  code: string,
  detail: string,
  instance?: string,
  details?: unknown,
): Problem {
  const kind = problemKind(code);
  return {
    type: problemType(code),
    title: kind.title,
    status: kind.status,
    code,
    detail,
    ...(instance === undefined ? {} : { instance }),
    ...(details === undefined ? {} : { details }),
  };
}

/** A problem as a Response, with the RFC 9457 media type. */
export function problemResponse(problem: Problem, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}
