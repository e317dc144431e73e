/**
 * `npm run bench:instructions`: instructions a movement phase, a record line, a random game and
 * a legal-order board, counted by valgrind's callgrind. Unlike times, these counts stay the same
 * whatever else the machine is doing, so two builds can be compared on a busy machine.
 *
 * Each figure is a difference: the same probe is run twice under callgrind, with `low` and
 * `high` passes of its work, and (instructions of the longer run − instructions of the shorter)
 * / (items in the extra passes) is what one item costs once everything is loaded and compiled.
 * Node runs with `--single-threaded`, so V8 optimises on the main thread as it runs: without it,
 * its compiler threads starve under valgrind and the code stays in its slower tiers, which would
 * count instructions optimised code never executes. (Checked: the movement figure agrees with
 * the ~78,000 `perf stat -e instructions:u` gave on a machine with counters.)
 *
 *   npm run bench:instructions [-- kernel text games legal]
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  adjudicateMovement,
  legalOrdersByPower,
  playRandomGame,
  readRecord,
  standardMap,
  type GameState,
} from '@arbiter/engine';
import { answerAll, corpusBytes, corpusLines } from './bench-corpus.js';
import { nodeByteWriter } from './byte-writer.js';

interface Probe {
  /** What one item is, for the printed line. */
  readonly item: string;
  /** The passes of the shorter and the longer run. */
  readonly low: number;
  readonly high: number;
  /** Sets up (counted in both runs alike) and returns a pass, which gives the items it did. */
  readonly setUp: () => (index: number) => number;
}

/** Games played before the games probe counts (see there). */
const WARM_GAMES = 400;

/** A sink the optimiser cannot see through. */
let sink = 0;

const PROBES: Readonly<Record<string, Probe>> = {
  kernel: {
    item: 'a movement phase (adjudicateMovement, validated, no explanations)',
    // The first passes of a process run partly in lower tiers, by a share that differs from run
    // to run: from 3 passes to 7, one build counted 57,000 to 80,000 instructions a phase; from
    // 10 to 20, within 1% (docs/performance-rounds.md, twenty-first round).
    low: 10,
    high: 20,
    setUp: () => {
      const phases = corpusLines().map((line) => {
        const r = readRecord(standardMap, JSON.parse(line));
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      });
      return () => {
        for (const p of phases)
          sink += adjudicateMovement(standardMap, p.units, p.orders, { explain: false }).outcomes
            .length;
        return phases.length;
      };
    },
  },
  text: {
    item: "a record line (arbiter adjudicate's work on a line: read, adjudicate, answer as bytes)",
    // As for the kernel: from 2 passes to 4, 195,000 to 271,000 for one build (see `NODE_FLAGS`).
    low: 6,
    high: 14,
    setUp: () => {
      const data = corpusBytes();
      const out = nodeByteWriter();
      return () => {
        const lines = answerAll(data, out);
        sink += out.take().length;
        return lines;
      };
    },
  },
  games: {
    item: 'a random game to 1920 (playRandomGame, explanations off)',
    low: 2,
    high: 10,
    setUp: () => {
      const play = (seed: number): void => {
        for (const step of playRandomGame(standardMap, { seed, lastYear: 1920, explain: false }))
          sink += step.report.outcomes.length;
      };
      // Warm first: the first few hundred games of a process run in V8's lower tiers while its
      // optimising compiler catches up (2 to 9 ms a game natively against 1.6 ms from about
      // the 400th on), and a difference of games 51 to 150 counted that warm-up: 31.8 M
      // instructions a game, nearly three times those of the optimised code self-play runs.
      for (let seed = 0; seed < WARM_GAMES; seed++) play(1_000_000 + seed);
      const perPass = 25;
      return (index: number) => {
        for (let g = 0; g < perPass; g++) play(1 + index * perPass + g);
        return perPass;
      };
    },
  },
  legal: {
    item: 'a mid-game board (legalOrdersByPower, seven powers, F1905M of seed 1)',
    low: 2,
    high: 6,
    setUp: () => {
      let board: GameState | undefined;
      for (const step of playRandomGame(standardMap, { seed: 1, lastYear: 1905, explain: false })) {
        const { phase } = step.state;
        if (phase.type === 'movement' && phase.year === 1905 && phase.season === 'fall') {
          board = step.state;
          break;
        }
      }
      if (board === undefined) throw new Error('seed 1 did not reach Fall 1905');
      const state = board;
      const perPass = 200;
      return () => {
        for (let i = 0; i < perPass; i++)
          for (const list of Object.values(legalOrdersByPower(standardMap, state)))
            sink += list.length;
        return perPass;
      };
    },
  },
};

/** In the child, under valgrind: set up, run `passes` passes, print how many items. */
function probe(name: string, passes: number): void {
  const p = PROBES[name];
  if (p === undefined) throw new Error(`no probe "${name}"`);
  const pass = p.setUp();
  let items = 0;
  for (let i = 0; i < passes; i++) items += pass(i);
  console.log(`items ${items}${sink < 0 ? ' ' : ''}`);
}

const SELF = fileURLToPath(import.meta.url);

/**
 * Node's flags under callgrind: V8 optimises on the main thread (`--single-threaded`, see the
 * top); hashes and random numbers are the same from run to run (`--predictable`, fixed seeds),
 * as are the collector's schedule (`--predictable-gc-schedule`: heap growth fixed, not taken from
 * timings) and the code it keeps (`--no-flush-bytecode`: no function's bytecode dropped by age),
 * and the address space (`setarch -R`, where the machine allows it). Without the last two flags
 * the text probe's runs of one build counted 212,055 and 258,491 instructions a line; with them
 * 218,521 and 218,056. Runs still differ in how much of the first passes runs before V8 has
 * optimised it, so each probe's difference starts late and spans enough work that runs of one
 * build agree within about 2% (docs/performance-rounds.md, twenty-first round).
 */
const NODE_FLAGS = [
  '--single-threaded',
  '--predictable',
  '--predictable-gc-schedule',
  '--no-flush-bytecode',
  '--hash-seed=1',
  '--random-seed=1',
];

/** Whether `setarch -R` (no address-space randomisation) works here; asked by `main`. */
let noAslr = false;

/** Instructions callgrind counted for one run of the probe, and the items the run did. */
function count(name: string, passes: number): Promise<{ instructions: number; items: number }> {
  return new Promise((resolve, reject) => {
    const valgrind = [
      'valgrind',
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      'node',
      ...NODE_FLAGS,
      SELF,
      '--probe',
      name,
      String(passes),
    ];
    const [command, ...args] = noAslr ? ['setarch', '-R', ...valgrind] : valgrind;
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /Collected\s*:\s*(\d+)/.exec(err);
      const items = /^items (\d+)/m.exec(out);
      if (code !== 0 || m === null || items === null)
        reject(new Error(`callgrind of ${name} × ${passes} failed (exit ${code}):\n${err}`));
      else resolve({ instructions: Number(m[1]), items: Number(items[1]) });
    });
  });
}

/** Runs `jobs` at most `width` at a time, results in order. */
async function pool<T>(jobs: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array<T>(jobs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--probe') {
    probe(args[1] ?? '', Number(args[2]));
    return;
  }
  const names = args.length > 0 ? args : Object.keys(PROBES);
  for (const n of names)
    if (PROBES[n] === undefined)
      throw new Error(`unknown probe "${n}"; the probes are ${Object.keys(PROBES).join(', ')}`);
  noAslr = spawnSync('setarch', ['-R', 'true']).status === 0;
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.error(
      'bench:instructions needs valgrind (Debian: apt-get install -y valgrind); no figure printed',
    );
    process.exitCode = 1;
    return;
  }
  console.log(
    `arbiter bench:instructions: node ${process.version}, callgrind, ${NODE_FLAGS.join(' ')}` +
      `${noAslr ? ', setarch -R' : ' (setarch -R does not work here)'}; ` +
      `each figure the difference of two runs (about 12 minutes on 2 cores)`,
  );
  const runs = names.flatMap((n) => [
    () => count(n, PROBES[n]!.low),
    () => count(n, PROBES[n]!.high),
  ]);
  const counts = await pool(runs, Math.max(1, availableParallelism()));
  names.forEach((n, i) => {
    const low = counts[2 * i]!;
    const high = counts[2 * i + 1]!;
    const per = (high.instructions - low.instructions) / (high.items - low.items);
    console.log(
      `instructions ${n}: ${Math.round(per).toLocaleString('en')} for ${PROBES[n]!.item}`,
    );
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
