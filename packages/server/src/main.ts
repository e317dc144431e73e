#!/usr/bin/env node
/**
 * The server program: the one place that wires a real store, clock and network to the app, runs
 * the deadline ticker, and shuts everything down in order on SIGINT/SIGTERM, so that a phase
 * being processed either commits or is rolled back by the database, never left half-done.
 *
 * With `--workers N` (N > 1) this process is the primary of a node:cluster: it opens the store
 * once (migrations, the demo game), closes it, and forks N workers that share the port, each
 * the same server as a single process (its own store connection, its own ticker: phases are
 * locked, so each is processed once however many processes tick). The primary holds no store
 * and serves nothing; it prints the address once every worker listens, passes SIGINT/SIGTERM on
 * and exits when they have stopped.
 */
import { Arbiter } from '@arbiter/app';
import { openStore, redact } from '@arbiter/store';
import { serve } from '@hono/node-server';
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseServerArgs, serverStoreOptions, USAGE, type ServerArgs } from './args.js';
import { ensureDemo, DEMO_GAME, DEMO_PASSWORD } from './demo.js';
import { API_BASE, createHttpApp } from './http-app.js';
import { webBuilt } from './web-assets.js';

/** The web page's build, beside this package in the repository (`npm run build` makes it). */
const WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Phase length of the demo game: short enough to watch phases go by. */
const DEMO_PHASE_SECONDS = 300;

async function main(): Promise<void> {
  const parsed = parseServerArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    if (parsed.error !== '') console.error(`arbiter-server: ${parsed.error}`);
    console.error(USAGE);
    process.exitCode = parsed.error === '' ? 0 : 2;
    return;
  }
  const args = parsed.value;
  if (args.workers > 1 && cluster.isPrimary) return primary(args);
  return serve1(args);
}

function openTheStore(db: string) {
  return openStore(db, serverStoreOptions(process.env));
}

/** One server process: alone, or one worker of several (then the primary says where it is). */
async function serve1(args: ServerArgs): Promise<void> {
  const worker = cluster.isWorker ? cluster.worker : undefined;
  const say = (line: string): void => {
    console.log(worker === undefined ? line : `worker ${worker.id}: ${line}`);
  };
  const store = await openTheStore(args.db);

  // Test-only: hold each phase's processing open so a test can kill the process mid-way.
  const stallMs = Number(process.env['ARBITER_TEST_STALL_PROCESSING_MS'] ?? 0);
  // The log lines of one turn of the event loop go out in one write: a write to a file or a
  // pipe is a system call, which on this kind of machine costs as much as a small request.
  let logged: string[] = [];
  const flushLog = (): void => {
    const lines = logged;
    logged = [];
    process.stdout.write(lines.join(''));
  };
  const log = (line: object): void => {
    if (!args.log) return;
    if (logged.length === 0) setImmediate(flushLog);
    logged.push(`${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`);
  };
  const arbiter = new Arbiter({
    store,
    clock: { now: () => Date.now() },
    onPhaseProcessed: (info) => {
      log({ kind: 'phase', ...info });
    },
    ...(stallMs > 0
      ? {
          duringProcessing: async (gameId: string, phase: string) => {
            console.log(`test hook: processing ${phase} of game ${gameId}, stalling ${stallMs} ms`);
            await new Promise((resolve) => setTimeout(resolve, stallMs));
          },
        }
      : {}),
  });

  // With workers, the primary has made the demo game already.
  if (args.demo && worker === undefined) await demo(arbiter);

  // Aborted on SIGINT/SIGTERM: open event streams end, so the server can close.
  const shutdown = new AbortController();
  const app = createHttpApp(arbiter, {
    corsOrigins: args.corsOrigins,
    shutdown: shutdown.signal,
    ...(args.log ? { logRequest: log } : {}),
    webRoot: WEB_ROOT,
  });
  const server = serve({ fetch: app.fetch, port: args.port, hostname: args.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  if (worker === undefined) listening(server.address() as AddressInfo, args);

  // The deadline ticker. Ticks never overlap; a failing tick is logged and the next one tries
  // again. Several processes may tick against one database: the app locks each phase, so each
  // is processed once.
  let tick: Promise<void> | undefined;
  const ticker = setInterval(() => {
    if (tick !== undefined) return;
    tick = arbiter
      .processDue()
      .then(
        (n) => {
          if (n > 0) say(`deadline ticker: processed ${n} phase(s)`);
        },
        (e: unknown) => {
          console.error('deadline ticker:', e);
        },
      )
      .finally(() => {
        tick = undefined;
      });
  }, args.tickMs);

  let stopping = false;
  // A worker is told to stop by the primary, which a Ctrl-C reaches as well as the worker: the
  // signal and the primary's message are one request to stop, in whichever order they come.
  let echo: string | undefined;
  const stop = (signal: string): void => {
    if (stopping) {
      if (signal === echo) {
        // The other half of the primary's stop (the signal or its message): not a second one.
        echo = undefined;
        return;
      }
      console.error(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    if (worker !== undefined) echo = signal;
    say(`${signal}: shutting down`);
    clearInterval(ticker);
    shutdown.abort();
    void (async () => {
      await tick;
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await store.close();
      say('stopped');
      // A worker's IPC channel would keep it alive.
      if (worker !== undefined) process.disconnect();
    })().catch((e: unknown) => {
      console.error('shutdown failed:', e);
      process.exitCode = 1;
    });
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('message', (m: unknown) => {
    if (isStopMessage(m)) stop(m.stop);
  });
  // Only once a signal would stop the server cleanly: nothing awaited between listening and here.
  if (worker?.id === 1 || worker === undefined) {
    if (!(await webBuilt(WEB_ROOT))) {
      console.log(`The web page is not built (no ${WEB_ROOT}index.html): run npm run build.`);
    }
  }
}

async function demo(arbiter: Arbiter): Promise<void> {
  const made = await ensureDemo(arbiter, DEMO_PHASE_SECONDS);
  console.log(
    `${made.created ? 'Created' : 'Found'} the demo game "${DEMO_GAME}" (id ${made.gameId}), ` +
      `${DEMO_PHASE_SECONDS} s a phase. Accounts: demo (gamesmaster) and the players below, ` +
      `password "${DEMO_PASSWORD}". Fresh tokens:`,
  );
  console.log(`  gamesmaster  demo      ${made.gm.token}`);
  for (const p of made.players) {
    console.log(`  ${p.power}          ${p.account.padEnd(9)} ${p.token}`);
  }
}

/** The two lines that say where the server is (the tests and `npm run load` read the first). */
function listening(address: AddressInfo, args: ServerArgs): void {
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}/`;
  const workers = args.workers > 1 ? `, ${args.workers} worker processes` : '';
  console.log(`Arbiter listening on ${url} (database ${redact(args.db)}${workers})`);
  console.log(`OpenAPI document: ${url}${API_BASE.slice(1)}/openapi.json`);
}

interface StopMessage {
  readonly stop: string;
}

function isStopMessage(m: unknown): m is StopMessage {
  return typeof m === 'object' && m !== null && typeof (m as StopMessage).stop === 'string';
}

/**
 * The primary of `--workers N`: migrates (and makes the demo game) through a store of its own,
 * closed before forking, then keeps N workers. A worker that dies before all listen stops the
 * whole server (it would die again); one that dies later is replaced.
 */
async function primary(args: ServerArgs): Promise<void> {
  const store = await openTheStore(args.db);
  try {
    if (args.demo) await demo(new Arbiter({ store, clock: { now: () => Date.now() } }));
  } finally {
    await store.close();
  }
  const workers = new Set<Worker>();
  let stopping = false;
  let up = 0;
  let announced = false;
  const fork = (): void => {
    const w = cluster.fork();
    workers.add(w);
    w.once('listening', (address: AddressInfo) => {
      if (announced || ++up < args.workers) return;
      announced = true;
      listening(address, args);
    });
    w.once('exit', (code, signal) => {
      workers.delete(w);
      if (stopping) {
        if (workers.size === 0) console.log('stopped');
        return;
      }
      // Node passes null for the one of the two that does not apply.
      const how = (signal as string | null) ?? `code ${String(code)}`;
      if (!announced) {
        console.error(`arbiter-server: worker ${w.id} exited (${how}) before listening`);
        stopping = true;
        process.exitCode = 1;
        for (const other of workers) other.kill();
        return;
      }
      console.error(`arbiter-server: worker ${w.id} exited (${how}); starting another`);
      fork();
    });
  };
  for (let i = 0; i < args.workers; i++) fork();
  const stop = (signal: string): void => {
    if (stopping) {
      console.error(`${signal} again: exiting at once`);
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping ${workers.size} workers`);
    for (const w of workers) w.send({ stop: signal } satisfies StopMessage);
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
}

main().catch((e: unknown) => {
  console.error('arbiter-server:', e instanceof Error ? e.message : e);
  process.exit(1);
});
