/** @arbiter/app: the service's use cases over a GameStore port. */
export * from './ports.js';
export {
  Arbiter,
  type AppDeps,
  type CreateGameInput,
  type ExtendInput,
  type GmOptions,
  type JoinGameInput,
  type MessageInput,
  type PowerAssignment,
  type Session,
  type VariantInfo,
} from './arbiter.js';
export type { AppError, AppErrorCode } from './errors.js';
export type { AuditMismatch, AuditReport } from './audit.js';
export type {
  GameSummary,
  GameView,
  LineResult,
  MessageView,
  OpenPhaseView,
  PhaseView,
  SeatView,
  StateView,
  SubmissionResult,
  SubmissionView,
} from './views.js';
export { MAX_TEXT } from './input.js';
