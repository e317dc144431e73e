/** openStore's URL forms, and what each backend does on opening beyond the shared contract. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MIGRATIONS,
  openPostgresStore,
  openSqliteStore,
  openStore,
  parseStoreUrl,
} from '../src/index.js';
import { PHASE_HEAD } from '../src/tx.js';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-open-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('parseStoreUrl', () => {
  it.each([
    ['sqlite:data/arbiter.sqlite', { kind: 'sqlite', path: 'data/arbiter.sqlite' }],
    ['sqlite:///var/lib/arbiter.db', { kind: 'sqlite', path: '/var/lib/arbiter.db' }],
    ['sqlite://rel/x.sqlite', { kind: 'sqlite', path: 'rel/x.sqlite' }],
    ['sqlite::memory:', { kind: 'sqlite', path: ':memory:' }],
    [':memory:', { kind: 'sqlite', path: ':memory:' }],
    ['games.db', { kind: 'sqlite', path: 'games.db' }],
    ['/abs/games.sqlite3', { kind: 'sqlite', path: '/abs/games.sqlite3' }],
    ['postgres://u:p@h:5432/db', { kind: 'postgres', url: 'postgres://u:p@h:5432/db' }],
    ['postgresql://h/db', { kind: 'postgres', url: 'postgresql://h/db' }],
  ])('reads %s', (url, expected) => {
    expect(parseStoreUrl(url)).toEqual(expected);
  });

  it.each(['mysql://root@h/db', 'games.json', 'http://x/y.db', '', 'sqlite:'])(
    'refuses %j, naming the accepted forms',
    (url) => {
      expect(() => parseStoreUrl(url)).toThrow(/sqlite:PATH/);
    },
  );

  it('never repeats a password in its error', () => {
    expect(() => parseStoreUrl('mysql://root:hunter2@db.example/arbiter')).toThrow(
      'cannot tell which database "mysql://root:***@db.example/arbiter" means',
    );
  });
});

describe('openStore', () => {
  it('opens SQLite for sqlite: URLs and bare paths, creating missing folders', async () => {
    for (const url of [
      'sqlite::memory:',
      ':memory:',
      `sqlite:${join(dir, 'a', 'b', 'nested.sqlite')}`,
      join(dir, 'bare.db'),
    ]) {
      const store = await openStore(url);
      expect(store.backend).toBe('sqlite');
      await store.close();
      await store.close(); // closing twice is harmless
      await expect(store.read(() => Promise.resolve())).rejects.toThrow(/is closed/);
    }
    expect(existsSync(join(dir, 'a', 'b', 'nested.sqlite'))).toBe(true);
  });

  it('rejects an unknown form before touching anything', async () => {
    await expect(openStore('redis://localhost')).rejects.toThrow(
      'cannot tell which database "redis://localhost" means',
    );
  });

  it('reports a PostgreSQL server that does not answer', async () => {
    await expect(
      openPostgresStore('postgres://nobody@127.0.0.1:1/none', { connectTimeoutMs: 1000 }),
    ).rejects.toThrow(/ECONNREFUSED|connect/);
  });

  it('refuses a PostgreSQL schema name it would have to quote', async () => {
    await expect(
      openPostgresStore('postgres://nobody@127.0.0.1:1/none', { schema: 'Robert"; DROP' }),
    ).rejects.toThrow('PostgreSQL schema name "Robert"; DROP" must be lowercase letters');
  });
});

describe('SQLite across processes', () => {
  /**
   * Starts a process that takes the file's write lock, writes, and holds the lock for `holdMs`
   * before committing; resolves once it holds the lock, with a promise of its exit code (in an
   * object, or awaiting this would wait for the exit too).
   */
  async function holdWriteLock(
    path: string,
    holdMs: number,
  ): Promise<{ exited: Promise<number | null> }> {
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(process.argv[1]);
      db.pragma('busy_timeout = 5000');
      db.exec('BEGIN IMMEDIATE');
      db.prepare("INSERT INTO accounts VALUES ('other', 'Other', 'h', 0)").run();
      process.stdout.write('locked\\n');
      setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));
    `;
    const child = spawn(process.execPath, ['-e', script, path, String(holdMs)], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('locked')) resolve();
      });
      child.on('exit', (code) => {
        reject(new Error(`lock holder exited early (${String(code)})`));
      });
    });
    return { exited };
  }

  it('waits for another process to commit, then writes', async () => {
    const path = join(dir, 'shared.sqlite');
    const store = await openSqliteStore(path);
    const { exited } = await holdWriteLock(path, 300);
    const started = Date.now();
    await store.transaction((tx) =>
      tx.insertAccount({ id: 'mine', name: 'Mine', passwordHash: 'h', createdAt: 0 }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await exited).toBe(0);
    await store.read(async (tx) => {
      expect((await tx.accountById('other'))?.name).toBe('Other');
      expect((await tx.accountById('mine'))?.name).toBe('Mine');
    });
    await store.close();
  });

  it('waits on the event loop, not blocking the thread in SQLite', async () => {
    const path = join(dir, 'blocking.sqlite');
    const store = await openSqliteStore(path);
    const { exited } = await holdWriteLock(path, 300);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      await store.transaction((tx) =>
        tx.insertAccount({ id: 'mine', name: 'Mine', passwordHash: 'h', createdAt: 0 }),
      );
    } finally {
      clearInterval(ticker);
    }
    // About 20 ticks while the other process held the lock; none if the wait blocked.
    expect(ticks).toBeGreaterThanOrEqual(5);
    expect(await exited).toBe(0);
    await store.close();
  });

  it('gives up after its busy timeout, saying why', async () => {
    const path = join(dir, 'busy.sqlite');
    const store = await openSqliteStore(path, { busyTimeoutMs: 100 });
    const { exited } = await holdWriteLock(path, 400);
    await expect(
      store.transaction((tx) =>
        tx.insertAccount({ id: 'mine', name: 'Mine', passwordHash: 'h', createdAt: 0 }),
      ),
    ).rejects.toThrow(`SQLite database ${path} stayed locked by another writer for 100 ms`);
    await exited;
    expect(await store.read((tx) => tx.accountById('mine'))).toBeUndefined();
    await store.close();
  });
});

describe('SQLite query plans', () => {
  it("finds a game's latest and open phases in an index alone, sorting nothing", async () => {
    const path = join(dir, 'plans.sqlite');
    await (await openSqliteStore(path)).close();
    const db = new Database(path, { readonly: true });
    const plan = (sql: string, ...params: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
        (p) => p.detail,
      );
    // What SqlStoreTx.phases runs for { latest } (every read of a game) and openPhase runs: the
    // small columns, never the row with its state and result.
    const covered = 'SEARCH phases USING COVERING INDEX phases_game_head (game_id=?)';
    expect(
      plan(
        `SELECT ${PHASE_HEAD} FROM phases WHERE game_id = ? AND status <> 'rolled-back'
         ORDER BY seq DESC, id DESC LIMIT ?`,
        'g1',
        2,
      ),
    ).toEqual([covered]);
    expect(
      plan(
        `SELECT ${PHASE_HEAD} FROM phases WHERE game_id = ? AND status = 'open'
         ORDER BY seq DESC, id DESC LIMIT 1`,
        'g1',
      ),
    ).toEqual([covered]);
    db.close();
  });
});

describe('MIGRATIONS', () => {
  it('are numbered 1, 2, 3 ... in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });
});
