// Prints the sizes of the built page (raw and gzipped): the JavaScript apart from the map
// drawings, and the part of it every page loads first (the lobby, a standard game: what
// index.html names); fails when either is over its budget (docs/performance.md).
// Usage: node packages/web/scripts/sizes.mjs [--json]   (run by `npm run build`)
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget for the page's JavaScript, map drawings apart, gzipped. */
export const JS_BUDGET = 150 * 1024;
/**
 * The budget for the JavaScript a page loads before anything else, gzipped: everything a
 * standard game needs (the other variants' rules load for their games only).
 */
export const FIRST_LOAD_BUDGET = 80 * 1024;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Every built file with its raw and gzipped size, and what it is. */
export function bundleSizes() {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dist + dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}${e.name}/`);
      else {
        const body = readFileSync(`${dist}${dir}${e.name}`);
        const name = dir + e.name;
        const kind = /drawing/.test(e.name) ? 'drawing' : (/\.(\w+)$/.exec(e.name)?.[1] ?? '');
        files.push({ name, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }
    }
  };
  walk('');
  files.sort((a, b) => (a.name < b.name ? -1 : 1));
  const sum = (which) =>
    files
      .filter(which)
      .reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  // The scripts index.html loads or preloads: the entry and the parts it imports statically.
  const html = readFileSync(`${dist}index.html`, 'utf8');
  const first = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]),
  );
  return {
    files,
    js: sum((f) => f.kind === 'js'),
    firstLoad: { ...sum((f) => first.has(f.name)), files: [...first].sort() },
    css: sum((f) => f.kind === 'css'),
    drawings: sum((f) => f.kind === 'drawing'),
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = bundleSizes();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 1));
  } else {
    console.log('web: packages/web/dist');
    for (const f of sizes.files) {
      console.log(`  ${f.name.padEnd(44)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gz`);
    }
    console.log(
      `  JavaScript, map drawings apart: ${kb(sizes.js.raw)}, ${kb(sizes.js.gzip)} gzipped ` +
        `(budget ${kb(JS_BUDGET)}); map drawings ${kb(sizes.drawings.raw)}, ` +
        `${kb(sizes.drawings.gzip)} gzipped`,
    );
    console.log(
      `  of which every page loads first (${sizes.firstLoad.files.join(', ')}): ` +
        `${kb(sizes.firstLoad.raw)}, ${kb(sizes.firstLoad.gzip)} gzipped ` +
        `(budget ${kb(FIRST_LOAD_BUDGET)})`,
    );
  }
  if (sizes.js.gzip > JS_BUDGET) {
    console.error(`web: the JavaScript is over its budget of ${kb(JS_BUDGET)} gzipped`);
    process.exit(1);
  }
  if (sizes.firstLoad.files.length === 0) {
    console.error('web: index.html names no script: the first load cannot be measured');
    process.exit(1);
  }
  if (sizes.firstLoad.gzip > FIRST_LOAD_BUDGET) {
    console.error(
      `web: the JavaScript every page loads first is over its budget of ` +
        `${kb(FIRST_LOAD_BUDGET)} gzipped`,
    );
    process.exit(1);
  }
}
