/**
 * Reading a JSON request body safely: the size limit is enforced while the bytes arrive (a
 * chunked body has no Content-Length to check, and a lying one must not let a client make us
 * buffer megabytes), and each way a body can be bad gets its own stable code.
 */
import { unstorableText } from '@arbiter/app';
import { ProblemError } from './problems.js';

/** `application/json` or any `application/*+json`, with any parameters (charset). */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/**
 * The parsed JSON body of `request`, or a ProblemError: 415 for another media type, 413 past
 * `limit` bytes (counted on the stream, the read cancelled at once), 400 for bytes that are not
 * UTF-8 JSON. An empty body is malformed, unless `optional`, when a request with no body and no
 * Content-Type gives `undefined` (whether a body was sent is known only by reading: a request
 * made in process carries no Content-Length).
 */
export async function readJsonBody(
  request: Request,
  limit: number,
  optional = false,
  /**
   * The Node request under `request` (served by @hono/node-server), read straight rather than
   * through `request.body`, which would build a web stream over it: the same bytes, cheaper.
   */
  incoming?: AsyncIterable<Uint8Array>,
): Promise<unknown> {
  const type = request.headers.get('content-type');
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!(optional && type === null) && !isJsonMediaType(type)) throw unsupported();
  const bytes = await readLimited(incoming ?? request.body, limit);
  if (type === null) {
    if (bytes.byteLength === 0) return undefined;
    throw unsupported();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ProblemError('request/malformed-json', 'The body is not valid UTF-8.');
  }
  if (text.trim() === '') {
    throw new ProblemError('request/malformed-json', 'The body is empty; a JSON value is needed.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (e) {
    const why = e instanceof SyntaxError ? e.message : 'unreadable';
    throw new ProblemError('request/malformed-json', `The body is not valid JSON: ${why}`);
  }
  const bad = badText(value, '');
  if (bad !== undefined) {
    throw new ProblemError('input/invalid', `${bad.path || 'body'}: ${bad.message}`, {
      issues: [bad],
    });
  }
  return value;
}

/**
 * The first text in a parsed body (a value or an object key, at any depth) that no store can keep
 * as it was sent: a NUL character (PostgreSQL refuses it) or a lone surrogate (not Unicode; SQLite
 * would keep U+FFFD instead, and a password hash would not tell two of them apart). JSON escapes
 * (`\u0000`, `\ud800`) let either through UTF-8 decoding, so every request body is checked here,
 * in one place, before any route sees it.
 */
export function badText(
  value: unknown,
  path: string,
): { readonly path: string; readonly message: string } | undefined {
  if (typeof value === 'string') return textProblem(value, path);
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = badText(value[i], path === '' ? String(i) : `${path}.${i}`);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    const bad = textProblem(key, at) ?? badText(v, at);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

function textProblem(
  text: string,
  path: string,
): { readonly path: string; readonly message: string } | undefined {
  const why = unstorableText(text);
  return why === undefined ? undefined : { path, message: why };
}
async function readLimited(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!(body instanceof ReadableStream)) {
    // Leaving the loop early destroys the stream, as cancelling a web stream over it does.
    for await (const value of body) {
      total += value.byteLength;
      if (total > limit) throw tooLarge(limit);
      chunks.push(value);
    }
    return concat(chunks, total);
  }
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return concat(chunks, total);
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function unsupported(): ProblemError {
  return new ProblemError('request/unsupported-media-type', 'Send the body as application/json.');
}

function tooLarge(limit: number): ProblemError {
  return new ProblemError('request/too-large', `The body is larger than ${limit} bytes.`, {
    limit,
  });
}
