/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * The server program itself, in child processes: a game played over HTTP on SQLite; two
 * processes against one PostgreSQL processing each phase exactly once; and a process killed in
 * the middle of processing, after which the phase is found untouched and processed once by the
 * next process. PostgreSQL tests are skipped, saying why, when no server answers.
 */
import type { GameStore } from '@arbiter/app';
import { openStore } from '@arbiter/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildServer,
  PG_URL,
  playableGame,
  startServer,
  stopServer,
  waitFor,
  type ServerProcess,
} from './process-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-server-'));
const running = new Set<ServerProcess>();
const schemas: string[] = [];

/** Why PostgreSQL tests cannot run here, or undefined if they can. */
const pgUnreachable = await probePostgres();
if (pgUnreachable !== undefined) {
  console.warn(`PostgreSQL process tests skipped: ${PG_URL} is unreachable (${pgUnreachable})`);
}

beforeAll(() => {
  buildServer();
});
afterAll(async () => {
  for (const s of running) s.child.kill('SIGKILL');
  await Promise.all([...running].map((s) => s.exited));
  rmSync(dir, { recursive: true, force: true });
  if (schemas.length > 0) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await client.end();
  }
});

async function probePostgres(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message || e.name : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A database for one test: a fresh SQLite file, or a fresh schema in the PostgreSQL database. */
interface TestDb {
  readonly args: string[];
  readonly env: Record<string, string>;
  open(): Promise<GameStore>;
}

let counter = 0;
function sqliteDb(): TestDb {
  const url = `sqlite:${join(dir, `db-${++counter}.sqlite`)}`;
  return { args: ['--db', url], env: {}, open: () => openStore(url) };
}
function postgresDb(): TestDb {
  const schema = `arbiter_server_${process.pid}_${Date.now()}_${++counter}`;
  schemas.push(schema);
  return {
    args: ['--db', PG_URL],
    env: { ARBITER_DB_SCHEMA: schema },
    open: () => openStore(PG_URL, { postgres: { schema } }),
  };
}

async function start(db: TestDb, extra: string[] = [], env: Record<string, string> = {}) {
  const s = await startServer([...db.args, ...extra], { ...db.env, ...env });
  running.add(s);
  void s.exited.then(() => running.delete(s));
  return s;
}

/** The game's line of play and events, read straight from the store. */
async function stored(db: TestDb, gameId: string) {
  const store = await db.open();
  try {
    return await store.read(async (tx) => ({
      phases: await tx.phases(gameId, { includeRolledBack: true }),
      events: await tx.events(gameId),
    }));
  } finally {
    await store.close();
  }
}

describe('the server program on SQLite', () => {
  test('prints its address, serves the page and plays a game over HTTP', async () => {
    const s = await start(sqliteDb(), ['--tick-ms', '100']);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(s.output()).toMatch(
      /^Arbiter listening on http:\/\/127\.0\.0\.1:\d+\/ \(database sqlite:.*db-\d+\.sqlite\)$/m,
    );
    await s.waitForOutput(/^OpenAPI document: http:\/\/\S+\/api\/v1\/openapi\.json$/m);
    expect(s.output()).toContain(`OpenAPI document: ${s.url}api/v1/openapi.json`);
    const page = await fetch(s.url);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/api/v1/openapi.json');

    const g = await playableGame(s.url, 3600, 'sqlite');
    // Over the network too, every answer carries its request id and Vary, problems included.
    for (const path of [`games/${g.gameId}`, 'no/such/route']) {
      const r = await fetch(`${s.url}api/v1/${path}`, { headers: { 'x-request-id': 'net-1' } });
      expect(r.headers.get('x-request-id'), path).toBe('net-1');
      expect(r.headers.get('vary'), path).toBe('Accept-Encoding');
      await r.arrayBuffer();
    }
    // Spring by readiness: orders, each line read, then everyone ready.
    const orders = await s.api('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Par - Bur\nA Mar - Spa\nF Bre - Mid' },
    });
    expect(orders.status).toBe(200);
    expect(orders.body.lines.every((l: { ok: boolean }) => l.ok)).toBe(true);
    const answers = [];
    for (const token of Object.values(g.players)) {
      answers.push(
        await s.api('PUT', `/games/${g.gameId}/ready`, { token, body: { ready: true } }),
      );
    }
    expect(answers.at(-1)!.body).toEqual({ ready: true, processed: true });

    // Fall by its deadline: the gamesmaster brings it forward and the ticker does the rest.
    await s.api('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Bur - Bel\nA Spa H\nF Mid - Por' },
    });
    const soon = await s.api('POST', `/games/${g.gameId}/deadline`, {
      token: g.gm,
      body: { deadline: Date.now() + 300 },
    });
    expect(soon.status).toBe(200);
    const phases = await waitFor('the fall to be processed by the ticker', async () => {
      const r = await s.api('GET', `/games/${g.gameId}/phases`);
      const names = (r.body.phases as { name: string }[]).map((p) => p.name);
      return names.includes('F1901M') ? names : undefined;
    });
    expect(phases.slice(0, 2)).toEqual(['S1901M', 'F1901M']);
    const game = await s.api('GET', `/games/${g.gameId}`);
    expect(game.body.state.supplyCenters).toMatchObject({ bel: 'FRA', spa: 'FRA', por: 'FRA' });
    const audit = await s.api('GET', `/games/${g.gameId}/audit`, { token: g.gm });
    expect(audit.body.ok).toBe(true);

    expect(await stopServer(s)).toBe(0);
    expect(s.output()).toMatch(/SIGTERM: shutting down\nstopped/);
  });

  test('--demo creates the demo game once and prints working tokens', async () => {
    const db = sqliteDb();
    const first = await start(db, ['--demo']);
    expect(first.output()).toMatch(/Created the demo game "Demo"/);
    const token = /^ {2}FRA +demo-fra +(\S+)$/m.exec(first.output())![1]!;
    const games = await first.api('GET', '/games?mine=true', { token });
    expect(games.body.games).toEqual([
      expect.objectContaining({ name: 'Demo', status: 'running' }),
    ]);
    expect(await stopServer(first)).toBe(0);
    const second = await start(db, ['--demo']);
    expect(second.output()).toMatch(/Found the demo game "Demo"/);
    expect((await second.api('GET', '/games')).body.games).toHaveLength(1);
    await stopServer(second);
  });

  test('refuses several workers on an in-memory database', async () => {
    await expect(startServer(['--db', 'sqlite::memory:', '--workers', '2'])).rejects.toThrow(
      /--workers: an in-memory database lives in one process[\s\S]*usage: arbiter-server/,
    );
  });

  test('bad arguments exit with status 2 and the usage', async () => {
    const s = startServer(['--port', 'eighty']);
    await expect(s).rejects.toThrow(/the port must be an integer[\s\S]*usage: arbiter-server/);
  });
});

describe.skipIf(pgUnreachable !== undefined)('two server processes on one PostgreSQL', () => {
  test('each phase is processed exactly once while both tick', async () => {
    const db = postgresDb();
    // The first store to open creates the schema and its tables; then both processes share it.
    await (await db.open()).close();
    const a = await start(db, ['--tick-ms', '20']);
    const b = await start(db, ['--tick-ms', '20']);
    const g = await playableGame(a.url, 1, 'scale');
    const target = 6;
    await waitFor(
      `${target} phases processed`,
      async () => {
        const r = await b.api('GET', `/games/${g.gameId}/phases`);
        return (r.body.phases as unknown[]).length >= target ? true : undefined;
      },
      30_000,
      100,
    );
    await a.api('POST', `/games/${g.gameId}/pause`, { token: g.gm });
    await Promise.all([stopServer(a), stopServer(b)]);

    const { phases, events } = await stored(db, g.gameId);
    expect(phases.filter((p) => p.status === 'rolled-back')).toEqual([]);
    const seqs = phases.map((p) => p.seq);
    expect(seqs).toEqual([...seqs.keys()]);
    const processed = phases.filter((p) => p.status === 'processed');
    expect(processed.length).toBeGreaterThanOrEqual(target);
    expect(phases.filter((p) => p.status === 'open')).toHaveLength(1);
    const done = events
      .filter((e) => e.type === 'phase/processed')
      .map((e) => (e.data as { phaseId: number }).phaseId);
    expect(done).toHaveLength(new Set(done).size);
    expect(new Set(done)).toEqual(new Set(processed.map((p) => p.id)));
    // What the two processes say they processed adds up to the phases processed.
    const said = (out: string): number =>
      [...out.matchAll(/deadline ticker: processed (\d+) phase/g)].reduce((n, m) => n + +m[1]!, 0);
    expect(said(a.output()) + said(b.output())).toBe(processed.length);
  });
});

describe.each([
  { backend: 'SQLite', skip: undefined, db: sqliteDb },
  { backend: 'PostgreSQL', skip: pgUnreachable, db: postgresDb },
])('--workers 2 on $backend', ({ skip, db: makeDb }) => {
  test.skipIf(skip !== undefined)(
    'two processes on one port and one database: every accepted submission kept, each phase processed once',
    async () => {
      const db = makeDb();
      const s = await start(db, ['--workers', '2', '--tick-ms', '20']);
      expect(s.output()).toMatch(/^Arbiter listening on \S+ \(database .*, 2 worker processes\)$/m);
      const g = await playableGame(s.url, 1, 'workers');
      // Seven players send orders at once, again and again, while 1-second phases go by: the
      // requests land on both workers (keep-alive connections are shared out between them).
      const accepted: { id: number; text: string }[] = [];
      const units: Record<string, string> = {
        aus: 'A Vie H',
        eng: 'F Lon H',
        fra: 'A Par H',
        ger: 'A Ber H',
        ita: 'A Rom H',
        rus: 'A Mos H',
        tur: 'A Con H',
      };
      const target = 5;
      let phases = 0;
      for (let round = 0; phases < target; round++) {
        await Promise.all(
          Object.entries(g.players).map(async ([player, token]) => {
            const text = `${units[player]!}\n# round ${round}`;
            const r = await s.api('POST', `/games/${g.gameId}/orders`, { token, body: { text } });
            if (r.status === 200) accepted.push({ id: r.body.submissionId as number, text });
            // A phase that closed or is being processed by the other worker: said so, not lost.
            else
              expect(r.body.code, JSON.stringify(r.body)).toMatch(
                /^(phase\/closed|game\/conflict)$/,
              );
          }),
        );
        const r = await s.api('GET', `/games/${g.gameId}/phases`);
        phases = (r.body.phases as unknown[]).length;
        expect(round).toBeLessThan(2000);
      }
      await s.api('POST', `/games/${g.gameId}/pause`, { token: g.gm });
      expect(await stopServer(s)).toBe(0);
      expect(s.output()).toMatch(/SIGTERM: stopping 2 workers/);
      expect(s.output()).toMatch(/worker 1: stopped/);
      expect(s.output()).toMatch(/worker 2: stopped/);
      expect(s.output()).toMatch(/\nstopped\n/);

      const { phases: stored_, events } = await stored(db, g.gameId);
      expect(stored_.filter((p) => p.status === 'rolled-back')).toEqual([]);
      const seqs = stored_.map((p) => p.seq);
      expect(seqs).toEqual([...seqs.keys()]);
      const processed = stored_.filter((p) => p.status === 'processed');
      expect(processed.length).toBeGreaterThanOrEqual(target - 1);
      const done = events
        .filter((e) => e.type === 'phase/processed')
        .map((e) => (e.data as { phaseId: number }).phaseId);
      expect(done).toHaveLength(new Set(done).size);
      expect(new Set(done)).toEqual(new Set(processed.map((p) => p.id)));
      const said = [...s.output().matchAll(/worker \d: deadline ticker: processed (\d+) phase/g)];
      expect(said.reduce((n, m) => n + +m[1]!, 0)).toBe(processed.length);
      // Nothing lost: every accepted submission is stored word for word.
      expect(accepted.length).toBeGreaterThan(0);
      const store = await db.open();
      try {
        const kept = new Map<number, string>();
        await store.read(async (tx) => {
          for (const p of stored_)
            for (const sub of await tx.submissions(p.id)) kept.set(sub.id, sub.text);
        });
        for (const a of accepted) expect(kept.get(a.id)).toBe(a.text);
      } finally {
        await store.close();
      }
    },
    60_000,
  );
});

describe.each([
  { backend: 'SQLite', skip: undefined, db: sqliteDb },
  { backend: 'PostgreSQL', skip: pgUnreachable, db: postgresDb },
])('a crash in the middle of processing on $backend', ({ skip, db: makeDb }) => {
  test.skipIf(skip !== undefined)(
    'leaves the phase unprocessed, and the next process processes it once',
    async () => {
      const db = makeDb();
      if (db.env['ARBITER_DB_SCHEMA'] !== undefined) await (await db.open()).close();
      const doomed = await start(db, [], { ARBITER_TEST_STALL_PROCESSING_MS: '5000' });
      const g = await playableGame(doomed.url, 3600, 'crash');
      const forced = doomed
        .api('POST', `/games/${g.gameId}/process`, { token: g.gm })
        .catch((e: unknown) => e);
      await doomed.waitForOutput(/test hook: processing S1901M/);
      doomed.child.kill('SIGKILL');
      expect(await doomed.exited).toBe('SIGKILL');
      expect(await forced).toBeInstanceOf(Error);

      const after = await stored(db, g.gameId);
      expect(after.phases.map((p) => [p.name, p.status, p.result, p.processedAt])).toEqual([
        ['S1901M', 'open', null, null],
      ]);
      const types = after.events.map((e) => e.type);
      expect(types).not.toContain('phase/processed');
      expect(types).not.toContain('gm/forced');

      const next = await start(db, ['--tick-ms', '50']);
      const soon = await next.api('POST', `/games/${g.gameId}/deadline`, {
        token: g.gm,
        body: { deadline: Date.now() + 2000 },
      });
      expect(soon.status).toBe(200);
      await waitFor('the phase to be processed', async () => {
        const r = await next.api('GET', `/games/${g.gameId}`);
        return r.body.phase?.name === 'F1901M' ? true : undefined;
      });
      await stopServer(next);
      const final = await stored(db, g.gameId);
      expect(final.phases.map((p) => [p.seq, p.name, p.status])).toEqual([
        [0, 'S1901M', 'processed'],
        [1, 'F1901M', 'open'],
      ]);
      expect(final.events.filter((e) => e.type === 'phase/processed')).toHaveLength(1);
    },
  );
});
