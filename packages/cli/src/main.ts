#!/usr/bin/env node
/** The `arbiter` command line: dispatches to a command and turns its errors into exit codes. */
import { once } from 'node:events';
import { existsSync, fstatSync, readFileSync, realpathSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import { commandHelp, readArgs, type Command } from './args.js';
import {
  readDescriptor,
  syncChunks,
  syncPieces,
  UsageError,
  writeFully,
  type Io,
  type StoredGames,
} from './io.js';

/** A command by name, its module loaded only when it is asked for. */
interface LazyCommand {
  readonly name: string;
  readonly load: () => Promise<Command>;
}

/**
 * The commands, in the order the general help lists them. Each is imported when it runs (or
 * when the help lists it), so that a command loads only what it uses: `arbiter adjudicate`
 * needs the engine alone, not the rule modules, the app or the store, whose loading was a fifth
 * of a second of every start (and a tenth of the whole corpus read forty times).
 */
const COMMANDS: readonly LazyCommand[] = [
  { name: 'play', load: async () => (await import('./commands/play.js')).playCommand },
  { name: 'selfplay', load: async () => (await import('./commands/selfplay.js')).selfplayCommand },
  { name: 'export', load: async () => (await import('./commands/export.js')).exportCommand },
  { name: 'replay', load: async () => (await import('./commands/replay.js')).replayCommand },
  {
    name: 'adjudicate',
    load: async () => (await import('./commands/adjudicate.js')).adjudicateCommand,
  },
  { name: 'datc', load: async () => (await import('./commands/datc.js')).datcCommand },
];

/** The version of the `arbiter` command: its package's. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The general help: every command with its summary (which loads them all). */
async function usage(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map((c) => c.load()));
  return `usage: arbiter COMMAND [OPTIONS]

commands:
${commands.map((c) => `  ${c.name.padEnd(12)}${c.summary}`).join('\n')}

arbiter COMMAND --help     the command's options
arbiter --version          the version (${VERSION})`;
}

/** Runs one command line; returns the exit code (2 for a mistake in the command line). */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  const known = COMMANDS.find((c) => c.name === name);
  try {
    if (known !== undefined) {
      const command = await known.load();
      const parsed = readArgs(command, args);
      if (parsed === 'help') {
        io.out(commandHelp(command));
        return 0;
      }
      return await command.run(parsed, io);
    }
    switch (name) {
      case undefined:
        io.err(await usage());
        return 2;
      case 'help':
      case '--help':
      case '-h': {
        const about = COMMANDS.find((c) => c.name === args[0]);
        io.out(about === undefined ? await usage() : commandHelp(await about.load()));
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
    const where = e.command ?? known?.name;
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
  // Imported here: only `arbiter export --db` opens a database.
  const [{ openStore, parseStoreUrl }, { Arbiter }] = await Promise.all([
    import('@arbiter/store'),
    import('@arbiter/app'),
  ]);
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

/** Output queued for a pipe beyond which `flush` waits for the reader (bounded memory). */
const QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * Whether standard output is a file or a device that is not a terminal (`> results.jsonl`,
 * `> /dev/null`), written with `writeSync`: `process.stdout` does the same writes there, but
 * copies each string into a new buffer first.
 */
function stdoutIsFile(): boolean {
  try {
    const stat = fstatSync(1);
    return stat.isFile() || (stat.isCharacterDevice() && !isatty(1));
  } catch {
    // No standard output to look at (closed): the stream reports that when written to.
    return false;
  }
}

/**
 * How the program writes standard output: directly to a file or a device (`writeFully`), through
 * `process.stdout` to a pipe or a terminal. On a pipe the stream queues what the pipe cannot
 * take at once and goes on, so the program computes while its reader reads; `flush` (after each
 * batch of `arbiter adjudicate`) gives the loop a turn to write the queue, which it never had
 * while input was read synchronously (all 197 MB of output then sat in memory until the end),
 * and waits for the reader beyond `QUEUED_BYTES`.
 */
function stdoutWriter(): Pick<Io, 'out' | 'outBytes' | 'flush'> {
  if (!stdoutIsFile()) {
    return {
      out: (text) => process.stdout.write(text + '\n'),
      outBytes: (bytes) => process.stdout.write(bytes),
      flush: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        while (process.stdout.writableLength > QUEUED_BYTES) await once(process.stdout, 'drain');
      },
    };
  }
  const write = (data: string | Uint8Array): number =>
    typeof data === 'string' ? writeSync(1, data) : writeSync(1, data);
  return {
    out: (text) => {
      writeFully(text + '\n', write, pauses());
    },
    outBytes: (bytes) => {
      writeFully(bytes, write, pauses());
    },
  };
}

/** What `pauses` waits on (nothing ever wakes it: each wait runs to its time). */
const PAUSE_CELL = new Int32Array(new SharedArrayBuffer(4));

/**
 * Waits for a descriptor that cannot take more at once (EAGAIN: a device, or a file some
 * other process made non-blocking): 50 µs at first, twice as long at each wait after, up to
 * 5 ms, so that a quick reader is not kept waiting and a slow one does not wake the program
 * thousands of times a second.
 */
function pauses(): () => void {
  let ms = 0.05;
  return () => {
    Atomics.wait(PAUSE_CELL, 0, 0, ms);
    ms = Math.min(5, ms * 2);
  };
}

export const processIo: Io = {
  lines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
  chunks: () => syncChunks(readDescriptor(0), () => process.stdin as AsyncIterable<Buffer>),
  pieces: () => syncPieces(readDescriptor(0), () => process.stdin as AsyncIterable<Buffer>),
  ...stdoutWriter(),
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
