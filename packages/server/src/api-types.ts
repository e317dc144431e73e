/**
 * The API's request and response types for clients such as the web page, inferred from the zod
 * schemas the server validates with, so a client's types follow the schemas. Types only: the
 * package exports this entry with a `types` condition and no code, so importing a value from it
 * fails, and ESLint lets the web package use it only through `import type`.
 */
import type { LIMITS } from '@arbiter/app';
import type { z } from 'zod';
import type { ProblemCode } from './problems.js';
import type {
  AccountSchema,
  AssignPowersRequest,
  AuditSchema,
  CreateGameRequest,
  CredentialsRequest,
  GameEventSchema,
  GameSchema,
  GameSummarySchema,
  GmCommandRequest,
  HealthSchema,
  JoinGameRequest,
  LineResultSchema,
  MessageSchema,
  PhaseSchema,
  ProblemSchema,
  ReadySchema,
  RollbackPreviewSchema,
  SeatSchema,
  SendMessageRequest,
  SessionSchema,
  SetReadyRequest,
  SubmissionResultSchema,
  SubmissionSchema,
  SubmitOrdersRequest,
  VariantSchema,
} from './schemas.js';
import type { StartGameRequest } from './schemas-life.js';
import type { LegalOrdersSchema, MapSchema, OrderSchema } from './schemas-play.js';

export type { ProblemCode };

/**
 * The limits the server puts on what clients send (the app's `LIMITS`), each value its own
 * literal type: a client that states a limit as a value of this type is held to the server's.
 */
export type ApiLimits = typeof LIMITS;

/** An `application/problem+json` body. */
export type ApiProblem = z.output<typeof ProblemSchema>;
export type ApiHealth = z.output<typeof HealthSchema>;
export type ApiAccount = z.output<typeof AccountSchema>;
export type ApiSession = z.output<typeof SessionSchema>;
export type ApiVariant = z.output<typeof VariantSchema>;
export type ApiGameSummary = z.output<typeof GameSummarySchema>;
export type ApiGame = z.output<typeof GameSchema>;
export type ApiSeat = z.output<typeof SeatSchema>;
export type ApiPhase = z.output<typeof PhaseSchema>;
export type ApiGameEvent = z.output<typeof GameEventSchema>;
export type ApiLineResult = z.output<typeof LineResultSchema>;
export type ApiSubmission = z.output<typeof SubmissionSchema>;
export type ApiSubmissionResult = z.output<typeof SubmissionResultSchema>;
export type ApiMessage = z.output<typeof MessageSchema>;
export type ApiAudit = z.output<typeof AuditSchema>;
export type ApiReady = z.output<typeof ReadySchema>;
export type ApiRollbackPreview = z.output<typeof RollbackPreviewSchema>;
export type ApiMap = z.output<typeof MapSchema>;
export type ApiOrder = z.output<typeof OrderSchema>;
export type ApiLegalOrders = z.output<typeof LegalOrdersSchema>;

export type ApiCredentials = z.input<typeof CredentialsRequest>;
export type ApiCreateGame = z.input<typeof CreateGameRequest>;
export type ApiJoinGame = z.input<typeof JoinGameRequest>;
export type ApiAssignPowers = z.input<typeof AssignPowersRequest>;
export type ApiGmCommand = z.input<typeof GmCommandRequest>;
export type ApiStartGame = z.input<typeof StartGameRequest>;
export type ApiSubmitOrders = z.input<typeof SubmitOrdersRequest>;
export type ApiSetReady = z.input<typeof SetReadyRequest>;
export type ApiSendMessage = z.input<typeof SendMessageRequest>;
