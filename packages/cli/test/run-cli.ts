/** Runs `arbiter` in process, as the tests do: standard input given as lines, output kept. */
import type { Io } from '../src/io.js';
import { run } from '../src/main.js';

/** What a command line printed, and its exit code. */
export interface CliAnswer {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** Runs `argv` with `input` as standard input's lines; `openGames` opens databases, if given. */
export async function cli(
  argv: string[],
  input: readonly string[] = [],
  openGames?: Io['openGames'],
): Promise<CliAnswer> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    lines: async function* () {
      await Promise.resolve();
      yield* input;
    },
    out: (t) => out.push(...t.split('\n')),
    err: (t) => err.push(...t.split('\n')),
    ...(openGames === undefined ? {} : { openGames }),
  };
  const code = await run(argv, io);
  return { code, out, err };
}
