/**
 * The HTTP app: mounts the route table on Hono under `/api/v1`, does what every route shares
 * (bearer tokens, body limits, zod validation in and out), and turns every failure into a
 * problem in one `onError`, so no route can answer an error in a shape of its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LIMITS, type Arbiter, type VariantInfo } from '@arbiter/app';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import type { z } from 'zod';
import { whole } from './answers.js';
import { readJsonBody } from './body.js';
import { honoPath, openApiDocument, pathParams } from './openapi.js';
import { ProblemError, problemResponse, toProblem } from './problems.js';
import { ROUTES, type Services } from './routes.js';
import type { EventStream, Route } from './routing.js';
import { eventStream, type StreamOptions } from './sse.js';
import { PATH_PARAMS } from './schemas.js';
import { webAssets } from './web-assets.js';

/** Where the API lives. */
export const API_BASE = '/api/v1';

/** Codes any route that looks at a token may answer with. */
export const AUTH_CODES = ['auth/invalid-token'] as const;

export interface HttpAppOptions {
  /** Largest request body in bytes (default `LIMITS.bodyBytes`, 64 KiB). */
  readonly bodyLimit?: number;
  /** Where unexpected errors are reported (default: console.error). Never sent to clients. */
  readonly logError?: (message: string, error: unknown) => void;
  /**
   * Origins whose pages may call the API from a browser (CORS). Default: none, so no CORS
   * headers are sent and browsers keep other sites' pages out. `*` allows any origin.
   */
  readonly corsOrigins?: readonly string[];
  /** Told of every request once answered, for one structured log line each (default: none). */
  readonly logRequest?: (line: RequestLogLine) => void;
  /** How often an open event stream looks for new events, in ms (default 1000). */
  readonly eventPollMs?: number;
  /** How long an event stream may stay silent before a comment line keeps it alive (15 s). */
  readonly heartbeatMs?: number;
  /** Aborted when the server stops: every open event stream ends, so stopping never hangs. */
  readonly shutdown?: AbortSignal;
  /**
   * The built web page (`packages/web/dist`), served at `/` with `index.html` for the page's
   * own routes. Default: none, and `/` says how to build and serve the page.
   */
  readonly webRoot?: string;
}

/** One request, as logged: never a body, a token or a query string (they may hold secrets). */
export interface RequestLogLine {
  readonly kind: 'request';
  /** The request's `X-Request-Id` if the client sent a sane one, else a new id; echoed back. */
  readonly id: string;
  readonly method: string;
  /** The route's pattern (`/api/v1/games/{id}/orders`), or the path when no route matched. */
  readonly route: string;
  readonly status: number;
  readonly ms: number;
}

/** The route each request matched, for its log line (set by the route's handler). */
const ROUTE_OF = new WeakMap<Request, string>();

/** The API's own description, for the OpenAPI document. */
export const API_INFO = {
  title: 'Arbiter',
  version: '1.0.0',
  description:
    'An automated gamesmaster for Diplomacy and its variants. Every response is built from ' +
    "the caller's view of the game: nobody reads another player's secrets through it. Errors " +
    'are application/problem+json with a stable `code`.',
} as const;

/**
 * The OpenAPI document of the routes this app serves, with its body limit in bytes and, given
 * the variants it offers (`arbiter.variants()`), each of their modules' settings.
 */
export function apiDocument(
  bodyLimit: number = LIMITS.bodyBytes,
  variants: readonly VariantInfo[] = [],
): Record<string, unknown> {
  return openApiDocument(ROUTES, API_BASE, API_INFO, AUTH_CODES, bodyLimit, variants);
}

/**
 * The Hono app over `arbiter`. Test it in process with `app.request(...)`; serve it with
 * `@hono/node-server` (see `main.ts`).
 */
export function createHttpApp(arbiter: Arbiter, options: HttpAppOptions = {}): Hono {
  const limit = options.bodyLimit ?? LIMITS.bodyBytes;
  const logError =
    options.logError ??
    ((message: string, error: unknown) => {
      console.error(message, error);
    });
  const streams: StreamOptions = {
    pollMs: options.eventPollMs ?? 1000,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    shutdown: options.shutdown,
    logError,
  };
  let doc: Record<string, unknown> | undefined;
  const services: Services = {
    arbiter,
    openApi: () => (doc ??= apiDocument(limit, arbiter.variants())),
  };

  const app = new Hono();
  const logRequest = options.logRequest;
  if (logRequest !== undefined) {
    app.use(async (c, next) => {
      const started = performance.now();
      const sent = c.req.header('x-request-id');
      const id = sent !== undefined && /^[A-Za-z0-9._-]{1,100}$/.test(sent) ? sent : randomUUID();
      // Set before the answer exists, so that it goes out with it: a header set on a finished
      // answer makes @hono/node-server rebuild it as a stream, the dearest part of a request.
      c.header('x-request-id', id);
      await next();
      // An answer made whole by its route (a problem) did not take it.
      if (c.res.headers.get('x-request-id') !== id) c.header('x-request-id', id);
      logRequest({
        kind: 'request',
        id,
        method: c.req.method,
        route: ROUTE_OF.get(c.req.raw) ?? c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 100) / 100,
      });
    });
  }
  const origins = options.corsOrigins ?? [];
  if (origins.length > 0) {
    app.use(
      cors({
        origin: origins.includes('*') ? '*' : [...origins],
        allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'],
        exposeHeaders: ['ETag', 'Retry-After', 'X-Request-Id', 'Allow'],
        maxAge: 600,
      }),
    );
  }
  // gzip or deflate for answers over 1 KiB when the client accepts it (JSON, HTML). Only then:
  // the middleware adds Vary to a finished answer, which @hono/node-server then rebuilds and
  // sends as a stream (a third of the time of a small answer). The others get their Vary here.
  const gzip = compress();
  app.use((c, next) => {
    if (acceptsCompression(c.req.header('accept-encoding'))) return gzip(c, next);
    c.header('vary', 'Accept-Encoding');
    return next();
  });
  const web = webAssets(options.webRoot, API_BASE);

  const allowed = new Map<string, string[]>();
  for (const r of ROUTES) {
    const path = API_BASE + honoPath(r.path);
    const pattern = API_BASE + r.path;
    app.on(r.method.toUpperCase(), path, (c) => {
      ROUTE_OF.set(c.req.raw, pattern);
      return handle(c, r, services, limit, streams);
    });
    allowed.set(path, [...(allowed.get(path) ?? []), r.method.toUpperCase()]);
  }
  // Registered after the routes: reached only when no method of the path matched.
  for (const [path, methods] of allowed) {
    app.all(path, (c) =>
      problemResponse(
        toProblem(
          'request/method-not-allowed',
          `${c.req.method} is not allowed here; use ${methods.join(', ')}.`,
          c.req.path,
        ),
        { allow: methods.join(', ') },
      ),
    );
  }

  // Outside the API, a GET is the web page's: a file of its build, or one of its routes.
  app.get('*', async (c, next) => {
    const res = await web(c);
    if (res === undefined) {
      await next();
      return;
    }
    return res;
  });
  app.notFound((c) =>
    problemResponse(toProblem('request/not-found', `No route ${c.req.path}.`, c.req.path)),
  );
  app.onError((error, c) => {
    if (error instanceof ProblemError) {
      const problem = toProblem(error.code, error.message, c.req.path, error.details);
      const headers: Record<string, string> = { 'cache-control': 'no-store' };
      if (problem.status === 401) headers['www-authenticate'] = 'Bearer realm="arbiter"';
      const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
      return problemResponse(problem, headers);
    }
    logError(`${c.req.method} ${c.req.path} failed:`, error);
    return problemResponse(
      toProblem('internal', 'Something went wrong on our side; it has been logged.', c.req.path),
    );
  });
  return app;
}

async function handle(
  c: Context,
  r: Route<Services>,
  services: Services,
  limit: number,
  streams: StreamOptions,
): Promise<Response> {
  const caller = await authenticate(c, r, services.arbiter);
  const params: Record<string, string> = {};
  for (const name of pathParams(r.path)) {
    params[name] = String(validate(PATH_PARAMS[name]!, c.req.param(name), name));
  }
  const query: unknown = r.query === undefined ? undefined : validate(r.query, c.req.query());
  let body: unknown = undefined;
  if (r.body !== undefined) {
    const raw = await readJsonBody(c.req.raw, limit, r.bodyOptional === true, incomingOf(c));
    body = raw === undefined ? undefined : validate(r.body, raw);
  }
  const incoming = incomingOf(c);
  const value = await r.handle(services, {
    caller,
    params,
    query,
    body,
    url: new URL(c.req.url),
    token: /^Bearer[ ]+([^\s]+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1],
    address: incoming?.socket.remoteAddress,
    header: (name) => c.req.header(name),
  });
  if (r.stream === true) return eventStream(c, r, value as EventStream, streams);
  // The response schema is the last filter: anything it does not name is not sent, and an
  // answer it rejects is our bug (500), never a partial or unchecked answer.
  const answer = r.answer === undefined ? whole(r.response, value) : r.answer(value);
  if (!answer.ok) {
    throw new Error(`${r.operationId}: the response does not fit its schema: ${answer.error}`);
  }
  return sendJson(c, r, answer.json);
}

/** Sends a JSON answer, with its ETag and a 304 for a caller who has it, if the route tags. */
function sendJson(c: Context, r: Route<Services>, json: string): Response {
  if (r.etag !== undefined) {
    const tag = `"${createHash('sha256').update(json).digest('base64url')}"`;
    c.header('etag', tag);
    // A game is checked with the server every time: a new phase changes what a reader sees.
    c.header('cache-control', r.etag === 'public' ? 'public, max-age=3600' : 'private, no-cache');
    if (noneMatch(c.req.header('if-none-match'), tag)) return c.body(null, 304);
  } else {
    c.header('cache-control', 'no-store');
  }
  c.header('content-type', 'application/json');
  return c.body(json, r.status);
}

/**
 * Whether an Accept-Encoding header may let `compress()` choose gzip or deflate: it names one
 * of them or `*` (a q=0 among them is left to the middleware, which then sends the answer as is).
 */
export function acceptsCompression(header: string | undefined): boolean {
  return header !== undefined && /gzip|deflate|\*/i.test(header);
}

/** Whether an If-None-Match header names `tag` (RFC 9110 §13.1.2: weak comparison, or `*`). */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === tag);
}

/** The Node request under a request served by @hono/node-server (none in process). */
function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

async function authenticate(c: Context, r: Route<Services>, arbiter: Arbiter): Promise<unknown> {
  if (r.auth === 'none') return null;
  let header = c.req.header('authorization');
  // Only where the route allows it (EventSource sends no headers); never logged (no query is).
  const inQuery = r.tokenInQuery === true ? c.req.query('token') : undefined;
  if (header === undefined && inQuery !== undefined) header = `Bearer ${inQuery}`;
  if (header === undefined) {
    if (r.auth === 'required') {
      throw new ProblemError('auth/required', 'Send Authorization: Bearer <token>.');
    }
    return null;
  }
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  const account = match?.[1] === undefined ? undefined : await arbiter.authenticate(match[1]);
  // A token that is sent but wrong is refused even where none is needed: answering with the
  // public view instead would hide the client's mistake.
  if (account === undefined) {
    throw new ProblemError('auth/invalid-token', 'The bearer token is not valid.');
  }
  return account;
}

function validate<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: [...(where === undefined ? [] : [where]), ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  const first = issues[0];
  const detail =
    first === undefined ? 'The request is invalid.' : `${first.path || 'body'}: ${first.message}`;
  throw new ProblemError('input/invalid', detail, { issues });
}
