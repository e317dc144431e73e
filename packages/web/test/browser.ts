/**
 * The browser tests' harness: builds the server and the page, starts the real server program
 * on a temporary SQLite file, and drives Debian's Chromium through playwright-core (no browser
 * is ever downloaded). Where no Chromium is installed, the tests are reported as skipped with
 * the reason printed, never passed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  buildServer,
  startServer,
  stopServer,
  type ServerProcess,
} from '../../server/test/process-helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The browser: Debian's Chromium, or the one `CHROMIUM` names. */
export const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export const browserSkipped: string | undefined = existsSync(CHROMIUM)
  ? undefined
  : `no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM`;

/** Where screenshots go (gitignored): look at them after a run. */
export const ARTEFACTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Builds the server (tsc) and the page (vite), as `npm run build` does. */
export function buildAll(): void {
  withBuildLock(() => {
    buildServer();
    if (pageIsBuilt()) return;
    execFileSync(
      process.execPath,
      [`${ROOT}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'error'],
      { cwd: `${ROOT}packages/web`, stdio: 'pipe' },
    );
  });
}

/** What the page is built from: its own sources and the packages it bundles. */
const PAGE_SOURCES = ['packages/web/src', 'packages/engine/src', 'packages/rules/src'];
const PAGE_FILES = ['packages/web/index.html', 'packages/web/vite.config.ts'];

/**
 * Whether `dist/` is newer than every source of the page. The README's test command builds the
 * page before the tests run, so the browser test files would otherwise each rebuild it (and a
 * rebuild empties `dist/` under a server another file has started).
 */
function pageIsBuilt(): boolean {
  const built = `${ROOT}packages/web/dist/index.html`;
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const newest = (path: string): number => {
    const st = statSync(path);
    if (!st.isDirectory()) return st.mtimeMs;
    return readdirSync(path).reduce((m, f) => Math.max(m, newest(join(path, f))), st.mtimeMs);
  };
  return [...PAGE_SOURCES, ...PAGE_FILES].every((p) => newest(`${ROOT}${p}`) < builtAt);
}

/** Runs `build` while holding a lock directory, so test files in parallel build one at a time. */
function withBuildLock(build: () => void): void {
  const lock = `${ROOT}packages/web/.build-lock`;
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the longest build was left by a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until)
        throw new Error(`the page build lock ${lock} is still held after 180 s`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface WebServer {
  readonly server: ServerProcess;
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the server on a fresh SQLite file in a temporary directory. */
export async function startWebServer(): Promise<WebServer> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-web-'));
  const server = await startServer(['--db', `sqlite:${join(dir, 'web.sqlite')}`]);
  return {
    server,
    url: server.url,
    close: async () => {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Launches Chromium headless, with nothing fetched from the network but what a page asks. */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTEFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

if (browserSkipped !== undefined) console.warn(`browser tests skipped: ${browserSkipped}`);

/** `describe` where Chromium is installed; elsewhere `describe.skip`, the reason printed once. */
export const browserSuite = browserSkipped === undefined ? describe : describe.skip;

/** The server and the browser a test file shares, there once its `beforeAll` has run. */
export interface BrowserEnv {
  readonly web: WebServer;
  readonly browser: Browser;
}

/**
 * Starts one server and one browser for the calling suite's tests (building first if the page
 * is out of date) and stops them after; call it at the top of a `browserSuite`.
 */
export function useServerAndBrowser(timeoutMs = 120_000): BrowserEnv {
  const env: { web?: WebServer; browser?: Browser } = {};
  beforeAll(async () => {
    buildAll();
    env.web = await startWebServer();
    env.browser = await launchBrowser();
  }, timeoutMs);
  afterAll(async () => {
    await env.browser?.close();
    await env.web?.close();
  });
  return {
    get web(): WebServer {
      if (env.web === undefined)
        throw new Error('the server is not started yet (use it in a test)');
      return env.web;
    },
    get browser(): Browser {
      if (env.browser === undefined) throw new Error('the browser is not launched yet');
      return env.browser;
    },
  };
}

/**
 * Logs a browser context in as the page does: the token and, beside it, its account, in local
 * storage before any page script runs. With `once`, only at the first load in each tab, so that
 * a test may then log out or let the session end and see what follows.
 */
export async function logInContext(
  context: BrowserContext,
  token: string,
  account: { readonly id: string; readonly name: string } | undefined,
  opts: { readonly once?: boolean } = {},
): Promise<void> {
  if (account === undefined) throw new Error('a token of no known account');
  await context.addInitScript(
    ([t, a, once]) => {
      if (once) {
        if (window.sessionStorage.getItem('test.logged-in') !== null) return;
        window.sessionStorage.setItem('test.logged-in', '1');
      }
      window.localStorage.setItem('arbiter.token', t);
      window.localStorage.setItem('arbiter.account', a);
    },
    [token, JSON.stringify(account), opts.once === true] as const,
  );
}
