/**
 * A seeded random player: legal orders for one power, with supports and convoys that mostly
 * fit its other orders, so that whole games can be simulated (and the engine exercised).
 *
 * Self-play runs thousands of games a second through here, so the player reads the board once
 * per phase into index tables (kept for the next power's call on the same board), counts the
 * candidates of a random choice and builds only the one drawn. A seed always gives the same
 * game. The chances are those of the plain version it replaced (a shuffle of the power's
 * units, one roll per unit, a pick among the candidates, each as likely); the draws are too,
 * but for supports that fit no other order, which are drawn from the map's list of possible
 * supports until one is on the board (`anySupport`), so games differ from those of before.
 */
import type { GameMap } from '../map/game-map.js';
import type { Rng } from '../random.js';
import type { Location, Order, Power, PowerOrder, Unit } from '../types.js';
import { adjustmentCounts, indexAmong, unitProvinces } from '../adjudicate/adjustment.js';
import { buildSites, type GameState } from './state.js';
import { supplyCentersOf, type SupplyCenters } from '../map/supply-centers.js';

/** Weights of the order kinds a unit draws (out of 100). */
const WEIGHTS = { move: 45, support: 30, hold: 10, convoy: 10, via: 5 } as const;
/** How often a support is chosen among those that fit the power's other orders. */
const FITTING = 0.8;

/** Legal orders for every unit of `power` in the current phase. */
export function randomOrders(map: GameMap, state: GameState, power: Power, rng: Rng): PowerOrder[] {
  switch (state.phase.type) {
    case 'movement':
      return movementOrders(map, state.units, power, rng);
    case 'retreat':
      return state.dislodged
        .filter((d) => d.unit.power === power)
        .map((d): PowerOrder => {
          const to = rng.next() < 0.1 ? undefined : rng.pick(d.retreats);
          const unit = ref(d.unit);
          return {
            power,
            order: to === undefined ? { kind: 'disband', unit } : { kind: 'retreat', unit, to },
          };
        });
    case 'adjustment':
      return adjustmentOrders(map, state, power, rng);
    case 'module':
      // A module's own phase takes no unit orders (its module adds random actions).
      return [];
  }
}

/** Random orders for every power, in map order. */
export function randomOrdersForAll(map: GameMap, state: GameState, rng: Rng): PowerOrder[] {
  const out: PowerOrder[] = [];
  for (const p of map.powers) for (const o of randomOrders(map, state, p, rng)) out.push(o);
  return out;
}

/** The map's own object for the whole of province `p` (`{ province: 'spa' }`). */
function wholeProvince(map: GameMap, p: number): Location {
  return map.locations[map.provinces[p]!.location]!.location;
}

/** Stands in for a supporter's order until its support is drawn (a hold, never handed out). */
const RESERVED: Order = { kind: 'hold', unit: { type: 'army', location: { province: '' } } };

function ref(u: Unit): { type: Unit['type']; location: Location } {
  return { type: u.type, location: u.location };
}

// ---------------------------------------------------------------------------------------------
// Tables: per map (built once), per board (built once per phase), and scratch space.

const SEA = 1;
const COAST = 2;

interface Tables {
  readonly map: GameMap;
  readonly np: number;
  /** Province index of each location. */
  readonly locProvince: Int32Array;
  /** Per location: the provinces an army, or a fleet, there may move to (in move-list order). */
  readonly armyTo: readonly Int32Array[];
  readonly fleetTo: readonly Int32Array[];
  /**
   * Per province: the moves into it, as pairs (location × 2, + 1 for a fleet; the move's place
   * in that unit's list of moves, `armyTo` or `fleetTo`).
   */
  readonly into: readonly Int32Array[];
  /** Terrain of each province: 0 land, SEA, COAST. */
  readonly terrain: Uint8Array;
  /** Each province's place in the sorted order of province ids (orders are listed so). */
  readonly rank: Int32Array;
  // Scratch, reset by each call: the power's orders by province, in the order first given.
  readonly order: (Order | undefined)[];
  /** For a move order: the province it goes to. */
  readonly moveTo: Int32Array;
  readonly given: number[];
  // Marks for sets of provinces (reachable, fleets, route parents, convoy ends): a province is
  // in a set when its mark equals the set's current generation, so no set is ever cleared.
  readonly mark: Int32Array;
  readonly fleetMark: Int32Array;
  readonly fleetUnit: Int32Array;
  readonly parentMark: Int32Array;
  readonly parent: Int32Array;
  readonly reachMark: Int32Array;
  readonly reachFrom: Int32Array;
  readonly seenMark: Int32Array;
  /** The most moves a unit has anywhere, plus one: candidates are keyed unit × this + slot. */
  readonly stride: number;
  /** Per location × 2, + 1 for a fleet: every support a unit there could give (`supportPool`). */
  readonly pools: (Int32Array | undefined)[];
  /** Scratch for boards (one board is read at a time): per province, per unit, candidates. */
  scratch: BoardScratch;
}

interface BoardScratch {
  readonly loc: Int32Array;
  readonly province: Int32Array;
  /** Per province: the (last) unit there, or -1 (a board's `at`). */
  readonly at: Int32Array;
  /** Per location × 2, + 1 for a fleet: the unit of that type there, or -1 (a board's). */
  readonly atLocation: Int32Array;
  /** Units by province and moves by destination, as lists in `into`: `start[p]` to `start[p+1]`. */
  readonly unitsStart: Int32Array;
  readonly intoStart: Int32Array;
  readonly fill: Int32Array;
  readonly unitsIn: Int32Array;
  readonly into: Int32Array;
  readonly keys: Int32Array;
}

function boardScratch(np: number, nl: number, units: number, stride: number): BoardScratch {
  return {
    loc: new Int32Array(units),
    province: new Int32Array(units),
    at: new Int32Array(np),
    atLocation: new Int32Array(2 * nl),
    unitsStart: new Int32Array(np + 1),
    intoStart: new Int32Array(np + 1),
    fill: new Int32Array(np),
    unitsIn: new Int32Array(units),
    into: new Int32Array(units * stride),
    keys: new Int32Array(units * stride),
  };
}

/** The units of one board read into indices, shared by every power's call on that board. */
interface Board {
  readonly units: readonly Unit[];
  readonly loc: Int32Array;
  readonly province: Int32Array;
  /** The (last) unit in each province, or -1. */
  readonly at: Int32Array;
  /** The unit at each location, by type (see `BoardScratch.atLocation`). */
  readonly atLocation: Int32Array;
  /** Whether a province or a location holds two units (then `at` and `atLocation` keep one). */
  readonly crowded: boolean;
  /** Whether `unitsStart`, `unitsIn`, `intoStart` and `into` of the scratch describe this board. */
  indexed: boolean;
  /** Each power's units (indices, in board order), by the power's place in `map.powers`. */
  readonly byPower: readonly number[][];
}

const tablesByMap = new WeakMap<GameMap, Tables>();
let lastTables: Tables | undefined;
let lastBoard: (Board & { readonly map: GameMap }) | undefined;
let generation = 0;

function tablesOf(map: GameMap): Tables {
  if (lastTables?.map === map) return lastTables;
  let t = tablesByMap.get(map);
  if (t === undefined) {
    const np = map.provinces.length;
    const terrain = new Uint8Array(np);
    for (const p of map.provinces)
      terrain[p.index] = p.terrain === 'sea' ? SEA : p.terrain === 'coast' ? COAST : 0;
    const rank = new Int32Array(np);
    const sorted = map.provinces
      .map((p) => p.index)
      .sort((a, b) => {
        const x = map.provinces[a]!.id;
        const y = map.provinces[b]!.id;
        return x < y ? -1 : x > y ? 1 : 0;
      });
    sorted.forEach((p, r) => (rank[p] = r));
    const locProvince = Int32Array.from(map.locations, (l) => l.province);
    const provincesOf = (moves: readonly number[]): Int32Array =>
      Int32Array.from(moves, (l) => locProvince[l]!);
    let stride = 1;
    for (const m of [...map.armyMoves, ...map.fleetMoves]) stride = Math.max(stride, m.length + 1);
    const armyTo = map.armyMoves.map(provincesOf);
    const fleetTo = map.fleetMoves.map(provincesOf);
    const into: number[][] = map.provinces.map(() => []);
    for (let l = 0; l < map.locations.length; l++) {
      for (const [fleet, to] of [
        [0, armyTo[l]],
        [1, fleetTo[l]],
      ] as const) {
        if (to === undefined) continue;
        for (let m = 0; m < to.length; m++) into[to[m]!]!.push(2 * l + fleet, m);
      }
    }
    t = {
      map,
      np,
      locProvince,
      armyTo,
      fleetTo,
      into: into.map((pairs) => Int32Array.from(pairs)),
      terrain,
      rank,
      order: new Array<Order | undefined>(np).fill(undefined),
      moveTo: new Int32Array(np),
      given: [],
      mark: new Int32Array(np),
      fleetMark: new Int32Array(np),
      fleetUnit: new Int32Array(np),
      parentMark: new Int32Array(np),
      parent: new Int32Array(np),
      reachMark: new Int32Array(np),
      reachFrom: new Int32Array(np),
      seenMark: new Int32Array(np),
      stride,
      pools: Array.from(
        { length: 2 * map.locations.length },
        (): Int32Array | undefined => undefined,
      ),
      scratch: boardScratch(np, map.locations.length, 64, stride),
    };
    tablesByMap.set(map, t);
  }
  lastTables = t;
  return t;
}

/**
 * The board's units as indices. The last board is kept: the seven powers of one phase ask about
 * the same `units` array in turn (boards are never changed in place, they are replaced).
 */
function boardOf(map: GameMap, t: Tables, units: readonly Unit[]): Board {
  if (lastBoard?.units === units && lastBoard.map === map) return lastBoard;
  const n = units.length;
  if (t.scratch.loc.length < n)
    t.scratch = boardScratch(t.np, map.locations.length, 2 * n, t.stride);
  // The scratch arrays are the last board's: that board is not asked about again.
  // Filled, not made: a typed array a board cost more than reading the board's units.
  const { loc, province, at, atLocation } = t.scratch;
  at.fill(-1);
  atLocation.fill(-1);
  let crowded = false;
  const powers = map.powers;
  const byPower: number[][] = [];
  for (let k = 0; k < powers.length; k++) byPower.push([]);
  for (let i = 0; i < n; i++) {
    const u = units[i]!;
    const k = indexAmong(powers, u.power);
    if (k >= 0) byPower[k]!.push(i);
    const l = map.indexOf(u.location);
    loc[i] = l;
    const p = l < 0 ? map.provinceIndex(u.location.province) : t.locProvince[l]!;
    province[i] = p;
    if (p >= 0) {
      if (at[p] !== -1) crowded = true;
      at[p] = i;
    }
    if (l >= 0) atLocation[2 * l + (u.type === 'army' ? 0 : 1)] = i;
  }
  lastBoard = {
    map,
    units,
    loc,
    province,
    at,
    atLocation,
    crowded,
    indexed: false,
    byPower,
  };
  return lastBoard;
}

/** Lists, for the board, the units in each province and the moves into each (once a board). */
function indexBoard(t: Tables, b: Board): void {
  if (b.indexed) return;
  const { unitsStart, intoStart, fill, unitsIn, into } = t.scratch;
  const np = t.np;
  unitsStart.fill(0);
  intoStart.fill(0);
  const n = b.units.length;
  for (let i = 0; i < n; i++) {
    const p = b.province[i]!;
    if (p >= 0) unitsStart[p + 1]!++;
    const targets = targetsOf(t, b.units[i]!, b.loc[i]!);
    for (let m = 0; m < targets.length; m++) intoStart[targets[m]! + 1]!++;
  }
  for (let p = 0; p < np; p++) {
    unitsStart[p + 1]! += unitsStart[p]!;
    intoStart[p + 1]! += intoStart[p]!;
  }
  fill.set(unitsStart.subarray(0, np));
  for (let i = 0; i < n; i++) {
    const p = b.province[i]!;
    if (p >= 0) unitsIn[fill[p]!++] = i;
  }
  fill.set(intoStart.subarray(0, np));
  for (let i = 0; i < n; i++) {
    const targets = targetsOf(t, b.units[i]!, b.loc[i]!);
    for (let m = 0; m < targets.length; m++) into[fill[targets[m]!]!++] = i * t.stride + m + 1;
  }
  b.indexed = true;
}

function nextGeneration(): number {
  generation = (generation + 1) | 0;
  if (generation === 0) generation = 1;
  return generation;
}

/** Sets the order of the unit in province `p`, keeping the place of the first order given there. */
function give(t: Tables, p: number, order: Order): void {
  if (t.order[p] === undefined) t.given.push(p);
  t.order[p] = order;
}

function movesOf(map: GameMap, u: Unit, loc: number): readonly number[] {
  return (u.type === 'army' ? map.armyMoves[loc] : map.fleetMoves[loc]) ?? [];
}

const NO_TARGETS = new Int32Array(0);

/** The provinces a unit at `loc` may move to. */
function targetsOf(t: Tables, u: Unit, loc: number): Int32Array {
  return (u.type === 'army' ? t.armyTo[loc] : t.fleetTo[loc]) ?? NO_TARGETS;
}

// ---------------------------------------------------------------------------------------------
// Movement phases.

function movementOrders(
  map: GameMap,
  units: readonly Unit[],
  power: Power,
  rng: Rng,
): PowerOrder[] {
  const t = tablesOf(map);
  const b = boardOf(map, t, units);
  for (const p of t.given) t.order[p] = undefined;
  t.given.length = 0;
  // The power's units, listed once a board for all seven powers (a power not on the map: here).
  const k = indexAmong(map.powers, power);
  let own: readonly number[];
  if (k >= 0) own = b.byPower[k]!;
  else {
    const mine: number[] = [];
    for (let i = 0; i < units.length; i++) if (units[i]!.power === power) mine.push(i);
    own = mine;
  }
  // The same Fisher–Yates shuffle as `Rng.shuffle`, on indices.
  const shuffled = own.slice();
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const x = shuffled[i]!;
    shuffled[i] = shuffled[j]!;
    shuffled[j] = x;
  }
  const supporters: number[] = [];
  for (const ui of shuffled) {
    const u = units[ui]!;
    const p = b.province[ui]!;
    if (t.order[p] !== undefined) continue;
    let roll = rng.int(100);
    const kind =
      (roll -= WEIGHTS.move) < 0
        ? 'move'
        : (roll -= WEIGHTS.support) < 0
          ? 'support'
          : (roll -= WEIGHTS.hold) < 0
            ? 'hold'
            : (roll -= WEIGHTS.convoy) < 0
              ? 'convoy'
              : 'via';
    if (kind === 'support') {
      // Reserved now (as a hold) so no convoy drafts it; the support is chosen below, and
      // replaces the stand-in.
      supporters.push(ui);
      give(t, p, RESERVED);
      continue;
    }
    if (kind === 'hold') {
      give(t, p, { kind: 'hold', unit: ref(u) });
      continue;
    }
    if (kind === 'via' || kind === 'convoy') {
      const army =
        kind === 'via' ? (u.type === 'army' ? ui : -1) : pickConvoyable(map, t, b, own, ui, rng);
      if (army >= 0 && convoyMove(map, t, b, own, army, rng)) continue;
    }
    const moves = movesOf(map, u, b.loc[ui]!);
    if (moves.length === 0) {
      give(t, p, { kind: 'hold', unit: ref(u) });
    } else {
      const l = moves[rng.int(moves.length)]!;
      t.moveTo[p] = t.locProvince[l]!;
      give(t, p, { kind: 'move', unit: ref(u), to: map.locations[l]!.location, viaConvoy: false });
    }
  }
  for (const s of supporters) {
    give(
      t,
      b.province[s]!,
      supportOrder(map, t, b, s, rng) ?? { kind: 'hold', unit: ref(units[s]!) },
    );
  }
  // In province id order (an insertion sort: a power has a handful of orders).
  const given = t.given;
  const out: PowerOrder[] = [];
  for (let i = 0; i < given.length; i++) {
    const p = given[i]!;
    const r = t.rank[p]!;
    let j = i;
    for (; j > 0 && t.rank[given[j - 1]!]! > r; j--) given[j] = given[j - 1]!;
    given[j] = p;
  }
  for (const p of given) out.push({ power, order: t.order[p]! });
  return out;
}

/** For a fleet at sea that drew "convoy": an unordered army of its own beside it, or -1. */
function pickConvoyable(
  map: GameMap,
  t: Tables,
  b: Board,
  own: readonly number[],
  fleet: number,
  rng: Rng,
): number {
  const fp = b.province[fleet]!;
  if (b.units[fleet]!.type !== 'fleet' || fp < 0 || t.terrain[fp] !== SEA) return -1;
  const adj = map.provinceAdjacent;
  const row = fp;
  const np = t.np;
  const isCandidate = (a: number): boolean => {
    const ap = b.province[a]!;
    return b.units[a]!.type === 'army' && t.order[ap] === undefined && adj[ap * np + row] === 1;
  };
  let count = 0;
  for (const a of own) if (isCandidate(a)) count++;
  if (count === 0) return -1;
  let k = rng.int(count);
  for (const a of own) if (isCandidate(a) && k-- === 0) return a;
  return -1;
}

/**
 * Orders army `a` to a coastal province reachable through seas holding the power's own unordered
 * fleets, and those fleets to convoy it. False when there is no such destination.
 */
function convoyMove(
  map: GameMap,
  t: Tables,
  b: Board,
  own: readonly number[],
  a: number,
  rng: Rng,
): boolean {
  const np = t.np;
  const adj = map.provinceAdjacent;
  const src = b.province[a]!;
  if (src < 0 || t.terrain[src] !== COAST) return false;
  const g = nextGeneration();
  const fleets: number[] = [];
  for (const ui of own) {
    const pi = b.province[ui]!;
    if (b.units[ui]!.type === 'fleet' && t.terrain[pi] === SEA && t.order[pi] === undefined) {
      if (t.fleetMark[pi] !== g) fleets.push(pi);
      t.fleetMark[pi] = g;
      t.fleetUnit[pi] = ui;
    }
  }
  // Breadth first over own fleets: the parent links give a shortest, hence proper, route.
  const queue: number[] = [];
  for (const f of fleets) {
    if (adj[src * np + f] === 1) {
      t.parentMark[f] = g;
      t.parent[f] = -1;
      queue.push(f);
    }
  }
  const ends: number[] = [];
  for (let h = 0; h < queue.length; h++) {
    const f = queue[h]!;
    for (let q = 0; q < np; q++) {
      if (adj[f * np + q] !== 1) continue;
      if (t.fleetMark[q] === g && t.parentMark[q] !== g) {
        t.parentMark[q] = g;
        t.parent[q] = f;
        queue.push(q);
      } else if (q !== src && t.terrain[q] === COAST && t.reachMark[q] !== g) {
        t.reachMark[q] = g;
        t.reachFrom[q] = f;
        ends.push(q);
      }
    }
  }
  if (ends.length === 0) return false;
  ends.sort((x, y) => x - y);
  const dest = ends[rng.int(ends.length)]!;
  const army = b.units[a]!;
  const to = wholeProvince(map, dest);
  t.moveTo[src] = dest;
  give(t, src, { kind: 'move', unit: ref(army), to, viaConvoy: true });
  for (let f = t.reachFrom[dest]!; f !== -1; f = t.parent[f]!) {
    const fleet = b.units[t.fleetUnit[f]!]!;
    give(t, f, { kind: 'convoy', unit: ref(fleet), army: army.location, to });
  }
  return true;
}

/** Whether the order in province `p` is one unit `s` (in `sp`) may support: `reach` marks. */
function fits(t: Tables, p: number, sp: number, g: number): boolean {
  const reach = t.mark;
  if (t.order[p]!.kind === 'move') {
    const q = t.moveTo[p]!;
    return reach[q] === g && q !== sp;
  }
  return reach[p] === g;
}

/** A support for unit s: mostly one that fits an order already given, else any legal one. */
function supportOrder(map: GameMap, t: Tables, b: Board, s: number, rng: Rng): Order | undefined {
  const units = b.units;
  const su = units[s]!;
  const sp = b.province[s]!;
  const g = nextGeneration();
  const reach = t.mark;
  const own = targetsOf(t, su, b.loc[s]!);
  for (let m = 0; m < own.length; m++) reach[own[m]!] = g;
  // Supports that fit: of each move to a place s reaches, of each other order where s reaches.
  const given = t.given;
  let count = 0;
  for (let j = 0; j < given.length; j++) if (fits(t, given[j]!, sp, g)) count++;
  if (count > 0 && rng.next() < FITTING) {
    let k = rng.int(count);
    for (let j = 0; j < given.length; j++) {
      const p = given[j]!;
      if (!fits(t, p, sp, g) || k-- !== 0) continue;
      const o = t.order[p]!;
      const target = units[b.at[p]!]!;
      return o.kind === 'move'
        ? {
            kind: 'support-move',
            unit: ref(su),
            supported: ref(target),
            to: wholeProvince(map, t.moveTo[p]!),
          }
        : { kind: 'support-hold', unit: ref(su), supported: ref(target) };
    }
  }
  // Any legal support: hold support for a unit in a province s reaches, or a move support for
  // a unit that can move to one, each candidate equally likely.
  if (b.crowded) return anySupportCrowded(map, t, b, s, own, sp, g, rng);
  return anySupport(map, t, b, s, rng);
}

/**
 * How many candidates `anySupport` draws from the map's list before it counts those on the
 * board: about one in five or six of the list is on a board, so 24 draws all miss less than
 * once in a hundred supports (and when none is there, counting finds that).
 */
const DRAWS = 24;

/**
 * Any legal support for unit s (on a board with one unit a province), uniformly among them.
 * The map lists, for each place and type of supporter, every support that could ever be
 * legal there (`supportPool`); drawing from that list until one is on the board gives each
 * of the board's candidates the same chance, without walking every move into every province
 * s reaches as listing them would (two fifths of the player's time went there).
 */
function anySupport(map: GameMap, t: Tables, b: Board, s: number, rng: Rng): Order | undefined {
  const su = b.units[s]!;
  const l = b.loc[s]!;
  // A unit at no place of the map's (a caller's own board) reaches nothing to support.
  if (l < 0) return undefined;
  const pool = supportPool(t, l, su.type === 'fleet' ? 1 : 0);
  if (pool.length === 0) return undefined;
  for (let d = 0; d < DRAWS; d++) {
    const e = pool[rng.int(pool.length)]!;
    if (onBoard(t, b, e)) return poolSupport(map, t, b, su, e);
  }
  let n = 0;
  for (let x = 0; x < pool.length; x++) if (onBoard(t, b, pool[x]!)) n++;
  if (n === 0) return undefined;
  let k = rng.int(n);
  for (let x = 0; x < pool.length; x++) {
    const e = pool[x]!;
    if (onBoard(t, b, e) && k-- === 0) return poolSupport(map, t, b, su, e);
  }
  return undefined;
}

/** Whether an entry of a support pool is a support on board `b` (a unit is where it names). */
function onBoard(t: Tables, b: Board, e: number): boolean {
  return e < 0 ? b.at[-e - 1]! >= 0 : b.atLocation[(e / t.stride) | 0]! >= 0;
}

/** The support an entry of a support pool names, on board `b`, given by unit `su`. */
function poolSupport(map: GameMap, t: Tables, b: Board, su: Unit, e: number): Order {
  if (e < 0)
    return { kind: 'support-hold', unit: ref(su), supported: ref(b.units[b.at[-e - 1]!]!) };
  const from = (e / t.stride) | 0;
  const slot = e % t.stride;
  const to = ((from & 1) === 1 ? t.fleetTo : t.armyTo)[from >> 1]![slot - 1]!;
  return {
    kind: 'support-move',
    unit: ref(su),
    supported: ref(b.units[b.atLocation[from]!]!),
    to: wholeProvince(map, to),
  };
}

/**
 * Every support a unit of this type at location `l` could ever give (built once per map and
 * place): for each province it may move to, `-(province + 1)` for a hold there, and for each
 * move into that province from another province, `(location × 2, + 1 for a fleet) × stride +
 * the move's place in that unit's list + 1`.
 */
function supportPool(t: Tables, l: number, fleet: number): Int32Array {
  const key = 2 * l + fleet;
  const known = t.pools[key];
  if (known !== undefined) return known;
  const sp = t.locProvince[l]!;
  const targets = (fleet === 1 ? t.fleetTo[l] : t.armyTo[l]) ?? NO_TARGETS;
  const entries: number[] = [];
  const seen = new Set<number>();
  for (const r of targets) {
    if (r === sp || seen.has(r)) continue;
    seen.add(r);
    entries.push(-(r + 1));
    const into = t.into[r]!;
    for (let x = 0; x < into.length; x += 2) {
      const from = into[x]!;
      if (t.locProvince[from >> 1] !== sp) entries.push(from * t.stride + into[x + 1]! + 1);
    }
  }
  const pool = Int32Array.from(entries);
  t.pools[key] = pool;
  return pool;
}

/**
 * `anySupport` for a board with two units in a province or at a location (no game reaches one;
 * a caller's own board may): the candidates listed from every unit's moves, and one picked.
 */
function anySupportCrowded(
  map: GameMap,
  t: Tables,
  b: Board,
  s: number,
  own: Int32Array,
  sp: number,
  g: number,
  rng: Rng,
): Order | undefined {
  const units = b.units;
  const su = units[s]!;
  const keys = t.scratch.keys;
  const stride = t.stride;
  const seen = t.seenMark;
  let n = 0;
  indexBoard(t, b);
  const { unitsStart, unitsIn, intoStart, into } = t.scratch;
  for (let m = 0; m < own.length; m++) {
    const r = own[m]!;
    if (r === sp || seen[r] === g) continue;
    seen[r] = g;
    for (let x = unitsStart[r]!; x < unitsStart[r + 1]!; x++) keys[n++] = unitsIn[x]! * stride;
    for (let x = intoStart[r]!; x < intoStart[r + 1]!; x++) {
      const key = into[x]!;
      if (b.province[(key / stride) | 0] !== sp) keys[n++] = key;
    }
  }
  if (n === 0) return undefined;
  const key = keys[rng.int(n)]!;
  const i = (key / stride) | 0;
  const u = units[i]!;
  const slot = key % stride;
  const q = slot === 0 ? -1 : targetsOf(t, u, b.loc[i]!)[slot - 1]!;
  return q < 0
    ? { kind: 'support-hold', unit: ref(su), supported: ref(u) }
    : {
        kind: 'support-move',
        unit: ref(su),
        supported: ref(u),
        to: wholeProvince(map, q),
      };
}

// ---------------------------------------------------------------------------------------------
// Adjustment phases.

/** Each power's builds or removals on the last board asked about (seven powers ask in turn). */
let lastCounts:
  | {
      map: GameMap;
      state: GameState;
      centers: SupplyCenters;
      counts: Record<Power, number>;
      occupied: Set<string>;
    }
  | undefined;

function adjustmentOrders(map: GameMap, state: GameState, power: Power, rng: Rng): PowerOrder[] {
  if (
    lastCounts?.state.units !== state.units ||
    lastCounts.state.supplyCenters !== state.supplyCenters ||
    lastCounts.state.supplyCenterIds !== state.supplyCenterIds ||
    lastCounts.map !== map
  ) {
    const centers = supplyCentersOf(map, state);
    lastCounts = {
      map,
      state,
      centers,
      counts: adjustmentCounts(map, state.units, state.supplyCenters, centers),
      occupied: unitProvinces(state.units),
    };
  }
  const count = lastCounts.counts[power] ?? 0;
  const out: PowerOrder[] = [];
  if (count > 0) {
    const sites = rng
      .shuffle(buildSites(map, power, state.supplyCenters, lastCounts.occupied, lastCounts.centers))
      .slice(0, count);
    for (const site of sites) {
      const p = map.province(site)!;
      const fleetLocs = p.fleetLocations;
      const fleet = fleetLocs.length > 0 && (p.armyLocation < 0 || rng.next() < 0.4);
      const location = map.locations[fleet ? rng.pick(fleetLocs)! : p.location]!.location;
      out.push({
        power,
        order: { kind: 'build', unit: { type: fleet ? 'fleet' : 'army', location } },
      });
    }
  } else if (count < 0) {
    const own = rng.shuffle(state.units.filter((u) => u.power === power)).slice(0, -count);
    for (const u of own) out.push({ power, order: { kind: 'remove', unit: ref(u) } });
  }
  return out;
}
