// The web page's files at `/`: files as they are, the page's routes get index.html, the API and
// missing files stay 404 problems, nothing outside the build directory is ever served, and a
// missing build says how to make it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { harness, type Harness } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-web-'));
const root = join(dir, 'dist');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>the page</title>');
writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("page")');
writeFileSync(join(dir, 'secret.txt'), 'outside the build');

const hs: Harness[] = [];
async function app(webRoot: string): Promise<Harness> {
  const h = await harness({ webRoot });
  hs.push(h);
  return h;
}
afterAll(async () => {
  for (const h of hs) await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web page at /', () => {
  test('/ and client-side routes answer index.html, revalidated on every visit', async () => {
    const h = await app(root);
    for (const path of ['/', '/games/42', '/games/abc/']) {
      const res = await h.app.request(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>the page</title>');
    }
  });

  test('a hashed asset is sent with its type and cached for good', async () => {
    const h = await app(root);
    const res = await h.app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('console.log("page")');
  });

  test('a missing file and an unknown API route are 404 problems, not the page', async () => {
    const h = await app(root);
    const missing = await h.app.request('/assets/gone.js');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('request/not-found');
    const api = await h.app.request('/api/v1/no/such/route');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('request/not-found');
    // The API still answers under its prefix.
    const games = await h.app.request('/api/v1/games');
    expect([games.status, await games.json()]).toEqual([200, { games: [] }]);
  });

  test('no path reaches a file outside the build directory', async () => {
    const h = await app(root);
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await h.app.request(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toContain('outside the build');
    }
  });

  test('without a build, page routes say how to build it (503), naming the directory', async () => {
    const h = await app(join(dir, 'not-built'));
    const res = await h.app.request('/games/7');
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('npm install &amp;&amp; npm run build');
    expect(html).toContain(join(dir, 'not-built'));
  });
});
