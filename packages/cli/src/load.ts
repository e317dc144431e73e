/**
 * `npm run load`: the service under load, through its HTTP API. It starts a server process
 * (or uses `--server URL`), creates N standard games with M simulated players each, and every
 * player keeps reading its game, sending random legal orders and saying it is ready until the
 * games end (a solo, or the last year set with `--end-year`). It prints requests per second,
 * order submissions per second, p50/p99 latency, and checks that every order the server
 * accepted is in the database, word for word. A script, not a test: the figures depend on the
 * machine.
 *
 * Each player sends its orders, revises them `--revisions` times in all (default 3: players
 * revise), says it is ready, and then waits for the next phase by asking for its own submission
 * (a cheap read) with a growing pause, reading the whole game once per phase.
 *
 *   npm run load -- [--games 100] [--players 7] [--end-year 1905] [--revisions 3]
 *                   [--db URL] [--schema NAME (PostgreSQL)]
 *                   [--server URL (then --db must name that server's database)]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Rng, randomText, type VariantState } from '@arbiter/engine';
import { VARIANTS } from '@arbiter/rules';
import { openStore } from '@arbiter/store';

interface Options {
  readonly games: number;
  readonly players: number;
  readonly endYear: number;
  readonly db: string;
  readonly server: string | undefined;
  readonly phaseSeconds: number;
  readonly revisions: number;
  /** PostgreSQL: the schema to keep the tables in (the server's ARBITER_DB_SCHEMA). */
  readonly schema: string | undefined;
}

const USAGE =
  'usage: load [--games N] [--players M] [--end-year YEAR] [--db URL] [--server URL] ' +
  '[--phase-seconds S] [--revisions K] [--schema NAME]';

function parseArgs(argv: readonly string[], tmp: string): Options {
  const o = {
    games: 100,
    players: 7,
    endYear: 1905,
    db: `sqlite:${join(tmp, 'load.sqlite')}`,
    server: undefined as string | undefined,
    phaseSeconds: 3600,
    revisions: 3,
    schema: undefined as string | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    const int = (): number => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`${flag}: not a positive whole number: ${value}`);
      return n;
    };
    switch (flag) {
      case '--games':
        o.games = int();
        break;
      case '--players':
        o.players = int();
        break;
      case '--end-year':
        o.endYear = int();
        break;
      case '--phase-seconds':
        o.phaseSeconds = int();
        break;
      case '--revisions':
        o.revisions = int();
        break;
      case '--schema':
        o.schema = value;
        break;
      case '--db':
        o.db = value;
        break;
      case '--server':
        o.server = value.replace(/\/$/, '');
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
    i++;
  }
  return o;
}

/** Latencies in milliseconds, by request kind. */
class Timings {
  private readonly byKind = new Map<string, number[]>();
  errors = 0;

  add(kind: string, ms: number): void {
    let list = this.byKind.get(kind);
    if (list === undefined) this.byKind.set(kind, (list = []));
    list.push(ms);
  }

  all(): number[] {
    return [...this.byKind.values()].flat();
  }

  of(kind: string): number[] {
    return this.byKind.get(kind) ?? [];
  }

  reset(): void {
    this.byKind.clear();
    this.errors = 0;
  }

  kinds(): string[] {
    return [...this.byKind.keys()].sort();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * A small HTTP client that times every request and fails loudly on a problem answer. It uses
 * node:http with a keep-alive agent rather than fetch: on this two-core machine the load
 * generator shares the CPU with the server, and fetch costs about twice as much per request.
 */
class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  private readonly url: URL;

  constructor(
    base: string,
    private readonly timings: Timings,
  ) {
    this.url = new URL(base);
  }

  call<T>(kind: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const start = now();
    return new Promise<T>((resolve, reject) => {
      const req = request(
        {
          agent: this.agent,
          host: this.url.hostname,
          port: this.url.port,
          method,
          path: `/api/v1${path}`,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            this.timings.add(kind, now() - start);
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) {
              this.timings.errors++;
              reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`));
            } else resolve(JSON.parse(text) as T);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

interface GameView {
  readonly id: string;
  readonly status: 'forming' | 'running' | 'finished';
  readonly phase: { readonly name: string } | null;
  readonly state: (Omit<VariantState, 'rng'> & { rng?: number }) | null;
}

interface Accepted {
  readonly game: string;
  readonly submissionId: number;
  readonly text: string;
}

/** Starts `arbiter-server` on a free port and resolves with its address. */
async function startServer(
  db: string,
  schema: string | undefined,
): Promise<{ url: string; child: ChildProcess }> {
  const main = new URL('../../server/dist/main.js', import.meta.url);
  const child = spawn(process.execPath, [main.pathname, '--db', db, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: schema === undefined ? process.env : { ...process.env, ARBITER_DB_SCHEMA: schema },
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`the server exited (code ${String(code)}) before listening`));
    });
    lines.on('line', (line) => {
      const m = /listening on (http:\/\/\S+?)\/? /.exec(line);
      if (m !== null) resolve(m[1]!);
    });
  });
  return { url, child };
}

/** The answer, or undefined if the phase or the game had closed meanwhile. */
async function closedIsFine<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (e) {
    if (/phase\/closed|game\/not-running/.test(String(e))) return undefined;
    throw e;
  }
}

/**
 * Waits until the game leaves phase `done`, asking the cheap question (my submission in the open
 * phase: none, or one for another phase, once the phase has moved on) with a growing pause.
 */
async function waitForNextPhase(client: Client, token: string, gameId: string, done: string) {
  for (let pause = 20; ; pause = Math.min(pause * 2, 320)) {
    await new Promise((r) => setTimeout(r, pause));
    const mine = await closedIsFine(
      client.call<{ submission: { phase: string } | null }>(
        'poll',
        'GET',
        `/games/${gameId}/orders`,
        token,
      ),
    );
    if (mine === undefined || mine.submission?.phase !== done) return;
  }
}

/** One simulated player in one game: read, order, say ready, until the game ends. */
async function playerLoop(
  client: Client,
  token: string,
  gameId: string,
  playerId: string,
  seed: number,
  revisions: number,
  accepted: Accepted[],
): Promise<number> {
  const variant = VARIANTS['standard']!;
  const rng = new Rng(seed);
  let done = '';
  let submissions = 0;
  for (;;) {
    const game = await client.call<GameView>('read game', 'GET', `/games/${gameId}`, token);
    if (game.status === 'finished' || game.phase === null || game.state === null)
      return submissions;
    if (game.phase.name === done) {
      await waitForNextPhase(client, token, gameId, done);
      continue;
    }
    const state = { ...game.state, rng: 0 } as VariantState;
    const text = randomText(variant, state, playerId, rng);
    done = game.phase.name;
    // The phase may close between the read and the write (its deadline, or the others' ready):
    // a refusal with phase/closed or game/not-running means "read again", and such a submission
    // was not accepted, so it is not counted.
    const r = await closedIsFine(
      client.call<{ submissionId: number; phase: string }>(
        'submit orders',
        'POST',
        `/games/${gameId}/orders`,
        token,
        { text },
      ),
    );
    if (r === undefined) continue;
    accepted.push({ game: gameId, submissionId: r.submissionId, text });
    submissions++;
    // Players revise their orders before they are done: each revision is a new submission.
    let closed = false;
    for (let k = 1; k < revisions && !closed; k++) {
      const revised = randomText(variant, state, playerId, rng);
      const again = await closedIsFine(
        client.call<{ submissionId: number }>(
          'submit orders',
          'POST',
          `/games/${gameId}/orders`,
          token,
          {
            text: revised,
          },
        ),
      );
      if (again === undefined) closed = true;
      else {
        accepted.push({ game: gameId, submissionId: again.submissionId, text: revised });
        submissions++;
      }
    }
    if (closed) continue;
    await closedIsFine(
      client.call('set ready', 'PUT', `/games/${gameId}/ready`, token, { ready: true }),
    );
  }
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'arbiter-load-'));
  const o = parseArgs(process.argv.slice(2), tmp);
  const server = o.server === undefined ? await startServer(o.db, o.schema) : undefined;
  const base = o.server ?? server!.url;
  const timings = new Timings();
  const client = new Client(base, timings);
  const accepted: Accepted[] = [];
  try {
    console.log(
      `load: ${o.games} games × ${o.players} players to ${o.endYear}, ${o.revisions} submissions a phase each, ${base}, ${o.db}`,
    );
    const run = `${process.pid}-${Date.now().toString(36)}`;
    const register = (name: string): Promise<{ token: string }> =>
      client.call('register', 'POST', '/accounts', undefined, { name, password: 'load-password' });
    const gm = await register(`gm-${run}`);
    const players = await Promise.all(
      Array.from({ length: o.players }, (_, i) => register(`p${i}-${run}`)),
    );
    const games: { id: string; seats: string[] }[] = [];
    await Promise.all(
      Array.from({ length: o.games }, async (_, g) => {
        const game = await client.call<GameView>('create game', 'POST', '/games', gm.token, {
          name: `load ${run} ${g}`,
          variant: 'standard',
          seed: g + 1,
          settings: { phaseSeconds: o.phaseSeconds, press: 'full', endYear: o.endYear },
        });
        const seats: string[] = [];
        for (const p of players) {
          const seat = await client.call<{ playerId: string }>(
            'join',
            'POST',
            `/games/${game.id}/players`,
            p.token,
            {},
          );
          seats.push(seat.playerId);
        }
        await client.call('start', 'POST', `/games/${game.id}/start`, gm.token, {});
        games.push({ id: game.id, seats });
      }),
    );
    // Only the play is measured: setting up (password hashing at registration) is not load.
    const setupTimings = timings.all().length;
    timings.reset();
    const start = now();
    const counts = await Promise.all(
      games.flatMap((g, gi) =>
        g.seats.map((seat, pi) =>
          playerLoop(
            client,
            players[pi]!.token,
            g.id,
            seat,
            gi * 100 + pi + 1,
            o.revisions,
            accepted,
          ),
        ),
      ),
    );
    const seconds = (now() - start) / 1000;
    const submitted = counts.reduce((a, b) => a + b, 0);
    const requests = timings.all().length;
    console.log(`set up with ${setupTimings} requests`);
    const all = timings.all().sort((a, b) => a - b);
    const subs = [...timings.of('submit orders')].sort((a, b) => a - b);
    console.log(
      `played in ${seconds.toFixed(1)} s; ${requests} requests, ${timings.errors} refused because the phase had just closed (any other error stops the run)`,
    );
    console.log(`requests per second: ${(requests / seconds).toFixed(0)}`);
    console.log(`order submissions per second: ${(submitted / seconds).toFixed(0)}`);
    for (const kind of timings.kinds()) {
      const list = [...timings.of(kind)].sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(14)} n=${String(list.length).padStart(7)}  p50 ${percentile(list, 50).toFixed(1)} ms  p99 ${percentile(list, 99).toFixed(1)} ms`,
      );
    }
    console.log(
      `all requests p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms; ` +
        `order submissions p50 ${percentile(subs, 50).toFixed(1)} ms, p99 ${percentile(subs, 99).toFixed(1)} ms`,
    );
    await check(o.db, o.schema, accepted, games.length);
  } finally {
    client.close();
    server?.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Every accepted submission is in the database with its text; every game finished. */
async function check(
  db: string,
  schema: string | undefined,
  accepted: readonly Accepted[],
  games: number,
): Promise<void> {
  const store = await openStore(db, schema === undefined ? {} : { postgres: { schema } });
  try {
    let missing = 0;
    let finished = 0;
    const byGame = new Map<string, Accepted[]>();
    for (const a of accepted) {
      let list = byGame.get(a.game);
      if (list === undefined) byGame.set(a.game, (list = []));
      list.push(a);
    }
    for (const [game, list] of byGame) {
      const stored = new Map<number, string>();
      await store.read(async (tx) => {
        if ((await tx.game(game))?.status === 'finished') finished++;
        for (const phase of await tx.phases(game, { includeRolledBack: true }))
          for (const s of await tx.submissions(phase.id)) stored.set(s.id, s.text);
      });
      for (const a of list) if (stored.get(a.submissionId) !== a.text) missing++;
    }
    console.log(
      `check: ${accepted.length - missing} of ${accepted.length} accepted submissions stored word for word; ` +
        `${finished} of ${games} games finished`,
    );
    if (missing > 0 || finished !== games) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
