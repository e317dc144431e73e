/**
 * The response schemas against what the app really answers: a game of every variant is played
 * with random orders, and after each phase every read route's handler is called for the
 * gamesmaster, each player and the public. Its answer must fit the route's response schema
 * without the schema dropping anything: a field the schemas do not name (an undocumented field,
 * which the server would silently strip) fails here, as does a wrong type.
 */
import type { AccountRecord } from '@arbiter/app';
import { randomText, Rng, type VariantState } from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiDocument, ROUTES } from '../src/index.js';
import { ProblemError } from '../src/problems.js';
import type { EventStream } from '../src/routing.js';
import {
  FDS_SEATS,
  harness,
  PINK_SEATS,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Seated,
} from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

// An event stream answers text/event-stream, not one JSON value: its events are checked by the
// stream's own tests.
const READS = ROUTES.filter(
  (r) => r.method === 'get' && r.path !== '/openapi.json' && r.stream !== true,
);

type Json = Record<string, unknown>;

/** Answers written with kept parts (a last phase whose report the store froze). */
let keptParts = 0;

/** Calls every read route as `token` (undefined: the public) and checks each answer. */
async function checkReads(g: Seated, variant: string, token: string | undefined): Promise<number> {
  const caller: AccountRecord | null =
    token === undefined ? null : ((await h.arbiter.authenticate(token)) ?? null);
  let checked = 0;
  for (const r of READS) {
    if (r.auth === 'required' && caller === null) continue;
    const params = { id: g.gameId, variant };
    let raw: unknown;
    try {
      raw = await r.handle(
        { arbiter: h.arbiter, openApi: () => apiDocument() },
        {
          caller,
          params,
          query: r.query?.parse({}),
          body: undefined,
          url: new URL(`http://localhost/api/v1${r.path}`),
          token,
          address: undefined,
          header: () => undefined,
        },
      );
    } catch (e) {
      // A refusal (the export of a non-standard game, the audit for a player) is no answer.
      if (e instanceof ProblemError) continue;
      throw e;
    }
    const where = `${r.operationId} as ${token === undefined ? 'the public' : 'a caller'}`;
    // A stream's answer is its events: each event's data must fit the schema.
    const answers: unknown[] =
      r.stream === true ? (raw as EventStream).first.events.map((e) => e.data) : [raw];
    for (const answer of answers) {
      const json = JSON.parse(JSON.stringify(answer)) as Json;
      const parsed = r.response.safeParse(json);
      expect(parsed.error?.message, where).toBeUndefined();
      // Equal after parsing: nothing was stripped, so every field sent is documented.
      expect(parsed.data, where).toEqual(json);
      checked++;
    }
    if (r.answer !== undefined) {
      // A route that writes its own answer sends the bytes the schema's parse would give,
      // the second time (its parts kept) as the first.
      const bytes = JSON.stringify(r.response.parse(raw));
      expect(r.answer(raw), where).toEqual({ ok: true, json: bytes });
      expect(r.answer(raw), where).toEqual({ ok: true, json: bytes });
      const last = (raw as { lastPhase?: { report?: unknown } }).lastPhase;
      if (last?.report !== undefined && Object.isFrozen(last.report)) keptParts++;
    }
  }
  return checked;
}

const GAMES: readonly {
  variant: string;
  seats: Readonly<Record<string, readonly string[]>>;
  phases: number;
}[] = [
  { variant: 'standard', seats: STANDARD_SEATS, phases: 10 },
  { variant: 'fink', seats: STANDARD_SEATS, phases: 10 },
  { variant: 'deviant2', seats: STANDARD_SEATS, phases: 10 },
  { variant: 'fiascomacy', seats: { a: [], b: [], c: [] }, phases: 10 },
  { variant: 'pink3', seats: PINK_SEATS, phases: 10 },
  // Pink I to its first two budget steps and beyond; Fin de Siecle from its setup step.
  { variant: 'pink', seats: PINK_SEATS, phases: 6 },
  { variant: 'fin-de-siecle', seats: FDS_SEATS, phases: 4 },
];

describe('every answer fits its response schema, with no undocumented field', () => {
  test.each(GAMES)('in a played game of $variant', async ({ variant, seats, phases }) => {
    const g = await seatedGame(h, { variant, seats });
    keptParts = 0;
    const v = VARIANTS[variant]!;
    const rng = new Rng(11);
    const viewers = [g.gm, ...Object.values(g.players), undefined];
    let checked = 0;
    const seen = new Set<string>();
    for (let i = 0; i < phases; i++) {
      const game = (await h.call('GET', `/games/${g.gameId}`, { token: g.gm })).body as {
        status: string;
        state: VariantState;
      };
      if (game.status !== 'running') break;
      const state = game.state;
      seen.add(state.phase.type);
      for (const [player, token] of Object.entries(g.players)) {
        const text = randomText(v, state, player, rng, CATALOGUE);
        const sent = await h.call('POST', `/games/${g.gameId}/orders`, { token, body: { text } });
        expect(sent.status, `${player}: ${text}`).toBe(200);
      }
      // Read with the sheets pending (the gamesmaster's pendingSubmissions), then process.
      for (const token of viewers) checked += await checkReads(g, variant, token);
      const processed = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
      expect(processed.status).toBe(200);
    }
    for (const token of viewers) checked += await checkReads(g, variant, token);
    expect(checked).toBeGreaterThan(phases * viewers.length * 5);
    expect(seen).toContain('movement');
    // The game's answer took its kept parts for every viewer after each phase.
    expect(keptParts).toBeGreaterThanOrEqual(viewers.length);
  });
});
