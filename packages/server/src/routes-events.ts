/**
 * The event stream of a game: server-sent events of what happens in it, filtered for the caller
 * by the app's `feed` like every other answer, resumable with `Last-Event-ID`. Concatenated
 * into `ROUTES` in `routes.ts`; `http-app.ts` runs the stream (polling, heartbeats, shutdown).
 */
import type { AccountRecord, Feed } from '@arbiter/app';
import { ProblemError, unwrap } from './problems.js';
import type { Services } from './routes.js';
import { streamRouteBuilder, type Route, type StreamBatch } from './routing.js';
import { EventIdText, EventsQuery, StreamEventSchema } from './schemas-events.js';

const streamRoute = streamRouteBuilder<Services, AccountRecord>();

/** Each item of the feed as one event, named by its kind, with its log id to resume after. */
function batch(feed: Feed): StreamBatch {
  return {
    events: feed.items.map((item) => ({ id: item.id, event: item.kind, data: item })),
    last: feed.last,
  };
}

/** Where to start: `Last-Event-ID` if sent (a reconnecting EventSource), else `?after=`. */
function startAfter(header: string | undefined, after: string | undefined): number {
  if (header !== undefined) {
    const parsed = EventIdText.safeParse(header.trim());
    if (!parsed.success) {
      const message = 'an event id: a whole number, 0 or more';
      throw new ProblemError('input/invalid', `Last-Event-ID: ${message}`, {
        issues: [{ path: 'Last-Event-ID', message }],
      });
    }
    return Number(parsed.data);
  }
  return after === undefined ? 0 : Number(after);
}

export const EVENT_ROUTES: readonly Route<Services>[] = [
  streamRoute({
    method: 'get',
    path: '/games/{id}/events',
    operationId: 'gameEvents',
    tag: 'games',
    summary: 'What happens in the game, as server-sent events',
    description:
      'A stream (text/event-stream) that stays open: each event has `event:` its kind, `id:` ' +
      'the id of the game-log event it comes from, and `data:` one JSON object (the schema ' +
      'below). Kinds: `phase` (a phase processed, as GET /phases shows it to you), `message` ' +
      '(a message you may read), `deadline` (extended, paused, resumed), `game` (seats ' +
      'changed, started, paused, resumed, rolled back, finished), and, to the player himself ' +
      'and the gamesmaster only, `orders` (orders sent) and `ready` (readiness). What happened ' +
      'before you connected comes first, then one `caught-up` event, then live events as ' +
      'they happen (the server looks about every second); a comment line keeps an idle ' +
      'connection alive. Filtered for the caller like every other answer: the public sees ' +
      'what the public reads show. Resume with `Last-Event-ID` (EventSource sends it when it ' +
      'reconnects) or `?after=`: nothing is repeated or skipped. Several events may share an ' +
      "id (a phase that ends the game); they are always sent together. Browsers' EventSource " +
      'cannot send an Authorization header: pass the token as `?token=` here instead.',
    auth: 'optional',
    tokenInQuery: true,
    query: EventsQuery,
    status: 200,
    response: StreamEventSchema,
    responseType: 'text/event-stream',
    responseDescription:
      'Server-sent events, one JSON `data:` line each, until the client leaves or the server ' +
      'stops.',
    errors: ['game/not-found'],
    handle: async (s, { caller, params, query, header }) => {
      const gameId = params['id'] ?? '';
      const after = startAfter(header('last-event-id'), query.after);
      const first = batch(unwrap(await s.arbiter.feed(caller?.id, gameId, after)));
      const caughtUp = {
        id: first.last,
        event: 'caught-up',
        data: { kind: 'caught-up', last: first.last },
      };
      return {
        first: { events: [...first.events, caughtUp], last: first.last },
        next: async (from) => batch(unwrap(await s.arbiter.feed(caller?.id, gameId, from))),
      };
    },
  }),
];
