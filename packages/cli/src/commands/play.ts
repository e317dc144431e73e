/** `arbiter play`: a whole game between seeded random players, every phase printed. */
import { parseArgs } from 'node:util';
import { playRandomGame, standardMap, type GameMap, type GameState } from '@arbiter/engine';
import { UsageError, type Io } from '../io.js';
import { centersLine, phaseText } from '../report.js';

export const PLAY_USAGE = 'arbiter play [--variant standard] --seed N [--years Y] [--quiet]';

const VARIANTS: Readonly<Record<string, GameMap>> = { standard: standardMap };

export function play(args: readonly string[], io: Io): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      variant: { type: 'string', default: 'standard' },
      seed: { type: 'string' },
      years: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const map = VARIANTS[values.variant];
  if (map === undefined) {
    throw new UsageError(
      `unknown variant "${values.variant}"; known: ${Object.keys(VARIANTS).join(', ')}`,
    );
  }
  if (values.seed === undefined) throw new UsageError('--seed N is required (a whole number)');
  const seed = wholeNumber('--seed', values.seed);
  const years = values.years === undefined ? undefined : wholeNumber('--years', values.years);
  if (years === 0) throw new UsageError('--years must be at least 1');
  const startYear = map.spec.startYear ?? 1901;
  const options = years === undefined ? { seed } : { seed, lastYear: startYear + years - 1 };
  const game = playRandomGame(map, options);
  let final: GameState | undefined;
  let phases = 0;
  for (let step = game.next(); ; step = game.next()) {
    if (step.done === true) {
      final = step.value;
      break;
    }
    phases++;
    if (!values.quiet) io.out(phaseText(map, step.value.report, step.value.state) + '\n');
  }
  io.out(
    `Game over after ${phases} phases (${final.winner === null ? 'no solo' : `${final.winner} wins`}).`,
  );
  io.out(`Final centres: ${centersLine(map, final)}`);
  return 0;
}

function wholeNumber(flag: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number, not "${text}"`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n > 0xffffffff)
    throw new UsageError(`${flag} is too large: ${text}`);
  return n;
}
