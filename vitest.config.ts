// Vitest over all packages; packages resolve to their sources so tests need no build.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@arbiter/engine': fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)),
      '@arbiter/rules': fileURLToPath(new URL('./packages/rules/src/index.ts', import.meta.url)),
      '@arbiter/app': fileURLToPath(new URL('./packages/app/src/index.ts', import.meta.url)),
      '@arbiter/store': fileURLToPath(new URL('./packages/store/src/index.ts', import.meta.url)),
      '@arbiter/server': fileURLToPath(new URL('./packages/server/src/index.ts', import.meta.url)),
    },
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
  },
});
