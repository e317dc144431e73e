/** The command line: flags, their environment fallbacks and defaults, and what is refused. */
import { describe, expect, test } from 'vitest';
import { parseServerArgs, serverStoreOptions } from '../src/args.js';

describe('the server command line', () => {
  test('opens its store without the nesting check unless ARBITER_CHECK_NESTING=1, in the schema named', () => {
    expect(serverStoreOptions({})).toEqual({
      sqlite: { checkNesting: false },
      postgres: { checkNesting: false },
    });
    expect(serverStoreOptions({ ARBITER_CHECK_NESTING: '1', ARBITER_DB_SCHEMA: 'league' })).toEqual(
      {
        sqlite: { checkNesting: true },
        postgres: { checkNesting: true, schema: 'league' },
      },
    );
  });

  test('defaults to SQLite in the current directory on 127.0.0.1:8080, ticking every second', () => {
    expect(parseServerArgs([], {})).toEqual({
      ok: true,
      value: {
        db: 'sqlite:arbiter.sqlite',
        port: 8080,
        host: '127.0.0.1',
        demo: false,
        tickMs: 1000,
        corsOrigins: [],
        log: true,
        workers: 1,
      },
    });
  });

  test('takes --workers or ARBITER_WORKERS, and refuses a bad count or several on memory', () => {
    expect(parseServerArgs(['--workers', '4'], { ARBITER_WORKERS: '2' })).toMatchObject({
      value: { workers: 4 },
    });
    expect(parseServerArgs([], { ARBITER_WORKERS: '2' })).toMatchObject({ value: { workers: 2 } });
    for (const n of ['0', '65', 'two', '1.5']) {
      expect(parseServerArgs(['--workers', n], {}), n).toEqual({
        ok: false,
        error: '--workers must be an integer from 1 to 64',
      });
    }
    for (const db of ['sqlite::memory:', ':memory:']) {
      expect(parseServerArgs(['--db', db, '--workers', '2'], {}), db).toEqual({
        ok: false,
        error: '--workers: an in-memory database lives in one process; use a file or PostgreSQL',
      });
    }
    expect(parseServerArgs(['--db', 'sqlite::memory:', '--workers', '1'], {})).toMatchObject({
      ok: true,
    });
  });

  test('takes ARBITER_DB and PORT from the environment, and flags over them', () => {
    const env = { ARBITER_DB: 'postgres://x@h/db', PORT: '9000' };
    expect(parseServerArgs([], env)).toMatchObject({
      value: { db: 'postgres://x@h/db', port: 9000 },
    });
    expect(
      parseServerArgs(['--db', 'sqlite::memory:', '--port', '0', '--demo', '--tick-ms', '50'], env),
    ).toMatchObject({ value: { db: 'sqlite::memory:', port: 0, demo: true, tickMs: 50 } });
  });

  test('takes CORS origins from flags or ARBITER_CORS_ORIGINS, and refuses one with a path', () => {
    expect(
      parseServerArgs(['--cors-origin', 'https://a.example', '--cors-origin', '*', '--no-log'], {}),
    ).toMatchObject({ value: { corsOrigins: ['https://a.example', '*'], log: false } });
    expect(
      parseServerArgs([], { ARBITER_CORS_ORIGINS: 'https://a.example, http://b:8080' }),
    ).toMatchObject({ value: { corsOrigins: ['https://a.example', 'http://b:8080'] } });
    const bad = parseServerArgs(['--cors-origin', 'https://a.example/path'], {});
    expect(bad).toEqual({
      ok: false,
      error:
        '--cors-origin https://a.example/path: an origin is scheme://host[:port] with no path, or *',
    });
  });

  test('refuses a bad port, a bad tick, an unknown flag and a stray argument', () => {
    for (const argv of [
      ['--port', '70000'],
      ['--port', 'x'],
      ['--tick-ms', '0'],
      ['--nope'],
      ['x'],
    ]) {
      const r = parseServerArgs(argv, {});
      expect(r.ok, argv.join(' ')).toBe(false);
    }
  });

  test('--help asks for the usage without an error', () => {
    expect(parseServerArgs(['--help'], {})).toEqual({ ok: false, error: '' });
  });
});
