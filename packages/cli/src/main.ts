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
import { readDescriptor, syncChunks, UsageError, type Io, type StoredGames } from './io.js';

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
 * How the program writes standard output: with `writeSync` when it is a file or a device that is
 * not a terminal (`> results.jsonl`, `> /dev/null`), through `process.stdout` otherwise (pipes
 * and terminals, whose stream handles back-pressure and a closed pipe). For a file the stream
 * does the same `writeSync`, but first copies each string into a new buffer of its own: a
 * fifth of `arbiter adjudicate`'s time once its input was read cheaply.
 */
function stdoutWriter(): (text: string) => void {
  let direct = false;
  try {
    const stat = fstatSync(1);
    direct = stat.isFile() || (stat.isCharacterDevice() && !isatty(1));
  } catch {
    // No standard output to look at (closed): the stream reports that when written to.
  }
  return direct
    ? (text) => {
        writeSync(1, text + '\n');
      }
    : (text) => process.stdout.write(text + '\n');
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
  // A closed pipe (`arbiter play | head`) ends the program quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
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
