// A fresh clone just works: the README's install and build steps, then `npx arbiter`. The test
// clones the repository's committed HEAD (not the working tree: uncommitted changes are not in
// it), so it tests what someone cloning the repository gets. Slow: `npm install` and the build
// take a minute or more; one clone, a generous timeout.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'arbiter-clone-'));
// Removing the clone's node_modules takes a while too.
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
}, 300_000);

/**
 * The environment a person's shell has: Vitest's own NODE_ENV=test (and VITEST*) left out, which
 * would make the page's bundler build a test bundle, larger than the one a user gets.
 */
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')),
);

function sh(command: string, cwd: string): string {
  return execFileSync('sh', ['-c', command], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // CI=true keeps npm from asking anything; the output stays in the pipe.
    env: { ...shellEnv, CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * The native SQLite driver that this checkout's own `npm install` compiled minutes ago, packed
 * where the driver's installer (prebuild-install) looks for a local prebuild, so that the
 * clone's `npm install` unpacks it instead of compiling the same sources with the same compiler
 * again: that compile was 85 of the install's 110 s of CPU, on cores the rest of the suite
 * needs. What the compile itself needs is tested by the install that ran before the suite (on
 * CI, in a clean clone). Where the checkout has no compiled driver or `tar` fails, nothing is
 * packed and the clone compiles its own, as a person's would.
 */
function packLocalPrebuild(): void {
  const driver = join(root, 'node_modules/better-sqlite3');
  if (!existsSync(join(driver, 'build/Release/better_sqlite3.node'))) return;
  const { version } = JSON.parse(readFileSync(join(driver, 'package.json'), 'utf8')) as {
    version: string;
  };
  // The name prebuild-install asks for: package, version, Node's ABI, platform, architecture.
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const prebuilds = join(dir, 'prebuilds');
  mkdirSync(prebuilds);
  try {
    sh(`tar -czf "${join(prebuilds, name)}" build/Release/better_sqlite3.node`, driver);
  } catch {
    return;
  }
  // prebuild-install reads its options with `rc`, which finds this file from the driver's
  // folder upwards: it sits beside the clone, outside it, so the clone stays as committed.
  writeFileSync(join(dir, '.prebuild-installrc'), JSON.stringify({ 'local-prebuilds': prebuilds }));
}

it(
  'installs and builds from a fresh clone of HEAD as the README says, and `npx arbiter --version` runs',
  () => {
    const head = sh('git rev-parse HEAD', root).trim();
    const clone = join(dir, 'arbiter');
    sh(`git clone --quiet --no-checkout "${root}" "${clone}"`, dir);
    sh(`git -c advice.detachedHead=false checkout --quiet ${head}`, clone);
    expect(sh('git status --porcelain', clone)).toBe('');

    // The steps exactly as the clone's README gives them for the command line.
    const readme = readFileSync(join(clone, 'README.md'), 'utf8');
    const steps = /After `([^`]+)`, the command is `npx arbiter`/.exec(readme)?.[1];
    expect(steps).toBe('npm install && npm run build');
    packLocalPrebuild();
    sh(steps!, clone);
    // The clone's SQLite driver loads and answers, whether unpacked or compiled.
    expect(
      sh(
        `node -e "console.log(new (require('better-sqlite3'))(':memory:').prepare('select 6*7 as n').get().n)"`,
        clone,
      ).trim(),
    ).toBe('42');

    const { version } = JSON.parse(
      readFileSync(join(clone, 'packages/cli/package.json'), 'utf8'),
    ) as { version: string };
    expect(sh('npx arbiter --version', clone).trim()).toBe(`arbiter ${version}`);
    expect(sh('npx arbiter datc', clone).trim()).toBe('176 passed, 0 failed');
    // The server's bin is linked the same way.
    expect(sh('npx arbiter-server --help 2>&1', clone)).toMatch(/^usage: arbiter-server /m);
  },
  30 * 60_000,
);
