/**
 * Pink Diplomacy's books (rules 4–10; RULINGS.md §2.4 rulings 5, 8–12): each power's points
 * this winter, its stores by province, its emergency stores, its home centres and friendliness;
 * and the pure arithmetic on them: army distances, interest, money that may be spent.
 */
import { Recent, type GameMap, type Power, type ProvinceId, type Unit } from '@arbiter/engine';

/** One power's books. */
export interface Ledger {
  /** Points to spend this winter: income, interest and bonus not yet spent or stored. */
  readonly purse: number;
  /** Points stored or travelling, by province. */
  readonly stores: Readonly<Record<ProvinceId, number>>;
  /** The smallest balance each province held since the last winter (interest is paid on it). */
  readonly low: Readonly<Record<ProvinceId, number>>;
  /** Emergency stores by home centre (rule 9; outside capacity, no interest). */
  readonly emergency: Readonly<Record<ProvinceId, number>>;
  /** Home centres. One whose emergency store is below full works as none (ruling 5). */
  readonly homes: readonly ProvinceId[];
  /** Powers whose transfers this power's units let through (rule 8). */
  readonly friendly: readonly Power[];
  /** This winter: the transfer fee is paid (3 for any number, rule 8). */
  readonly transferPaid: boolean;
  /** This winter: centres the store fee (1 each) is paid for. */
  readonly storedIn: readonly ProvinceId[];
}

/** Interest rates in per cent by distance, below capacity and at capacity (rule 8's table). */
export const INTEREST_TABLE: readonly (readonly [number, number])[] = [
  [10, 20],
  [20, 30],
  [30, 40],
  [40, 50],
  [50, 60],
  [60, 70],
  [60, 70], // 6
  [60, 70], // 7
  [60, 80], // 8
  [60, 80], // 9
  [70, 90], // 10 and more
];
/** The "infinity" row: no friendly path to any working home centre. */
export const INTEREST_INFINITY: readonly [number, number] = [80, 100];

/** The per-cent rate for a distance (Infinity for no path), at capacity or below (ruling 9). */
export function interestRate(distance: number, atCapacity: boolean): number {
  const row =
    distance === Number.POSITIVE_INFINITY
      ? INTEREST_INFINITY
      : INTEREST_TABLE[Math.min(distance, INTEREST_TABLE.length - 1)]!;
  return atCapacity ? row[1] : row[0];
}

/** Interest on the year's smallest balance, fractions dropped (PK-S4: 40% of 8 → 3). */
export function interestOn(low: number, capacity: number, distance: number): number {
  if (low <= 0) return 0;
  return Math.floor((low * interestRate(distance, low >= capacity)) / 100);
}

const NEIGHBOURS = new WeakMap<GameMap, Map<ProvinceId, readonly ProvinceId[]>>();

/** The map's table of army neighbours by province (filled as provinces are asked about). */
function neighboursOf(map: GameMap): Map<ProvinceId, readonly ProvinceId[]> {
  let byProvince = NEIGHBOURS.get(map);
  if (byProvince === undefined) {
    byProvince = new Map();
    NEIGHBOURS.set(map, byProvince);
  }
  return byProvince;
}

/** The provinces an army may move to from a province (worked out once per map and province). */
export function armyNeighbours(
  map: GameMap,
  province: ProvinceId,
  byProvince: Map<ProvinceId, readonly ProvinceId[]> = neighboursOf(map),
): readonly ProvinceId[] {
  let out = byProvince.get(province);
  if (out === undefined) {
    const info = map.province(province);
    out =
      info === undefined || info.armyLocation < 0
        ? []
        : map.armyMoves[info.armyLocation]!.map(
            (l) => map.provinces[map.locations[l]!.province]!.id,
          );
    byProvince.set(province, out);
  }
  return out;
}

/**
 * `passable` for one power on one board, with the board's occupants looked up once: for the
 * path searches, which ask it of every province they reach.
 */
export function passableFor(
  power: Power,
  units: readonly Unit[],
  friendlyTo: (owner: Power, to: Power) => boolean,
): (province: ProvinceId) => boolean {
  const owners = ownersOf(units);
  return (province) => {
    const owner = owners.get(province);
    return owner === undefined || owner === power || friendlyTo(owner, power);
  };
}

/**
 * The power of the unit in each province, for the last few boards (a board is never changed once
 * made): every line a power writes asks, and a board of three maps' units read afresh each time
 * was a tenth of a Pink II game.
 */
const OWNERS = new Recent<readonly Unit[], ReadonlyMap<ProvinceId, Power>>(8);

function ownersOf(units: readonly Unit[]): ReadonlyMap<ProvinceId, Power> {
  let owners = OWNERS.get(units);
  if (owners === undefined) {
    const made = new Map<ProvinceId, Power>();
    for (const u of units) made.set(u.location.province, u.power);
    owners = made;
    OWNERS.set(units, owners);
  }
  return owners;
}

/** Whether `power` may pass a province: empty, its own unit, or a unit of a power friendly to it. */
export function passable(
  power: Power,
  province: ProvinceId,
  units: readonly Unit[],
  friendlyTo: (owner: Power, to: Power) => boolean,
): boolean {
  const u = units.find((x) => x.location.province === province);
  return u === undefined || u.power === power || friendlyTo(u.power, power);
}

/**
 * Army moves from `from` to the nearest of `targets` through passable provinces (ruling 9:
 * "infinity" when every path crosses a non-friendly unit). The ends themselves need not be passable.
 */
export function distanceTo(
  map: GameMap,
  from: ProvinceId,
  targets: readonly ProvinceId[],
  ok: (p: ProvinceId) => boolean,
): number {
  if (targets.includes(from)) return 0;
  const seen = new Set([from]);
  let frontier = [from];
  const neighbours = neighboursOf(map);
  for (let d = 1; frontier.length > 0; d++) {
    const next: ProvinceId[] = [];
    for (const p of frontier) {
      for (const q of armyNeighbours(map, p, neighbours)) {
        if (seen.has(q)) continue;
        seen.add(q);
        if (targets.includes(q)) return d;
        if (ok(q)) next.push(q);
      }
    }
    frontier = next;
  }
  return Number.POSITIVE_INFINITY;
}

/** Home centres that work: owned and with a full emergency store (ruling 5). */
export function workingHomes(
  ledger: Ledger,
  power: Power,
  owners: Readonly<Record<ProvinceId, Power>>,
  emergencyFull: number,
): ProvinceId[] {
  return ledger.homes.filter(
    (h) => owners[h] === power && (ledger.emergency[h] ?? 0) >= emergencyFull,
  );
}

/** Points by province that may be spent: reachable stores (ruling 8), in province order. */
export function spendableStores(
  ledger: Ledger,
  reachable: (p: ProvinceId) => boolean,
): [ProvinceId, number][] {
  return Object.entries(ledger.stores)
    .filter(([p, n]) => n > 0 && reachable(p))
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Pays `cost` from the purse, then from reachable stores: first the points over a centre's
 * capacity (a surplus must leave at the first opportunity, rule 8), then the rest, each in
 * province order; undefined if the money is not there. Never touches emergency stores.
 */
export function pay(
  ledger: Ledger,
  cost: number,
  reachable: (p: ProvinceId) => boolean,
  capacity: (p: ProvinceId) => number = () => Number.POSITIVE_INFINITY,
): Ledger | undefined {
  let due = cost;
  const purse = Math.min(ledger.purse, due);
  due -= purse;
  const stores: Record<ProvinceId, number> = { ...ledger.stores };
  const spendable = spendableStores(ledger, reachable);
  const surplus = spendable.map(([p, n]): [ProvinceId, number] => [
    p,
    Math.max(0, n - capacity(p)),
  ]);
  for (const [p, n] of [...surplus, ...spendable]) {
    if (due === 0) break;
    const take = Math.min(n, due, stores[p] ?? 0);
    stores[p] = (stores[p] ?? 0) - take;
    due -= take;
  }
  if (due > 0) return undefined;
  return { ...ledger, purse: ledger.purse - purse, stores: prune(stores) };
}

/** The money a power may spend now: purse and reachable stores. */
export function money(ledger: Ledger, reachable: (p: ProvinceId) => boolean): number {
  return ledger.purse + spendableStores(ledger, reachable).reduce((s, [, n]) => s + n, 0);
}

/** Drops empty entries, so that the books compare equal however they got there. */
export function prune(r: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(r)) if (v !== 0) out[k] = v;
  return out;
}

/** Every point a power holds: purse, stores and emergency stores (for the property test). */
export function totalPoints(ledger: Ledger): number {
  const sum = (r: Readonly<Record<string, number>>) => Object.values(r).reduce((a, b) => a + b, 0);
  return ledger.purse + sum(ledger.stores) + sum(ledger.emergency);
}
