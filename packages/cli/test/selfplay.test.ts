// Self-play across worker threads: the library entry point and `arbiter selfplay`. The workers
// run the built worker (a thread cannot load TypeScript), so the command line is built first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPowerOrder, gameSeed, playRandomGame, standardMap } from '@arbiter/engine';
import { run } from '../src/main.js';
import type { Io } from '../src/io.js';
import { selfPlay, type SelfPlayOptions, type SelfPlaySummary } from '../src/selfplay/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

beforeAll(() => {
  execFileSync(
    process.execPath,
    [`${ROOT}node_modules/typescript/bin/tsc`, '-b', 'packages/cli/tsconfig.build.json'],
    { cwd: ROOT, stdio: 'pipe' },
  );
}, 120_000);

async function play(
  options: Partial<SelfPlayOptions>,
): Promise<{ lines: string[]; summary: SelfPlaySummary }> {
  const chunks: Uint8Array[] = [];
  const summary = await selfPlay({
    games: 12,
    workers: 1,
    variant: 'standard',
    seed: 5,
    years: 3,
    format: 'arbiter',
    chunk: 1,
    write: (b) => chunks.push(b),
    ...options,
  });
  const text = Buffer.concat(chunks).toString('utf8');
  return { lines: text === '' ? [] : text.trimEnd().split('\n'), summary };
}

interface GameRecord {
  game: number;
  seed: number;
  variant: string;
  phases: { name: string; orders: string[]; results: string[] }[];
  winners: string[];
  centers: Record<string, number>;
}

describe('selfPlay', () => {
  it('writes the same games, byte for byte, with one worker or three', async () => {
    const one = await play({ workers: 1 });
    const three = await play({ workers: 3 });
    expect(three.lines).toEqual(one.lines);
    expect(one.lines).toHaveLength(12);
    const records = one.lines.map((l) => JSON.parse(l) as GameRecord);
    expect(records.map((r) => r.game)).toEqual([...Array(12).keys()]);
    expect(records.map((r) => r.seed)).toEqual(records.map((r) => gameSeed(5, r.game)));
    expect(one.summary).toMatchObject({ games: 12, played: 12, failures: [], workers: 1 });
    expect(three.summary.workers).toBe(3);
    expect(three.summary.phases).toBe(one.summary.phases);
  });

  it('records each game as playRandomGame plays it from the game’s seed', async () => {
    const { lines } = await play({ games: 2 });
    const record = JSON.parse(lines[1]!) as GameRecord;
    const phases = [...playRandomGame(standardMap, { seed: gameSeed(5, 1), lastYear: 1903 })];
    expect(record.phases.map((p) => p.name)).toEqual(phases.map((p) => p.report.name));
    const first = phases[0]!.report.outcomes;
    expect(record.phases[0]!.results).toEqual(first.map((o) => o.result));
    expect(record.phases[0]!.orders).toEqual(first.map((o) => formatPowerOrder(o)));
    expect(record.phases[0]!.orders[0]).toMatch(/^AUS [AF] [a-z]{3}/);
    expect(Object.values(record.centers).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(34);
  });

  it('reports a game that throws and a worker that dies, by index and seed, and finishes the rest', async () => {
    const clean = await play({ workers: 2 });
    const failed: number[] = [];
    const faulty = await play({
      workers: 2,
      faults: { throwIn: [3], exitIn: [7] },
      onFailure: (f) => failed.push(f.index),
    });
    expect(faulty.summary.failures.map((f) => [f.index, f.seed])).toEqual([
      [3, gameSeed(5, 3)],
      [7, gameSeed(5, 7)],
    ]);
    expect(faulty.summary.failures[0]!.message).toContain('injected into game 3');
    expect(faulty.summary.failures[1]!.message).toContain('exit code 70');
    expect(failed.sort((a, b) => a - b)).toEqual([3, 7]);
    expect(faulty.summary.played).toBe(10);
    expect(faulty.lines).toEqual(clean.lines.filter((_, i) => i !== 3 && i !== 7));
  });

  it('puts a dead worker’s unplayed games back, with several games a chunk', async () => {
    const clean = await play({ workers: 2, chunk: 4 });
    const faulty = await play({ workers: 2, chunk: 4, faults: { exitIn: [5, 6] } });
    expect(faulty.summary.failures.map((f) => f.index)).toEqual([5, 6]);
    expect(faulty.lines).toEqual(clean.lines.filter((_, i) => i !== 5 && i !== 6));
  });

  it('stops with the error when the output cannot be written', async () => {
    const failing = play({
      workers: 2,
      write: () => {
        throw new Error('no space left on device');
      },
    });
    await expect(failing).rejects.toThrow('no space left on device');
  });

  it('plays a variant through its pipeline, the same for any number of workers', async () => {
    const a = await play({ variant: 'fink', games: 4, years: 2, workers: 1 });
    const b = await play({ variant: 'fink', games: 4, years: 2, workers: 2 });
    expect(b.lines).toEqual(a.lines);
    expect((JSON.parse(a.lines[0]!) as GameRecord).variant).toBe('fink');
    expect(a.summary.failures).toEqual([]);
  });
});

async function cli(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    lines: async function* () {},
    out: (t) => out.push(...t.split('\n')),
    err: (t) => err.push(...t.split('\n')),
  };
  const code = await run(argv, io);
  return { code, out, err };
}

describe('arbiter selfplay', () => {
  it('writes every game to the file and closes with a summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-selfplay-'));
    const file = join(dir, 'games.jsonl');
    const r = await cli([
      'selfplay',
      '--games',
      '6',
      '--workers',
      '2',
      '--years',
      '2',
      '--out',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([]);
    expect(r.err[0]).toMatch(/^6 of 6 games played in [\d.]+ s with 2 workers: [\d,]+ games\/s/);
    expect(r.err[1]).toMatch(/^won: none; no winner by the last year: 6$/);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as GameRecord).seed)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => gameSeed(1, i)),
    );
  });

  it('writes MILA saved games that arbiter replay agrees with in every phase', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-selfplay-'));
    const file = join(dir, 'games.jsonl');
    const r = await cli([
      'selfplay',
      '--games',
      '2',
      '--workers',
      '1',
      '--years',
      '3',
      '--format',
      'mila',
      '--out',
      file,
    ]);
    expect(r.code).toBe(0);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const game = join(dir, 'game.json');
    writeFileSync(game, lines[1]!);
    expect((JSON.parse(lines[1]!) as { id: string }).id).toBe('selfplay-1-1');
    const replayed = await cli(['replay', game]);
    expect(replayed.out.at(-1)).toMatch(/^(\d+)\/\1 phases agree$/);
  });

  it('refuses a bad command line with exit code 2', async () => {
    for (const [argv, message] of [
      [['selfplay', '--out', 'x'], '--games N is required'],
      [['selfplay', '--games', '3'], '--out FILE is required'],
      [['selfplay', '--games', '3', '--out', 'x', '--format', 'xml'], '--format must be'],
      [['selfplay', '--games', '3', '--out', 'x', '--workers', '0'], '--workers must be'],
      [
        ['selfplay', '--games', '3', '--out', 'x', '--variant', 'fink', '--format', 'mila'],
        'standard games only',
      ],
      [
        ['selfplay', '--games', '3', '--out', 'x', '--variant', 'fink', '--option', 'fink.nope=1'],
        'fink has no setting "nope"',
      ],
    ] as const) {
      const r = await cli([...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err.join('\n'), argv.join(' ')).toContain(message);
    }
  });
});
