/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- response bodies and the API document are JSON read as each test expects */
/**
 * Input limits have one definition, the app's `LIMITS`: the API document states each of them
 * wherever the field stands, and the server refuses a value one over each with `input/invalid`
 * naming the field, before anything is stored.
 */
import { LIMITS, type Limits } from '@arbiter/app';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiDocument } from '../src/index.js';
import { dump, harness, seatedGame, STANDARD_SEATS, type Harness, type Seated } from './helpers.js';

type Json = Record<string, any>;
type Keyword = 'maxLength' | 'maxItems' | 'maximum';

/**
 * Where each limit is stated in the document: `Component.field.field` (`[]` after a field: its
 * items), or `path:name` / `query:name` for a parameter, with the keyword that states it. The
 * type lists every limit, so a new one cannot be left out.
 */
const DOCUMENTED: Readonly<Record<keyof Limits, readonly (readonly [string, Keyword])[]>> = {
  text: [
    ['SubmitOrdersRequest.text', 'maxLength'],
    ['SendMessageRequest.text', 'maxLength'],
  ],
  gameName: [['CreateGameRequest.name', 'maxLength']],
  seatName: [
    ['JoinGameRequest.name', 'maxLength'],
    ['SeatPlayerRequest.name', 'maxLength'],
  ],
  playerId: [
    ['JoinGameRequest.playerId', 'maxLength'],
    ['AssignPowersRequest.assignments[].playerId', 'maxLength'],
    ['SendMessageRequest.to[]', 'maxLength'],
    ['path:player', 'maxLength'],
  ],
  accountName: [
    ['RegisterRequest.name', 'maxLength'],
    ['SeatPlayerRequest.account', 'maxLength'],
  ],
  password: [['RegisterRequest.password', 'maxLength']],
  // Stated in words: a short password is auth/weak-password, from the app (below).
  minPassword: [],
  token: [['query:token', 'maxLength']],
  gameId: [['path:id', 'maxLength']],
  variantId: [
    ['CreateGameRequest.variant', 'maxLength'],
    ['path:variant', 'maxLength'],
  ],
  power: [
    ['AssignPowersRequest.assignments[].powers[]', 'maxLength'],
    ['ProposeDrawRequest.members[]', 'maxLength'],
    ['ProposeConcessionRequest.to', 'maxLength'],
    ['DeclareEndRequest.members[]', 'maxLength'],
    ['DeclareEndRequest.to', 'maxLength'],
    ['query:power', 'maxLength'],
  ],
  phaseName: [
    ['RollbackRequest.toPhase', 'maxLength'],
    ['query:to', 'maxLength'],
  ],
  powers: [
    ['AssignPowersRequest.assignments[].powers', 'maxItems'],
    ['ProposeDrawRequest.members', 'maxItems'],
    ['DeclareEndRequest.members', 'maxItems'],
  ],
  assignments: [['AssignPowersRequest.assignments', 'maxItems']],
  recipients: [['SendMessageRequest.to', 'maxItems']],
  ruleId: [['RuleOnProposalRequest.rule', 'maxLength']],
  rulingText: [['RuleOnProposalRequest.reason', 'maxLength']],
  seconds: [
    ['CreateGameRequest.settings.phaseSeconds', 'maximum'],
    ['CreateGameRequest.settings.shortPhaseSeconds', 'maximum'],
    ['ExtendDeadlineRequest.seconds', 'maximum'],
  ],
  civilDisorderAfter: [['CreateGameRequest.settings.civilDisorderAfter', 'maximum']],
  endYear: [['CreateGameRequest.settings.endYear', 'maximum']],
  seed: [['CreateGameRequest.seed', 'maximum']],
  // Stated in every request body's description (below).
  bodyBytes: [],
};

/** The node and, for a union, each of its branches. */
function branches(node: Json): Json[] {
  const alternatives = [...(node['oneOf'] ?? []), ...(node['anyOf'] ?? [])] as Json[];
  return [node, ...alternatives.flatMap(branches)];
}

/** Every schema the place names in the document (several where unions or routes repeat it). */
function schemasAt(doc: Json, place: string): Json[] {
  const [where, name] = place.split(':');
  if (name !== undefined) {
    const operations = Object.values(doc['paths'] as Json).flatMap((p) => Object.values(p as Json));
    return operations
      .flatMap((op) => (op['parameters'] ?? []) as Json[])
      .filter((p) => p['in'] === where && p['name'] === name)
      .map((p) => p['schema'] as Json);
  }
  const [component, ...fields] = place.split('.');
  let nodes: Json[] = [doc['components']['schemas'][component!] as Json];
  for (const field of fields) {
    const items = field.endsWith('[]');
    const key = items ? field.slice(0, -2) : field;
    nodes = nodes.flatMap(branches).flatMap((n) => (n['properties']?.[key] ?? []) as Json[]);
    if (items) nodes = nodes.flatMap(branches).flatMap((n) => (n['items'] ?? []) as Json[]);
  }
  return nodes;
}

function statedAt(doc: Json, place: string, keyword: Keyword): unknown[] {
  return schemasAt(doc, place)
    .flatMap(branches)
    .map((n) => n[keyword] as unknown)
    .filter((v) => v !== undefined);
}

describe('the API document', () => {
  const doc = apiDocument() as Json;

  test.each(Object.entries(DOCUMENTED).filter(([, places]) => places.length > 0))(
    'states the %s limit from LIMITS wherever the field stands',
    (limit, places) => {
      for (const [place, keyword] of places) {
        const stated = statedAt(doc, place, keyword);
        expect(stated.length, `${place} ${keyword}`).toBeGreaterThan(0);
        for (const v of stated)
          expect(v, `${place} ${keyword}`).toBe(LIMITS[limit as keyof Limits]);
      }
    },
  );

  test('states the shortest password and the largest body from LIMITS', () => {
    const password = schemasAt(doc, 'RegisterRequest.password')[0]!;
    expect(password['description']).toBe(`At least ${LIMITS.minPassword} characters.`);
    const bodies = Object.values(doc['paths'] as Json)
      .flatMap((p) => Object.values(p as Json))
      .flatMap((op) => (op['requestBody'] === undefined ? [] : [op['requestBody'] as Json]));
    expect(bodies.length).toBeGreaterThan(0);
    for (const b of bodies)
      expect(b['description']).toBe(`JSON, at most ${LIMITS.bodyBytes} bytes.`);
  });
});

describe('one over each limit', () => {
  let h: Harness;
  let g: Seated;
  beforeAll(async () => {
    h = await harness();
    g = await seatedGame(h, { seats: STANDARD_SEATS });
  });
  afterAll(async () => {
    await h.close();
  });

  const over = (limit: keyof Limits): string => 'x'.repeat(LIMITS[limit] + 1);
  const many = <T>(limit: keyof Limits, item: T): T[] =>
    Array.from({ length: LIMITS[limit] + 1 }, () => item);

  /** A request with one value over its limit, and the field the refusal must name. */
  interface Over {
    readonly limit: keyof Limits;
    readonly field: string;
    readonly method: string;
    readonly path: (id: string) => string;
    readonly who: 'gm' | 'player' | 'outsider' | 'nobody';
    readonly body?: unknown;
  }
  const request = (
    limit: keyof Limits,
    field: string,
    who: Over['who'],
    method: string,
    path: (id: string) => string,
    body?: unknown,
  ): Over => ({ limit, field, who, method, path, ...(body === undefined ? {} : { body }) });
  const send = (o: Over) => {
    const token =
      o.who === 'gm'
        ? g.gm
        : o.who === 'player'
          ? g.players['eng']!
          : o.who === 'outsider'
            ? g.outsider
            : undefined;
    return h.call(o.method, o.path(g.gameId), {
      ...(token === undefined ? {} : { token }),
      ...(o.body === undefined ? {} : { body: o.body }),
    });
  };
  const game = { name: 'g', variant: 'standard' };
  const OVER: readonly Over[] = [
    request('text', 'text', 'player', 'POST', (id) => `/games/${id}/orders`, {
      text: over('text'),
    }),
    request('text', 'text', 'player', 'POST', (id) => `/games/${id}/messages`, {
      to: 'public',
      text: over('text'),
    }),
    request('gameName', 'name', 'gm', 'POST', () => '/games', { ...game, name: over('gameName') }),
    request('seatName', 'name', 'outsider', 'POST', (id) => `/games/${id}/players`, {
      name: over('seatName'),
    }),
    request('seatName', 'name', 'gm', 'PUT', (id) => `/games/${id}/players/eng`, {
      account: 'someone',
      name: over('seatName'),
    }),
    request('playerId', 'playerId', 'outsider', 'POST', (id) => `/games/${id}/players`, {
      playerId: over('playerId'),
    }),
    request('playerId', 'player', 'gm', 'PUT', (id) => `/games/${id}/players/${over('playerId')}`, {
      account: 'someone',
    }),
    request('playerId', 'to.0', 'player', 'POST', (id) => `/games/${id}/messages`, {
      to: [over('playerId')],
      text: 'hi',
    }),
    request('playerId', 'assignments.0.playerId', 'gm', 'PUT', (id) => `/games/${id}/powers`, {
      assignments: [{ playerId: over('playerId'), powers: [] }],
    }),
    request('accountName', 'name', 'nobody', 'POST', () => '/accounts', {
      name: over('accountName'),
      password: 'correct horse',
    }),
    request('accountName', 'account', 'gm', 'PUT', (id) => `/games/${id}/players/eng`, {
      account: over('accountName'),
    }),
    request('password', 'password', 'nobody', 'POST', () => '/accounts', {
      name: 'newcomer',
      password: over('password'),
    }),
    request('gameId', 'id', 'nobody', 'GET', () => `/games/${over('gameId')}`),
    request('variantId', 'variant', 'gm', 'POST', () => '/games', {
      ...game,
      variant: over('variantId'),
    }),
    request('variantId', 'variant', 'nobody', 'GET', () => `/variants/${over('variantId')}/map`),
    request(
      'power',
      'power',
      'gm',
      'GET',
      (id) => `/games/${id}/legal-orders?power=${over('power')}`,
    ),
    request('power', 'members.0', 'player', 'POST', (id) => `/games/${id}/draws`, {
      members: [over('power')],
    }),
    request('power', 'to', 'player', 'POST', (id) => `/games/${id}/concessions`, {
      to: over('power'),
    }),
    request('power', 'assignments.0.powers.0', 'gm', 'PUT', (id) => `/games/${id}/powers`, {
      assignments: [{ playerId: 'eng', powers: [over('power')] }],
    }),
    request('phaseName', 'toPhase', 'gm', 'POST', (id) => `/games/${id}/rollback`, {
      toPhase: over('phaseName'),
    }),
    request(
      'phaseName',
      'to',
      'gm',
      'GET',
      (id) => `/games/${id}/rollback?to=${over('phaseName')}`,
    ),
    request('powers', 'members', 'player', 'POST', (id) => `/games/${id}/draws`, {
      members: many('powers', 'FRA'),
    }),
    request('powers', 'members', 'gm', 'POST', (id) => `/games/${id}/end`, {
      kind: 'draw',
      members: many('powers', 'FRA'),
    }),
    request('powers', 'assignments.0.powers', 'gm', 'PUT', (id) => `/games/${id}/powers`, {
      assignments: [{ playerId: 'eng', powers: many('powers', 'ENG') }],
    }),
    request('assignments', 'assignments', 'gm', 'PUT', (id) => `/games/${id}/powers`, {
      assignments: many('assignments', { playerId: 'eng', powers: [] }),
    }),
    request('recipients', 'to', 'player', 'POST', (id) => `/games/${id}/messages`, {
      to: many('recipients', 'fra'),
      text: 'hi',
    }),
    request('ruleId', 'rule', 'gm', 'POST', (id) => `/games/${id}/proposals/E/ruling`, {
      ruling: 'rule',
      rule: over('ruleId'),
    }),
    request('rulingText', 'reason', 'gm', 'POST', (id) => `/games/${id}/proposals/E/ruling`, {
      ruling: 'reject',
      reason: over('rulingText'),
    }),
    request('seconds', 'settings.phaseSeconds', 'gm', 'POST', () => '/games', {
      ...game,
      settings: { phaseSeconds: LIMITS.seconds + 1 },
    }),
    request('seconds', 'settings.shortPhaseSeconds', 'gm', 'POST', () => '/games', {
      ...game,
      settings: { shortPhaseSeconds: LIMITS.seconds + 1 },
    }),
    request('seconds', 'seconds', 'gm', 'POST', (id) => `/games/${id}/deadline`, {
      seconds: LIMITS.seconds + 1,
    }),
    request('civilDisorderAfter', 'settings.civilDisorderAfter', 'gm', 'POST', () => '/games', {
      ...game,
      settings: { civilDisorderAfter: LIMITS.civilDisorderAfter + 1 },
    }),
    request('endYear', 'settings.endYear', 'gm', 'POST', () => '/games', {
      ...game,
      settings: { endYear: LIMITS.endYear + 1 },
    }),
    request('seed', 'seed', 'gm', 'POST', () => '/games', { ...game, seed: LIMITS.seed + 1 }),
  ];

  test.each(OVER.map((o) => [o.limit, o.field, o] as const))(
    'the %s limit: one over in %s is input/invalid naming it, and nothing is stored',
    async (_limit, field, o) => {
      const before = await dump(h.store, g.gameId);
      const games = (await h.call('GET', '/games')).body;
      const r = await send(o);
      expect([r.status, r.body.code]).toEqual([400, 'input/invalid']);
      expect(r.body.details.issues[0].path).toBe(field);
      expect(await dump(h.store, g.gameId)).toEqual(before);
      expect((await h.call('GET', '/games')).body).toEqual(games);
    },
  );

  test('a body one byte over the limit is request/too-large, and one password short is weak', async () => {
    const before = await dump(h.store, g.gameId);
    const text = 'x'.repeat(LIMITS.bodyBytes - '{"text":""}'.length + 1);
    const big = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: { text },
    });
    expect([big.status, big.body.code, big.body.details]).toEqual([
      413,
      'request/too-large',
      { limit: LIMITS.bodyBytes },
    ]);
    const weak = await h.call('POST', '/accounts', {
      body: { name: 'weakling', password: 'x'.repeat(LIMITS.minPassword - 1) },
    });
    expect([weak.status, weak.body.code]).toEqual([400, 'auth/weak-password']);
    expect(
      (await h.call('POST', '/sessions', { body: { name: 'weakling', password: 'x' } })).body.code,
    ).toBe('auth/bad-credentials');
    expect(await dump(h.store, g.gameId)).toEqual(before);
  });
});
