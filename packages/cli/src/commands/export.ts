/**
 * `arbiter export`: a game as MILA saved-game JSON (docs/mila-format.md), the format bots,
 * datasets and research tools read. For now the game is a seeded random one: the very game
 * `arbiter play --seed N` prints.
 */
import { writeFileSync } from 'node:fs';
import {
  InvariantError,
  newGame,
  playVariantGame,
  toMilaGame,
  type HistoryPhase,
} from '@arbiter/engine';
import { VARIANTS } from '@arbiter/rules';
import { defineCommand } from '../args.js';
import type { Io } from '../io.js';
import { seats, seedAndYears } from './play.js';

export const exportCommand = defineCommand({
  name: 'export',
  usage: 'arbiter export --seed N [--years Y] [--out FILE]',
  summary: 'Writes a seeded random game of standard Diplomacy as MILA saved-game JSON.',
  help: `The game is the one \`arbiter play --seed N [--years Y]\` prints (standard map, seven
random players). The JSON is the MILA diplomacy engine's saved game (its to_saved_game_format),
on one line; docs/mila-format.md gives the mapping field by field.

options:
  --seed N          the game's seed (a whole number)
  --years Y         stop after Y game years (default: play to a solo)
  --out FILE        write to FILE instead of standard output`,
  options: {
    seed: { type: 'string' },
    years: { type: 'string' },
    out: { type: 'string' },
  },
  run: ({ values }, io) => exportSeeded(values, io),
});

function exportSeeded(values: { seed?: string; years?: string; out?: string }, io: Io): number {
  const { seed, years } = seedAndYears(values);
  const variant = VARIANTS['standard']!;
  const setup = { variant: variant.id, seed, players: seats(variant, variant.players.max) };
  const started = newGame(variant, setup);
  if (!started.ok) throw new InvariantError(started.error.message);
  const startYear = variant.map.spec.startYear ?? 1901;
  const phases: HistoryPhase[] = [];
  const game = playVariantGame(
    variant,
    setup,
    years === undefined ? {} : { lastYear: startYear + years - 1 },
  );
  for (let step = game.next(); step.done !== true; step = game.next()) phases.push(step.value);
  const json = JSON.stringify(
    toMilaGame(variant.map, { id: `arbiter-seed-${seed}`, start: started.value, phases }),
  );
  if (values.out === undefined) io.out(json);
  else writeFileSync(values.out, json + '\n');
  return 0;
}
