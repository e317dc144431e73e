/** The command line: flags, their environment fallbacks and defaults, and what is refused. */
import { describe, expect, test } from 'vitest';
import { parseServerArgs } from '../src/args.js';

describe('the server command line', () => {
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
      },
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
