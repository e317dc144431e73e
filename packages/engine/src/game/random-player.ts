/**
 * A seeded random player: legal orders for one power, with supports and convoys that mostly
 * fit its other orders, so that whole games can be simulated (and the engine exercised).
 */
import type { GameMap } from '../map/game-map.js';
import type { Rng } from '../random.js';
import type { Location, Order, Power, PowerOrder, Unit } from '../types.js';
import { adjustmentCounts } from '../adjudicate/adjustment.js';
import { buildSites, type GameState } from './state.js';
import { supplyCentersOf } from '../map/supply-centers.js';

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
  return map.powers.flatMap((p) => randomOrders(map, state, p, rng));
}

function ref(u: Unit): { type: Unit['type']; location: Location } {
  return { type: u.type, location: u.location };
}

function movementOrders(
  map: GameMap,
  units: readonly Unit[],
  power: Power,
  rng: Rng,
): PowerOrder[] {
  const own = units.filter((u) => u.power === power);
  const at = new Map(units.map((u) => [u.location.province, u]));
  const orders = new Map<string, Order>();
  const supporters: Unit[] = [];
  const moveTargets = (u: Unit): Location[] => {
    const from = map.indexOf(u.location);
    const moves = u.type === 'army' ? map.armyMoves[from]! : map.fleetMoves[from]!;
    return moves.map((l) => map.locations[l]!.location);
  };
  for (const u of rng.shuffle(own)) {
    const p = u.location.province;
    if (orders.has(p)) continue;
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
      // Reserved now (as a hold) so no convoy drafts it; the support is chosen below.
      supporters.push(u);
      orders.set(p, { kind: 'hold', unit: ref(u) });
      continue;
    }
    if (kind === 'hold') {
      orders.set(p, { kind: 'hold', unit: ref(u) });
      continue;
    }
    if (kind === 'via' || kind === 'convoy') {
      const army =
        kind === 'via'
          ? u.type === 'army'
            ? u
            : undefined
          : pickConvoyable(map, own, u, orders, rng);
      if (army !== undefined && convoyMove(map, own, army, orders, rng)) continue;
    }
    const to = rng.pick(moveTargets(u));
    orders.set(
      p,
      to === undefined
        ? { kind: 'hold', unit: ref(u) }
        : { kind: 'move', unit: ref(u), to, viaConvoy: false },
    );
  }
  for (const s of supporters) {
    orders.set(
      s.location.province,
      supportOrder(map, s, units, at, orders, rng) ?? { kind: 'hold', unit: ref(s) },
    );
  }
  return [...orders.keys()].sort().map((p) => ({ power, order: orders.get(p)! }));
}

/** For a fleet at sea that drew "convoy": an unordered army of its own beside it. */
function pickConvoyable(
  map: GameMap,
  own: readonly Unit[],
  fleet: Unit,
  orders: ReadonlyMap<string, Order>,
  rng: Rng,
): Unit | undefined {
  if (fleet.type !== 'fleet' || map.province(fleet.location.province)?.terrain !== 'sea')
    return undefined;
  const fp = map.provinceIndex(fleet.location.province);
  const np = map.provinces.length;
  const armies = own.filter(
    (a) =>
      a.type === 'army' &&
      !orders.has(a.location.province) &&
      map.provinceAdjacent[map.provinceIndex(a.location.province) * np + fp] === 1,
  );
  return rng.pick(armies);
}

/**
 * Orders army `a` to a coastal province reachable through seas holding the power's own unordered
 * fleets, and those fleets to convoy it. False when there is no such destination.
 */
function convoyMove(
  map: GameMap,
  own: readonly Unit[],
  a: Unit,
  orders: Map<string, Order>,
  rng: Rng,
): boolean {
  const np = map.provinces.length;
  const adj = map.provinceAdjacent;
  const src = map.provinceIndex(a.location.province);
  if (map.provinces[src]!.terrain !== 'coast') return false;
  const fleetAt = new Map<number, Unit>();
  for (const u of own) {
    const pi = map.provinceIndex(u.location.province);
    if (
      u.type === 'fleet' &&
      map.provinces[pi]!.terrain === 'sea' &&
      !orders.has(u.location.province)
    )
      fleetAt.set(pi, u);
  }
  // Breadth first over own fleets: the parent links give a shortest, hence proper, route.
  const parent = new Map<number, number>();
  const queue: number[] = [];
  for (const f of fleetAt.keys()) {
    if (adj[src * np + f] === 1) {
      parent.set(f, -1);
      queue.push(f);
    }
  }
  const reach = new Map<number, number>();
  for (let h = 0; h < queue.length; h++) {
    const f = queue[h]!;
    for (let q = 0; q < np; q++) {
      if (adj[f * np + q] !== 1) continue;
      if (fleetAt.has(q) && !parent.has(q)) {
        parent.set(q, f);
        queue.push(q);
      } else if (q !== src && map.provinces[q]!.terrain === 'coast' && !reach.has(q)) {
        reach.set(q, f);
      }
    }
  }
  const dest = rng.pick([...reach.keys()].sort((x, y) => x - y));
  if (dest === undefined) return false;
  const to = { province: map.provinces[dest]!.id };
  orders.set(a.location.province, { kind: 'move', unit: ref(a), to, viaConvoy: true });
  for (let f = reach.get(dest)!; f !== -1; f = parent.get(f)!) {
    const fleet = fleetAt.get(f)!;
    orders.set(fleet.location.province, { kind: 'convoy', unit: ref(fleet), army: a.location, to });
  }
  return true;
}

/** A support for unit s: mostly one that fits an order already given, else any legal one. */
function supportOrder(
  map: GameMap,
  s: Unit,
  units: readonly Unit[],
  at: ReadonlyMap<string, Unit>,
  orders: ReadonlyMap<string, Order>,
  rng: Rng,
): Order | undefined {
  const from = map.indexOf(s.location);
  const reachable = new Set(
    (s.type === 'army' ? map.armyMoves[from]! : map.fleetMoves[from]!).map(
      (l) => map.locations[l]!.location.province,
    ),
  );
  const fitting: Order[] = [];
  for (const [p, o] of orders) {
    const target = at.get(p)!;
    if (o.kind === 'move') {
      if (reachable.has(o.to.province) && o.to.province !== s.location.province) {
        fitting.push({
          kind: 'support-move',
          unit: ref(s),
          supported: ref(target),
          to: { province: o.to.province },
        });
      }
    } else if (reachable.has(p)) {
      fitting.push({ kind: 'support-hold', unit: ref(s), supported: ref(target) });
    }
  }
  if (fitting.length > 0 && rng.next() < FITTING) return rng.pick(fitting);
  // Any legal support: hold support for a neighbour, or a move support for a unit that can go
  // where this one can.
  const any: Order[] = [];
  for (const u of units) {
    const p = u.location.province;
    if (p === s.location.province) continue;
    if (reachable.has(p)) any.push({ kind: 'support-hold', unit: ref(s), supported: ref(u) });
    const uf = map.indexOf(u.location);
    for (const l of u.type === 'army' ? map.armyMoves[uf]! : map.fleetMoves[uf]!) {
      const q = map.locations[l]!.location.province;
      if (q !== s.location.province && reachable.has(q)) {
        any.push({ kind: 'support-move', unit: ref(s), supported: ref(u), to: { province: q } });
      }
    }
  }
  return rng.pick(any);
}

function adjustmentOrders(map: GameMap, state: GameState, power: Power, rng: Rng): PowerOrder[] {
  const centers = supplyCentersOf(map, state);
  const count = adjustmentCounts(map, state.units, state.supplyCenters, centers)[power] ?? 0;
  const out: PowerOrder[] = [];
  if (count > 0) {
    const occupied = new Set(state.units.map((u) => u.location.province));
    const sites = rng
      .shuffle(buildSites(map, power, state.supplyCenters, occupied, centers))
      .slice(0, count);
    for (const site of sites) {
      const p = map.province(site)!;
      const fleetLocs = p.fleetLocations;
      const fleet = fleetLocs.length > 0 && (p.armyLocation < 0 || rng.next() < 0.4);
      const location = fleet ? map.locations[rng.pick(fleetLocs)!]!.location : { province: site };
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
