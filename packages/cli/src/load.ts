/**
 * `npm run load`: the service under load, through its HTTP API. It starts the server (or uses
 * `--server URL`), creates N standard games with M simulated players each, and every player
 * keeps reading its game, sending random legal orders and saying it is ready until the games
 * end (a solo, or the last year set with `--end-year`). It prints requests per second, order
 * submissions per second, p50/p99 latency, the CPU the server and the generator used, and
 * checks that every order the server accepted is in the database, word for word, and that
 * every game finished. A script, not a test: the figures depend on the machine.
 *
 * Each player sends its orders, revises them `--revisions` times in all (default 3: players
 * revise), says it is ready, and then waits for the next phase by asking for its own submission
 * (a cheap read) with a growing pause, reading the whole game once per phase. The first revision
 * has a garbled line among the legal orders: the answer must refuse that line at its place and
 * read the others (counted and printed; a wrong answer fails the run).
 *
 * The players share `--connections` keep-alive connections (default 32), one request on each at
 * a time, as `wrk -c` does; latency is timed on the connection, as wrk reports it, and the
 * players' waits (a free connection included) are printed beside it. The client is a few lines
 * over `node:net`, so that it leaves the server the CPU (about a sixth of what the server uses).
 * `--workers W` starts the server with `--workers W` (default 1: on this two-core machine,
 * shared with other work, two processes did worse on SQLite; see docs/performance.md).
 *
 *   npm run load -- [--games 100] [--players 7] [--end-year 1905] [--revisions 3]
 *                   [--workers 1] [--connections 32]
 *                   [--db URL] [--schema NAME (PostgreSQL)]
 *                   [--server URL (then --db must name that server's database)]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  /** Server processes (the server's `--workers`). */
  readonly workers: number;
  /** Keep-alive connections to the server: at most this many requests in flight. */
  readonly connections: number;
}

const USAGE =
  'usage: load [--games N] [--players M] [--end-year YEAR] [--db URL] [--server URL] ' +
  '[--phase-seconds S] [--revisions K] [--schema NAME] [--workers W] [--connections C]';

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
    workers: 1,
    connections: 32,
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
      case '--workers':
        o.workers = int();
        break;
      case '--connections':
        o.connections = int();
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

/** A request waiting for a connection, or on one. */
interface Pending {
  readonly kind: string;
  readonly what: string;
  readonly bytes: Buffer;
  /** When the player asked for it (the client's queue included). */
  readonly asked: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A light HTTP/1.1 client: a fixed number of keep-alive connections, each carrying one request at
 * a time (as `wrk` does), requests written as bytes and answers read by their content-length. On
 * this two-core machine the load generator shares the CPU with the server: `fetch` cost about
 * twice as much per request as `node:http`, and `node:http` about twice as much as this. Each
 * request is timed on its connection, from writing it to its answer's last byte (the server's
 * latency, as `wrk` reports it); `waits` also times it from when the player asked, which adds
 * the time spent waiting for a free connection.
 */
class Client {
  private readonly idle: Connection[] = [];
  private readonly queue: Pending[] = [];
  private opened = 0;
  private readonly host: string;
  private readonly port: number;

  constructor(
    base: string,
    private readonly timings: Timings,
    private readonly waits: Timings,
    private readonly connections: number,
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  call<T>(kind: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} /api/v1${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    if (token !== undefined) head += `authorization: Bearer ${token}\r\n`;
    if (body !== undefined) {
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
    }
    const bytes = Buffer.from(`${head}\r\n${payload}`, 'utf8');
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        kind,
        what: `${method} ${path}`,
        bytes,
        asked: now(),
        resolve,
        reject,
      });
      this.pump();
    });
  }

  close(): void {
    for (const c of this.idle) c.socket.destroy();
    this.idle.length = 0;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let c = this.idle.pop();
      if (c === undefined) {
        if (this.opened >= this.connections) return;
        this.opened++;
        c = new Connection(connect(this.port, this.host), this);
      }
      c.send(this.queue.shift()!);
    }
  }

  /** An answer came on `c`: time it, settle it, and give the connection the next request. */
  done(c: Connection, p: Pending, sentAt: number, status: number, text: string): void {
    const end = now();
    this.timings.add(p.kind, end - sentAt);
    this.waits.add(p.kind, end - p.asked);
    if (status < 200 || status > 299) {
      this.timings.errors++;
      p.reject(new Error(`${p.what}: ${status} ${text.slice(0, 300)}`));
    } else {
      try {
        p.resolve(JSON.parse(text));
      } catch (e) {
        p.reject(e instanceof Error ? e : new Error(String(e)));
      }
    }
    this.idle.push(c);
    this.pump();
  }

  /** `c` is gone (closed by the server while idle, or broken): forget it. */
  lost(c: Connection): void {
    const i = this.idle.indexOf(c);
    if (i >= 0) this.idle.splice(i, 1);
    this.opened--;
    this.pump();
  }
}

/** One keep-alive connection: one request at a time, its answer read by content-length. */
class Connection {
  private current: Pending | undefined;
  private sentAt = 0;
  private buffer: Buffer = Buffer.alloc(0);
  private gone = false;

  constructor(
    readonly socket: Socket,
    private readonly client: Client,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.read(chunk);
    });
    const fail = (e?: Error): void => {
      if (this.gone) return;
      this.gone = true;
      const p = this.current;
      this.current = undefined;
      p?.reject(new Error(`${p.what}: the connection closed (${e?.message ?? 'by the server'})`));
      this.client.lost(this);
    };
    socket.on('error', fail);
    socket.on('close', () => {
      fail();
    });
  }

  send(p: Pending): void {
    this.current = p;
    this.sentAt = now();
    this.socket.write(p.bytes);
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const p = this.current;
    if (p === undefined) return;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (length === null) {
      // Every JSON answer of the API has a length; anything else is a surprise, said loudly.
      p.reject(new Error(`${p.what}: an answer without content-length: ${head}`));
      this.socket.destroy();
      return;
    }
    const bodyEnd = headEnd + 4 + Number(length[1]);
    if (this.buffer.length < bodyEnd) return;
    const status = Number(head.slice(9, 12));
    const text = this.buffer.toString('utf8', headEnd + 4, bodyEnd);
    this.buffer = this.buffer.subarray(bodyEnd);
    this.current = undefined;
    this.client.done(this, p, this.sentAt, status, text);
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

/**
 * Starts `arbiter-server` on a free port with `workers` processes and resolves with its address.
 * Its output (a JSON line per request: the log a deployment keeps) goes to `log`, a file, which
 * is read only until the server says where it listens.
 */
async function startServer(
  db: string,
  schema: string | undefined,
  workers: number,
  log: string,
): Promise<{ url: string; child: ChildProcess }> {
  const main = new URL('../../server/dist/main.js', import.meta.url);
  const out = openSync(log, 'w');
  const child = spawn(
    process.execPath,
    [main.pathname, '--db', db, '--port', '0', '--workers', String(workers)],
    {
      stdio: ['ignore', out, 'inherit'],
      env: schema === undefined ? process.env : { ...process.env, ARBITER_DB_SCHEMA: schema },
    },
  );
  closeSync(out);
  let exited: string | undefined;
  child.once('exit', (code) => {
    exited = `the server exited (code ${String(code)}) before listening`;
  });
  for (;;) {
    const m = /listening on (http:\/\/\S+?)\/? /.exec(readFileSync(log, 'utf8'));
    if (m !== null) return { url: m[1]!, child };
    if (exited !== undefined) throw new Error(exited);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * CPU seconds (user + system) used so far by process `pid` and its children still running
 * (a server's workers), from /proc; undefined where there is no /proc.
 */
function cpuSeconds(pid: number): number | undefined {
  const ticks = 100; // USER_HZ on Linux
  const stat = (p: string): { ppid: number; cpu: number } | undefined => {
    try {
      const text = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / ticks };
    } catch {
      return undefined;
    }
  };
  const self = stat(String(pid));
  if (self === undefined) return undefined;
  let cpu = self.cpu;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    const s = stat(p);
    if (s?.ppid === pid) cpu += s.cpu;
  }
  return cpu;
}

/** The answer, or undefined if the phase or the game had closed meanwhile. */
async function closedIsFine<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (e) {
    if (/phase\/closed|game\/not-running|game\/conflict/.test(String(e))) return undefined;
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

/** A line no variant reads as an order, sent in one revision a phase by every player. */
const GARBLED = 'A Xyzzy -> Plugh!!';

/** Sheets sent with the garbled line, and those whose answer did not report it right. */
const garbled = { sent: 0, misread: 0 };

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
    // a refusal with phase/closed, game/conflict (another server process was processing it) or
    // game/not-running means "read again", and such a submission was not accepted, so it is not
    // counted.
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
      let revised = randomText(variant, state, playerId, rng);
      // Bad input: the first revision has a garbled line among the legal ones. The server must
      // report it at its place and read the others, and still store the sheet.
      const lines = revised === '' ? [] : revised.split('\n');
      const at = k === 1 ? submissions % (lines.length + 1) : -1;
      if (at >= 0) revised = [...lines.slice(0, at), GARBLED, ...lines.slice(at)].join('\n');
      const again = await closedIsFine(
        client.call<{ submissionId: number; lines: readonly { ok: boolean; text: string }[] }>(
          'submit orders',
          'POST',
          `/games/${gameId}/orders`,
          token,
          { text: revised },
        ),
      );
      if (again === undefined) closed = true;
      else {
        accepted.push({ game: gameId, submissionId: again.submissionId, text: revised });
        submissions++;
        if (at >= 0) {
          garbled.sent++;
          const read = again.lines;
          const right =
            read.length === lines.length + 1 &&
            read.every((l, i) => (i === at ? !l.ok && l.text === GARBLED : l.ok));
          if (!right) garbled.misread++;
        }
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
  const server =
    o.server === undefined
      ? await startServer(o.db, o.schema, o.workers, join(tmp, 'server.log'))
      : undefined;
  const base = o.server ?? server!.url;
  const timings = new Timings();
  const waits = new Timings();
  const client = new Client(base, timings, waits, o.connections);
  const accepted: Accepted[] = [];
  try {
    console.log(
      `load: ${o.games} games × ${o.players} players to ${o.endYear}, ${o.revisions} submissions a phase each, ` +
        `${o.connections} connections to ${base}` +
        `${server === undefined ? '' : ` (${o.workers} server process${o.workers > 1 ? 'es' : ''})`}, ${o.db}`,
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
    waits.reset();
    const serverCpu0 = server?.child.pid === undefined ? undefined : cpuSeconds(server.child.pid);
    const ownCpu0 = process.cpuUsage();
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
    const ownCpu = process.cpuUsage(ownCpu0);
    const serverCpu1 = server?.child.pid === undefined ? undefined : cpuSeconds(server.child.pid);
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
        `order submissions p50 ${percentile(subs, 50).toFixed(1)} ms, p99 ${percentile(subs, 99).toFixed(1)} ms ` +
        `(on the connection, as wrk counts)`,
    );
    const allWaits = waits.all().sort((a, b) => a - b);
    const subWaits = [...waits.of('submit orders')].sort((a, b) => a - b);
    console.log(
      `players' waits, a free connection included: all p50 ${percentile(allWaits, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(allWaits, 99).toFixed(1)} ms; submissions p50 ${percentile(subWaits, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(subWaits, 99).toFixed(1)} ms`,
    );
    const cpu = (ownCpu.user + ownCpu.system) / 1e6;
    const serverCpu =
      serverCpu0 === undefined || serverCpu1 === undefined
        ? 'unknown'
        : `${(serverCpu1 - serverCpu0).toFixed(1)} s`;
    console.log(
      `CPU while playing: server ${serverCpu}, load generator ${cpu.toFixed(1)} s, in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `bad input: ${garbled.sent} sheets with a garbled line among legal ones; ` +
        `${garbled.sent - garbled.misread} answered with that line refused at its place and every other line read`,
    );
    if (garbled.misread > 0) process.exitCode = 1;
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
