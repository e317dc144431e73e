/**
 * `arbiter export`: a game as MILA saved-game JSON (docs/mila-format.md), the format bots,
 * datasets and research tools read: a stored game (`--db URL GAME_ID`, the very JSON of
 * `GET /api/v1/games/{id}/export`) or a seeded random one (`--seed N`, the game
 * `arbiter play --seed N` prints).
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
import { UsageError, type Io } from '../io.js';
import { seats, seedAndYears } from './play.js';

export const exportCommand = defineCommand({
  name: 'export',
  usage: 'arbiter export (--db URL GAME_ID | --seed N [--years Y]) [--out FILE]',
  summary: 'Writes a stored game, or a seeded random one, as MILA saved-game JSON.',
  help: `With --db, the game GAME_ID of the database URL (the server's --db): every processed
phase and the open one, exactly what GET /api/v1/games/{id}/export answers (public results only:
no pending orders, no press, no secret roles). Standard-map games only.
With --seed, the game \`arbiter play --seed N [--years Y]\` prints (standard map, seven random
players).
The JSON is the MILA diplomacy engine's saved game (its to_saved_game_format), on one line;
docs/mila-format.md gives the mapping field by field.

options:
  --db URL          the database: sqlite:PATH, a path ending .sqlite, or postgres://...
  --seed N          the game's seed (a whole number)
  --years Y         with --seed: stop after Y game years (default: play to a solo)
  --out FILE        write to FILE instead of standard output

exit codes: 0 written; 1 the database or the game cannot be read (the reason on standard
error); 2 a mistake in the command line.`,
  options: {
    db: { type: 'string' },
    seed: { type: 'string' },
    years: { type: 'string' },
    out: { type: 'string' },
  },
  positionals: { min: 0, max: 1 },
  run: ({ values, positionals }, io) => {
    if (values.db === undefined) {
      if (positionals[0] !== undefined)
        throw new UsageError(`a GAME_ID ("${positionals[0]}") needs --db URL`, 'export');
      if (values.seed === undefined)
        throw new UsageError('which game? give --db URL GAME_ID or --seed N', 'export');
      return exportSeeded(values, io);
    }
    if (values.seed !== undefined || values.years !== undefined)
      throw new UsageError('--db and --seed/--years exclude each other', 'export');
    const gameId = positionals[0];
    if (gameId === undefined) throw new UsageError('--db URL needs a GAME_ID', 'export');
    return exportStored(values.db, gameId, values.out, io);
  },
});

/** Writes one line of JSON to standard output or to a file. */
function write(json: string, out: string | undefined, io: Io): void {
  if (out === undefined) io.out(json);
  else writeFileSync(out, json + '\n');
}

async function exportStored(
  url: string,
  gameId: string,
  out: string | undefined,
  io: Io,
): Promise<number> {
  if (io.openGames === undefined) {
    io.err('arbiter export: this program cannot open databases');
    return 1;
  }
  let games;
  try {
    games = await io.openGames(url);
  } catch (e) {
    io.err(`arbiter export: cannot open ${url}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  try {
    const r = await games.exportGame(gameId);
    if (!r.ok) {
      io.err(`arbiter export: game ${gameId}: ${r.error.message} (${r.error.code})`);
      return 1;
    }
    write(JSON.stringify(r.value), out, io);
    return 0;
  } finally {
    await games.close();
  }
}

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
  write(json, values.out, io);
  return 0;
}
