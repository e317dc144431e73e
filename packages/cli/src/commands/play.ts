/**
 * `arbiter play`: a whole game between seeded random players, every phase printed as the chosen
 * viewer may see it (the public by default: a variant's secrets stay secret here too).
 */
import {
  EDITIONS,
  eventsFor,
  gameEdition,
  isEdition,
  optionProblems,
  playVariantGame,
  victoryAtEnd,
  viewFor,
  type Variant,
  type VariantState,
  type Viewer,
} from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { defineCommand } from '../args.js';
import { UsageError, type Io } from '../io.js';
import { centersLine, phaseText } from '../report.js';

export const playCommand = defineCommand({
  name: 'play',
  usage:
    'arbiter play [--variant ID] --seed N [--years Y] [--players P] [--rulebook EDITION] [--option MODULE.SETTING=VALUE]... [--viewer public|gm|PLAYER] [--quiet]',
  summary: 'Plays a whole game between seeded random players and prints every phase.',
  help: `options:
  --seed N          the game's seed (a whole number): the same seed gives the same game
  --variant ID      standard (default), fink, deviant2, fiascomacy or pink3
  --years Y         stop after Y game years (default: play to a solo)
  --players P       how many players (default: as many as the variant has powers)
  --rulebook E      the rulebook edition: 1971, 1976, 1982, 2000 or 2023 (default 2023,
                    whatever the variant's text names; docs/editions.md)
  --option M.S=V    a setting of one of the variant's modules, as many times as needed:
                    --option fink.FINK_RETREATS_AFTER=true (true/false, numbers, null for
                    none, else text); a setting the module does not have, or a value not of
                    its kind or out of its range, is refused, with what it takes
  --viewer V        print what V may see: public (default), gm, or a player's id
  --quiet           print only the closing lines

The same game as MILA saved-game JSON: arbiter export --seed N [--years Y].`,
  options: {
    variant: { type: 'string', default: 'standard' },
    seed: { type: 'string' },
    years: { type: 'string' },
    players: { type: 'string' },
    rulebook: { type: 'string' },
    option: { type: 'string', multiple: true },
    viewer: { type: 'string', default: 'public' },
    quiet: { type: 'boolean', default: false },
  },
  run: ({ values }, io) => play(values, io),
});

function play(
  values: {
    variant: string;
    seed?: string;
    years?: string;
    players?: string;
    rulebook?: string;
    option?: string[];
    viewer: string;
    quiet: boolean;
  },
  io: Io,
): number {
  const variant = VARIANTS[values.variant];
  if (variant === undefined) {
    throw new UsageError(
      `unknown variant "${values.variant}"; known: ${Object.keys(VARIANTS).join(', ')}`,
    );
  }
  const { seed, years } = seedAndYears(values);
  // By default as many players as the variant takes, or one per power where any number may play
  // (Fiascomacy's investors).
  const count =
    values.players === undefined
      ? Math.min(variant.players.max, variant.map.powers.length)
      : wholeNumber('--players', values.players);
  if (count < variant.players.min || count > variant.players.max) {
    throw new UsageError(
      `${variant.name} takes ${
        Number.isFinite(variant.players.max)
          ? `${variant.players.min} to ${variant.players.max}`
          : `at least ${variant.players.min}`
      } players, not ${count}`,
    );
  }
  const players = seats(variant, count);
  const rulebook = values.rulebook;
  if (rulebook !== undefined && !isEdition(rulebook)) {
    throw new UsageError(`unknown rulebook edition "${rulebook}"; known: ${EDITIONS.join(', ')}`);
  }
  const options = moduleOptions(variant, values.option ?? []);
  const viewer = viewerOf(
    values.viewer,
    players.map((p) => p.id),
  );
  const startYear = variant.map.spec.startYear ?? 1901;
  const game = playVariantGame(
    variant,
    {
      variant: variant.id,
      seed,
      players,
      ...(rulebook === undefined ? {} : { rulebook }),
      ...(options === undefined ? {} : { options }),
    },
    { ...(years === undefined ? {} : { lastYear: startYear + years - 1 }), catalogue: CATALOGUE },
  );
  let final: VariantState | undefined;
  let phases = 0;
  for (let step = game.next(); ; step = game.next()) {
    if (step.done === true) {
      final = step.value;
      break;
    }
    phases++;
    const { report, state, events } = step.value;
    if (values.quiet) continue;
    const lines = [phaseText(variant.map, report, state)];
    for (const e of eventsFor(events, viewer)) lines.push(`  * ${e.text}`);
    io.out(lines.join('\n') + '\n');
  }
  // A game stopped at its last year may still have winners a module names (Fiascomacy's Score).
  if (years !== undefined && final.winners !== null && final.winner === null) {
    const lastYear = startYear + years - 1;
    const unended = { ...final, winners: null };
    const end = victoryAtEnd(variant, unended, `The game ends after ${lastYear}`, CATALOGUE);
    if (end !== undefined) io.out(`${end.reason}.`);
  }
  const seen = viewFor(variant, final, viewer, CATALOGUE);
  const outcome =
    seen.winners !== null
      ? `${seen.winners.join(' and ')} win${seen.winners.length === 1 ? 's' : ''}`
      : seen.winner !== null
        ? `${seen.winner} wins`
        : 'no solo';
  io.out(`Game over after ${phases} phases (${outcome}).`);
  // Said only for another edition than the default, as the game's own state has it.
  const edition = gameEdition(final);
  if (edition !== '2023') io.out(`Rulebook: the ${edition} rules.`);
  io.out(`Final centres: ${centersLine(variant.map, seen)}`);
  return 0;
}

/**
 * The `--option MODULE.SETTING=VALUE` flags as a game's options, checked against the variant's
 * modules' settings (an unknown module or setting, or a value of the wrong kind or out of range,
 * is a usage error).
 */
export function moduleOptions(
  variant: Variant,
  flags: readonly string[],
): Record<string, Record<string, unknown>> | undefined {
  if (flags.length === 0) return undefined;
  const options: Record<string, Record<string, unknown>> = {};
  for (const flag of flags) {
    const m = /^([^.=\s]+)\.([^=\s]+)=(.*)$/.exec(flag);
    if (m === null)
      throw new UsageError(
        `--option "${flag}" is not like MODULE.SETTING=VALUE (fink.phantomFink=true)`,
      );
    const [, module, setting, text] = m as unknown as [string, string, string, string];
    const value: unknown =
      text === 'true'
        ? true
        : text === 'false'
          ? false
          : text === 'null'
            ? null
            : /^-?\d+(\.\d+)?$/.test(text)
              ? Number(text)
              : text;
    (options[module] ??= {})[setting] = value;
  }
  const problems = optionProblems(variant, options);
  if (problems.length > 0)
    throw new UsageError(
      problems.map((p) => `--option ${p.path.slice('options.'.length)}: ${p.message}`).join('; '),
    );
  return options;
}

export function seats(variant: Variant, count: number): { id: string; powers: string[] }[] {
  const given = variant.seats?.(count);
  if (given !== undefined) return given.map((p) => ({ id: p.id, powers: [...p.powers] }));
  return variant.map.powers.slice(0, count).map((p) => ({ id: p, powers: [p] }));
}

function viewerOf(text: string, players: readonly string[]): Viewer {
  if (text === 'public') return { kind: 'public' };
  if (text === 'gm') return { kind: 'gm' };
  if (players.includes(text)) return { kind: 'player', player: text };
  throw new UsageError(
    `--viewer must be public, gm or a player (${players.join(', ')}), not "${text}"`,
  );
}

/** The `--seed` (required) and `--years` (optional, at least 1) of a seeded game. */
export function seedAndYears(values: { seed?: string; years?: string }): {
  seed: number;
  years: number | undefined;
} {
  if (values.seed === undefined) throw new UsageError('--seed N is required (a whole number)');
  const seed = wholeNumber('--seed', values.seed);
  const years = values.years === undefined ? undefined : wholeNumber('--years', values.years);
  if (years === 0) throw new UsageError('--years must be at least 1');
  return { seed, years };
}

/** A whole number given for `flag` (refused as a usage error otherwise, or when over 32 bits). */
export function wholeNumber(flag: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number, not "${text}"`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n > 0xffffffff)
    throw new UsageError(`${flag} is too large: ${text}`);
  return n;
}
