// Runs shell commands side by side (the checks that only read: type checks, lint, format), each
// one's output printed whole when it ends, and fails if any of them failed.
// Usage: node scripts/parallel.mjs "npm run lint" "npm run format:check" ...
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('close', (code) => {
        process.stdout.write(`> ${command} (exit ${code})\n${Buffer.concat(out).toString()}`);
        resolve(code === 0);
      });
    }),
);
const results = await Promise.all(runs);
const failed = commands.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`failed: ${failed.join('; ')}`);
  process.exit(1);
}
