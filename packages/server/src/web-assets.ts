/**
 * The web page's static files (`packages/web/dist`, built by `npm run build`), served at `/`:
 * a file that exists is sent as it is, any other path outside the API gets `index.html` so the
 * page's own router shows it (`/games/42`), and when the build is missing every page says how
 * to build it instead of failing obscurely.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { notBuiltPage } from './landing.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Serves the files under `root` (none when `root` is undefined); `apiBase` is the API's prefix,
 * which this never answers. Undefined means "not mine": the caller answers 404.
 */
export function webAssets(
  root: string | undefined,
  apiBase: string,
): (c: Context) => Promise<Response | undefined> {
  const base = root === undefined ? undefined : normalize(root + sep);
  return async (c) => {
    const path = decodePath(c.req.path);
    if (path === undefined || path === apiBase || path.startsWith(apiBase + '/')) return undefined;
    if (base === undefined) {
      if (extname(path) !== '') return undefined;
      return c.html(notBuiltPage(apiBase, root), 503, { 'cache-control': 'no-store' });
    }
    const file = normalize(join(base, path));
    // `..` and friends cannot leave the root: normalize resolved them, and we check the prefix.
    if (!file.startsWith(base)) return undefined;
    const found = await readIfFile(file);
    if (found !== undefined) {
      // Vite names the files under assets/ by their content hash: they never change.
      const immutable = path.startsWith('/assets/');
      return c.body(new Uint8Array(found), 200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    // A path with an extension names a file, and the file is not there: a real 404.
    if (extname(path) !== '') return undefined;
    const index = await readIfFile(join(base, 'index.html'));
    if (index === undefined) {
      return c.html(notBuiltPage(apiBase, root), 503, { 'cache-control': 'no-store' });
    }
    return c.body(new Uint8Array(index), 200, {
      'content-type': TYPES['.html']!,
      'cache-control': 'no-cache',
    });
  };
}

/** Whether `root` holds a built page. */
export async function webBuilt(root: string): Promise<boolean> {
  return (await readIfFile(join(root, 'index.html'))) !== undefined;
}

function decodePath(path: string): string | undefined {
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

async function readIfFile(file: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file);
  } catch {
    return undefined;
  }
}
