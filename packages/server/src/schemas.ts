/**
 * The wire format: zod schemas for every request and response. Requests are strict objects (a
 * misspelt field is an error, not silently ignored); responses are parsed on the way out, so
 * nothing the app returns leaves the server unless a schema here names it.
 */
import { LIMITS, type StateView } from '@arbiter/app';
import { z } from 'zod';
import { named } from './named.js';
import {
  GameEventSchema,
  PhaseReportSchema,
  PowerOrderSchema,
  RulebookSchema,
  StateSchema,
} from './schemas-board.js';
import {
  DrawVotesSchema,
  GameEndSchema as GameEndShape,
  LabelSchema,
  ProposalIdSchema,
} from './schemas-endings.js';
import { VariantIdSchema } from './schemas-play.js';

export { NAMED } from './named.js';
export { GameEventSchema } from './schemas-board.js';

/**
 * What was wrong and where: the one shape of `input/invalid` details, whether the server's
 * schemas, the body reader or the app found the problem (and of `auth/invalid-name` and
 * `auth/weak-password`).
 */
export const InputIssuesSchema = named(
  'InputIssues',
  z
    .object({
      issues: z
        .array(
          z.object({
            path: z
              .string()
              .describe(
                'Where, with dots: `settings.phaseSeconds`, `assignments.0.playerId`; a path ' +
                  'parameter by its name (`id`); empty for the whole body.',
              ),
            message: z.string(),
            code: z
              .string()
              .optional()
              .describe(
                'What is wrong there, where it has a code of its own: a game option (a module ' +
                  'setting) is `setup/unknown-option` (no such setting), `setup/option-type` ' +
                  '(not of its kind) or `setup/option-range` (out of its range or choices).',
              ),
          }),
        )
        .min(1),
    })
    .describe('input/invalid, auth/invalid-name, auth/weak-password: each problem and where.'),
);

/** The structured detail a problem may carry, by the codes that carry it. */
const ProblemDetailsSchema = named(
  'ProblemDetails',
  z
    .union([
      InputIssuesSchema,
      z
        .object({ limit: z.number().int() })
        .describe('request/too-large: the largest body taken, in bytes.'),
      z
        .object({ retryAfter: z.number().int() })
        .describe('auth/throttled: seconds to wait (also sent as Retry-After).'),
      z
        .object({ version: z.number().int() })
        .describe("game/conflict: the game's current version."),
      z.object({ known: z.array(z.string()) }).describe('variant/unknown: the variants there are.'),
      z
        .object({ players: z.array(z.string()) })
        .describe('press/unknown-recipient: the player ids not in the game.'),
      z
        .object({ code: z.string(), message: z.string() })
        .describe('game/bad-setup: what is wrong with the setup (`setup/unknown-power` ...).'),
      z
        .object({ code: z.string() })
        .describe("press/refused: the rule's own code for refusing the message."),
    ])
    .describe('Structured detail; which shape depends on the code.'),
);

const GameEndSchema = named('GameEnd', GameEndShape);

export const ProblemSchema = z
  .object({
    type: z.string().describe('A URI reference naming the kind of problem.'),
    title: z.string(),
    status: z.number().int(),
    code: z.string().describe('Stable: clients branch on this, never on the text.'),
    detail: z.string(),
    instance: z.string().optional().describe('The request path.'),
    details: ProblemDetailsSchema.optional(),
  })
  .describe('An RFC 9457 problem.');

export const GameIdSchema = z
  .string()
  .min(1)
  .max(LIMITS.gameId)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('A game id.');

/** Schemas of the path parameters, by name. */
export const PATH_PARAMS: Readonly<Record<string, z.ZodType>> = {
  id: GameIdSchema,
  variant: VariantIdSchema,
  player: z
    .string()
    .min(1)
    .max(LIMITS.playerId)
    .regex(/^[A-Za-z0-9_-]+$/)
    .describe('A player id (a seat): `player-1`, `eng` ...'),
  label: LabelSchema,
  proposal: ProposalIdSchema,
};

// ---- requests ---------------------------------------------------------------------------------

export const GmVersion = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe(
    'The game version this command was decided on (GameView.version). If the game has changed ' +
      'since, the command is refused with game/conflict rather than applied to a game the ' +
      'gamesmaster has not seen.',
  );

/** A duration in seconds, bounded as the app bounds it (one definition: the app's). */
const Seconds = z.number().int().min(1).max(LIMITS.seconds);
/** The last millisecond a JavaScript date can hold. */
const MAX_DATE_MS = 8_640_000_000_000_000;

export const CredentialsRequest = z.strictObject({
  name: z
    .string()
    .max(LIMITS.accountName)
    .describe(`1 to ${LIMITS.accountName} letters, digits, _ . or -`),
  password: z.string().max(LIMITS.password).describe(`At least ${LIMITS.minPassword} characters.`),
});

const PressModeSchema = z
  .enum(['full', 'public', 'none', 'grey'])
  .describe('full: any press; public: public press only; none: no press; grey: anonymous.');

export const CreateGameRequest = z.strictObject({
  name: z.string().max(LIMITS.gameName),
  variant: z.string().max(LIMITS.variantId).describe('A variant id from GET /variants.'),
  options: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .optional()
    .describe(
      'Module settings by module id: each module lists its settings, their kinds, ranges and ' +
        'defaults (GET /variants: `modules[].schema`). A setting left out keeps its default; an ' +
        'unknown one, or a value of the wrong kind or out of range, is refused by its path.',
    ),
  seed: z.number().int().min(0).max(LIMITS.seed).optional().describe('Default: random.'),
  settings: z
    .strictObject({
      phaseSeconds: Seconds.optional().describe('Default 86400.'),
      shortPhaseSeconds: Seconds.optional().describe(
        'Retreat and adjustment phases (default: phaseSeconds).',
      ),
      press: PressModeSchema.optional().describe('Default full.'),
      endYear: z
        .number()
        .int()
        .min(1)
        .max(LIMITS.endYear)
        .optional()
        .describe('The last year played; the game then ends drawn. Default: to a solo.'),
      publicReadiness: z
        .boolean()
        .optional()
        .describe('Everyone sees who is ready. Default false: the gamesmaster only.'),
      civilDisorderAfter: z
        .number()
        .int()
        .min(1)
        .max(LIMITS.civilDisorderAfter)
        .optional()
        .describe(
          'Missed phases in a row after which a seat is vacated and its powers are in civil ' +
            'disorder until the gamesmaster seats someone. Default: never.',
        ),
      drawVotes: DrawVotesSchema.optional(),
      rulebook: RulebookSchema.optional().describe(
        "The rulebook edition the game is played under. Default 2023, whatever the variant's " +
          'text names (GET /variants gives that as its rulebook, a suggestion).',
      ),
    })
    .optional(),
});

export const JoinGameRequest = z.strictObject({
  name: z
    .string()
    .max(LIMITS.seatName)
    .optional()
    .describe("The seat's name (default: the account name)."),
  playerId: z
    .string()
    .max(LIMITS.playerId)
    .optional()
    .describe('Letters, digits, _ and -, not gm or public. Default player-N, the first free N.'),
});

export const AssignPowersRequest = z.strictObject({
  assignments: z
    .array(
      z.strictObject({
        playerId: z.string().max(LIMITS.playerId),
        powers: z
          .array(z.string().max(LIMITS.power))
          .max(LIMITS.powers)
          .describe('None for an investor (Fiascomacy); two or more for a multi-power player.'),
      }),
    )
    .min(1)
    .max(LIMITS.assignments),
  version: GmVersion,
});

export const GmCommandRequest = z.strictObject({ version: GmVersion });

export const SubmitOrdersRequest = z.strictObject({
  text: z
    .string()
    .max(LIMITS.text)
    .describe('The whole order sheet, one order per line; it replaces the previous one.'),
});

export const SetReadyRequest = z.strictObject({ ready: z.boolean() });

export const SendMessageRequest = z.strictObject({
  to: z
    .union([
      z.literal('public'),
      z.array(z.string().max(LIMITS.playerId)).min(1).max(LIMITS.recipients),
    ])
    .describe('"public", or the player ids to send to.'),
  text: z.string().max(LIMITS.text),
  anonymous: z
    .boolean()
    .optional()
    .describe('Hide the sender from the recipients (always so with grey press).'),
});

export const ExtendDeadlineRequest = z.union([
  z.strictObject({
    seconds: Seconds.describe(
      'Move the deadline this much later (from now, if it has passed); the deadline may be at ' +
        'most 366 days from now.',
    ),
    version: GmVersion,
  }),
  z.strictObject({
    deadline: z
      .union([z.number().int().min(0).max(MAX_DATE_MS), z.iso.datetime({ offset: true })])
      .describe(
        'The new deadline: milliseconds since the epoch or an ISO 8601 date-time, in the future ' +
          'and at most 366 days from now.',
      ),
    version: GmVersion,
  }),
]);

export const RollbackRequest = z.strictObject({
  toPhase: z.string().max(LIMITS.phaseName).describe('The phase to replay from, e.g. F1901M.'),
  version: GmVersion,
});

export const RollbackPreviewQuery = z.strictObject({
  to: z
    .string()
    .min(1)
    .max(LIMITS.phaseName)
    .optional()
    .describe(
      'The phase a rollback would replay from, e.g. F1901M; without it, the last processed one.',
    ),
});

export const ListGamesQuery = z.strictObject({
  mine: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only games the caller plays in or runs (needs a token).'),
});

export const MessagesQuery = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe('Only messages with a larger id (to page on).'),
});

// ---- responses --------------------------------------------------------------------------------

const Millis = z.number().describe('Milliseconds since the Unix epoch.');

export const HealthSchema = named(
  'Health',
  z.object({
    status: z.literal('ok'),
    database: z.object({
      ok: z.literal(true),
      ms: z.number().describe('How long a read of the database took, in milliseconds.'),
    }),
  }),
);

export const LogoutSchema = named('Logout', z.object({ revoked: z.literal(true) }));

export const AccountSchema = named('Account', z.object({ id: z.string(), name: z.string() }));

export const SessionSchema = named(
  'Session',
  z.object({
    account: AccountSchema,
    token: z.string().describe('Send as Authorization: Bearer <token>. Shown only this once.'),
  }),
);

/** One module setting in JSON Schema: a boolean, a whole number in a range, or a word. */
const SettingJsonSchema = z
  .union([
    z.object({ type: z.literal('boolean'), default: z.boolean(), description: z.string() }),
    z.object({
      type: z
        .union([z.literal('integer'), z.tuple([z.literal('integer'), z.literal('null')])])
        .describe('["integer", "null"] when null ("none") is allowed.'),
      minimum: z.number().int(),
      maximum: z.number().int(),
      default: z.number().int().nullable(),
      description: z.string(),
    }),
    z.object({
      type: z.literal('string'),
      enum: z.array(z.string()).min(1).describe('The words allowed.'),
      default: z.string(),
      description: z.string(),
    }),
  ])
  .describe('One setting: its kind, its default, its range or choices, and what it does.');

export const ModuleSettingsSchema = named(
  'ModuleSettings',
  z
    .object({
      type: z.literal('object'),
      properties: z.record(z.string(), SettingJsonSchema),
      additionalProperties: z.literal(false),
    })
    .describe(
      "A module's settings in JSON Schema (draft 2020-12): what `options.<module>` of " +
        'POST /games takes. Every setting may be left out for its default; any other is refused.',
    ),
);

export const VariantSchema = named(
  'Variant',
  z.object({
    id: z.string(),
    name: z.string(),
    players: z.object({ min: z.number().int(), max: z.number().int().nullable() }),
    powers: z.array(z.object({ id: z.string(), name: z.string() })),
    modules: z.array(
      z.object({
        id: z.string(),
        headline: z.string(),
        settings: z.record(z.string(), z.unknown()).describe('The defaults: the options.'),
        about: z
          .record(z.string(), z.string())
          .describe('What each option does, by option name: one sentence to show beside it.'),
        schema: ModuleSettingsSchema,
        gamesmasterActions: z
          .array(z.string())
          .describe(
            'The notation of the actions the module takes from the gamesmaster, sent to ' +
              'POST /games/{id}/gm/actions (Pink Diplomacy: `BONUS <points> TO <power>`).',
          ),
      }),
    ),
    startPhase: z.string(),
    rulebook: RulebookSchema.describe(
      "The edition the variant's text names: suggest it to whoever creates a game (a game is " +
        'played under 2023 unless its settings name another).',
    ),
    rulebooks: z.array(RulebookSchema).describe('Every edition a game may be played under.'),
  }),
);

const GameStatusSchema = z.enum(['forming', 'running', 'finished']);

export const GameSummarySchema = named(
  'GameSummary',
  z.object({
    id: z.string(),
    name: z.string(),
    variant: z.string(),
    status: GameStatusSchema,
    paused: z.boolean(),
    gm: z.string().describe("The gamesmaster's account id."),
    createdAt: Millis,
  }),
);

const ViewerSchema = named(
  'Viewer',
  z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('player'), player: z.string() }),
      z.object({ kind: z.literal('gm') }),
      z.object({ kind: z.literal('public') }),
    ])
    .describe('Who the caller is in this game: what they are shown depends on it.'),
);

export const SeatSchema = named(
  'Seat',
  z.object({
    playerId: z.string(),
    name: z.string(),
    powers: z.array(z.string()),
    vacant: z.boolean().describe('Nobody sits here: the player left, or civil disorder.'),
    missed: z.number().int().describe('Phases missed in a row (had to order, sent nothing).'),
    civilDisorder: z.boolean().describe('Its powers are in civil disorder until it is filled.'),
  }),
);

export const LineResultSchema = named(
  'LineResult',
  z
    .discriminatedUnion('ok', [
      z.object({
        text: z.string(),
        ok: z.literal(true),
        canonical: z.string().describe('The order as the server reads it.'),
        warnings: z
          .array(
            z.object({
              code: z
                .string()
                .describe('Stable, e.g. warn/no-unit, warn/duplicate (docs/orders.md lists them).'),
              message: z.string(),
            }),
          )
          .describe(
            'Why the adjudicator will ignore this order, or why it will change nothing; empty ' +
              'if neither. The order is stored as written all the same (DATC 4.E.1).',
          ),
      }),
      z.object({
        text: z.string(),
        ok: z.literal(false),
        code: z.string().describe('Stable, e.g. parse/unknown-province.'),
        message: z.string(),
      }),
    ])
    .describe('How one line of an order sheet was read.'),
);

export const SubmissionResultSchema = named(
  'SubmissionResult',
  z.object({
    submissionId: z.number().int(),
    phase: z.string(),
    lines: z.array(LineResultSchema),
  }),
);

export const SubmissionSchema = named(
  'Submission',
  z.object({
    submissionId: z.number().int(),
    phase: z.string(),
    lines: z.array(LineResultSchema),
    player: z.string(),
    text: z.string(),
    createdAt: Millis,
  }),
);

const OpenPhaseSchema = named(
  'OpenPhase',
  z.object({
    id: z.number().int(),
    seq: z.number().int(),
    name: z.string(),
    openedAt: Millis,
    deadline: Millis.nullable().describe('Null while the game is paused.'),
    ready: z
      .array(z.string())
      .describe(
        'Players who said they are ready: all for the gamesmaster, or for everyone with ' +
          'settings.publicReadiness; otherwise a player sees only himself, the public nobody.',
      ),
  }),
);

export const PhaseSchema = named(
  'Phase',
  z.object({
    id: z.number().int(),
    seq: z.number().int(),
    name: z.string(),
    processedAt: Millis.nullable(),
    report: PhaseReportSchema,
    orders: z
      .array(PowerOrderSchema)
      .describe('The one order per unit that was adjudicated (parsed, as the engine read it).'),
    events: z.array(GameEventSchema).describe('The events this caller may see.'),
    submissions: z
      .array(z.object({ submissionId: z.number().int(), player: z.string(), text: z.string() }))
      .describe("The submissions that counted: the caller's own (all, for the gamesmaster)."),
    missed: z
      .array(z.object({ player: z.string(), powers: z.array(z.string()) }))
      .describe('The seats that had to order and sent nothing (NMR), with their powers.'),
    end: GameEndSchema.optional().describe('On the phase the game ended with: how it ended.'),
  }),
);

/**
 * The handlers give the app's `StateView`, whose module states the engine types as `unknown`;
 * the schema checks their real shape at run time (and the tests play every variant through it).
 */
const StateOfView = StateSchema as unknown as z.ZodType<z.output<typeof StateSchema>, StateView>;

export const GameSchema = named(
  'Game',
  z.object({
    id: z.string(),
    name: z.string(),
    variant: z.string(),
    variantName: z.string(),
    options: z.record(z.string(), z.record(z.string(), z.unknown())),
    seed: z.number().int().optional().describe("The gamesmaster's only."),
    gm: z.string(),
    status: GameStatusSchema,
    settings: z.object({
      phaseSeconds: z.number().int(),
      shortPhaseSeconds: z.number().int().optional(),
      press: PressModeSchema,
      endYear: z.number().int().optional(),
      publicReadiness: z.boolean().optional(),
      civilDisorderAfter: z.number().int().optional(),
      drawVotes: DrawVotesSchema.optional(),
      rulebook: RulebookSchema.optional().describe('Absent: 2023.'),
    }),
    paused: z.boolean(),
    pausedRemaining: z.number().nullable().describe('While paused: the milliseconds left.'),
    createdAt: Millis,
    version: z.number().int().describe('Pass back as version in gamesmaster commands.'),
    viewer: ViewerSchema,
    seats: z.array(SeatSchema),
    phase: OpenPhaseSchema.nullable(),
    state: StateOfView.nullable(),
    lastPhase: PhaseSchema.nullable(),
    end: GameEndSchema.nullable().describe('How the game ended; null while it is not over.'),
    mySubmission: SubmissionSchema.nullable().optional().describe('Players only.'),
    pendingSubmissions: z
      .array(SubmissionSchema)
      .optional()
      .describe("The gamesmaster's only: each player's last submission in the open phase."),
  }),
);

export const MessageSchema = named(
  'Message',
  z.object({
    id: z.number().int(),
    phase: z.string().nullable(),
    from: z.string().nullable().describe('A player id or gm; null when anonymous to the caller.'),
    to: z.union([z.literal('public'), z.array(z.string())]),
    anonymous: z.boolean(),
    text: z.string(),
    createdAt: Millis,
    copy: z.string().optional().describe('Set on a copy the rules gave the caller: why.'),
  }),
);

export const AuditSchema = named(
  'Audit',
  z.object({
    ok: z.boolean(),
    phasesChecked: z.number().int(),
    mismatches: z.array(
      z.object({
        phase: z.string(),
        phaseId: z.number().int().nullable(),
        what: z.enum([
          'setup',
          'missing',
          'state',
          'report',
          'orders',
          'events',
          'final',
          'submission',
        ]),
        message: z.string(),
      }),
    ),
  }),
);

export const RollbackPreviewSchema = named(
  'RollbackPreview',
  z.object({
    toPhase: z.string(),
    phases: z
      .array(
        z.object({
          name: z.string(),
          seq: z.number().int(),
          status: z
            .enum(['processed', 'open'])
            .describe('processed: its result is undone; open: closed unplayed.'),
          processedAt: Millis.nullable(),
          orders: z.number().int().describe('Orders adjudicated in it.'),
          events: z.number().int().describe('Things that happened in it (all undone).'),
        }),
      )
      .describe('The target phase and every later one of the line of play, oldest first.'),
    orders: z
      .array(
        z.object({
          phase: z.string(),
          player: z.string(),
          text: z.string(),
          carried: z
            .boolean()
            .describe("Carried over to the replayed phase as the player's starting sheet."),
        }),
      )
      .describe('The orders that counted (in the open phase: are pending) in those phases.'),
    messagesKept: z
      .number()
      .int()
      .describe('Messages sent since the target phase opened: a rollback keeps them.'),
    endUndone: z.boolean().describe('The game is over and would run again.'),
  }),
);

export const ReadySchema = z.object({
  ready: z.boolean(),
  processed: z.boolean().describe('Whether this made everyone ready and the phase was played.'),
});

export const ProblemListSchema = z.object({
  problems: z.array(z.object({ code: z.string(), status: z.number().int(), title: z.string() })),
});

export const OpenApiSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .describe('This document.');
