#!/usr/bin/env node
// The `arbiter-server` command as npm links it: a committed file, so that `npm install` on a
// fresh clone links the bin before anything is built; it runs the built server in ../dist.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write(
    'arbiter-server: the server is not built yet (no packages/server/dist/main.js).\n' +
      'Run `npm run build` in the repository root first.\n',
  );
  process.exit(1);
}
// The server starts when its entry point is loaded.
await import(main.href);
