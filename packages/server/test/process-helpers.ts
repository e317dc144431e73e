/**
 * Running the real server program in child processes: build it, start it on a free port, read
 * the address it prints, talk to it over HTTP, and wait for conditions by polling (never fixed
 * sleeps), so the process tests are neither slow nor flaky.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
export const PG_URL = process.env['PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Brings `dist/` up to date (incremental: about a second when nothing changed). */
export function buildServer(): void {
  execFileSync(
    process.execPath,
    [`${ROOT}node_modules/typescript/bin/tsc`, '-b', 'packages/server/tsconfig.build.json'],
    { cwd: ROOT, stdio: 'pipe' },
  );
}

export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Waits until the output matches `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<number | string>;
  api(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<ApiReply>;
}

export interface ApiReply {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they expect
  readonly body: any;
}

/** Starts `main.js` with `args` and waits for its "listening" line. */
export async function startServer(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer): void => {
    out += d.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const l of listeners) l();
    });
  });
  const waitForOutput = (pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const m = pattern.exec(out);
        if (m !== null) {
          done();
          resolve(m);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(new Error(`server exited before printing ${String(pattern)}:\n${out}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms:\n${out}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  const m = await waitForOutput(/Arbiter listening on (http:\/\/\S+\/) \(database /);
  const url = m[1]!;
  return {
    child,
    url,
    output: () => out,
    waitForOutput,
    exited,
    api: (method, path, opts = {}) => api(url, method, path, opts),
  };
}

export async function api(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<ApiReply> {
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}api/v1${path}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Polls `probe` until it returns something other than undefined. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Stops a server politely and waits for it to end. */
export async function stopServer(s: ServerProcess): Promise<number | string> {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  return s.exited;
}

/**
 * Registers a gamesmaster and seven players over HTTP, creates a standard game (or another
 * variant on the standard powers, such as `fink`) with `phaseSeconds` a phase, seats one player
 * per power and starts it.
 */
export async function playableGame(
  url: string,
  phaseSeconds: number,
  tag: string,
  variant = 'standard',
  /** The variant's powers, one player each (the standard seven by default). */
  powers: readonly string[] = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'],
): Promise<{
  gameId: string;
  gm: string;
  players: Record<string, string>;
  /** Each token's account (the web page keeps it beside the token). */
  accounts: Map<string, { id: string; name: string }>;
}> {
  const accounts = new Map<string, { id: string; name: string }>();
  const register = async (name: string): Promise<string> => {
    const r = await api(url, 'POST', '/accounts', {
      body: { name: `${tag}-${name}`, password: 'password-1' },
    });
    if (r.status !== 201) throw new Error(`register ${name}: ${JSON.stringify(r.body)}`);
    const session = r.body as { token: string; account: { id: string; name: string } };
    accounts.set(session.token, { id: session.account.id, name: session.account.name });
    return session.token;
  };
  const gm = await register('gm');
  const game = await api(url, 'POST', '/games', {
    token: gm,
    body: { name: `Game ${tag}`, variant, seed: 1, settings: { phaseSeconds } },
  });
  if (game.status !== 201) throw new Error(`create: ${JSON.stringify(game.body)}`);
  const gameId = (game.body as { id: string }).id;
  const players: Record<string, string> = {};
  for (const power of powers) {
    const id = power.toLowerCase();
    players[id] = await register(id);
    const joined = await api(url, 'POST', `/games/${gameId}/players`, {
      token: players[id],
      body: { playerId: id },
    });
    if (joined.status !== 201) throw new Error(`join: ${JSON.stringify(joined.body)}`);
  }
  const assigned = await api(url, 'PUT', `/games/${gameId}/powers`, {
    token: gm,
    body: { assignments: powers.map((p) => ({ playerId: p.toLowerCase(), powers: [p] })) },
  });
  if (assigned.status !== 200) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
  const started = await api(url, 'POST', `/games/${gameId}/start`, { token: gm });
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
  return { gameId, gm, players, accounts };
}
