/**
 * `npm run load`: the service under load, through its HTTP API. It starts a server process
 * (or uses `--server URL`), creates N standard games with M simulated players each, and every
 * player keeps reading its game, sending random legal orders and saying it is ready until the
 * games end (a solo, or the last year set with `--end-year`). It prints requests per second,
 * order submissions per second, p50/p99 latency, and checks that every order the server
 * accepted is in the database, word for word. A script, not a test: the figures depend on the
 * machine.
 *
 *   npm run load -- [--games 100] [--players 7] [--end-year 1905] [--db URL] [--server URL]
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
}

const USAGE =
  'usage: load [--games N] [--players M] [--end-year YEAR] [--db URL] [--server URL] ' +
  '[--phase-seconds S]';

function parseArgs(argv: readonly string[], tmp: string): Options {
  const o = {
    games: 100,
    players: 7,
    endYear: 1905,
    db: `sqlite:${join(tmp, 'load.sqlite')}`,
    server: undefined as string | undefined,
    phaseSeconds: 3600,
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

/** A small HTTP client that times every request and fails loudly on a problem answer. */
class Client {
  constructor(
    private readonly base: string,
    private readonly timings: Timings,
  ) {}

  async call<T>(
    kind: string,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const start = now();
    const res = await fetch(`${this.base}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    this.timings.add(kind, now() - start);
    if (!res.ok) {
      this.timings.errors++;
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    }
    return JSON.parse(text) as T;
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
async function startServer(db: string): Promise<{ url: string; child: ChildProcess }> {
  const main = new URL('../../server/dist/main.js', import.meta.url);
  const child = spawn(process.execPath, [main.pathname, '--db', db, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
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

/** One simulated player in one game: read, order, say ready, until the game ends. */
async function playerLoop(
  client: Client,
  token: string,
  gameId: string,
  playerId: string,
  seed: number,
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
      // Waiting for the others: poll gently.
      await new Promise((r) => setTimeout(r, 25));
      continue;
    }
    const state = { ...game.state, rng: 0 } as VariantState;
    const text = randomText(variant, state, playerId, rng);
    const r = await client.call<{ submissionId: number; phase: string }>(
      'submit orders',
      'POST',
      `/games/${gameId}/orders`,
      token,
      { text },
    );
    accepted.push({ game: gameId, submissionId: r.submissionId, text });
    submissions++;
    done = game.phase.name;
    try {
      await client.call('set ready', 'PUT', `/games/${gameId}/ready`, token, { ready: true });
    } catch (e) {
      // The phase may have been processed by its deadline meanwhile: read again.
      if (!String(e).includes('phase/closed')) throw e;
    }
  }
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'arbiter-load-'));
  const o = parseArgs(process.argv.slice(2), tmp);
  const server = o.server === undefined ? await startServer(o.db) : undefined;
  const base = o.server ?? server!.url;
  const timings = new Timings();
  const client = new Client(base, timings);
  const accepted: Accepted[] = [];
  try {
    console.log(`load: ${o.games} games × ${o.players} players to ${o.endYear}, ${base}, ${o.db}`);
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
    const setup = timings.all().length;
    const start = now();
    const counts = await Promise.all(
      games.flatMap((g, gi) =>
        g.seats.map((seat, pi) =>
          playerLoop(client, players[pi]!.token, g.id, seat, gi * 100 + pi + 1, accepted),
        ),
      ),
    );
    const seconds = (now() - start) / 1000;
    const submitted = counts.reduce((a, b) => a + b, 0);
    const requests = timings.all().length - setup;
    const all = timings.all().sort((a, b) => a - b);
    const subs = [...timings.of('submit orders')].sort((a, b) => a - b);
    console.log(
      `played in ${seconds.toFixed(1)} s; ${requests} requests, ${timings.errors} errors`,
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
    await check(o.db, accepted, games.length);
  } finally {
    server?.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Every accepted submission is in the database with its text; every game finished. */
async function check(db: string, accepted: readonly Accepted[], games: number): Promise<void> {
  const store = await openStore(db);
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
