// Prints the sizes of the built page (raw and gzipped), the JavaScript apart from the map
// drawings, and fails when that JavaScript is over its budget (docs/performance.md).
// Usage: node packages/web/scripts/sizes.mjs [--json]   (run by `npm run build`)
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget for the page's JavaScript, map drawings apart, gzipped. */
export const JS_BUDGET = 150 * 1024;

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
  const sum = (kind) =>
    files
      .filter((f) => f.kind === kind)
      .reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
  return { files, js: sum('js'), css: sum('css'), drawings: sum('drawing') };
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
  }
  if (sizes.js.gzip > JS_BUDGET) {
    console.error(`web: the JavaScript is over its budget of ${kb(JS_BUDGET)} gzipped`);
    process.exit(1);
  }
}
