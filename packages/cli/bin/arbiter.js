#!/usr/bin/env node
// The `arbiter` command as npm links it: a committed file, so that `npm install` on a fresh
// clone links the bin before anything is built; it runs the built program in ../dist.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write(
    'arbiter: the command line is not built yet (no packages/cli/dist/main.js).\n' +
      'Run `npm run build` in the repository root first.\n',
  );
  process.exit(1);
}
const { runProcess } = await import(main.href);
await runProcess();
