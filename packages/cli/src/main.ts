#!/usr/bin/env node
/** The `arbiter` command line: dispatches to a command and turns its errors into exit codes. */
import { existsSync, fstatSync, readFileSync, realpathSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import { Arbiter } from '@arbiter/app';
import { openStore, parseStoreUrl } from '@arbiter/store';
import { commandHelp, readArgs, type Command } from './args.js';
import { adjudicateCommand } from './commands/adjudicate.js';
import { datcCommand } from './commands/datc.js';
import { exportCommand } from './commands/export.js';
import { playCommand } from './commands/play.js';
import { replayCommand } from './commands/replay.js';
import { selfplayCommand } from './commands/selfplay.js';
import {
  readDescriptor,
  syncChunks,
  UsageError,
  writeFully,
  type Io,
  type StoredGames,
} from './io.js';

const COMMANDS: readonly Command[] = [
  playCommand,
  selfplayCommand,
  exportCommand,
  replayCommand,
  adjudicateCommand,
  datcCommand,
];

/** The version of the `arbiter` command: its package's. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const USAGE = `usage: arbiter COMMAND [OPTIONS]

commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(12)}${c.summary}`).join('\n')}

arbiter COMMAND --help     the command's options
arbiter --version          the version (${VERSION})`;

/** Runs one command line; returns the exit code (2 for a mistake in the command line). */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (command !== undefined) {
      const parsed = readArgs(command, args);
      if (parsed === 'help') {
        io.out(commandHelp(command));
        return 0;
      }
      return await command.run(parsed, io);
    }
    switch (name) {
      case undefined:
        io.err(USAGE);
        return 2;
      case 'help':
      case '--help':
      case '-h': {
        const about = COMMANDS.find((c) => c.name === args[0]);
        io.out(about === undefined ? USAGE : commandHelp(about));
        return 0;
      }
      case '--version':
      case '-v':
        io.out(`arbiter ${VERSION}`);
        return 0;
      default:
        throw new UsageError(
          name.startsWith('-') ? `unknown option ${name}` : `unknown command "${name}"`,
        );
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const where = e.command ?? command?.name;
    io.err(
      where === undefined
        ? `arbiter: ${e.message}; see arbiter --help`
        : `arbiter ${where}: ${e.message}; see arbiter ${where} --help`,
    );
    return 2;
  }
}

/**
 * The games of the database a URL names, read through the app (so with its secrecy: what
 * anyone may read). A SQLite file that does not exist is refused rather than created empty.
 */
export async function openStoredGames(url: string): Promise<StoredGames> {
  const at = parseStoreUrl(url);
  if (at.kind === 'sqlite' && at.path !== ':memory:' && !existsSync(at.path))
    throw new Error(`there is no database file ${at.path}`);
  const store = await openStore(url);
  const arbiter = new Arbiter({ store, clock: { now: () => Date.now() } });
  return {
    exportGame: (gameId) => arbiter.exportGame(undefined, gameId),
    close: () => store.close(),
  };
}

/**
 * How the program writes standard output: with `writeSync` when it is a file, a pipe or a device
 * that is not a terminal (`> results.jsonl`, `| gzip`, `> /dev/null`), through `process.stdout`
 * for a terminal or a socket. The stream copies each string into a buffer of its own first, and
 * on a pipe (which it makes non-blocking) queues what the pipe cannot take at once: while
 * `arbiter adjudicate` reads its input synchronously the queue is never written, and its 197 MB
 * sat in memory (6.3–6.6 s through a pipe, against 3.1–3.2 s to a file). Written directly, a
 * full pipe makes the program wait for its reader (`writeFully`). A closed pipe ends the
 * program quietly, as the stream's handler does (`arbiter adjudicate | head`).
 */
function stdoutWriter(): (text: string) => void {
  let direct = false;
  try {
    const stat = fstatSync(1);
    direct = stat.isFile() || stat.isFIFO() || (stat.isCharacterDevice() && !isatty(1));
  } catch {
    // No standard output to look at (closed): the stream reports that when written to.
  }
  if (!direct) {
    let watched = false;
    return (text) => {
      if (!watched) {
        watched = true;
        // A closed pipe (`arbiter play | head`) ends the program quietly.
        process.stdout.on('error', (e: NodeJS.ErrnoException) => {
          if (e.code !== 'EPIPE') throw e;
          process.exit(0);
        });
      }
      process.stdout.write(text + '\n');
    };
  }
  // `process.stdout` is never made here: on a pipe it would set the descriptor non-blocking, and
  // every full pipe would then be an EAGAIN and a wait instead of a write that blocks.
  const write = (data: string | Uint8Array): number =>
    typeof data === 'string' ? writeSync(1, data) : writeSync(1, data);
  return (text) => {
    try {
      writeFully(text + '\n', write, pauses());
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
      throw e;
    }
  };
}

/**
 * Waits for a full non-blocking pipe (shared with a process that set it so) to be read: 50 µs
 * at first, twice as long at each wait after, up to 5 ms, so that a quick reader is not kept
 * waiting and a slow one does not wake the program thousands of times a second.
 */
function pauses(): () => void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  let ms = 0.05;
  return () => {
    Atomics.wait(cell, 0, 0, ms);
    ms = Math.min(5, ms * 2);
  };
}

export const processIo: Io = {
  lines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
  chunks: () => syncChunks(readDescriptor(0), () => process.stdin as AsyncIterable<Buffer>),
  out: stdoutWriter(),
  err: (text) => process.stderr.write(text + '\n'),
  ...(process.stderr.isTTY ? { progress: (text: string) => process.stderr.write(text) } : {}),
  openGames: openStoredGames,
};

/** Runs the command line of this process (the `arbiter` bin calls this). */
export async function runProcess(): Promise<void> {
  process.exitCode = await run(process.argv.slice(2), processIo);
}

/** Whether this file is the program being run (`node packages/cli/dist/main.js ...`). */
function isMain(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMain()) await runProcess();
