/**
 * Runs a streaming route's answer as server-sent events: the first batch at once, then a poll
 * every `pollMs` for what happened since, each event's data checked against the route's
 * response schema (the last filter, as for every other answer), a comment line when the
 * stream has been silent for `heartbeatMs` (so proxies keep an idle connection), and the end
 * when the client leaves or the server shuts down.
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { ProblemError } from './problems.js';
import type { EventStream, RouteMeta, StreamBatch } from './routing.js';

export interface StreamOptions {
  readonly pollMs: number;
  readonly heartbeatMs: number;
  /** Aborted when the server stops. */
  readonly shutdown: AbortSignal | undefined;
  readonly logError: (message: string, error: unknown) => void;
}

export function eventStream(
  c: Context,
  r: RouteMeta,
  source: EventStream,
  opts: StreamOptions,
): Response {
  // Proxies that buffer answers (nginx) would hold events back.
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, async (stream) => {
    const stop = new AbortController();
    const end = (): void => {
      stop.abort();
    };
    stream.onAbort(end);
    opts.shutdown?.addEventListener('abort', end);
    if (opts.shutdown?.aborted === true) end();
    try {
      let last = await send(stream, r, source.first);
      let silent = 0;
      for (;;) {
        await wait(opts.pollMs, stop.signal);
        if (stop.signal.aborted) break;
        const batch = await source.next(last);
        if (batch.events.length > 0) {
          last = await send(stream, r, batch);
          silent = 0;
        } else {
          last = batch.last;
          silent += opts.pollMs;
          if (silent >= opts.heartbeatMs) {
            await stream.write(': keep-alive\n\n');
            silent = 0;
          }
        }
      }
    } catch (e) {
      // A refusal mid-stream (the game gone) just ends it; anything else is our bug, logged,
      // and never told to the client beyond the end of the stream.
      if (!(e instanceof ProblemError)) opts.logError(`GET ${c.req.path} stream failed:`, e);
    } finally {
      opts.shutdown?.removeEventListener('abort', end);
    }
  });
}

/** Writes a batch; the cursor to go on from. */
async function send(stream: SSEStreamingApi, r: RouteMeta, batch: StreamBatch): Promise<number> {
  for (const e of batch.events) {
    const out = r.response.safeParse(e.data);
    if (!out.success) {
      throw new Error(`${r.operationId}: an event does not fit its schema: ${out.error.message}`);
    }
    await stream.writeSSE({ id: String(e.id), event: e.event, data: JSON.stringify(out.data) });
  }
  return batch.last;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
