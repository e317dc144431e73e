// Vitest over all packages; packages resolve to their sources so tests need no build.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run for minutes, in the order to start them: the fresh clone (`npm install`
 * compiles SQLite: two minutes), then the browser tests and the server's processes. Vitest puts
 * the longest first only once it has timed a run; a clean clone, as CI's, has no such record,
 * and there it ordered files by size, which started the fresh clone last, with the other worker
 * idle for much of it.
 */
const LONG = [
  /\/cli\/test\/fresh-clone\.test\.ts$/,
  /\/web\/test\/[^/]+\.test\.ts$/,
  /\/server\/test\/process[^/]*\.test\.ts$/,
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const i = LONG.findIndex((pattern) => pattern.test(f.moduleId));
      return i < 0 ? LONG.length : i;
    };
    // Stable: within a rank, Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    // Exact names: `@arbiter/rules/standard` (a subpath the page imports) is a file of its own.
    alias: [
      ...['engine', 'rules', 'app', 'store', 'server'].map((p) => ({
        find: new RegExp(`^@arbiter/${p}$`),
        replacement: fileURLToPath(new URL(`./packages/${p}/src/index.ts`, import.meta.url)),
      })),
      {
        find: /^@arbiter\/rules\/standard$/,
        replacement: fileURLToPath(new URL('./packages/rules/src/standard.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    pool: 'threads',
    // Vitest's default in run mode is one worker fewer than the CPUs: one on this two-core
    // machine, so the suite ran file after file. Much of it waits on other processes (servers,
    // Chromium, npm in the fresh clone), so two workers here take the suite from 539 s to 426 s;
    // a third gained nothing (433 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    sequence: { sequencer: LongFirst },
  },
});
