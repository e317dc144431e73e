/**
 * `npm run bench`: how fast the engine adjudicates, on one thread (self-play apart, which is timed
 * with one worker thread and with two).
 *
 * The main figure is movement phases per second over the peer-agreed corpus (2834 real-looking
 * phases from random games), with orders already parsed into structured form but everything
 * else timed: binding orders to units, legality checks, resolution and outcomes, exactly the
 * `adjudicateMovement` call a game server makes. Parsing from text is reported separately, as
 * are explanations, legal-order enumeration for whole boards, and whole random games. The last
 * four lines are figures for scripts (`whole games per second: N`, `phases from text per
 * second: N`, `legal orders per second: N`), the main figure last. Whole games are those of a
 * process of their own, as a self-play worker plays them; phases from text are those of the
 * command itself, `arbiter adjudicate` reading the corpus forty times from a file (start-up
 * included), as the issue that set the target defines it.
 */
import { appendFileSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  adjudicateMovement,
  initialState,
  legalOrdersByPower,
  playRandomGame,
  readRecord,
  standardMap,
  type GameState,
  type PowerOrder,
  type Unit,
} from '@arbiter/engine';
import { answerAll, corpusBytes, corpusLines } from './bench-corpus.js';
import { nodeByteWriter } from './byte-writer.js';
import { selfPlay } from './selfplay/index.js';

interface Phase {
  readonly units: readonly Unit[];
  readonly orders: readonly PowerOrder[];
}

/** Repeated timing rounds: each runs whole passes of `pass` for at least `ms` milliseconds. */
interface Rounds {
  /** Items (phases, games) per second, one per round. */
  readonly rates: readonly number[];
}

/** Set by `--expose-gc` (which `npm run bench` passes): settles the heap between sections. */
const collect = (globalThis as { gc?: () => void }).gc;
let peakHeap = 0;

function settle(): void {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  collect?.();
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs `pass` (which does `items` units of work) repeatedly, `rounds` times for `ms` each. */
function measure(pass: () => void, items: number, rounds: number, ms: number): Rounds {
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    settle();
    let done = 0;
    const start = now();
    let elapsed = 0;
    do {
      pass();
      done += items;
      elapsed = now() - start;
    } while (elapsed < ms);
    rates.push((done / elapsed) * 1000);
  }
  settle();
  return { rates };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function fmt(x: number): string {
  return Math.round(x).toLocaleString('en-US');
}

function report(label: string, unit: string, r: Rounds): void {
  const med = median(r.rates);
  const best = Math.max(...r.rates);
  console.log(
    `${label.padEnd(34)} median ${fmt(med).padStart(9)} ${unit}/s` +
      `  best ${fmt(best).padStart(9)}  (${(1e6 / med).toFixed(2)} µs/${unit.replace(/s$/, '')},` +
      ` ${r.rates.length} rounds)`,
  );
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function main(): void {
  const map = standardMap;
  const lines = corpusLines();
  const phases: Phase[] = lines.map((line, i) => {
    const r = readRecord(map, JSON.parse(line));
    if (!r.ok) throw new Error(`corpus line ${i + 1}: ${r.error.message}`);
    return { units: r.value.units, orders: r.value.orders };
  });
  const orderCount = phases.reduce((n, p) => n + p.orders.length, 0);
  console.log(
    `arbiter bench: node ${process.version}, ${process.platform}/${process.arch}, one thread` +
      (collect === undefined ? ' (run with --expose-gc for steadier figures)' : ''),
  );
  console.log(
    `corpus: ${phases.length} movement phases, ${orderCount} orders ` +
      `(${(orderCount / phases.length).toFixed(1)} a phase)`,
  );

  // A sink the optimiser cannot see through, so that no call is dropped as dead code.
  let sink = 0;
  const adjudicateAll = (explain: boolean) => (): void => {
    for (const p of phases) {
      sink += adjudicateMovement(map, p.units, p.orders, { explain }).outcomes.length;
    }
  };
  const plain = adjudicateAll(false);
  const explained = adjudicateAll(true);
  const fromJson = (): void => {
    for (const line of lines) {
      const r = readRecord(map, JSON.parse(line));
      if (!r.ok) throw new Error(r.error.message);
      sink += adjudicateMovement(map, r.value.units, r.value.orders, { explain: false }).outcomes
        .length;
    }
  };
  // Warm up every path first, so that the optimiser has settled before anything is timed.
  measure(plain, phases.length, 1, 2000);
  measure(explained, phases.length, 1, 500);
  measure(fromJson, phases.length, 1, 500);

  console.log('');
  const main = measure(plain, phases.length, 9, 1500);
  report('movement, validated, no explain', 'phases', main);
  report('movement, with explanations', 'phases', measure(explained, phases.length, 5, 1000));
  report('movement, JSON.parse + readRecord', 'phases', measure(fromJson, phases.length, 5, 1000));
  report('movement, from text (line in, out)', 'phases', textAlone());
  const { piped, fromFile } = adjudicateCommand(lines);
  console.log(
    `${'arbiter adjudicate, stdin to stdout'.padEnd(34)} ${fmt(piped.rate).padStart(16)} phases/s` +
      `  (${piped.phases} phases, ${piped.seconds.toFixed(2)} s wall, pipes both ways)`,
  );
  console.log(
    `${'  the same, a file to /dev/null'.padEnd(34)} ${fmt(fromFile.rate).padStart(16)} phases/s` +
      `  (${fromFile.phases} phases, ${fromFile.seconds.toFixed(2)} s wall, start-up included)`,
  );

  // Legal orders: every legal order of every power on one board, as a bot searching would ask
  // (`legalOrdersByPower`): the opening board, and a crowded mid-game one (seed 1, Fall 1905).
  let midgame: GameState = initialState(map);
  for (const step of playRandomGame(map, { seed: 1, lastYear: 1905, explain: false })) {
    const { phase } = step.state;
    if (phase.type === 'movement' && phase.year === 1905 && phase.season === 'fall') {
      midgame = step.state;
      break;
    }
  }
  console.log('');
  let legalRate = 0;
  for (const [label, state] of [
    ['opening (S1901M)', initialState(map)],
    ['mid-game (F1905M)', midgame],
  ] as const) {
    const count = (): number =>
      Object.values(legalOrdersByPower(map, state)).reduce((n, l) => n + l.length, 0);
    const orders = count();
    const pass = (): void => {
      sink += count();
    };
    measure(pass, 1, 1, 500);
    const r = measure(pass, 1, 5, 1000);
    report(`legal orders, ${label}`, 'boards', r);
    console.log(
      `${`  ${state.units.length} units, ${orders} orders a board`.padEnd(34)} ` +
        `${fmt(median(r.rates) * orders)} legal orders/s`,
    );
    // The figure for scripts: the slower of the two boards.
    legalRate =
      legalRate === 0 ? median(r.rates) * orders : Math.min(legalRate, median(r.rates) * orders);
  }

  // Random self-play: whole seeded games to 1920 (or a solo), every phase type, explanations
  // off. Orders are generated by the random players, so this times more than the engine. Timed
  // twice: here, after the sections above, and in a process of its own, as a self-play worker
  // plays them (the figure for scripts): the sections above leave the shared kernel with type
  // feedback from the corpus's orders, which cost the games here up to 5% in some runs (and
  // nothing to speak of in others).
  const games = randomGames(map);
  console.log('');
  report('random games to 1920', 'games', games.rounds);
  console.log(
    `${'  phases in those games'.padEnd(34)} ${fmt(games.phases)} phases/s, ` +
      `${fmt(games.movement)} of them movement (${games.perGame.toFixed(1)} phases a game)`,
  );
  const alone = gamesAlone();
  report('  the same, a process of its own', 'games', alone);

  // Self-play across worker threads, as `arbiter selfplay` plays: in a process of its own.
  const { one, two } = selfplayAlone();
  console.log('');
  report(`self-play, ${SELFPLAY_GAMES} games, 1 worker`, 'games', { rates: one });
  report(`self-play, ${SELFPLAY_GAMES} games, 2 workers`, 'games', { rates: two });
  console.log(
    `${'  two workers over one'.padEnd(34)} ${(median(two) / median(one)).toFixed(2)} times ` +
      `(${availableParallelism()} cores; records written in the project's format, then dropped)`,
  );

  settle();
  const usage = process.resourceUsage();
  console.log('');
  console.log(
    `peak memory: ${mib(usage.maxRSS * 1024)} resident (maxRSS), ` +
      `heap used ${mib(peakHeap)} at most, ${mib(process.memoryUsage().heapUsed)} at the end`,
  );
  if (sink < 0) console.log(sink);
  console.log(`whole games per second: ${Math.round(median(alone.rates))}`);
  console.log(`phases from text per second: ${Math.round(fromFile.rate)}`);
  console.log(`legal orders per second: ${Math.round(legalRate)}`);
  console.log(`movement phases per second: ${Math.round(median(main.rates))}`);
}

/**
 * What `arbiter adjudicate` does with a line (`answerInPlace`: read it in place, adjudicate,
 * answer with the line's bytes around the new result), over the corpus: a second's warm-up, then
 * five rounds of a second. In a process of its own: in the benchmark's, which holds the corpus
 * parsed through the same order reader, V8 allocates the reader's objects straight into the old
 * generation (allocation-site pretenuring: they had all lived long there), and a line cost half
 * as much again (docs/performance-rounds.md, seventeenth round).
 */
function textRounds(): Rounds {
  const data = corpusBytes();
  const answer = nodeByteWriter();
  const lines = answerAll(data, answer);
  let bytes = 0;
  const pass = (): void => {
    answerAll(data, answer);
    bytes += answer.take().length;
  };
  measure(pass, lines, 1, 1000);
  const rounds = measure(pass, lines, 5, 1000);
  if (bytes === 0) throw new Error('the text path wrote nothing');
  return rounds;
}

/** `textRounds` in a child process of its own (this script with `--text`). */
function textAlone(): Rounds {
  return inOwnProcess('--text', ['--expose-gc'], "the text path's") as Rounds;
}

/** What one run of `arbiter adjudicate` took: phases, wall seconds, phases a second. */
interface CommandRun {
  readonly phases: number;
  readonly seconds: number;
  readonly rate: number;
}

/**
 * The real command, `arbiter adjudicate` in a process of its own, on the corpus forty times over
 * (wall time, start-up included), twice:
 *
 * - between two pipes, as a script runs it (`producer | arbiter adjudicate | consumer`): `cat`
 *   feeds it and `cmp` reads its answer, checking it byte for byte as it comes (the corpus's
 *   records carry their results, so the answer is the input itself). Two small C programs on
 *   the other core, so that the figure is the command's: this row used to hand the input to
 *   `spawnSync` and collect the answer as one string in this process, which took as long as
 *   the command and printed half its rate;
 * - from a file to /dev/null, as a researcher runs it (`arbiter adjudicate < records.jsonl >
 *   results.jsonl`): the figure for scripts, the issue's "through `arbiter adjudicate`".
 */
function adjudicateCommand(lines: readonly string[]): {
  piped: CommandRun;
  fromFile: CommandRun;
} {
  const copies = 40;
  const phases = lines.length * copies;
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
  const file = join(dir, 'records.jsonl');
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const timed = (run: () => SpawnSyncReturns<string>, what: string): CommandRun => {
    const start = now();
    const r = run();
    const seconds = (now() - start) / 1000;
    if (r.error !== undefined || r.status !== 0)
      throw new Error(`arbiter adjudicate ${what} failed: ${r.error?.message ?? r.stderr}`);
    return { phases, seconds, rate: phases / seconds };
  };
  try {
    const once = lines.join('\n') + '\n';
    writeFileSync(file, '');
    for (let i = 0; i < copies; i++) appendFileSync(file, once);
    const piped = timed(
      () =>
        spawnSync(
          'sh',
          [
            '-c',
            'cat "$1" | "$2" "$3" adjudicate | cmp -s - "$1"',
            'sh',
            file,
            process.execPath,
            main,
          ],
          { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
        ),
      'between pipes (or its answer differed from the corpus)',
    );
    const input = openSync(file, 'r');
    const output = openSync('/dev/null', 'w');
    try {
      const fromFile = timed(
        () =>
          spawnSync(process.execPath, [main, 'adjudicate'], {
            stdio: [input, output, 'pipe'],
            encoding: 'utf8',
          }),
        'from a file',
      );
      return { piped, fromFile };
    } finally {
      closeSync(input);
      closeSync(output);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `randomGames` measured: games a second by round, phases a second in them. */
interface GameRounds {
  readonly rounds: Rounds;
  readonly phases: number;
  readonly movement: number;
  readonly perGame: number;
}

/** Whole random games to 1920, seeds 1, 2, ...: a second's warm-up, then five rounds of 2 s. */
function randomGames(map: typeof standardMap): GameRounds {
  let seed = 1;
  let gamesPlayed = 0;
  let gamePhases = 0;
  let movementPhases = 0;
  const game = (): void => {
    const g = playRandomGame(map, { seed: seed++, lastYear: 1920, explain: false });
    for (let step = g.next(); step.done !== true; step = g.next()) {
      gamePhases++;
      if (step.value.report.phase.type === 'movement') movementPhases++;
    }
    gamesPlayed++;
  };
  measure(game, 1, 1, 1000);
  gamesPlayed = gamePhases = movementPhases = 0;
  const start = now();
  const rounds = measure(game, 1, 5, 2000);
  const seconds = (now() - start) / 1000;
  return {
    rounds,
    phases: gamePhases / seconds,
    movement: movementPhases / seconds,
    perGame: gamePhases / gamesPlayed,
  };
}

/**
 * Self-play across worker threads, as `arbiter selfplay` plays: the same games with one worker
 * and with two, the output dropped; wall time from the first worker's start to the last game.
 * Run in a process of its own (this script with `--selfplay`), as the command runs: in this
 * one, the sections above leave a main thread with a large heap (the corpus, its results),
 * whose collections take V8's helper threads from the workers' core (1.76 times here against
 * 1.85-1.87 in a fresh process, on the same machine minutes apart).
 */
async function selfplayRounds(): Promise<SelfplayRounds> {
  // Long enough that each worker's own warm-up (its code compiled afresh: about 0.6 s in which
  // it plays at a fraction of its rate, while V8's compiler threads take a core's worth) does
  // not decide the ratio, as it does not in a run of the size self-play is for: on one quiet
  // machine 1.21 times in runs of 2,000 games, 1.45-1.65 in runs of 6,000, 1.79-1.85 in runs of
  // 24,000 (docs/performance-rounds.md, tenth round).
  const rate = async (workers: number): Promise<number> => {
    const s = await selfPlay({
      games: SELFPLAY_GAMES,
      workers,
      variant: 'standard',
      seed: 1,
      years: 20,
      format: 'arbiter',
      write: () => undefined,
    });
    return (s.played / s.elapsed) * 1000;
  };
  const one: number[] = [];
  const two: number[] = [];
  for (let r = 0; r < SELFPLAY_ROUNDS; r++) {
    one.push(await rate(1));
    two.push(await rate(2));
  }
  return { one, two };
}

const SELFPLAY_GAMES = 20_000;
const SELFPLAY_ROUNDS = 2;

/** Self-play's games a second, a round each: with one worker, and with two. */
interface SelfplayRounds {
  readonly one: number[];
  readonly two: number[];
}

/** `selfplayRounds` in a child process of its own (this script with `--selfplay`). */
function selfplayAlone(): SelfplayRounds {
  return inOwnProcess('--selfplay', [], "self-play's") as SelfplayRounds;
}

/**
 * What this script prints as JSON when run with `flag` in a child process of its own (node
 * started with `nodeFlags`); `what` names the section in the error if the child fails.
 */
function inOwnProcess(flag: string, nodeFlags: readonly string[], what: string): unknown {
  const script = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, [...nodeFlags, script, flag], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} own process failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as unknown;
}

/** `randomGames` in a child process of its own (this script with `--games`). */
function gamesAlone(): Rounds {
  return (inOwnProcess('--games', ['--expose-gc'], "the games'") as GameRounds).rounds;
}

if (process.argv.includes('--games')) console.log(JSON.stringify(randomGames(standardMap)));
else if (process.argv.includes('--text')) console.log(JSON.stringify(textRounds()));
else if (process.argv.includes('--selfplay')) console.log(JSON.stringify(await selfplayRounds()));
else main();
