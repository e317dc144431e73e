/**
 * Reading a JSON request body safely: the size limit is enforced while the bytes arrive (a
 * chunked body has no Content-Length to check, and a lying one must not let a client make us
 * buffer megabytes), and each way a body can be bad gets its own stable code.
 */
import { ProblemError } from './problems.js';

/** Bodies above this many bytes are refused unless the app is told otherwise. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

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
): Promise<unknown> {
  const type = request.headers.get('content-type');
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!(optional && type === null) && !isJsonMediaType(type)) throw unsupported();
  const bytes = await readLimited(request.body, limit);
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
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const why = e instanceof SyntaxError ? e.message : 'unreadable';
    throw new ProblemError('request/malformed-json', `The body is not valid JSON: ${why}`);
  }
}

async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
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
