/** @arbiter/app: the service's use cases over a GameStore port. */
export * from './ports.js';
export { Arbiter } from './arbiter.js';
export type { AppDeps, GmOptions, PhaseProcessedInfo } from './context.js';
export type { Session } from './use-cases/accounts.js';
export type { LegalOrder, LegalOrdersView, UnitLegalOrders } from './use-cases/board.js';
export type { Feed, FeedItem, GameChange } from './use-cases/feed.js';
export type { ExtendInput, RollbackPreview, UndoneOrders, UndonePhase } from './use-cases/gm.js';
export type {
  CreateGameInput,
  JoinGameInput,
  PowerAssignment,
  StartOptions,
  VariantInfo,
} from './use-cases/lobby.js';
export type { SeatPlayerInput } from './use-cases/seats.js';
export type { MissedOrders } from './disorder.js';
export type { MessageInput } from './use-cases/press.js';
export type { AppError, AppErrorCode, InputIssues } from './errors.js';
export type { AuditMismatch, AuditReport } from './audit.js';
export type { GameEnd, GameEndKind } from './ends.js';
export type { ProposalRuling } from './gm-rulings.js';
export type { EndInput, EndProposalResult, EndProposalView } from './use-cases/endings.js';
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
export { LIMITS, type Limits } from './limits.js';
export { unstorableText } from './input.js';
