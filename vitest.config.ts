// Vitest over all packages; packages resolve to their sources so tests need no build.
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
    testTimeout: 60_000,
  },
});
