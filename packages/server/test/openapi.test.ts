/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * The OpenAPI document against the app that serves it: the same routes both ways, references
 * that resolve, and every error a route can give documented under the status it really has.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '@arbiter/app';
import { PROBLEMS, problemKind } from '../src/index.js';
import { InputIssuesSchema } from '../src/schemas.js';
import { harness, seatedGame, STANDARD_SEATS, type Harness } from './helpers.js';

type Json = Record<string, unknown>;

let h: Harness;
let doc: Json;
beforeAll(async () => {
  h = await harness();
  doc = (await h.call('GET', '/openapi.json')).body as Json;
});
afterAll(async () => {
  await h.close();
});

function operations(): { path: string; method: string; op: Json }[] {
  const out: { path: string; method: string; op: Json }[] = [];
  for (const [path, ops] of Object.entries(doc['paths'] as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) out.push({ path, method, op });
  }
  return out;
}

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 with the API base as its server', () => {
    expect(doc['openapi']).toBe('3.1.0');
    expect(doc['servers']).toEqual([{ url: '/api/v1' }]);
  });

  test('documents every route the app serves, and serves every route it documents', () => {
    const served = h.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.path}`);
    const documented = operations().map(
      ({ path, method }) =>
        `${method.toUpperCase()} /api/v1${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`,
    );
    expect(served.length).toBeGreaterThanOrEqual(23);
    expect(new Set(served)).toEqual(new Set(documented));
    expect(served).toHaveLength(new Set(served).size);
  });

  test('names the issue routes', () => {
    const names = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /accounts',
        'POST /sessions',
        'GET /variants',
        'GET /games',
        'POST /games',
        'GET /games/{id}',
        'POST /games/{id}/players',
        'PUT /games/{id}/powers',
        'POST /games/{id}/start',
        'POST /games/{id}/orders',
        'GET /games/{id}/orders',
        'PUT /games/{id}/ready',
        'GET /games/{id}/phases',
        'GET /games/{id}/messages',
        'POST /games/{id}/messages',
        'POST /games/{id}/pause',
        'POST /games/{id}/resume',
        'POST /games/{id}/process',
        'POST /games/{id}/deadline',
        'POST /games/{id}/rollback',
        'GET /games/{id}/rollback',
        'GET /games/{id}/audit',
        'GET /openapi.json',
      ]),
    );
  });

  test("lists every variant's module settings in the body of POST /games, as GET /variants gives them", async () => {
    const schemas = (doc['components'] as { schemas: Record<string, Json> }).schemas;
    const options = (schemas['CreateGameRequest']!['properties'] as Record<string, Json>)[
      'options'
    ]!;
    const listed = options['properties'] as Record<string, Json>;
    const variants = (await h.call('GET', '/variants')).body.variants as {
      name: string;
      modules: { id: string; schema: Json }[];
    }[];
    const modules = variants.flatMap((v) => v.modules.map((m) => ({ ...m, variant: v.name })));
    expect(Object.keys(listed).sort()).toEqual([
      'deviant',
      'fds-dips',
      'fds-frame',
      'fds-press',
      'fiascomacy',
      'fink',
      'oceans',
      'pink-economy',
      'pink-naming',
      'pink-strength',
    ]);
    // A module several variants share (Pink I and II; the naming option of all three) is listed once.
    expect([...new Set(modules.map((m) => m.id))].sort()).toEqual(Object.keys(listed).sort());
    for (const m of modules) {
      // The same settings, each default written in its description (every one may be left out).
      const settings = m.schema['properties'] as Record<string, Json>;
      expect(listed[m.id]).toEqual({
        ...m.schema,
        properties: Object.fromEntries(
          Object.entries(settings).map(([k, { default: d, description, ...rest }]) => [
            k,
            { ...rest, description: `${String(description)} Default: ${JSON.stringify(d)}.` },
          ]),
        ),
        description: `The settings of ${m.id} (${modules
          .filter((x) => x.id === m.id)
          .map((x) => x.variant)
          .join(', ')}).`,
      });
    }
    const fiascomacy = listed['fiascomacy']!['properties'] as Record<string, Json>;
    expect(fiascomacy['LAST_YEAR']).toMatchObject({
      type: ['integer', 'null'],
      minimum: 1901,
      maximum: 9999,
    });
    expect(fiascomacy['LAST_YEAR']!['description']).toMatch(
      /^The last year played.* Default: null\.$/,
    );
    expect(fiascomacy['LAST_YEAR']).not.toHaveProperty('default');
    // The settings of each module are described where GET /variants answers too.
    expect(schemas['Variant']).toHaveProperty([
      'properties',
      'modules',
      'items',
      'properties',
      'schema',
    ]);
    expect(schemas['ModuleSettings']).toMatchObject({ type: 'object' });
    // An issue of input/invalid may carry a setting's code.
    expect(schemas['InputIssues']).toHaveProperty([
      'properties',
      'issues',
      'items',
      'properties',
      'code',
    ]);
  });

  test('every reference resolves to a component', () => {
    const schemas = (doc['components'] as { schemas: Json }).schemas;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
  });

  test('every operation has an id, a success response and its errors by their real status', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op['operationId'], where).toEqual(expect.any(String));
      ids.add(op['operationId'] as string);
      const responses = op['responses'] as Record<string, Json>;
      const statuses = Object.keys(responses).map(Number);
      expect(
        statuses.some((s) => s >= 200 && s < 300),
        where,
      ).toBe(true);
      expect(statuses, where).toContain(500);
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const content = response['content'] as Record<string, { schema: { allOf: Json[] } }>;
        const codes = (
          content['application/problem+json']!.schema.allOf[1] as {
            properties: { code: { enum: string[] } };
          }
        ).properties.code.enum;
        for (const code of codes)
          expect(problemKind(code).status, `${where} ${code}`).toBe(+status);
      }
      // A public operation says so with `security: []`.
      const needsToken = (op['security'] as unknown[]).length > 0;
      if (needsToken) expect(statuses, where).toContain(401);
      if (op['requestBody'] !== undefined) {
        for (const s of [400, 413, 415]) expect(statuses, where).toContain(s);
      }
    }
    expect(ids.size).toBe(operations().length);
  });

  test('the route-specific codes are documented where they occur', () => {
    const codesOf = (path: string, method: string): string[] => {
      const op = operations().find((o) => o.path === path && o.method === method)!.op;
      return Object.values(op['responses'] as Record<string, Json>).flatMap((r) => {
        const c = r['content'] as Record<string, { schema: { allOf?: Json[] } }> | undefined;
        const allOf = c?.['application/problem+json']?.schema.allOf;
        return allOf === undefined
          ? []
          : (allOf[1] as { properties: { code: { enum: string[] } } }).properties.code.enum;
      });
    };
    expect(codesOf('/games/{id}/orders', 'post')).toEqual(
      expect.arrayContaining([
        'phase/closed',
        'game/not-found',
        'game/not-a-player',
        'request/malformed-json',
        'request/too-large',
        'request/unsupported-media-type',
        'auth/required',
        'auth/invalid-token',
        'input/invalid',
        'internal',
      ]),
    );
    expect(codesOf('/games/{id}/pause', 'post')).toEqual(
      expect.arrayContaining(['game/not-gm', 'game/conflict', 'game/paused']),
    );
  });

  test('a request body with a field the schema does not name is refused, as documented', async () => {
    const body = (doc['components'] as { schemas: Record<string, Json> }).schemas[
      'SubmitOrdersRequest'
    ]!;
    expect(body['additionalProperties']).toBe(false);
    const r = await h.call('POST', '/accounts', {
      body: { name: 'x', password: 'password1', admin: true },
    });
    expect([r.status, r.body.code]).toEqual([400, 'input/invalid']);
  });

  test('a body that may be left out is documented as optional; a route without one has none', () => {
    const optional = operations()
      .filter(({ op }) => (op['requestBody'] as Json | undefined)?.['required'] === false)
      .map(({ path, method }) => `${method} ${path}`);
    expect(optional.sort()).toEqual(
      [
        'post /games/{id}/draws',
        'post /games/{id}/players',
        'post /games/{id}/start',
        'post /games/{id}/pause',
        'post /games/{id}/resume',
        'post /games/{id}/process',
      ].sort(),
    );
    for (const { path, method, op } of operations()) {
      if (method === 'get' || method === 'delete') {
        expect(op['requestBody'], `${method} ${path}`).toBeUndefined();
      }
    }
  });

  test("the documented lengths are the ones enforced, from the app's LIMITS", async () => {
    const schemas = (doc['components'] as { schemas: Record<string, Json> }).schemas;
    const maxOf = (schema: string, field: string): unknown =>
      (schemas[schema]!['properties'] as Record<string, Json>)[field]!['maxLength'];
    expect(maxOf('SubmitOrdersRequest', 'text')).toBe(LIMITS.text);
    expect(maxOf('SendMessageRequest', 'text')).toBe(LIMITS.text);
    expect(maxOf('CreateGameRequest', 'name')).toBe(LIMITS.gameName);
    expect(maxOf('JoinGameRequest', 'name')).toBe(LIMITS.seatName);
    expect(maxOf('JoinGameRequest', 'playerId')).toBe(LIMITS.playerId);
    expect(maxOf('RegisterRequest', 'name')).toBe(LIMITS.accountName);
    expect(maxOf('RegisterRequest', 'password')).toBe(LIMITS.password);
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const at = (n: number) =>
      h.call('POST', `/games/${g.gameId}/orders`, {
        token: g.players['eng']!,
        body: { text: 'x'.repeat(n) },
      });
    expect((await at(LIMITS.text)).status).toBe(200);
    const over = await at(LIMITS.text + 1);
    expect([over.status, over.body.code]).toEqual([400, 'input/invalid']);
    const name = (n: number) =>
      h.call('POST', '/games', { token: g.gm, body: { name: 'n'.repeat(n), variant: 'standard' } });
    expect((await name(LIMITS.gameName)).status).toBe(201);
    expect((await name(LIMITS.gameName + 1)).status).toBe(400);
  });

  test('input/invalid has one shape of details, whoever found the problem', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    // Found by the request schema, by the body reader, and by the app.
    const bySchema = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: { text: 7 },
    });
    const byReader = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: '{"text":"\\u0000"}',
    });
    const byApp = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['eng']!,
      body: { to: ['eng'], text: 'to myself' },
    });
    const forming = await seatedGame(h, { seats: STANDARD_SEATS, start: false });
    const byAppNested = await h.call('PUT', `/games/${forming.gameId}/powers`, {
      token: forming.gm,
      body: { assignments: [{ playerId: 'nobody', powers: [] }] },
    });
    const paths: string[] = [];
    for (const r of [bySchema, byReader, byApp, byAppNested]) {
      expect([r.status, r.body.code]).toEqual([400, 'input/invalid']);
      expect(Object.keys(r.body.details as object)).toEqual(['issues']);
      const details = InputIssuesSchema.parse(r.body.details);
      paths.push(details.issues[0]!.path);
      expect(r.body.detail).toMatch(
        new RegExp(`^${details.issues[0]!.path.replace(/\./g, '\\.')}: `),
      );
    }
    expect(paths).toEqual(['text', 'text', 'to', 'assignments.0.playerId']);
    const problem = (doc['components'] as { schemas: Record<string, Json> }).schemas['Problem']!;
    expect((problem['properties'] as Record<string, Json>)['details']).toEqual({
      $ref: '#/components/schemas/ProblemDetails',
    });
  });

  test('lists every code with its status', () => {
    const listed = doc['x-problem-codes'] as Record<string, { status: number }>;
    for (const [code, kind] of Object.entries(PROBLEMS)) {
      expect(listed[code]?.status ?? kind.status, code).toBe(kind.status);
    }
  });
});
