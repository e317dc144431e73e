import type { MilaSavedGame, Result } from '@arbiter/engine';

/** The streams a command talks to, so commands run the same in a process and in tests. */
export interface Io {
  /** Lines of standard input, read lazily. */
  readonly lines: () => AsyncIterable<string>;
  /**
   * Standard input as text, in pieces as they arrive (a process's stdin): commands that read
   * many lines take them a piece at a time with `lineBatches`.
   */
  readonly chunks?: () => AsyncIterable<string>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /**
   * Writes a progress line as it is (carriage returns included, no newline): set only where
   * standard error is a terminal.
   */
  readonly progress?: (text: string) => void;
  /**
   * Opens the games of a store URL (`arbiter export --db`). Only the program's entry point
   * (`main.ts`) knows the store; a command without it says that it cannot open databases.
   */
  readonly openGames?: (url: string) => Promise<StoredGames>;
}

/** The stored games a command may read, through the app's own use cases (so its secrecy). */
export interface StoredGames {
  /** The game as MILA saved-game JSON, as `GET /games/{id}/export` gives it. */
  readonly exportGame: (
    gameId: string,
  ) => Promise<Result<MilaSavedGame, { readonly code: string; readonly message: string }>>;
  readonly close: () => Promise<void>;
}

/**
 * A mistake in the command line: printed as `arbiter COMMAND: MESSAGE; see arbiter COMMAND
 * --help`, exit code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command it belongs to; none for a mistake before the command is known. */
    readonly command?: string,
  ) {
    super(message);
  }
}

/**
 * Standard input's lines in batches: each piece of input that arrives, split into lines as
 * `readline` splits them (at `\n`, `\r\n` or a lone `\r`), or one line at a time where the
 * streams give only lines. A command answers a batch with one write, not one per line.
 */
export async function* lineBatches(io: Io): AsyncGenerator<string[]> {
  if (io.chunks === undefined) {
    for await (const line of io.lines()) yield [line];
    return;
  }
  let rest = '';
  for await (const chunk of io.chunks()) {
    const text = rest + chunk;
    const lines = text.split(/\r\n|\r|\n/);
    rest = lines.pop()!;
    // A `\r` at the end of a piece may be half of a `\r\n`: keep it for the next piece.
    if (text.endsWith('\r') && rest === '') {
      const last = lines.pop();
      if (last !== undefined) rest = last + '\r';
    }
    if (lines.length > 0) yield lines;
  }
  if (rest.endsWith('\r')) rest = rest.slice(0, -1);
  if (rest !== '') yield [rest];
}
