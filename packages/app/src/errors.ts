/** Rejected commands: stable codes (STYLE §6, kind 3), returned as values, never thrown out. */
import type { SetupProblem } from '@arbiter/engine';

/**
 * Every code the app returns. Messages may change; codes do not. `press/...` also carries the
 * codes the rules in force give when they refuse a message (`press/no-press`, `press/public-only`).
 */
export type AppErrorCode =
  | 'auth/name-taken'
  | 'auth/bad-credentials'
  | 'auth/throttled'
  | 'auth/invalid-name'
  | 'auth/weak-password'
  | 'game/not-found'
  | 'game/not-gm'
  | 'game/not-a-player'
  | 'game/gm-cannot-play'
  | 'game/not-forming'
  | 'game/not-running'
  | 'game/paused'
  | 'game/not-paused'
  | 'game/full'
  | 'game/already-joined'
  | 'game/bad-setup'
  | 'game/powerless-seat'
  | 'account/not-found'
  | 'game/conflict'
  | 'phase/closed'
  | 'phase/not-found'
  | 'input/invalid'
  | 'variant/unknown'
  | 'press/no-press'
  | 'press/public-only'
  | 'press/not-allowed'
  | 'press/unknown-recipient'
  | 'press/refused'
  | 'export/unsupported'
  | 'end/not-a-survivor'
  | 'end/not-a-voter'
  | 'end/gm-only'
  | 'end/proposal-open'
  | 'end/bad-members'
  | 'end/no-proposal'
  | 'end/closed'
  | 'end/already-voted'
  | 'ruling/not-deviant'
  | 'ruling/not-pending'
  | 'ruling/unknown-rule'
  | 'ruling/bad-settings';

export interface AppError {
  readonly code: AppErrorCode;
  readonly message: string;
  /**
   * More about it: `{ issues: [{ path, message }] }` for `input/invalid` (and for
   * `auth/invalid-name` and `auth/weak-password`), the engine's `SetupProblem` for
   * `game/bad-setup`, the rule's own `{ code }` for `press/refused`, the current `{ version }`
   * for `game/conflict`.
   */
  readonly details?: unknown;
}

export function appError(code: AppErrorCode, message: string, details?: unknown): AppError {
  return details === undefined ? { code, message } : { code, message, details };
}

/**
 * What was wrong and where, in the one shape every `input/invalid` has, whether the server's
 * schemas or the app found it: `path` names the field with dots (`assignments.0.playerId`).
 */
export interface InputIssues {
  readonly issues: readonly {
    readonly path: string;
    readonly message: string;
    /** What is wrong there, where it has a code: a game option's `setup/option-range` ... */
    readonly code?: string;
  }[];
}

export function issueAt(path: string, message: string): InputIssues {
  return { issues: [{ path, message }] };
}

export function invalid(field: string, message: string): AppError {
  return appError('input/invalid', `${field}: ${message}`, issueAt(field, message));
}

export function badSetup(problem: SetupProblem): AppError {
  return appError('game/bad-setup', problem.message, problem);
}

/**
 * Thrown inside a transaction to refuse a command and roll back whatever it wrote; the
 * transaction's caller turns it back into an `AppError` value.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** Refuses the command in progress: its transaction rolls back and answers with the error. */
export function refuse(code: AppErrorCode, message: string, details?: unknown): never {
  throw new Refusal(appError(code, message, details));
}
