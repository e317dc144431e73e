#!/usr/bin/env node
/** The `arbiter` command line: dispatches to a command and turns its errors into exit codes. */
import { realpathSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ADJUDICATE_USAGE, adjudicate } from './commands/adjudicate.js';
import { DATC_USAGE, datc } from './commands/datc.js';
import { PLAY_USAGE, play } from './commands/play.js';
import { UsageError, type Io } from './io.js';

const USAGE = `usage:
  ${PLAY_USAGE}
      play a whole game between seeded random players and print every phase
  ${ADJUDICATE_USAGE}
      read phase records (JSON lines) and write each back with its result
  ${DATC_USAGE}
      run a DATC case file (default: the project's DATC v3.2 set)`;

/** Runs one command line; returns the exit code. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'play':
        return play(args, io);
      case 'adjudicate':
        return await adjudicate(args, io);
      case 'datc':
        return datc(args, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    const usage =
      e instanceof UsageError ||
      (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;
    if (!usage) throw e;
    io.err(`arbiter: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
}

export const processIo: Io = {
  lines: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
};

/** Whether this file is the program being run (directly, or through the npm bin link). */
function isMain(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMain()) {
  // A closed pipe (`arbiter play | head`) ends the program quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
  process.exitCode = await run(process.argv.slice(2), processIo);
}
