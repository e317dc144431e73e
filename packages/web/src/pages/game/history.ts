/**
 * The game's past, for the history slider: each processed phase's board (from the export, which
 * gives the board at the start of every phase) with its orders and results (from the phases
 * read), and phase names in words.
 */
import { parseMilaUnit, type GameMap, type OrderOutcome, type Unit } from '@arbiter/engine';
import type { ApiPhase } from '@arbiter/server/api-types';
import type { Board, MapOrder } from '../../map/board.js';
import type { ExportPhase } from './play-api.js';

const SEASONS: Readonly<Record<string, string>> = { S: 'Spring', F: 'Fall', W: 'Winter' };
const KINDS: Readonly<Record<string, string>> = {
  M: 'movement',
  R: 'retreats',
  A: 'adjustments',
};

/**
 * `S1901M` as `Spring 1901, movement`, a module's later step of a standard kind by its step
 * (`S1901R-fink` as `Spring 1901, retreats (fink)`); other names as they are.
 */
export function describePhase(name: string): string {
  const m = /^([SFW])(\d+)([MRA])(?:-([a-z][a-z0-9-]*))?$/.exec(name);
  if (m === null) return name;
  const base = `${SEASONS[m[1]!]} ${m[2]}, ${KINDS[m[3]!]}`;
  return m[4] === undefined ? base : `${base} (${m[4]})`;
}

/** The board an exported phase starts from; units it cannot read are left out. */
export function boardOfExport(map: GameMap, phase: ExportPhase): Board {
  const byName = new Map(map.spec.powers.map((p) => [p.name.toUpperCase(), p.id]));
  const units: Unit[] = [];
  const dislodged: { unit: Unit; attackerFrom: string; retreats: [] }[] = [];
  for (const [name, list] of Object.entries(phase.state.units)) {
    const power = byName.get(name) ?? name;
    for (const text of list) {
      const read = parseMilaUnit(map, power, text);
      if (!read.ok) continue;
      if (read.value.isDislodged) {
        dislodged.push({
          unit: read.value.unit,
          attackerFrom: read.value.unit.location.province,
          retreats: [],
        });
      } else units.push(read.value.unit);
    }
  }
  const supplyCenters: Record<string, string> = {};
  for (const [name, list] of Object.entries(phase.state.centers)) {
    const power = byName.get(name) ?? name;
    for (const c of list) supplyCenters[c.toLowerCase()] = power;
  }
  return { units, supplyCenters, dislodged };
}

/** A phase's outcomes, as the engine's (the API types them loosely), checked for their shape. */
export function outcomesOf(phase: ApiPhase): OrderOutcome[] {
  return (phase.report.outcomes as OrderOutcome[]).filter(
    (o) => typeof o.power === 'string' && typeof o.order.kind === 'string',
  );
}

/** A phase's orders with their results, to draw. */
export function drawnOutcomes(phase: ApiPhase): MapOrder[] {
  return outcomesOf(phase).map((o) => ({ power: o.power, order: o.order, result: o.result }));
}
