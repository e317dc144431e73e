/**
 * Reading a MILA saved game: each phase's board as an engine `GameState` and its orders as
 * engine orders, checked field by field. An error names the phase and the field:
 * `phases[3].orders.FRANCE[2]: unknown province "XYZ"`.
 */
import type { DislodgedUnit } from '../adjudicate/outcome.js';
import type { GameMap } from '../map/game-map.js';
import type { GameState, Phase } from '../game/state.js';
import type { Power, PowerOrder, Season, Unit } from '../types.js';
import { milaPowerNames } from './mila-export.js';
import { parseMilaLocation, parseMilaOrder, parseMilaUnit } from './mila-orders.js';

/** One phase of a saved game, read. */
export interface MilaReadPhase {
  readonly index: number;
  /** `S1901M`, or `COMPLETED`. */
  readonly name: string;
  /** The board at the start of the phase (for `COMPLETED`: the final board). */
  readonly state: GameState;
  readonly isCompleted: boolean;
  /** Every order given, in the file's order, power by power; none where a power set none. */
  readonly orders: readonly PowerOrder[];
  /** The orders as written, each beside its reading. */
  readonly texts: readonly { readonly power: Power; readonly text: string }[];
  /** Result words by unit, as recorded (`A PAR` → `["bounce"]`). */
  readonly results: Readonly<Record<string, readonly string[]>>;
}

export interface MilaReadError {
  /** Where: `phases[3].orders.FRANCE[2]`. */
  readonly path: string;
  readonly message: string;
}

/**
 * What could be read: the game's id and every phase up to the first bad one, and the error
 * there, if any (phases after it are not read).
 */
export interface MilaRead {
  readonly id: string;
  readonly phases: readonly MilaReadPhase[];
  readonly error?: MilaReadError;
}

const SEASONS: Readonly<Record<string, Season>> = { S: 'spring', F: 'fall', W: 'winter' };
const TYPES = { M: 'movement', R: 'retreat', A: 'adjustment' } as const;

/** `S1901M` → spring 1901 movement; undefined for anything else. */
export function parseMilaPhaseName(name: string): Phase | undefined {
  const m = /^([SFW])(\d{4})([MRA])$/.exec(name);
  if (m === null) return undefined;
  return {
    season: SEASONS[m[1]!]!,
    year: Number(m[2]),
    type: TYPES[m[3] as keyof typeof TYPES],
  };
}

class Bad extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

type Json = Readonly<Record<string, unknown>>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function object(v: unknown, path: string): Json {
  if (!isObject(v)) throw new Bad(path, 'expected an object');
  return v;
}

function array(v: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(v)) throw new Bad(path, 'expected an array');
  return v as unknown[];
}

function string(v: unknown, path: string): string {
  if (typeof v !== 'string') throw new Bad(path, 'expected a string');
  return v;
}

/**
 * Reads a parsed MILA saved game (`JSON.parse` of the file) on the standard map. Phases are read
 * in order; at the first bad one reading stops and `error` says where and why.
 */
export function readMilaGame(map: GameMap, value: unknown): MilaRead {
  let id = '';
  const phases: MilaReadPhase[] = [];
  try {
    const game = object(value, '(top)');
    const given = game['id'];
    if (typeof given === 'string' || typeof given === 'number') id = String(given);
    const mapName = game['map'] ?? 'standard';
    if (mapName !== map.spec.id)
      throw new Bad('map', `only the ${map.spec.id} map is read, not ${JSON.stringify(mapName)}`);
    const list = array(game['phases'], 'phases');
    const powerOf = new Map(Object.entries(milaPowerNames(map)).map(([p, name]) => [name, p]));
    for (const [i, raw] of list.entries())
      phases.push(readPhase(map, powerOf, raw, i, i === list.length - 1));
    return { id, phases };
  } catch (e) {
    if (!(e instanceof Bad)) throw e;
    return { id, phases, error: { path: e.path, message: e.message } };
  }
}

function readPhase(
  map: GameMap,
  powerOf: ReadonlyMap<string, Power>,
  raw: unknown,
  i: number,
  isLast: boolean,
): MilaReadPhase {
  const at = `phases[${i}]`;
  const p = object(raw, at);
  const name = string(p['name'], `${at}.name`);
  const isCompleted = name === 'COMPLETED';
  if (isCompleted && !isLast) throw new Bad(`${at}.name`, 'COMPLETED may only be the last phase');
  const phase = isCompleted ? undefined : parseMilaPhaseName(name);
  if (!isCompleted && phase === undefined)
    throw new Bad(
      `${at}.name`,
      `expected a phase name like S1901M, F1901R or W1901A, not "${name}"`,
    );
  const power = (key: string, path: string): Power => {
    const id = powerOf.get(key);
    if (id === undefined)
      throw new Bad(path, `unknown power "${key}" (expected ${[...powerOf.keys()].join(', ')})`);
    return id;
  };
  const state = readState(map, power, p['state'], `${at}.state`, phase);
  const orders: PowerOrder[] = [];
  const texts: { power: Power; text: string }[] = [];
  const given = p['orders'] === undefined ? {} : object(p['orders'], `${at}.orders`);
  for (const [key, list] of Object.entries(given)) {
    const where = `${at}.orders.${key}`;
    const who = power(key, where);
    if (list === null) continue;
    for (const [j, o] of array(list, where).entries()) {
      const text = string(o, `${where}[${j}]`);
      if (phase === undefined) throw new Bad(`${where}[${j}]`, 'no orders after the game ended');
      const order = parseMilaOrder(map, text, phase.type);
      if (!order.ok) throw new Bad(`${where}[${j}]`, `${order.error} in "${text}"`);
      orders.push({ power: who, order: order.value });
      texts.push({ power: who, text });
    }
  }
  const results: Record<string, readonly string[]> = {};
  const recorded = p['results'] === undefined ? {} : object(p['results'], `${at}.results`);
  for (const [unit, words] of Object.entries(recorded)) {
    const where = `${at}.results[${JSON.stringify(unit)}]`;
    results[unit] = array(words, where).map((w, j) => string(w, `${where}[${j}]`));
  }
  return { index: i, name, state, isCompleted, orders, texts, results };
}

function readState(
  map: GameMap,
  power: (key: string, path: string) => Power,
  raw: unknown,
  at: string,
  phase: Phase | undefined,
): GameState {
  const s = object(raw, at);
  const units: Unit[] = [];
  const dislodged: DislodgedUnit[] = [];
  const taken = new Map<string, string>();
  const retreats = s['retreats'] === undefined ? {} : object(s['retreats'], `${at}.retreats`);
  for (const [key, list] of Object.entries(object(s['units'], `${at}.units`))) {
    const who = power(key, `${at}.units.${key}`);
    for (const [j, text] of array(list, `${at}.units.${key}`).entries()) {
      const where = `${at}.units.${key}[${j}]`;
      const read = parseMilaUnit(map, who, string(text, where));
      if (!read.ok) throw new Bad(where, `${read.error} in "${text as string}"`);
      const { unit, isDislodged } = read.value;
      const province = unit.location.province;
      if (!isDislodged) {
        const other = taken.get(province);
        if (other !== undefined)
          throw new Bad(where, `a second unit in ${province.toUpperCase()} (after ${other})`);
        taken.set(province, text as string);
        units.push(unit);
        continue;
      }
      if (phase?.type !== 'retreat')
        throw new Bad(where, 'a dislodged unit outside a retreat phase');
      const own = retreats[key] === undefined ? {} : object(retreats[key], `${at}.retreats.${key}`);
      const name = (text as string).slice(1).trim();
      const options =
        own[name] === undefined ? [] : array(own[name], `${at}.retreats.${key}.${name}`);
      dislodged.push({
        unit,
        attackerFrom: '',
        retreats: options.map((o, k) => {
          const path = `${at}.retreats.${key}.${name}[${k}]`;
          const l = parseMilaLocation(map, string(o, path));
          if (!l.ok) throw new Bad(path, l.error);
          return l.value;
        }),
      });
    }
  }
  // MILA keeps every retreat its rules allow before looking at the board; a unit may not
  // retreat where another stands, so those places are left out.
  const free = dislodged.map((d) => ({
    ...d,
    retreats: d.retreats.filter((l) => !taken.has(l.province)),
  }));
  const supplyCenters: Record<string, Power> = {};
  for (const [key, list] of Object.entries(object(s['centers'], `${at}.centers`))) {
    const who = power(key, `${at}.centers.${key}`);
    for (const [j, c] of array(list, `${at}.centers.${key}`).entries()) {
      const where = `${at}.centers.${key}[${j}]`;
      const p = map.province(string(c, where).toLowerCase());
      if (p?.isSupplyCenter !== true)
        throw new Bad(where, `"${c as string}" is not a supply centre`);
      supplyCenters[p.id] = who;
    }
  }
  const sorted: Record<string, Power> = {};
  for (const k of Object.keys(supplyCenters).sort()) sorted[k] = supplyCenters[k]!;
  return {
    map: map.spec.id,
    phase: phase ?? { year: 0, season: 'winter', type: 'adjustment' },
    units,
    supplyCenters: sorted,
    dislodged: free,
    winner: null,
  };
}
