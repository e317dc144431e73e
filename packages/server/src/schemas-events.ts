/**
 * Schemas of the event stream of a game (`GET /games/{id}/events`, in `routes-events.ts`):
 * its query, and the data of each server-sent event, one shape per `kind` (the SSE `event:`
 * field names the same kind).
 */
import { LIMITS } from '@arbiter/app';
import { z } from 'zod';
import { MessageSchema, PhaseSchema } from './schemas.js';

const Millis = z.number().int().describe('Milliseconds since the Unix epoch.');

/** A cursor: an event id as the query or `Last-Event-ID` gives it. */
export const EventIdText = z.string().regex(/^\d{1,15}$/, 'an event id: a whole number, 0 or more');

export const EventsQuery = z.strictObject({
  after: EventIdText.optional().describe(
    'Send only what happened after this event id (0 or absent: from the start). ' +
      'A `Last-Event-ID` header, as EventSource sends when it reconnects, takes precedence.',
  ),
  token: z
    .string()
    .min(1)
    .max(LIMITS.token)
    .optional()
    .describe(
      "The bearer token, for browsers' EventSource, which cannot send an Authorization " +
        'header. Prefer the header where you can: a URL may be kept in logs along the way.',
    ),
});

const Base = {
  id: z.number().int().describe('The id of the event of the game log it comes from.'),
  at: Millis.describe('When it happened.'),
};

export const StreamEventSchema = z
  .discriminatedUnion('kind', [
    z
      .object({
        ...Base,
        kind: z.literal('phase'),
        phase: PhaseSchema,
        next: z
          .object({ name: z.string(), deadline: Millis.nullable() })
          .nullable()
          .describe('The phase that opened after it, with its deadline then; null at the end.'),
      })
      .describe('A phase was processed: as GET /games/{id}/phases shows it to you.'),
    z
      .object({ ...Base, kind: z.literal('message'), message: MessageSchema })
      .describe(
        'A message you may read (as GET /games/{id}/messages shows it), or a copy the rules ' +
          'hand you once the phase it was sent in is played.',
      ),
    z
      .object({
        ...Base,
        kind: z.literal('deadline'),
        phase: z.string(),
        deadline: Millis.nullable().describe('Null while the game is paused.'),
        previous: Millis.nullable(),
      })
      .describe("The open phase's deadline moved: extended, paused or resumed."),
    z
      .object({
        ...Base,
        kind: z.literal('game'),
        change: z.enum([
          'seats',
          'started',
          'paused',
          'resumed',
          'rolled-back',
          'finished',
          'ballot',
        ]),
        phase: z
          .string()
          .nullable()
          .describe(
            'The phase the game stands at after the change (null while forming or at the end).',
          ),
      })
      .describe(
        'The game changed: seats (joined, powers given, a player replaced or gone), started, ' +
          'paused, resumed, rolled back, finished, ballot (the gamesmaster ruled on a free-text proposal).',
      ),
    z
      .object({
        ...Base,
        kind: z.literal('orders'),
        player: z.string(),
        phase: z.string(),
        submissionId: z.number().int(),
      })
      .describe('A player sent orders: told to that player and the gamesmaster only.'),
    z
      .object({
        ...Base,
        kind: z.literal('ready'),
        player: z.string(),
        phase: z.string(),
        ready: z.boolean(),
      })
      .describe('A player said he is ready, or not: told to that player and the gamesmaster only.'),
    z
      .object({
        kind: z.literal('caught-up'),
        last: z.number().int().describe('The id to resume after.'),
      })
      .describe('Sent once, after what had happened before you connected: what follows is live.'),
  ])
  .describe(
    'The data (JSON) of one server-sent event of a game; its `event:` field is the same `kind`, ' +
      'its `id:` the event id to resume after.',
  );
