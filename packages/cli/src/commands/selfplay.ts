/**
 * `arbiter selfplay`: many games between seeded random players across worker threads, written
 * to a file as JSON lines in game order, with a progress bar and a closing summary.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { VARIANTS } from '@arbiter/rules';
import { defineCommand } from '../args.js';
import { UsageError, type Io } from '../io.js';
import {
  selfPlay,
  type GameFailure,
  type SelfPlayProgress,
  type SelfPlaySummary,
} from '../selfplay/index.js';
import { moduleOptions, wholeNumber } from './play.js';

export const selfplayCommand = defineCommand({
  name: 'selfplay',
  usage:
    'arbiter selfplay --games N --out FILE [--workers W] [--variant ID] [--seed S] [--years Y] [--format arbiter|mila] [--players P] [--option MODULE.SETTING=VALUE]... [--quiet]',
  summary: 'Plays many games between seeded random players across threads and writes them all.',
  help: `Game i (from 0) is played from a seed made of S and i, so a run gives the same file byte
for byte whatever the number of workers. Each game is one line of JSON, in game order.

options:
  --games N         how many games
  --out FILE        where to write them (created or replaced)
  --workers W       worker threads (default: one per core, here ${availableParallelism()})
  --variant ID      standard (default), fink, deviant2, fiascomacy or pink3
  --seed S          the run's seed (default 1)
  --years Y         play at most Y game years (default 20: to 1920); a solo ends a game sooner
  --format F        arbiter (default): {"game", "seed", "variant", "phases": [{"name",
                    "orders": ["AUS A bud - ser", ...], "results": ["succeeds", ...]}, ...],
                    "winners", "centers"}; mila: the MILA saved game, as arbiter export writes
                    it (standard games only, about 200 KB a game)
  --players P       how many players (default: one per power)
  --option M.S=V    a setting of one of the variant's modules, as for arbiter play
  --quiet           no progress bar

A game that fails is named with its index and seed on standard error, left out of the file, and
the other games go on; the exit code is then 1.`,
  options: {
    games: { type: 'string' },
    out: { type: 'string' },
    workers: { type: 'string' },
    variant: { type: 'string', default: 'standard' },
    seed: { type: 'string', default: '1' },
    years: { type: 'string', default: '20' },
    format: { type: 'string', default: 'arbiter' },
    players: { type: 'string' },
    option: { type: 'string', multiple: true },
    quiet: { type: 'boolean', default: false },
  },
  run: ({ values }, io) => selfplay(values, io),
});

async function selfplay(
  values: {
    games?: string;
    out?: string;
    workers?: string;
    variant: string;
    seed: string;
    years: string;
    format: string;
    players?: string;
    option?: string[];
    quiet: boolean;
  },
  io: Io,
): Promise<number> {
  if (values.games === undefined) throw new UsageError('--games N is required');
  if (values.out === undefined) throw new UsageError('--out FILE is required');
  const games = wholeNumber('--games', values.games);
  const workers =
    values.workers === undefined
      ? availableParallelism()
      : wholeNumber('--workers', values.workers);
  if (workers < 1) throw new UsageError('--workers must be at least 1');
  const variant = VARIANTS[values.variant];
  if (variant === undefined) {
    throw new UsageError(
      `unknown variant "${values.variant}"; known: ${Object.keys(VARIANTS).join(', ')}`,
    );
  }
  const years = wholeNumber('--years', values.years);
  if (years < 1) throw new UsageError('--years must be at least 1');
  const format = values.format;
  if (format !== 'arbiter' && format !== 'mila')
    throw new UsageError(`--format must be arbiter or mila, not "${format}"`);
  const options = moduleOptions(variant, values.option ?? []);
  const players =
    values.players === undefined ? undefined : wholeNumber('--players', values.players);
  if (players !== undefined && (players < variant.players.min || players > variant.players.max))
    throw new UsageError(`${variant.name} cannot be played by ${players} players`);
  if (
    format === 'mila' &&
    (variant.id !== 'standard' || options !== undefined || players !== undefined)
  )
    throw new UsageError('--format mila writes standard games only (no --option, no --players)');

  let fd: number;
  try {
    fd = openSync(values.out, 'w');
  } catch (e) {
    io.err(`arbiter selfplay: cannot write ${values.out}: ${(e as Error).message}`);
    return 1;
  }
  const bar = values.quiet ? undefined : io.progress;
  let shown = 0;
  const onProgress = (p: SelfPlayProgress): void => {
    if (bar === undefined || (p.done < p.total && p.elapsed - shown < 100)) return;
    shown = p.elapsed;
    bar(progressLine(p));
  };
  const onFailure = (f: GameFailure): void => {
    if (bar !== undefined) bar('\r\x1b[K');
    io.err(`game ${f.index} (seed ${f.seed}) failed: ${f.message}`);
  };
  let summary: SelfPlaySummary;
  try {
    summary = await selfPlay({
      games,
      workers,
      variant: variant.id,
      seed: wholeNumber('--seed', values.seed),
      years,
      format,
      ...(players === undefined ? {} : { players }),
      ...(options === undefined ? {} : { options }),
      write: (bytes) => {
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      },
      onProgress,
      onFailure,
    });
  } finally {
    closeSync(fd);
  }
  if (bar !== undefined) bar('\r\x1b[K');
  for (const line of summaryLines(summary, values.out)) io.err(line);
  return summary.failures.length === 0 ? 0 : 1;
}

const WIDTH = 30;

/** `\r[#########.....] 1,234/10,000 games, 812/s, 11 s left` */
export function progressLine(p: SelfPlayProgress): string {
  const share = p.total === 0 ? 1 : p.done / p.total;
  const filled = Math.round(share * WIDTH);
  const rate = p.elapsed > 0 ? (p.done / p.elapsed) * 1000 : 0;
  const left = rate > 0 ? Math.ceil((p.total - p.done) / rate) : undefined;
  const failed = p.failed === 0 ? '' : `, ${p.failed} failed`;
  return (
    `\r[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${n(p.done)}/${n(p.total)} games, ` +
    `${n(rate)}/s${left === undefined ? '' : `, ${left} s left`}${failed}\x1b[K`
  );
}

function n(x: number): string {
  return Math.round(x).toLocaleString('en-US');
}

/** The closing lines: how many games, how fast, who won, what failed, what was written. */
export function summaryLines(s: SelfPlaySummary, out: string): string[] {
  const seconds = s.elapsed / 1000;
  const wins = Object.entries(s.wins)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w, k]) => `${w} ${n(k)}`)
    .join(', ');
  const lines = [
    `${n(s.played)} of ${n(s.games)} games played in ${seconds.toFixed(2)} s with ` +
      `${s.workers} worker${s.workers === 1 ? '' : 's'}: ${n(s.played / seconds)} games/s, ` +
      `${n(s.phases / seconds)} phases/s`,
    `won: ${wins === '' ? 'none' : wins}; no winner by the last year: ${n(s.unfinished)}`,
    `written to ${out}: ${(s.bytes / 1024 / 1024).toFixed(1)} MiB`,
  ];
  if (s.failures.length > 0)
    lines.push(
      `${s.failures.length} failed: ` +
        s.failures.map((f) => `game ${f.index} (seed ${f.seed})`).join(', '),
    );
  return lines;
}
