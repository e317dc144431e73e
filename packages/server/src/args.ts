/**
 * The server's command line, parsed apart from `main.ts` so that flags, environment fallbacks and
 * their errors can be tested without starting anything.
 */
import { parseArgs } from 'node:util';

export interface ServerArgs {
  readonly db: string;
  readonly port: number;
  readonly host: string;
  readonly demo: boolean;
  readonly tickMs: number;
  /** Origins allowed to call the API from a browser; empty: CORS off. */
  readonly corsOrigins: readonly string[];
  /** Whether to print one JSON line per request and per processed phase. */
  readonly log: boolean;
  /** Server processes sharing the port (node:cluster) when more than 1; each has its own store. */
  readonly workers: number;
}

export const USAGE = `usage: arbiter-server [--db URL] [--port N] [--host H] [--demo] [--tick-ms N]
                      [--cors-origin ORIGIN ...] [--no-log] [--workers N]

  --db URL      sqlite:FILE, sqlite::memory: or postgres://... (env ARBITER_DB;
                default sqlite:arbiter.sqlite in the current directory)
  --port N      port to listen on; 0 picks a free one (env PORT; default 8080)
  --host H      address to listen on (default 127.0.0.1)
  --demo        create a demo game with seven seated players, if none named "Demo" exists
  --tick-ms N   how often to process phases whose deadline has passed (default 1000)
  --cors-origin ORIGIN
                let pages from ORIGIN (https://example.org, or * for any) call the API
                from a browser; repeat for several (env ARBITER_CORS_ORIGINS, comma-
                separated; default: none, CORS off)
  --no-log      no JSON log line per request and per processed phase on stdout
  --workers N   serve from N processes sharing the port, each with its own connection to
                the database and its own ticker (env ARBITER_WORKERS; default 1; not with
                sqlite::memory:, which lives in one process)

environment: ARBITER_DB, PORT (as above); ARBITER_DB_SCHEMA keeps the tables in that
PostgreSQL schema (created if missing); ARBITER_CHECK_NESTING=1 makes the store refuse a
call from inside one of its own transactions, at a cost of about 8% of the server's CPU
(the check is off in the server, whose calls are tested with it on);
ARBITER_TEST_STALL_PROCESSING_MS (tests only) makes each phase's processing wait that long
before it commits.`;

/**
 * The options a server process opens its store with: the PostgreSQL schema of
 * ARBITER_DB_SCHEMA, and no nesting check unless ARBITER_CHECK_NESTING is 1. The check (a call
 * to the store from inside one of its own transactions is refused rather than left waiting)
 * hooks every promise of the process on Node 20; the server's store calls are fixed, and its
 * tests run them on stores with the check on.
 */
export function serverStoreOptions(env: Readonly<Record<string, string | undefined>>): {
  readonly sqlite: { readonly checkNesting: boolean };
  readonly postgres: { readonly checkNesting: boolean; readonly schema?: string };
} {
  const checkNesting = env['ARBITER_CHECK_NESTING'] === '1';
  const schema = env['ARBITER_DB_SCHEMA'];
  return {
    sqlite: { checkNesting },
    postgres: schema === undefined ? { checkNesting } : { checkNesting, schema },
  };
}

/** The parsed arguments, or a message saying what is wrong. */
export function parseServerArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; value: ServerArgs } | { ok: false; error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        db: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        demo: { type: 'boolean' },
        'tick-ms': { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'no-log': { type: 'boolean' },
        workers: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  if (values.help === true) return { ok: false, error: '' };
  const port = integer(values.port ?? env['PORT'] ?? '8080', 0, 65535);
  if (port === undefined)
    return { ok: false, error: 'the port must be an integer from 0 to 65535' };
  const tickMs = integer(values['tick-ms'] ?? '1000', 10, 3_600_000);
  if (tickMs === undefined) {
    return { ok: false, error: '--tick-ms must be an integer from 10 to 3600000' };
  }
  const db = values.db ?? env['ARBITER_DB'] ?? 'sqlite:arbiter.sqlite';
  const workers = integer(values.workers ?? env['ARBITER_WORKERS'] ?? '1', 1, 64);
  if (workers === undefined)
    return { ok: false, error: '--workers must be an integer from 1 to 64' };
  if (workers > 1 && inMemory(db)) {
    return {
      ok: false,
      error: '--workers: an in-memory database lives in one process; use a file or PostgreSQL',
    };
  }
  const corsOrigins = (values['cors-origin'] ?? env['ARBITER_CORS_ORIGINS']?.split(',') ?? [])
    .map((o) => o.trim())
    .filter((o) => o !== '');
  const badOrigin = corsOrigins.find((o) => o !== '*' && !/^https?:\/\/[^/\s]+$/.test(o));
  if (badOrigin !== undefined) {
    return {
      ok: false,
      error: `--cors-origin ${badOrigin}: an origin is scheme://host[:port] with no path, or *`,
    };
  }
  return {
    ok: true,
    value: {
      db,
      port,
      host: values.host ?? '127.0.0.1',
      demo: values.demo === true,
      tickMs,
      corsOrigins,
      log: values['no-log'] !== true,
      workers,
    },
  };
}

/** `sqlite::memory:` or `:memory:` (the store's forms of an in-memory database). */
function inMemory(db: string): boolean {
  return db === ':memory:' || /^sqlite:(\/\/)?:memory:$/i.test(db);
}

function integer(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}
