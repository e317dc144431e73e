/**
 * Shared harness for the in-process HTTP tests: an app over a fresh in-memory store with a clock
 * the test moves, and a small client that speaks JSON and bearer tokens.
 */
import { Arbiter, type GameStore } from '@arbiter/app';
import { openStore } from '@arbiter/store';
import type { Hono } from 'hono';
import { createHttpApp, type HttpAppOptions } from '../src/index.js';

export interface Harness {
  readonly app: Hono;
  readonly arbiter: Arbiter;
  readonly store: GameStore;
  /** The time the app sees, in ms; tests move it forward. */
  readonly clock: { now: number };
  call(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  readonly status: number;
  readonly type: string;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they expect
  readonly body: any;
}

export async function harness(options: HttpAppOptions = {}): Promise<Harness> {
  const store = await openStore('sqlite::memory:');
  const clock = { now: Date.UTC(2026, 0, 1) };
  const arbiter = new Arbiter({ store, clock: { now: () => clock.now } });
  const app = createHttpApp(arbiter, { logError: () => undefined, ...options });
  return {
    app,
    arbiter,
    store,
    clock,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      const res = await app.request(`/api/v1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      return reply(res);
    },
    close: () => store.close(),
  };
}

export async function reply(res: Response): Promise<Reply> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return {
    status: res.status,
    type,
    headers: res.headers,
    body: type.includes('json') && text !== '' ? (JSON.parse(text) as unknown) : text,
  };
}
