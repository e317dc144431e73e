/**
 * A command's arguments: read with `node:util` `parseArgs`, but every mistake is named on its
 * own (`unknown option --sed`) so that the command line can point to the command's `--help`
 * instead of repeating the whole usage.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type Io } from './io.js';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/** The values and positionals of a command line that passed every check. */
export type ParsedArgs<O extends OptionSpecs> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true }>
>;

/** One `arbiter` command: its name, its help, its options, and what it does. */
export interface Command<O extends OptionSpecs = OptionSpecs> {
  readonly name: string;
  /** One line: `arbiter datc [FILE]`. */
  readonly usage: string;
  /** What it does, in one line, for `arbiter --help`. */
  readonly summary: string;
  /** The rest of `arbiter NAME --help`: the options and what the output looks like. */
  readonly help: string;
  readonly options: O;
  /** How many positional arguments it takes (default none). */
  readonly positionals?: { readonly min: number; readonly max: number };
  readonly run: (args: ParsedArgs<O>, io: Io) => number | Promise<number>;
}

/** Declares a command, keeping its option types for `run`. */
export function defineCommand<O extends OptionSpecs>(command: Command<O>): Command<O> {
  return command;
}

/** The full help of one command. */
export function commandHelp(c: Command): string {
  return `usage: ${c.usage}\n\n${c.summary}\n\n${c.help}`;
}

/**
 * Reads a command's arguments; `'help'` when `--help` or `-h` is among them. Throws a
 * `UsageError` naming the first bad argument.
 */
export function readArgs<O extends OptionSpecs>(
  command: Command<O>,
  args: readonly string[],
): ParsedArgs<O> | 'help' {
  const options = command.options;
  const { tokens, values, positionals } = parseArgs({
    args: [...args],
    options: { ...options, help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (values['help'] === true) return 'help';
  const fail = (message: string): never => {
    throw new UsageError(message, command.name);
  };
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    const spec = Object.hasOwn(options, t.name) ? options[t.name] : undefined;
    if (spec === undefined) return fail(`unknown option ${t.rawName}`);
    if (spec.type === 'string' && t.value === undefined) fail(`option ${t.rawName} needs a value`);
    if (spec.type === 'boolean' && t.value !== undefined)
      fail(`option ${t.rawName} takes no value`);
    if (
      spec.multiple !== true &&
      tokens.filter((u) => u.kind === 'option' && u.name === t.name).length > 1
    )
      fail(`option ${t.rawName} is given twice`);
  }
  const { min, max } = command.positionals ?? { min: 0, max: 0 };
  if (positionals.length > max) {
    const extra = positionals[max]!;
    fail(max === 0 ? `unexpected argument "${extra}"` : `one argument too many: "${extra}"`);
  }
  if (positionals.length < min) fail(`missing argument; usage: ${command.usage}`);
  return { values, positionals };
}
