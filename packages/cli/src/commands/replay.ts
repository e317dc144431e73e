/**
 * `arbiter replay FILE`: re-adjudicates every phase of a MILA saved game with Arbiter and reports
 * each phase where the file's recorded outcome differs, with the rule where one explains it.
 */
import { readFileSync } from 'node:fs';
import { readMilaGame, replayMilaGame, standardMap } from '@arbiter/engine';
import { defineCommand } from '../args.js';
import type { Io } from '../io.js';

export const replayCommand = defineCommand({
  name: 'replay',
  usage: 'arbiter replay FILE',
  summary: 'Re-adjudicates a MILA saved game (JSON) and reports where Arbiter differs.',
  help: `FILE is a saved game of the MILA diplomacy engine (its to_saved_game_format), on the
standard map; "-" reads standard input. Each phase is set up from the file's own board and
adjudicated with the file's orders; where the next phase, its units, retreats or centres, or a
unit's result words differ from the file, the phase is printed with what differs and, where
Arbiter follows the 2023 rules (DATC v3.2) and the file's engine older ones, the rule. The last
line is "N/M phases agree". Exit code 0 whatever differs; 1 when the file cannot be read, or a
phase cannot (the error names the phase and the field; no phase from there on is replayed).`,
  options: {},
  positionals: { min: 1, max: 1 },
  run: ({ positionals }, io) => replay(positionals[0]!, io),
});

async function replay(file: string, io: Io): Promise<number> {
  let value: unknown;
  try {
    const text = file === '-' ? await readAll(io) : readFileSync(file, 'utf8');
    value = JSON.parse(text);
  } catch (e) {
    io.err(`cannot read ${file}: ${(e as Error).message}`);
    return 1;
  }
  const read = readMilaGame(standardMap, value);
  const checks = replayMilaGame(standardMap, read);
  for (const c of checks) {
    if (c.agrees) continue;
    io.out(`${c.name} differs:`);
    for (const d of c.differences) io.out(`  ${d}`);
    for (const r of c.reasons) io.out(`  because ${r}`);
  }
  if (read.error !== undefined) {
    io.err(`${file}: ${read.error.path}: ${read.error.message}`);
    return 1;
  }
  io.out(`${checks.filter((c) => c.agrees).length}/${checks.length} phases agree`);
  return 0;
}

async function readAll(io: Io): Promise<string> {
  const lines: string[] = [];
  for await (const line of io.lines()) lines.push(line);
  return lines.join('\n');
}
