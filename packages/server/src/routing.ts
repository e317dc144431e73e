/**
 * A route is data: method, path, who may call it, zod schemas for what comes in and goes out, the
 * codes it may fail with, and a handler. The Hono app and the OpenAPI document are both built
 * from the one table, which is what keeps them in step.
 */
import type { Answer } from './answers.js';
import type { z } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** `none`: public; `optional`: a token changes what is seen; `required`: 401 without one. */
export type AuthMode = 'none' | 'optional' | 'required';

/** What a route is, without its handler: enough to document it. */
export interface RouteMeta {
  readonly method: Method;
  /** OpenAPI form, relative to the API base: `/games/{id}/orders`. */
  readonly path: string;
  readonly operationId: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly auth: AuthMode;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The body may be left out altogether (then it is `undefined`). */
  readonly bodyOptional?: boolean;
  readonly status: 200 | 201;
  readonly response: z.ZodType;
  readonly responseDescription: string;
  /** Defaults to `application/json`. */
  readonly responseType?: string;
  /**
   * Answers carry a strong `ETag` (a hash of the body the caller gets, so two viewers who see
   * different things never share a tag) and `If-None-Match` gives 304 with no body. `private`:
   * kept by the caller's own cache and checked every time (a game, which changes); `public`:
   * the same for everyone and unchanged while the server runs (a map), cached for an hour.
   * Otherwise `no-store`.
   */
  readonly etag?: 'private' | 'public';
  /**
   * Writes the JSON answer itself, to the bytes `JSON.stringify(response.parse(value))` would
   * give, or says why the value does not fit (see answers.ts). Default: exactly that.
   */
  readonly answer?: (value: unknown) => Answer;
  /** The app's codes this route may answer with (besides those every route of its kind has). */
  readonly errors: readonly string[];
  /**
   * The answer is a stream of server-sent events (`text/event-stream`) that stays open, each
   * event's data fitting `response`; the handler returns an `EventStream`, and the client may
   * resume with `Last-Event-ID`.
   */
  readonly stream?: true;
  /**
   * The bearer token may also come as the `token` query parameter (which `query` must declare),
   * for browsers' `EventSource`, which cannot send an Authorization header.
   */
  readonly tokenInQuery?: true;
}

/** One server-sent event: `id` is where a client resumes from, `event` its kind. */
export interface StreamEvent {
  readonly id: number;
  readonly event: string;
  readonly data: unknown;
}

/** Events after a cursor, and the cursor to go on from (past events not sent to this client). */
export interface StreamBatch {
  readonly events: readonly StreamEvent[];
  readonly last: number;
}

/**
 * What a streaming route's handler returns: the first batch (read before the answer starts,
 * so a refusal is still a problem answer) and how to read the next ones. The HTTP app polls
 * `next` until the client leaves or the server stops.
 */
export interface EventStream {
  readonly first: StreamBatch;
  readonly next: (after: number) => Promise<StreamBatch>;
}

/** What a handler is given: the caller (if authenticated), path parameters, query and body. */
export interface HandlerInput<Caller, Q, B> {
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Q;
  readonly body: B;
  /** The request URL (for links in the answer). */
  readonly url: URL;
  /** The bearer token sent, if any (to revoke it). */
  readonly token: string | undefined;
  /** The client's address as the socket gives it (no proxy header is trusted); none in tests. */
  readonly address: string | undefined;
  /** A request header (`last-event-id`), if sent. */
  readonly header: (name: string) => string | undefined;
}

export interface Route<Ctx> extends RouteMeta {
  readonly handle: (ctx: Ctx, input: HandlerInput<unknown, unknown, unknown>) => Promise<unknown>;
}

/** The app hands out readonly views; the schemas' types are mutable. Either fits the wire. */
export type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

type Caller<A extends AuthMode, Account> = A extends 'required'
  ? Account
  : A extends 'optional'
    ? Account | null
    : null;

/**
 * A builder of typed routes for one context and account type: the handler sees the parsed query
 * and body and the caller its auth mode promises, and must return something the response schema
 * accepts (checked by TypeScript here and by zod at run time), so a handler cannot answer
 * outside its documented shape.
 */
export function routeBuilder<Ctx, Account>() {
  return function route<
    A extends AuthMode,
    R extends z.ZodType,
    Q extends z.ZodObject | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    O extends boolean = false,
  >(
    spec: Omit<RouteMeta, 'auth' | 'query' | 'body' | 'bodyOptional' | 'response'> & {
      readonly auth: A;
      readonly query?: Q;
      readonly body?: B;
      readonly bodyOptional?: O;
      readonly response: R;
      readonly handle: (
        ctx: Ctx,
        input: HandlerInput<
          Caller<A, Account>,
          Q extends z.ZodObject ? z.output<Q> : undefined,
          B extends z.ZodType ? z.output<B> | (O extends true ? undefined : never) : undefined
        >,
      ) => Promise<DeepReadonly<z.input<R>>>;
    },
  ): Route<Ctx> {
    return spec as unknown as Route<Ctx>;
  };
}

/**
 * A builder of streaming routes (`stream: true`): like `routeBuilder`'s, but the handler
 * returns an `EventStream` whose events' data the HTTP app checks against `response` one by
 * one.
 */
export function streamRouteBuilder<Ctx, Account>() {
  return function streamRoute<A extends AuthMode, Q extends z.ZodObject | undefined = undefined>(
    spec: Omit<RouteMeta, 'auth' | 'query' | 'body' | 'bodyOptional' | 'stream'> & {
      readonly auth: A;
      readonly query?: Q;
      readonly handle: (
        ctx: Ctx,
        input: HandlerInput<
          Caller<A, Account>,
          Q extends z.ZodObject ? z.output<Q> : undefined,
          undefined
        >,
      ) => Promise<EventStream>;
    },
  ): Route<Ctx> {
    return { ...spec, stream: true } as unknown as Route<Ctx>;
  };
}

/** Codes any route reading a JSON body may answer with. */
export const BODY_CODES = [
  'request/unsupported-media-type',
  'request/too-large',
  'request/malformed-json',
] as const;

/** Every code `route` may answer with, for its documentation. */
export function routeCodes(route: RouteMeta, authCodes: readonly string[] = []): string[] {
  const codes: string[] = [];
  if (route.auth === 'required') codes.push('auth/required');
  if (route.auth !== 'none') codes.push(...authCodes);
  if (route.body !== undefined) codes.push(...BODY_CODES);
  if (route.body !== undefined || route.query !== undefined || route.path.includes('{')) {
    codes.push('input/invalid');
  }
  codes.push(...route.errors, 'internal');
  return [...new Set(codes)];
}
