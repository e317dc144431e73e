// Prints the page's bundle sizes and the time to a usable game page on localhost: the server
// (built) is started with the demo game on an in-memory database, Chromium opens the game's
// page cold and warm, and the time runs from navigation to the map drawn with its units and
// its provinces ready for input. A measurement to read, not a test: it asserts nothing.
// Usage: npm run build && node packages/web/scripts/perf.mjs   (CHROMIUM=/path to choose it)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { bundleSizes } from './sizes.mjs';

const main = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const sizes = bundleSizes();
console.log(
  `JavaScript, map drawings apart: ${kb(sizes.js.raw)} raw, ${kb(sizes.js.gzip)} gzipped; ` +
    `map drawings ${kb(sizes.drawings.raw)} raw, ${kb(sizes.drawings.gzip)} gzipped; ` +
    `CSS ${kb(sizes.css.raw)} raw, ${kb(sizes.css.gzip)} gzipped`,
);

const child = spawn(process.execPath, [main, '--port', '0', '--db', 'sqlite::memory:', '--demo'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
child.stdout.on('data', (d) => (out += d));
const started = Date.now();
while (!/listening on (\S+) /.test(out)) {
  if (Date.now() - started > 30_000) throw new Error(`the server did not start:\n${out}`);
  await new Promise((r) => setTimeout(r, 50));
}
const url = /listening on (\S+) /.exec(out)[1];
const gameId = /\(id (\S+)\)/.exec(out)[1];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const usable = async () => {
    const t0 = Date.now();
    await page.goto(`${url}games/${gameId}`);
    await page.locator('[data-unit]').first().waitFor();
    await page.locator('[data-province][role="button"]').first().waitFor();
    return Date.now() - t0;
  };
  const cold = await usable();
  const warm = [];
  for (let i = 0; i < 5; i++) warm.push(await usable());
  warm.sort((a, b) => a - b);
  console.log(
    `time to a usable game page on localhost: cold ${cold} ms, warm median ${warm[2]} ms ` +
      `(of ${warm.length}: ${warm.join(', ')} ms)`,
  );
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
