#!/usr/bin/env node
/**
 * The server program: the one place that wires a real store, clock and network to the app, runs
 * the deadline ticker, and shuts everything down in order on SIGINT/SIGTERM, so that a phase
 * being processed either commits or is rolled back by the database, never left half-done.
 */
import { Arbiter } from '@arbiter/app';
import { openStore, redact } from '@arbiter/store';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseServerArgs, USAGE } from './args.js';
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
  const schema = process.env['ARBITER_DB_SCHEMA'];
  const store = await openStore(args.db, schema === undefined ? {} : { postgres: { schema } });

  // Test-only: hold each phase's processing open so a test can kill the process mid-way.
  const stallMs = Number(process.env['ARBITER_TEST_STALL_PROCESSING_MS'] ?? 0);
  const log = (line: object): void => {
    if (args.log) console.log(JSON.stringify({ at: new Date().toISOString(), ...line }));
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

  if (args.demo) {
    const demo = await ensureDemo(arbiter, DEMO_PHASE_SECONDS);
    console.log(
      `${demo.created ? 'Created' : 'Found'} the demo game "${DEMO_GAME}" (id ${demo.gameId}), ` +
        `${DEMO_PHASE_SECONDS} s a phase. Accounts: demo (gamesmaster) and the players below, ` +
        `password "${DEMO_PASSWORD}". Fresh tokens:`,
    );
    console.log(`  gamesmaster  demo      ${demo.gm.token}`);
    for (const p of demo.players) {
      console.log(`  ${p.power}          ${p.account.padEnd(9)} ${p.token}`);
    }
  }

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
  const address = server.address() as AddressInfo;
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}/`;
  console.log(`Arbiter listening on ${url} (database ${redact(args.db)})`);
  console.log(`OpenAPI document: ${url}${API_BASE.slice(1)}/openapi.json`);

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
          if (n > 0) console.log(`deadline ticker: processed ${n} phase(s)`);
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
  const stop = (signal: string): void => {
    if (stopping) {
      console.error(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: shutting down`);
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
      console.log('stopped');
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
  // Only once a signal would stop the server cleanly: nothing awaited between listening and here.
  if (!(await webBuilt(WEB_ROOT))) {
    console.log(`The web page is not built (no ${WEB_ROOT}index.html): run npm run build.`);
  }
}

main().catch((e: unknown) => {
  console.error('arbiter-server:', e instanceof Error ? e.message : e);
  process.exit(1);
});
