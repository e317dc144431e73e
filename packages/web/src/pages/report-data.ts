/**
 * What a phase's report shows, worked out from the API's answers: the phase a path names, the
 * supply centres before and after it (walked back from the board of now through each later
 * phase's captures), the board its picture starts from, its public notices and the headlines
 * of its public press. Pure, so it is tested without a browser.
 */
import type { GameMap, Unit } from '@arbiter/engine';
import type { ApiGameEvent, ApiMessage, ApiPhase } from '@arbiter/server/api-types';
import type { Board } from '../map/board.js';
import { boardOfExport, outcomesOf } from './game/history.js';
import type { ExportPhase } from './game/play-api.js';

/** The index of the phase a path names (`S1901M`, any case), or -1; the last of equal names. */
export function phaseIndex(phases: readonly ApiPhase[], name: string): number {
  const wanted = name.toUpperCase();
  for (let i = phases.length - 1; i >= 0; i--) {
    if (phases[i]!.name.toUpperCase() === wanted) return i;
  }
  return -1;
}

type Owners = Readonly<Record<string, string>>;

/** Undoes one phase's captures: who owned each centre before it. */
function undoCaptures(owners: Owners, phase: ApiPhase): Record<string, string> {
  const before = new Map(Object.entries(owners));
  for (const c of [...phase.report.captured].reverse()) {
    if (c.from === null) before.delete(c.province);
    else before.set(c.province, c.from);
  }
  return Object.fromEntries(before);
}

/**
 * The owners of the supply centres before and after the phase at `index`, from those of now
 * (after the last phase played): each later phase's captures are undone, newest first.
 */
export function centresAround(
  now: Owners,
  phases: readonly ApiPhase[],
  index: number,
): { readonly before: Owners; readonly after: Owners } {
  let after: Owners = now;
  for (let i = phases.length - 1; i > index; i--) after = undoCaptures(after, phases[i]!);
  return { before: undoCaptures(after, phases[index]!), after };
}

export interface CentreCount {
  readonly power: string;
  readonly count: number;
  /** After minus before: `+1`, `-2`, 0. */
  readonly change: number;
}

/** Centres per power after the phase with the change it made, most first, then by power. */
export function centreChanges(before: Owners, after: Owners): CentreCount[] {
  const tally = (owners: Owners): Map<string, number> => {
    const m = new Map<string, number>();
    for (const p of Object.values(owners)) m.set(p, (m.get(p) ?? 0) + 1);
    return m;
  };
  const b = tally(before);
  const a = tally(after);
  return [...new Set([...a.keys(), ...b.keys()])]
    .map((power) => ({
      power,
      count: a.get(power) ?? 0,
      change: (a.get(power) ?? 0) - (b.get(power) ?? 0),
    }))
    .sort((x, y) => y.count - x.count || (x.power < y.power ? -1 : 1));
}

/**
 * The board the phase started from: the export's, where the game has one (standard-map games);
 * otherwise the units its orders name (a picture of the orders, not of every unit) on the
 * centres as they were.
 */
export function boardBefore(
  map: GameMap,
  phase: ApiPhase,
  exported: readonly ExportPhase[] | null,
  centres: Owners,
): Board {
  const board =
    exported === null ? undefined : [...exported].reverse().find((x) => x.name === phase.name);
  if (board !== undefined) return boardOfExport(map, board);
  const units: Unit[] = [];
  for (const o of outcomesOf(phase)) {
    const order = o.order;
    if (order.kind === 'waive' || order.kind === 'build') continue;
    const type = order.unit.type;
    if (type === undefined) continue;
    if (units.some((u) => u.location.province === order.unit.location.province)) continue;
    units.push({ power: o.power, type, location: order.unit.location });
  }
  return { units, supplyCenters: { ...centres } };
}

/** The phase's notices everyone may read (a new Fink, a tally, a rule passed). */
export function publicNotices(phase: ApiPhase): ApiGameEvent[] {
  return phase.events.filter((e) => e.audience.kind === 'public');
}

/** The public press sent during the phase, oldest first. */
export function publicPress(messages: readonly ApiMessage[], phase: string): ApiMessage[] {
  return messages
    .filter((m) => m.to === 'public' && m.phase === phase && m.copy === undefined)
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/** A message's headline: its first line that says something, cut at `max` characters. */
export function headline(text: string, max = 100): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (line === undefined) return '(no text)';
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** `+2`, `−1` (a real minus), or an empty string for no change. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '';
}
