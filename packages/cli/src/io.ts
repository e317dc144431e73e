import type { MilaSavedGame, Result } from '@arbiter/engine';

/** The streams a command talks to, so commands run the same in a process and in tests. */
export interface Io {
  /** Lines of standard input, read lazily. */
  readonly lines: () => AsyncIterable<string>;
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
