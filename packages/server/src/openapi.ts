/**
 * The OpenAPI 3.1 document, generated from the very route table and zod schemas the server
 * validates with, so the description cannot drift from what the server does: adding a route or
 * changing a schema changes both at once.
 */
import { z } from 'zod';
import { problemKind, SERVER_CODES } from './problems.js';
import type { RouteMeta } from './routing.js';
import { routeCodes } from './routing.js';
import { NAMED, PATH_PARAMS, ProblemSchema } from './schemas.js';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description: string;
}

const REF = (id: string): string => `#/components/schemas/${id}`;

/** What each tag of the routes groups; a tag not named here is listed by its name alone. */
const TAGS: Readonly<Record<string, string>> = {
  meta: 'The document, the error codes and the health of the server.',
  accounts: 'Accounts and sessions (bearer tokens).',
  games: 'Variants, their maps, and games: creating, listing, joining, reading, exporting.',
  play: 'Orders, readiness, legal orders and the history of a game.',
  press: 'Messages between players.',
  gamesmaster: "The gamesmaster's tools.",
};

/** What the document says of a variant: its modules' settings (`GET /variants` gives them too). */
export interface VariantSettings {
  readonly id: string;
  readonly name: string;
  readonly modules: readonly { readonly id: string; readonly schema: object }[];
}

/**
 * The document for `routes`, served at `${base}/openapi.json`. With `variants`, the request
 * body of `POST /games` lists each of their modules' settings under `options`.
 */
export function openApiDocument(
  routes: readonly RouteMeta[],
  base: string,
  info: OpenApiInfo,
  authCodes: readonly string[],
  bodyLimit: number,
  variants: readonly VariantSettings[] = [],
): Json {
  // Requests are described as clients write them (zod "input"), responses as the server sends
  // them (zod "output", after the response schema has stripped anything undocumented).
  const requests = z.registry<{ id: string }>();
  const responses = z.registry<{ id: string }>();
  // Shared schemas (NAMED) are response shapes; a request body is named after its operation.
  for (const [schema, id] of NAMED) responses.add(schema, { id });
  responses.add(ProblemSchema, { id: 'Problem' });
  const name = (reg: typeof requests, schema: z.ZodType, fallback: string): string => {
    const known = reg.get(schema)?.id;
    if (known !== undefined) return known;
    reg.add(schema, { id: fallback });
    return fallback;
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const op: Json = {
      operationId: r.operationId,
      tags: [r.tag],
      summary: r.summary,
      ...(r.description === undefined ? {} : { description: r.description }),
    };
    const parameters: Json[] = [];
    for (const p of pathParams(r.path)) {
      const schema = PATH_PARAMS[p];
      if (schema === undefined) throw new Error(`no schema for path parameter {${p}} in ${r.path}`);
      parameters.push({
        name: p,
        in: 'path',
        required: true,
        ...describe(schema),
        schema: inline(schema, 'input'),
      });
    }
    if (r.query !== undefined) {
      const shape: Readonly<Record<string, z.ZodType>> = r.query.shape;
      for (const [key, schema] of Object.entries(shape)) {
        parameters.push({
          name: key,
          in: 'query',
          required: !schema.safeParse(undefined).success,
          ...describe(schema),
          schema: inline(schema, 'input'),
        });
      }
    }
    if (r.etag !== undefined) {
      parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An ETag from an earlier answer: 304 with no body if it still holds.',
        schema: { type: 'string' },
      });
    }
    if (r.stream === true) {
      parameters.push({
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description:
          'The `id:` of the last event received (EventSource sends it when it reconnects): ' +
          'only what happened after it is sent. Takes precedence over `after`.',
        schema: { type: 'string', pattern: '^\\d{1,15}$' },
      });
    }
    if (parameters.length > 0) op['parameters'] = parameters;
    // Every operation states its security, a public one as none at all (`[]`).
    op['security'] =
      r.auth === 'none' ? [] : r.auth === 'required' ? [{ bearer: [] }] : [{ bearer: [] }, {}];
    if (r.body !== undefined) {
      op['requestBody'] = {
        // A route whose body may be left out says so; one that takes none documents none.
        required: r.bodyOptional !== true,
        description: `JSON, at most ${bodyLimit} bytes.`,
        content: {
          'application/json': {
            schema: { $ref: REF(name(requests, r.body, `${pascal(r.operationId)}Request`)) },
          },
        },
      };
    }
    const resId = name(responses, r.response, `${pascal(r.operationId)}Response`);
    const opResponses: Json = {
      [String(r.status)]: {
        description: r.responseDescription,
        content: { [r.responseType ?? 'application/json']: { schema: { $ref: REF(resId) } } },
        ...(r.etag !== undefined
          ? {
              headers: {
                ETag: {
                  description: 'A strong tag of this answer, for If-None-Match.',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
      },
      ...(r.etag !== undefined
        ? { '304': { description: 'Not modified: the If-None-Match tag still holds.' } }
        : {}),
    };
    for (const [status, codes] of byStatus(routeCodes(r, authCodes))) {
      opResponses[String(status)] = {
        description: codes.map((c) => `\`${c}\`: ${problemKind(c).title}`).join('; '),
        content: {
          'application/problem+json': {
            schema: {
              allOf: [
                { $ref: REF('Problem') },
                { type: 'object', properties: { code: { enum: codes } } },
              ],
            },
          },
        },
      };
    }
    op['responses'] = opResponses;
    (paths[r.path] ??= {})[r.method] = op;
  }

  const schemas: Record<string, Json> = {};
  const emit = (reg: typeof requests, io: 'input' | 'output'): void => {
    const out = z.toJSONSchema(reg, {
      io,
      target: 'draft-2020-12',
      uri: REF,
      unrepresentable: 'any',
    });
    for (const [id, raw] of Object.entries(out.schemas)) {
      const clean = strip(raw);
      const before = schemas[id];
      if (before !== undefined && JSON.stringify(before) !== JSON.stringify(clean)) {
        throw new Error(`schema ${id} differs between requests and responses; name them apart`);
      }
      schemas[id] = clean;
    }
  };
  emit(requests, 'input');
  emit(responses, 'output');
  if (variants.length > 0) listModuleSettings(schemas, variants);

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { ...info, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: base }],
    tags: [...new Set(routes.map((r) => r.tag))]
      .sort()
      .map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token from POST /accounts or POST /sessions.',
        },
      },
    },
    'x-problem-codes': Object.fromEntries(
      [...new Set([...SERVER_CODES, ...routes.flatMap((r) => routeCodes(r, authCodes))])]
        .sort()
        .map((c) => [c, problemKind(c)]),
    ),
  };
}

/**
 * Writes each module's settings, in JSON Schema, as a property of `options` in the body of
 * `POST /games`, named by its module and saying which variants have it; any other module there
 * is still refused, by the service (`game/bad-setup`). Each setting's default goes into its
 * description, as for the body's other fields: generators read `default` as "always present"
 * (openapi-typescript makes such a field required), and every setting may be left out.
 */
function listModuleSettings(schemas: Record<string, Json>, variants: readonly VariantSettings[]) {
  const options = (
    schemas['CreateGameRequest']?.['properties'] as Record<string, Json> | undefined
  )?.['options'];
  if (options === undefined) throw new Error('CreateGameRequest has no options to describe');
  const modules = new Map<string, { schema: object; variants: string[] }>();
  for (const v of variants) {
    for (const m of v.modules) {
      const known = modules.get(m.id);
      if (known === undefined) modules.set(m.id, { schema: m.schema, variants: [v.name] });
      else if (JSON.stringify(known.schema) === JSON.stringify(m.schema))
        known.variants.push(v.name);
      else throw new Error(`module ${m.id} has different settings in ${v.name}`);
    }
  }
  options['properties'] = Object.fromEntries(
    [...modules].map(([id, m]) => [
      id,
      {
        ...m.schema,
        properties: withDefaultsDescribed((m.schema as Json)['properties']),
        description: `The settings of ${id} (${m.variants.join(', ')}).`,
      },
    ]),
  );
}

function withDefaultsDescribed(properties: unknown): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(properties as Record<string, Json>)) {
    const { default: d, description, ...rest } = value;
    out[key] = { ...rest, description: `${String(description)} Default: ${JSON.stringify(d)}.` };
  }
  return out;
}

/** `{id}` style parameters of an OpenAPI path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] ?? '');
}

/** The Hono form of an OpenAPI path: `/games/{id}` becomes `/games/:id`. */
export function honoPath(path: string): string {
  return path.replace(/\{([A-Za-z]+)\}/g, ':$1');
}

function byStatus(codes: readonly string[]): [number, string[]][] {
  const map = new Map<number, string[]>();
  for (const c of codes) {
    const s = problemKind(c).status;
    const list = map.get(s) ?? [];
    if (!list.includes(c)) list.push(c);
    map.set(s, list);
  }
  return [...map.entries()].sort((a, b) => a[0] - b[0]);
}

function inline(schema: z.ZodType, io: 'input' | 'output'): Json {
  return strip(z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }));
}

function describe(schema: z.ZodType): { description?: string } {
  const d = schema.description;
  return d === undefined ? {} : { description: d };
}

/**
 * Drops the per-document members zod adds to each schema (`$schema`, `$id`), and gives every
 * tuple an `items` schema where zod writes `items: false` (linters and older tools want a schema
 * beside `prefixItems`): any of its members' schemas, which changes nothing since `maxItems`
 * leaves no item past the prefix.
 */
function strip(schema: Json): Json {
  const rest = closeTuples(schema) as Json;
  delete rest['$schema'];
  delete rest['$id'];
  return rest;
}

function closeTuples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closeTuples);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = closeTuples(v);
  const prefix = out['prefixItems'];
  const open = !('items' in out) || out['items'] === false;
  if (Array.isArray(prefix) && open && out['maxItems'] === prefix.length) {
    const distinct = [...new Map(prefix.map((p) => [JSON.stringify(p), p])).values()];
    out['items'] = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
  }
  return out;
}

function pascal(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}
