/** The streams a command talks to, so commands run the same in a process and in tests. */
export interface Io {
  /** Lines of standard input, read lazily. */
  readonly lines: () => AsyncIterable<string>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
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
