/**
 * Every route of the API, as data. Handlers only translate HTTP to the app's use cases and back:
 * the app decides who may do what and builds what each caller may see, and a handler returns
 * exactly what the app returned (filtered once more by the response schema).
 */
import type { AccountRecord, Arbiter } from '@arbiter/app';
import { z } from 'zod';
import { gameAnswer } from './answers.js';
import { ProblemError, PROBLEMS, unwrap } from './problems.js';
import { EVENT_ROUTES } from './routes-events.js';
import { LIFE_ROUTES } from './routes-life.js';
import { ENDING_ROUTES } from './routes-endings.js';
import { PLAY_ROUTES } from './routes-play.js';
import { routeBuilder, type Route } from './routing.js';
import {
  AssignPowersRequest,
  AuditSchema,
  CreateGameRequest,
  CredentialsRequest,
  ExtendDeadlineRequest,
  GameSchema,
  GameSummarySchema,
  GmCommandRequest,
  HealthSchema,
  LogoutSchema,
  JoinGameRequest,
  ListGamesQuery,
  MessageSchema,
  MessagesQuery,
  OpenApiSchema,
  PhaseSchema,
  ProblemListSchema,
  ReadySchema,
  RollbackPreviewQuery,
  RollbackPreviewSchema,
  RollbackRequest,
  SeatSchema,
  SendMessageRequest,
  SessionSchema,
  SetReadyRequest,
  SubmissionResultSchema,
  SubmissionSchema,
  SubmitOrdersRequest,
  VariantSchema,
} from './schemas.js';
import { StartGameRequest } from './schemas-life.js';

/** What handlers work with: the app, and the OpenAPI document (built once, on first use). */
export interface Services {
  readonly arbiter: Arbiter;
  readonly openApi: () => Record<string, unknown>;
}

const route = routeBuilder<Services, AccountRecord>();

const gameErrors = ['game/not-found'] as const;
const gmErrors = ['game/not-found', 'game/not-gm', 'game/conflict'] as const;
/** A player's sheet or readiness in the open phase (`game/conflict`: another process has it). */
const sheetErrors = [
  ...gameErrors,
  'game/not-a-player',
  'game/not-running',
  'game/conflict',
  'phase/closed',
] as const;

export const ROUTES: readonly Route<Services>[] = [
  ...PLAY_ROUTES,
  ...EVENT_ROUTES,
  ...LIFE_ROUTES,
  ...ENDING_ROUTES,
  // ---- the document itself ----
  route({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApi',
    tag: 'meta',
    summary: 'This OpenAPI 3.1 document',
    auth: 'none',
    status: 200,
    response: OpenApiSchema,
    responseDescription: 'The document.',
    errors: [],
    handle: (s) => Promise.resolve(s.openApi() as z.input<typeof OpenApiSchema>),
  }),
  route({
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'meta',
    summary: 'Whether the server and its database answer',
    description:
      'For load balancers and monitors: 200 when a read of the database succeeds, 503 ' +
      '`service/unavailable` when it does not.',
    auth: 'none',
    status: 200,
    response: HealthSchema,
    responseDescription: 'The server is up and its database answers.',
    errors: ['service/unavailable'],
    handle: async (s) => {
      const db = await s.arbiter.health();
      if (!db.ok) {
        throw new ProblemError('service/unavailable', `The database does not answer: ${db.error}`);
      }
      return { status: 'ok' as const, database: { ok: true as const, ms: db.ms } };
    },
  }),
  route({
    method: 'get',
    path: '/problems',
    operationId: 'listProblems',
    tag: 'meta',
    summary: 'Every error code with its HTTP status',
    description: "Each problem's `type` points here, at its code.",
    auth: 'none',
    status: 200,
    response: ProblemListSchema,
    responseDescription: 'The codes, sorted.',
    errors: [],
    handle: () =>
      Promise.resolve({
        problems: Object.entries(PROBLEMS)
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([code, k]) => ({ code, status: k.status, title: k.title })),
      }),
  }),

  // ---- accounts ----
  route({
    method: 'post',
    path: '/accounts',
    operationId: 'register',
    tag: 'accounts',
    summary: 'Register an account',
    description: 'Creates the account and a first session: use the token as a bearer token.',
    auth: 'none',
    body: CredentialsRequest,
    status: 201,
    response: SessionSchema,
    responseDescription: 'The account and its token.',
    errors: ['auth/invalid-name', 'auth/weak-password', 'auth/name-taken'],
    handle: async (s, { body }) => unwrap(await s.arbiter.register(body.name, body.password)),
  }),
  route({
    method: 'post',
    path: '/sessions',
    operationId: 'login',
    tag: 'accounts',
    summary: 'Log in: a new token for an account',
    auth: 'none',
    body: CredentialsRequest,
    status: 200,
    response: SessionSchema,
    responseDescription: 'The account and a new token.',
    description:
      'Tokens expire (30 days by default). After 10 failed logins in 15 minutes for one account ' +
      'name, or from one address, further attempts are refused with `auth/throttled` (429, with ' +
      'Retry-After) until the window has passed.',
    errors: ['auth/bad-credentials', 'auth/throttled'],
    handle: async (s, { body, address }) =>
      unwrap(await s.arbiter.login(body.name, body.password, address)),
  }),
  route({
    method: 'delete',
    path: '/sessions',
    operationId: 'logout',
    tag: 'accounts',
    summary: 'Log out: revoke the token this request is made with',
    description:
      'The token stops working at once on this server, and on others sharing the database ' +
      'within 30 seconds.',
    auth: 'required',
    status: 200,
    response: LogoutSchema,
    responseDescription: 'The token is revoked.',
    errors: [],
    handle: async (s, { token }) => {
      if (token !== undefined) await s.arbiter.logout(token);
      return { revoked: true as const };
    },
  }),

  // ---- variants and games ----
  route({
    method: 'get',
    path: '/variants',
    operationId: 'listVariants',
    tag: 'games',
    summary: 'The variants a game can be created from, with their options',
    auth: 'none',
    status: 200,
    response: z.object({ variants: z.array(VariantSchema) }),
    responseDescription: 'Every variant.',
    errors: [],
    handle: (s) => Promise.resolve({ variants: s.arbiter.variants() }),
  }),
  route({
    method: 'get',
    path: '/games',
    operationId: 'listGames',
    tag: 'games',
    summary: 'Games, newest first',
    description: 'Every game (up to 100); with mine=true, the games the caller plays in or runs.',
    auth: 'optional',
    query: ListGamesQuery,
    status: 200,
    response: z.object({ games: z.array(GameSummarySchema) }),
    responseDescription: 'The games.',
    errors: ['auth/required'],
    handle: async (s, { caller, query }) => {
      if (query.mine === 'true' && caller === null) {
        throw new ProblemError('auth/required', 'mine=true needs a bearer token.');
      }
      const mine = query.mine === 'true' && caller !== null ? caller.id : undefined;
      return { games: await s.arbiter.listGames(mine) };
    },
  }),
  route({
    method: 'post',
    path: '/games',
    operationId: 'createGame',
    tag: 'games',
    summary: 'Create a game; the caller is its gamesmaster',
    auth: 'required',
    body: CreateGameRequest,
    status: 201,
    response: GameSchema,
    responseDescription: 'The new game, as its gamesmaster sees it.',
    errors: ['variant/unknown', 'game/bad-setup'],
    handle: async (s, { caller, body }) => {
      const { settings, ...rest } = body;
      const input = withoutUndefined({
        ...rest,
        settings: settings === undefined ? undefined : withoutUndefined(settings),
      });
      return unwrap(await s.arbiter.createGame(caller.id, input));
    },
  }),
  route({
    method: 'get',
    path: '/games/{id}',
    operationId: 'getGame',
    tag: 'games',
    summary: 'The game as the caller may see it',
    description:
      'Without a token, the public view; a player sees their own secrets (and orders), the ' +
      'gamesmaster everything.',
    auth: 'optional',
    status: 200,
    response: GameSchema,
    responseDescription: 'The game.',
    etag: 'private',
    answer: gameAnswer,
    errors: gameErrors,
    handle: async (s, { caller, params }) =>
      unwrap(await s.arbiter.getGame(caller?.id, params['id'] ?? '')),
  }),
  route({
    method: 'post',
    path: '/games/{id}/players',
    operationId: 'joinGame',
    tag: 'games',
    summary: 'Take a seat in a forming game',
    auth: 'required',
    body: JoinGameRequest,
    bodyOptional: true,
    status: 201,
    response: SeatSchema,
    responseDescription: 'The seat.',
    errors: [
      ...gameErrors,
      'game/not-forming',
      'game/gm-cannot-play',
      'game/already-joined',
      'game/full',
    ],
    handle: async (s, { caller, params, body }) =>
      unwrap(await s.arbiter.joinGame(caller.id, params['id'] ?? '', withoutUndefined(body ?? {}))),
  }),
  route({
    method: 'put',
    path: '/games/{id}/powers',
    operationId: 'assignPowers',
    tag: 'gamesmaster',
    summary: 'Give players their powers before the start',
    description:
      'None for an investor, one, or several powers per player. Seats not named keep theirs; ' +
      'once powers are given out the start takes the seats as they are (a seat with none ' +
      'needs `allowPowerless`); without any assignment the powers are dealt at the start.',
    auth: 'required',
    body: AssignPowersRequest,
    status: 200,
    response: GameSchema,
    responseDescription: 'The game.',
    errors: [...gmErrors, 'game/not-forming', 'game/bad-setup'],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.assignPowers(
          caller.id,
          params['id'] ?? '',
          body.assignments,
          gmOptions(body.version),
        ),
      ),
  }),
  route({
    method: 'post',
    path: '/games/{id}/start',
    operationId: 'startGame',
    tag: 'gamesmaster',
    summary: 'Start the game: the first phase opens with its deadline',
    description:
      'If the gamesmaster gave out powers, each seat keeps what it was given; otherwise they ' +
      "are dealt: the variant's own seating, or one power per seat drawn at random from the " +
      "game's seed (the same seed, the same deal). A seat left with no power needs " +
      '`allowPowerless`.',
    auth: 'required',
    body: StartGameRequest,
    bodyOptional: true,
    status: 200,
    response: GameSchema,
    responseDescription: 'The game.',
    errors: [...gmErrors, 'game/not-forming', 'game/bad-setup', 'game/powerless-seat'],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.startGame(caller.id, params['id'] ?? '', {
          ...gmOptions(body?.version),
          ...(body?.allowPowerless === undefined ? {} : { allowPowerless: body.allowPowerless }),
        }),
      ),
  }),

  // ---- orders and readiness ----
  route({
    method: 'post',
    path: '/games/{id}/orders',
    operationId: 'submitOrders',
    tag: 'play',
    summary: 'Submit (or revise) your orders for the open phase',
    description:
      'The whole sheet replaces your previous one (every submission is kept; the last one ' +
      'before the deadline counts). The answer reads each line at once: its canonical form, ' +
      'or the code and message of its rejection.',
    auth: 'required',
    body: SubmitOrdersRequest,
    status: 200,
    response: SubmissionResultSchema,
    responseDescription: 'Each line as read.',
    errors: sheetErrors,
    handle: async (s, { caller, params, body }) =>
      unwrap(await s.arbiter.submitOrders(caller.id, params['id'] ?? '', body.text)),
  }),
  route({
    method: 'get',
    path: '/games/{id}/orders',
    operationId: 'mySubmission',
    tag: 'play',
    summary: 'Your last submission in the open phase',
    auth: 'required',
    status: 200,
    response: z.object({ submission: SubmissionSchema.nullable() }),
    responseDescription: 'Your submission, or null if you have sent none.',
    errors: [...gameErrors, 'game/not-a-player', 'game/not-running', 'game/conflict'],
    handle: async (s, { caller, params }) => ({
      submission: unwrap(await s.arbiter.mySubmission(caller.id, params['id'] ?? '')),
    }),
  }),
  route({
    method: 'put',
    path: '/games/{id}/ready',
    operationId: 'setReady',
    tag: 'play',
    summary: 'Say you are ready (or not) in the open phase',
    description: 'When every player who must act is ready, the phase is processed at once.',
    auth: 'required',
    body: SetReadyRequest,
    status: 200,
    response: ReadySchema,
    responseDescription: 'Your readiness, and whether the phase was processed.',
    errors: sheetErrors,
    handle: async (s, { caller, params, body }) =>
      unwrap(await s.arbiter.setReady(caller.id, params['id'] ?? '', body.ready)),
  }),
  route({
    method: 'get',
    path: '/games/{id}/phases',
    operationId: 'history',
    tag: 'play',
    summary: 'Every processed phase, as the caller may see it',
    auth: 'optional',
    status: 200,
    response: z.object({ phases: z.array(PhaseSchema) }),
    responseDescription: 'The phases in order.',
    etag: 'private',
    errors: gameErrors,
    handle: async (s, { caller, params }) => ({
      phases: unwrap(await s.arbiter.history(caller?.id, params['id'] ?? '')),
    }),
  }),

  // ---- press ----
  route({
    method: 'get',
    path: '/games/{id}/messages',
    operationId: 'listMessages',
    tag: 'press',
    summary: 'The messages the caller may read',
    description: 'Without a token, public messages only. Grey press hides senders.',
    auth: 'optional',
    query: MessagesQuery,
    status: 200,
    response: z.object({ messages: z.array(MessageSchema) }),
    responseDescription: 'The messages in order.',
    errors: gameErrors,
    handle: async (s, { caller, params, query }) => ({
      messages: unwrap(
        await s.arbiter.messages(
          caller?.id,
          params['id'] ?? '',
          query.after === undefined ? {} : { afterId: Number(query.after) },
        ),
      ),
    }),
  }),
  route({
    method: 'post',
    path: '/games/{id}/messages',
    operationId: 'sendMessage',
    tag: 'press',
    summary: 'Send a message to everyone or to some players',
    auth: 'required',
    body: SendMessageRequest,
    status: 201,
    response: MessageSchema,
    responseDescription: 'The message as sent.',
    errors: [
      ...gameErrors,
      'game/not-a-player',
      'press/no-press',
      'press/public-only',
      'press/not-allowed',
      'press/unknown-recipient',
      'press/refused',
    ],
    handle: async (s, { caller, params, body }) =>
      unwrap(await s.arbiter.sendMessage(caller.id, params['id'] ?? '', withoutUndefined(body))),
  }),

  // ---- the gamesmaster ----
  ...(['pause', 'resume', 'process'] as const).map((command) =>
    route({
      method: 'post',
      path: `/games/{id}/${command}`,
      operationId: command === 'process' ? 'forceProcess' : `${command}Game`,
      tag: 'gamesmaster',
      summary: {
        pause: 'Stop the clock (orders are still taken)',
        resume: 'Restart the clock with the time that was left',
        process: 'Process the open phase now',
      }[command],
      auth: 'required',
      body: GmCommandRequest,
      bodyOptional: true,
      status: 200,
      response: GameSchema,
      responseDescription: 'The game.',
      errors: [
        ...gmErrors,
        'game/not-running',
        ...(command === 'pause' ? (['game/paused'] as const) : []),
        ...(command === 'resume' ? (['game/not-paused'] as const) : []),
      ],
      handle: async (s, { caller, params, body }) => {
        const id = params['id'] ?? '';
        const opts = gmOptions(body?.version);
        switch (command) {
          case 'pause':
            return unwrap(await s.arbiter.pause(caller.id, id, opts));
          case 'resume':
            return unwrap(await s.arbiter.resume(caller.id, id, opts));
          case 'process':
            return unwrap(await s.arbiter.forceProcess(caller.id, id, opts));
        }
      },
    }),
  ),
  route({
    method: 'post',
    path: '/games/{id}/gm/actions',
    operationId: 'submitGmActions',
    tag: 'gamesmaster',
    summary: "Submit (or revise) the gamesmaster's own actions for the open phase",
    description:
      "The actions the game's rules give the gamesmaster (Pink Diplomacy's `BONUS 5 TO FRA`), " +
      'one a line; the whole sheet replaces the previous one and the last one counts when the ' +
      'phase is processed. Unit orders are refused (`gm/not-an-action`).',
    auth: 'required',
    body: SubmitOrdersRequest,
    status: 200,
    response: SubmissionResultSchema,
    responseDescription: 'Each line as read.',
    errors: [...gmErrors, 'game/not-running'],
    handle: async (s, { caller, params, body }) =>
      unwrap(await s.arbiter.submitGmActions(caller.id, params['id'] ?? '', body.text)),
  }),
  route({
    method: 'get',
    path: '/games/{id}/gm/actions',
    operationId: 'gmActions',
    tag: 'gamesmaster',
    summary: "The gamesmaster's last sheet of actions in the open phase",
    auth: 'required',
    status: 200,
    response: z.object({ submission: SubmissionSchema.nullable() }),
    responseDescription: 'The sheet, or null if none was sent.',
    errors: [...gmErrors, 'game/not-running'],
    handle: async (s, { caller, params }) => ({
      submission: unwrap(await s.arbiter.gmActions(caller.id, params['id'] ?? '')),
    }),
  }),
  route({
    method: 'post',
    path: '/games/{id}/deadline',
    operationId: 'extendDeadline',
    tag: 'gamesmaster',
    summary: 'Move the deadline: later by some seconds, or to a given time',
    auth: 'required',
    body: ExtendDeadlineRequest,
    status: 200,
    response: GameSchema,
    responseDescription: 'The game.',
    errors: [...gmErrors, 'game/not-running', 'game/paused'],
    handle: async (s, { caller, params, body }) => {
      const by =
        'seconds' in body
          ? { seconds: body.seconds }
          : {
              deadline:
                typeof body.deadline === 'number' ? body.deadline : Date.parse(body.deadline),
            };
      return unwrap(
        await s.arbiter.extend(caller.id, params['id'] ?? '', by, gmOptions(body.version)),
      );
    },
  }),
  route({
    method: 'post',
    path: '/games/{id}/rollback',
    operationId: 'rollback',
    tag: 'gamesmaster',
    summary: 'Replay the game from an earlier phase (the rolled-back phases are kept)',
    auth: 'required',
    body: RollbackRequest,
    status: 200,
    response: GameSchema,
    responseDescription: 'The game, with the phase reopened.',
    errors: [...gmErrors, 'game/not-running', 'phase/not-found'],
    handle: async (s, { caller, params, body }) =>
      unwrap(
        await s.arbiter.rollback(
          caller.id,
          params['id'] ?? '',
          { toPhase: body.toPhase },
          gmOptions(body.version),
        ),
      ),
  }),
  route({
    method: 'get',
    path: '/games/{id}/rollback',
    operationId: 'previewRollback',
    tag: 'gamesmaster',
    summary: 'What a rollback to a phase would undo, without doing it',
    description:
      'The phases from `to` on (their results, or the open phase unplayed), the orders that ' +
      "counted in them (the target phase's are carried over), the messages sent since (kept), " +
      'and whether the end of a finished game goes. Nothing changes.',
    auth: 'required',
    query: RollbackPreviewQuery,
    status: 200,
    response: RollbackPreviewSchema,
    responseDescription: 'What would be undone.',
    errors: [...gameErrors, 'game/not-gm', 'game/not-running', 'phase/not-found'],
    handle: async (s, { caller, params, query }) =>
      unwrap(await s.arbiter.rollbackPreview(caller.id, params['id'] ?? '', query.to)),
  }),
  route({
    method: 'get',
    path: '/games/{id}/audit',
    operationId: 'audit',
    tag: 'gamesmaster',
    summary: 'Rebuild every phase from the event log and compare it with what is stored',
    auth: 'required',
    status: 200,
    response: AuditSchema,
    responseDescription: 'The audit report.',
    errors: [...gameErrors, 'game/not-gm'],
    handle: async (s, { caller, params }) =>
      unwrap(await s.arbiter.audit(caller.id, params['id'] ?? '')),
  }),
];

function gmOptions(version: number | undefined): { version?: number } {
  return version === undefined ? {} : { version };
}

/**
 * The object without its undefined members: zod gives `{ seed: undefined }` nowhere, but the
 * app's input types are exact (exactOptionalPropertyTypes), so this keeps the types honest.
 */
function withoutUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
