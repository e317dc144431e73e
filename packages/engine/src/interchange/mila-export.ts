/**
 * A standard-map game's history written as a MILA saved game: every phase's board, orders and
 * result words, then the phase the game stands in (or `COMPLETED` after a solo).
 */
import { unitProvinces } from '../adjudicate/adjustment.js';
import type { OrderOutcome } from '../adjudicate/outcome.js';
import type { GameMap } from '../map/game-map.js';
import { buildSites, phaseName, type GameState, type PhaseReport } from '../game/state.js';
import type { Location, Power, PowerOrder, Unit, UnitType } from '../types.js';
import { formatMilaLocation, formatMilaOrder, formatMilaUnit } from './mila-orders.js';
import type {
  MilaMessage,
  MilaPhase,
  MilaPower,
  MilaResultWord,
  MilaSavedGame,
  MilaState,
} from './mila-types.js';

/** One processed phase: the orders adjudicated, what happened, and the state after it. */
export interface HistoryPhase {
  readonly orders: readonly PowerOrder[];
  readonly report: PhaseReport;
  readonly state: GameState;
}

/** A game as the engine keeps it: where it started and every phase processed since. */
export interface GameHistory {
  readonly id: string;
  readonly start: GameState;
  readonly phases: readonly HistoryPhase[];
  /** Press, each in the phase it names (`phase: 'S1901M'`); none by default. */
  readonly messages?: readonly MilaMessage[];
  /** Each phase's time, in microseconds since 1970, by phase index; 0 by default (no clock). */
  readonly timestamps?: readonly number[];
}

/** MILA's name of each power: the map's name in capitals (`AUS` → `AUSTRIA`). */
export function milaPowerNames(map: GameMap): Readonly<Record<Power, MilaPower>> {
  return Object.fromEntries(map.spec.powers.map((p) => [p.id, p.name.toUpperCase()]));
}

/**
 * Writes a game's history as a MILA saved game (`to_saved_game_format`). Pure: the same history
 * gives the same object, field order included.
 *
 * @example JSON.stringify(toMilaGame(standardMap, { id: 'g1', start, phases }))
 */
export function toMilaGame(map: GameMap, history: GameHistory): MilaSavedGame {
  const names = milaPowerNames(map);
  const rules: string[] = [];
  const meta = { game_id: history.id, map: map.spec.id, rules };
  const influence = new Map<string, Power>();
  for (const p of map.provinces)
    if (p.isSupplyCenter && p.home !== undefined) influence.set(p.id, p.home);
  const states = [history.start, ...history.phases.map((p) => p.state)];
  const phases: MilaPhase[] = states.map((state, i) => {
    for (const u of state.units) influence.set(u.location.province, u.power);
    const played = history.phases[i];
    const over = i === states.length - 1 && state.winner !== null;
    const name = over ? 'COMPLETED' : phaseName(state.phase);
    const milaState = stateOf(map, names, state, name, influence, {
      ...meta,
      timestamp: history.timestamps?.[i] ?? 0,
    });
    const orders: Record<MilaPower, string[] | null> = {};
    for (const p of map.powers) orders[names[p]!] = played === undefined ? null : [];
    if (played !== undefined) {
      const typeAt = unitTypeAt(state);
      for (const po of played.orders)
        orders[names[po.power]!]?.push(formatMilaOrder(po.order, typeAt));
    }
    return {
      name,
      state: milaState,
      orders,
      results:
        played === undefined
          ? {}
          : milaResults(state, played.report, history.phases[i - 1]?.report),
      messages: (history.messages ?? []).filter((m) => m.phase === name),
    };
  });
  return { id: history.id, map: map.spec.id, rules, phases };
}

function unitTypeAt(state: GameState): (l: Location) => UnitType | undefined {
  return (l) =>
    (state.phase.type === 'retreat' ? state.dislodged.map((d) => d.unit) : state.units).find(
      (u) => u.location.province === l.province,
    )?.type;
}

function byPower<T>(
  map: GameMap,
  names: Readonly<Record<Power, MilaPower>>,
  f: (p: Power) => T,
): Record<MilaPower, T> {
  const out: Record<MilaPower, T> = {};
  for (const p of map.powers) out[names[p]!] = f(p);
  return out;
}

function stateOf(
  map: GameMap,
  names: Readonly<Record<Power, MilaPower>>,
  state: GameState,
  name: string,
  influence: ReadonlyMap<string, Power>,
  meta: { game_id: string; map: string; rules: readonly string[]; timestamp: number },
): MilaState {
  const unit = (u: Unit): string => formatMilaUnit(u.type, u.location);
  const owned = (p: Power): string[] =>
    Object.keys(state.supplyCenters)
      .filter((c) => state.supplyCenters[c] === p)
      .map((c) => c.toUpperCase());
  const homes = (p: Power): string[] =>
    map.provinces.filter((x) => x.isSupplyCenter && x.home === p).map((x) => x.id.toUpperCase());
  const occupied = unitProvinces(state.units);
  const builds = (p: Power): { count: number; homes: string[] } => {
    if (state.phase.type !== 'adjustment' || name === 'COMPLETED') return { count: 0, homes: [] };
    const count = owned(p).length - state.units.filter((u) => u.power === p).length;
    if (count <= 0) return { count, homes: [] };
    const sites = buildSites(map, p, state.supplyCenters, occupied);
    return { count: Math.min(count, sites.length), homes: sites.map((s) => s.toUpperCase()) };
  };
  return {
    timestamp: meta.timestamp,
    note: '',
    name,
    units: byPower(map, names, (p) => [
      ...state.units.filter((u) => u.power === p).map(unit),
      ...state.dislodged.filter((d) => d.unit.power === p).map((d) => `*${unit(d.unit)}`),
    ]),
    retreats: byPower(map, names, (p) =>
      Object.fromEntries(
        state.dislodged
          .filter((d) => d.unit.power === p)
          .map((d) => [unit(d.unit), d.retreats.map(formatMilaLocation)]),
      ),
    ),
    centers: byPower(map, names, owned),
    homes: byPower(map, names, homes),
    influence: byPower(map, names, (p) =>
      [...influence]
        .filter(([, owner]) => owner === p)
        .map(([province]) => province.toUpperCase())
        .sort(),
    ),
    civil_disorder: byPower(map, names, () => 0),
    builds: byPower(map, names, builds),
    game_id: meta.game_id,
    map: meta.map,
    rules: meta.rules,
  };
}

/** MILA's words for an order's outcome in a movement phase, before `dislodged`. */
export function milaMovementWords(o: OrderOutcome): MilaResultWord[] {
  // An army with no convoy to carry it: MILA says so whether or not the move could be legal.
  if (o.order.kind === 'move' && o.reason === 'no-convoy') return ['no convoy'];
  if (o.result === 'illegal' || o.result === 'invalid') return ['void'];
  switch (o.order.kind) {
    case 'move':
      if (o.result === 'succeeds') return [];
      return o.reason === 'convoy-disrupted' || o.reason === 'convoy-paradox'
        ? ['no convoy']
        : ['bounce'];
    case 'support-hold':
    case 'support-move':
      return o.result === 'cut' ? ['cut'] : [];
    case 'convoy':
      return o.result === 'disrupted' ? ['no convoy'] : [];
    case 'hold':
      return [];
    case 'retreat':
    case 'disband':
    case 'build':
    case 'remove':
    case 'waive':
      return ['void'];
  }
}

/** The outcome that counted for a unit: its first legal order's, else its first order's. */
function outcomeFor(outcomes: readonly OrderOutcome[], u: Unit): OrderOutcome | undefined {
  const mine = outcomes.filter(
    (o) =>
      o.order.kind !== 'waive' &&
      o.power === u.power &&
      o.order.unit.location.province === u.location.province,
  );
  return mine.find((o) => o.result !== 'illegal') ?? mine[0];
}

/**
 * Each unit's result words, keyed as MILA keys them (`A PAR`), for a phase that started in
 * `before` and ended as `report` says.
 */
export function milaResults(
  before: GameState,
  report: PhaseReport,
  previous?: PhaseReport,
): Record<string, MilaResultWord[]> {
  const results: Record<string, MilaResultWord[]> = {};
  const key = (u: Unit): string => formatMilaUnit(u.type, u.location);
  // A unit dislodged with nowhere to go: MILA records its disband in the next retreat or
  // adjustment phase, not in the movement phase that destroyed it.
  if (previous?.phase.type === 'movement' && before.phase.type !== 'movement')
    for (const d of previous.dislodged)
      if (d.retreats.length === 0) results[key(d.unit)] = ['disband'];
  switch (before.phase.type) {
    case 'movement': {
      const dislodged = new Set(report.dislodged.map((d) => d.unit.location.province));
      for (const u of before.units) {
        const o = outcomeFor(report.outcomes, u);
        const words = o === undefined ? [] : milaMovementWords(o);
        // A dislodged convoying fleet is only dislodged (MILA drops its disruption).
        if (dislodged.has(u.location.province))
          results[key(u)] = [...(o?.order.kind === 'convoy' ? [] : words), 'dislodged'];
        else results[key(u)] = words;
      }
      break;
    }
    case 'retreat':
      for (const d of before.dislodged) {
        const o = outcomeFor(report.outcomes, d.unit);
        results[key(d.unit)] =
          o === undefined || o.order.kind === 'disband'
            ? ['disband']
            : o.result === 'succeeds'
              ? []
              : o.reason === 'retreat-clash'
                ? ['bounce', 'disband']
                : ['void', 'disband'];
      }
      break;
    case 'adjustment': {
      const done = new Set<string>();
      for (const o of report.outcomes) {
        const order = o.order;
        if (order.kind !== 'build' && order.kind !== 'remove') continue;
        const { location } = order.unit;
        const type =
          order.unit.type ??
          before.units.find((u) => u.location.province === location.province)?.type ??
          'army';
        results[formatMilaUnit(type, location)] = o.result === 'succeeds' ? [''] : ['void'];
        done.add(location.province);
      }
      // Removals by civil disorder: MILA orders them itself and records them as carried out.
      for (const u of report.removed) if (!done.has(u.location.province)) results[key(u)] = [''];
      break;
    }
    case 'module':
      break;
  }
  return results;
}
