/** The streams a command talks to, so commands run the same in a process and in tests. */
export interface Io {
  /** Lines of standard input, read lazily. */
  readonly lines: () => AsyncIterable<string>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** A command's usage error: printed with the usage line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
