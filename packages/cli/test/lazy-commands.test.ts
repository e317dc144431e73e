/**
 * The command line loads a command's modules only when that command runs: `arbiter --version`
 * and `arbiter adjudicate` (the engine alone) must not load the rule modules, the app or the
 * store. Each of those is replaced here by a module that fails to load, so a command that
 * imports one, directly or through another module, fails.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { cli } from './run-cli.js';

vi.mock('@arbiter/store', () => {
  throw new Error('@arbiter/store was loaded');
});
vi.mock('@arbiter/app', () => {
  throw new Error('@arbiter/app was loaded');
});
vi.mock('@arbiter/rules', () => {
  throw new Error('@arbiter/rules was loaded');
});

const record = gunzipSync(
  readFileSync(new URL('../../engine/test/corpus/peer-agreed-movement.jsonl.gz', import.meta.url)),
)
  .toString('utf8')
  .split('\n')[0]!;

describe('commands load only what they use', () => {
  it('prints the version without loading any command', async () => {
    const r = await cli(['--version']);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^arbiter \d+\.\d+\.\d+$/);
  });

  it('adjudicates records with the engine alone', async () => {
    const r = await cli(['adjudicate'], [record, '{not json']);
    expect(r.code).toBe(1);
    expect(r.out[0]).toBe(record);
    expect(JSON.parse(r.out[1]!)).toMatchObject({ error: { line: 2, code: 'record/bad-json' } });
  });

  it('loads a command that uses the rule modules when it runs, and says what failed', async () => {
    // `play` imports the rule modules: here their import fails, and so does the command.
    const e = await cli(['play', '--seed', '1']).then(
      () => undefined,
      (x: unknown) => x as Error,
    );
    expect(e?.message).toContain('error when mocking a module');
    expect(String((e?.cause as Error | undefined)?.message)).toBe('@arbiter/rules was loaded');
  });
});
