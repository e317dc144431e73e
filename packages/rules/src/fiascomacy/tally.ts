/**
 * The weighted choice: every investor's orders for a unit are put in canonical form and added up,
 * each weighing the investor's PF in the unit's power, and the unit carries out the heaviest
 * valid order (rulings 3-8). Movement ties hold, retreat ties disband, build ties are waived and
 * removal ties are left to the civil-disorder rule. The tallies name orders and weights, never
 * who gave them.
 */
import {
  adjudicateRetreats,
  adjustmentsAlone,
  adjustmentCounts,
  formatOrder,
  formatUnit,
  illegalAlone,
  supplyCentersOf,
  type AdjustmentVerdict,
  type DislodgedUnit,
  type GameEvent,
  type GameMap,
  type Location,
  type Order,
  type PhaseType,
  type Power,
  type PowerOrder,
  type Submission,
  type Unit,
  type UnitRef,
  type VariantState,
} from '@arbiter/engine';

/** How silent and invalid orders count (rulings 3 and 4). */
export interface TallyOptions {
  /** An investor who sends no order for a unit counts for a hold (a disband when retreating). */
  readonly missingAsHold: boolean;
  /** An invalid order counts for a hold (a disband when retreating) instead of nothing. */
  readonly invalidAsHold: boolean;
}

/** One option for one unit, with the PF behind it. */
export interface Vote {
  readonly order: string;
  readonly weight: number;
}

/** What was decided for one unit (or one power's builds or removals). */
export interface UnitTally {
  readonly unit: string;
  readonly votes: readonly Vote[];
  /** The orders carried out; empty when nothing is (a removal left to civil disorder). */
  readonly carried: readonly string[];
  readonly note?: string;
}

export interface TallyResult {
  readonly orders: readonly PowerOrder[];
  readonly tallies: Readonly<Record<Power, readonly UnitTally[]>>;
}

/** PF a player weighs in with for a power in this phase. */
export type Weight = (player: string, power: Power) => number;

interface Ballot {
  order: Order;
  weight: number;
}

function ref(u: Unit): UnitRef {
  return { type: u.type, location: u.location };
}

/** One investor in a unit: the PF it has in the unit's power, and its first order for the unit. */
interface Stake {
  readonly weight: number;
  readonly po: PowerOrder | undefined;
}

/**
 * For each unit, the investors with PF in its power, in the order of the submissions, each with
 * the first order it gave for the unit (DATC 4.D.3: the first counts). Worked out once a phase:
 * the legality pass and the vote read the same stakes.
 */
function stakesOf(
  units: readonly Unit[],
  submissions: readonly Submission[],
  weight: Weight,
): Stake[][] {
  const firsts = submissions.map((s) => {
    const first = new Map<string, PowerOrder>();
    for (const po of s.orders) {
      if (po.order.kind === 'waive') continue;
      const province = po.order.unit.location.province;
      if (!first.has(province)) first.set(province, po);
    }
    return first;
  });
  return units.map((unit) => {
    const stakes: Stake[] = [];
    submissions.forEach((s, i) => {
      const w = weight(s.player, unit.power);
      if (w > 0) stakes.push({ weight: w, po: firsts[i]!.get(unit.location.province) });
    });
    return stakes;
  });
}

function cast(box: Map<string, Ballot>, order: Order, weight: number): void {
  const key = formatOrder(order);
  const b = box.get(key);
  if (b === undefined) box.set(key, { order, weight });
  else b.weight += weight;
}

function sorted(box: Map<string, Ballot>): { key: string; ballot: Ballot }[] {
  return [...box.entries()]
    .map(([key, ballot]) => ({ key, ballot }))
    .sort((a, b) => b.ballot.weight - a.ballot.weight || (a.key < b.key ? -1 : 1));
}

function votes(list: readonly { key: string; ballot: Ballot }[]): Vote[] {
  return list.map((x) => ({ order: x.key, weight: x.ballot.weight }));
}

/** The one location in `province` a fleet at `from` can reach, if exactly one. */
function onlyReachableCoast(map: GameMap, from: Location, to: Location): Location {
  const p = map.province(to.province);
  if (p === undefined || p.coasts.length === 0) return { province: to.province };
  if (to.coast !== undefined) return to;
  const moves = map.fleetMoves[map.indexOf(from)] ?? [];
  const reachable = p.fleetLocations.filter((l) => moves.includes(l));
  return reachable.length === 1 ? map.locations[reachable[0]!]!.location : { province: p.id };
}

/**
 * Ruling 5: the canonical form of a legal movement order, so that `A(War)-Gal`, `War - Gal` and
 * `A War - Gal` are one order: the unit as it stands, an army's destination without a coast, a
 * fleet's single reachable coast filled in, a supported or convoyed unit as it stands, and an
 * army's move that can only go by sea marked "via". `S A Ber` and `S A Ber - Sil` stay apart.
 */
export function canonicalOrder(map: GameMap, units: readonly Unit[], unit: Unit, o: Order): Order {
  const at = (province: string): Unit | undefined =>
    units.find((u) => u.location.province === province);
  const self = ref(unit);
  switch (o.kind) {
    case 'hold':
      return { kind: 'hold', unit: self };
    case 'move': {
      if (unit.type === 'fleet') {
        return {
          kind: 'move',
          unit: self,
          to: onlyReachableCoast(map, unit.location, o.to),
          viaConvoy: false,
        };
      }
      const to = { province: o.to.province };
      const byLand = map.canMove('army', map.indexOf(unit.location), map.indexOf(to));
      return { kind: 'move', unit: self, to, viaConvoy: o.viaConvoy || !byLand };
    }
    case 'support-hold': {
      const t = at(o.supported.location.province);
      return {
        kind: 'support-hold',
        unit: self,
        supported: t === undefined ? o.supported : ref(t),
      };
    }
    case 'support-move': {
      const t = at(o.supported.location.province);
      if (t === undefined) return { ...o, unit: self };
      const to =
        t.type === 'army' ? { province: o.to.province } : onlyReachableCoast(map, t.location, o.to);
      return { kind: 'support-move', unit: self, supported: ref(t), to };
    }
    case 'convoy':
      return {
        kind: 'convoy',
        unit: self,
        army: { province: o.army.province },
        to: { province: o.to.province },
      };
    case 'retreat':
    case 'disband':
    case 'build':
    case 'remove':
    case 'waive':
      return o;
  }
}

/**
 * Whether each order is legal on this board, for the unit's owner (each judged alone, as the
 * adjudicator would judge it were it the only order): every order any investor gives a unit,
 * judged in one pass (`illegalAlone`), where the adjudicator was once run for each.
 */
function legalMoves(
  map: GameMap,
  state: VariantState,
  stakes: readonly (readonly Stake[])[],
): ReadonlyMap<Order, { readonly power: Power; readonly legal: boolean }> {
  const asked: PowerOrder[] = [];
  state.units.forEach((unit, i) => {
    for (const { po } of stakes[i]!) {
      if (po !== undefined) asked.push({ power: unit.power, order: po.order });
    }
  });
  const reasons = illegalAlone(map, state.units, asked);
  const legal = new Map<Order, { power: Power; legal: boolean }>();
  asked.forEach((po, k) =>
    legal.set(po.order, { power: po.power, legal: reasons[k] === undefined }),
  );
  return legal;
}

/** Movement: each unit carries out its heaviest valid order; a tie at the top holds. */
export function tallyMovement(
  map: GameMap,
  state: VariantState,
  submissions: readonly Submission[],
  weight: Weight,
  options: TallyOptions,
): TallyResult {
  const orders: PowerOrder[] = [];
  const tallies: Record<Power, UnitTally[]> = {};
  const stakes = stakesOf(state.units, submissions, weight);
  const judged = legalMoves(map, state, stakes);
  state.units.forEach((unit, i) => {
    const hold: Order = { kind: 'hold', unit: ref(unit) };
    const canonical = (order: Order): Order | undefined => {
      let j = judged.get(order);
      // An order judged for another unit's owner (never met: an order names one unit).
      if (j?.power !== unit.power) {
        const [reason] = illegalAlone(map, state.units, [{ power: unit.power, order }]);
        j = { power: unit.power, legal: reason === undefined };
      }
      return j.legal ? canonicalOrder(map, state.units, unit, order) : undefined;
    };
    const r = decide(unit, hold, 'holds', stakes[i]!, options, canonical);
    if (r !== undefined) record(orders, tallies, unit, r);
  });
  return { orders, tallies };
}

/** Retreats: the heaviest legal retreat or disband; a tie at the top disbands (ruling 6). */
export function tallyRetreats(
  map: GameMap,
  state: VariantState,
  submissions: readonly Submission[],
  weight: Weight,
  options: TallyOptions,
): TallyResult {
  const orders: PowerOrder[] = [];
  const tallies: Record<Power, UnitTally[]> = {};
  const stakes = stakesOf(
    state.dislodged.map((d) => d.unit),
    submissions,
    weight,
  );
  state.dislodged.forEach((d, i) => {
    const unit = d.unit;
    const disband: Order = { kind: 'disband', unit: ref(unit) };
    const canonical = (order: Order): Order | undefined =>
      canonicalRetreat(map, state, d, { power: unit.power, order });
    const r = decide(unit, disband, 'is disbanded', stakes[i]!, options, canonical);
    if (r !== undefined) record(orders, tallies, unit, r);
  });
  return { orders, tallies };
}

/** One unit's weighted vote: the heaviest canonical order, `fallback` on a tie at the top. */
function decide(
  unit: Unit,
  fallback: Order,
  onTie: string,
  stakes: readonly Stake[],
  options: TallyOptions,
  canonical: (order: Order) => Order | undefined,
): { order: Order; tally: UnitTally } | undefined {
  const box = new Map<string, Ballot>();
  for (const { weight: w, po } of stakes) {
    if (po === undefined) {
      if (options.missingAsHold) cast(box, fallback, w);
      continue;
    }
    const order = canonical(po.order);
    if (order === undefined) {
      if (options.invalidAsHold) cast(box, fallback, w);
      continue;
    }
    cast(box, order, w);
  }
  if (box.size === 0) return undefined;
  const list = sorted(box);
  const top = list[0]!;
  const tie = list.length > 1 && list[1]!.ballot.weight === top.ballot.weight;
  const order = tie ? fallback : top.ballot.order;
  const tally: UnitTally = {
    unit: formatUnit(ref(unit)),
    votes: votes(list),
    carried: [formatOrder(order)],
    ...(tie ? { note: `tie at ${top.ballot.weight}: the unit ${onTie}` } : {}),
  };
  return { order, tally };
}

function record(
  orders: PowerOrder[],
  tallies: Record<Power, UnitTally[]>,
  unit: Unit,
  r: { order: Order; tally: UnitTally },
): void {
  orders.push({ power: unit.power, order: r.order });
  (tallies[unit.power] ??= []).push(r.tally);
}

/** A legal retreat order in canonical form (`F sev R rum`, `A mos D`), or undefined. */
function canonicalRetreat(
  map: GameMap,
  state: VariantState,
  d: DislodgedUnit,
  po: PowerOrder,
): Order | undefined {
  const r = adjudicateRetreats(map, state.units, [d], [po], { explain: false });
  if (r.outcomes[0]?.result === 'illegal') return undefined;
  const o = po.order;
  if (o.kind === 'disband') return { kind: 'disband', unit: ref(d.unit) };
  if (o.kind !== 'retreat' && o.kind !== 'move') return undefined;
  const after = r.units.find((u) => !state.units.includes(u));
  if (after === undefined) return undefined;
  return { kind: 'retreat', unit: ref(d.unit), to: after.location };
}

/**
 * Builds (ruling 7): every distinct (type, site) scores the PF of the investors who ordered it.
 * Accepted from the top while builds and sites remain; options tied for one site are all dropped
 * (the site stays empty this winter), and a tie for the last build(s) is dropped and the rest
 * waived. Removals likewise; removals left undecided are made by the civil-disorder rule.
 */
export function tallyAdjustments(
  map: GameMap,
  state: VariantState,
  submissions: readonly Submission[],
  weight: Weight,
): TallyResult {
  const orders: PowerOrder[] = [];
  const tallies: Record<Power, UnitTally[]> = {};
  const counts = adjustmentCounts(
    map,
    state.units,
    state.supplyCenters,
    supplyCentersOf(map, state),
  );
  // Every build and removal given, each judged as if it were its power's only order, in one
  // pass (the winter's counts and sites worked out once, not once an order).
  const asked: PowerOrder[] = [];
  for (const s of submissions) for (const po of s.orders) asked.push(po);
  const verdicts = adjustmentsAlone(map, state.units, state.supplyCenters, asked);
  const judged = new Map<PowerOrder, AdjustmentVerdict>();
  asked.forEach((po, k) => judged.set(po, verdicts[k]!));
  for (const power of map.powers) {
    const count = counts[power]!;
    if (count === 0) continue;
    const box = new Map<string, Ballot>();
    const siteOf = new Map<string, string>();
    for (const s of submissions) {
      const w = weight(s.player, power);
      if (w <= 0) continue;
      const seen = new Set<string>();
      for (const po of s.orders) {
        if (po.power !== power) continue;
        const canonical = canonicalAdjustment(state, po, judged.get(po)!, count);
        if (canonical === undefined) continue;
        const key = formatOrder(canonical.order);
        if (seen.has(key)) continue;
        seen.add(key);
        siteOf.set(key, canonical.site);
        cast(box, canonical.order, w);
      }
    }
    if (box.size === 0) continue;
    const list = sorted(box);
    const chosen = count > 0 ? pickBuilds(list, siteOf, count) : pickRemovals(list, -count);
    for (const c of chosen.accepted) orders.push({ power, order: box.get(c)!.order });
    tallies[power] = [
      {
        unit:
          count > 0
            ? `${count} build${count === 1 ? '' : 's'}`
            : `${-count} removal${count === -1 ? '' : 's'}`,
        votes: votes(list),
        carried: chosen.accepted,
        ...(chosen.note === undefined ? {} : { note: chosen.note }),
      },
    ];
  }
  return { orders, tallies };
}

/** The order as it counts (a build's unit as built, a removal's unit as it stands), if valid. */
function canonicalAdjustment(
  state: VariantState,
  po: PowerOrder,
  alone: AdjustmentVerdict,
  count: number,
): { order: Order; site: string } | undefined {
  const o = po.order;
  if (o.kind === 'build') {
    if (count <= 0) return undefined;
    const built = alone.built;
    if (alone.result !== 'succeeds' || built === undefined) return undefined;
    return {
      order: { kind: 'build', unit: { type: built.type, location: built.location } },
      site: built.location.province,
    };
  }
  if (o.kind === 'remove' || o.kind === 'disband') {
    if (count >= 0 || alone.result !== 'succeeds') return undefined;
    const u = state.units.find((x) => x.location.province === o.unit.location.province);
    if (u === undefined) return undefined;
    return { order: { kind: 'remove', unit: ref(u) }, site: u.location.province };
  }
  return undefined;
}

function groups<T extends { ballot: Ballot }>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (const x of list) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0]!.ballot.weight === x.ballot.weight) last.push(x);
    else out.push([x]);
  }
  return out;
}

function pickBuilds(
  list: readonly { key: string; ballot: Ballot }[],
  siteOf: ReadonlyMap<string, string>,
  builds: number,
): { accepted: string[]; note?: string } {
  const accepted: string[] = [];
  const closed = new Set<string>();
  const notes: string[] = [];
  let left = builds;
  for (const group of groups(list)) {
    if (left === 0) break;
    const open = group.filter((x) => !closed.has(siteOf.get(x.key)!));
    const bySite = new Map<string, string[]>();
    for (const x of open) {
      const site = siteOf.get(x.key)!;
      bySite.set(site, [...(bySite.get(site) ?? []), x.key]);
    }
    const clear: string[] = [];
    for (const [site, keys] of bySite) {
      closed.add(site);
      if (keys.length > 1) notes.push(`tie for ${site}: ${keys.join(', ')} dropped`);
      else clear.push(keys[0]!);
    }
    if (clear.length > left) {
      notes.push(`tie for the last build${left === 1 ? '' : 's'}: ${clear.join(', ')} dropped`);
      break;
    }
    accepted.push(...clear);
    left -= clear.length;
  }
  if (left > 0) notes.push(`${left} build${left === 1 ? '' : 's'} waived`);
  return notes.length === 0 ? { accepted } : { accepted, note: notes.join('; ') };
}

function pickRemovals(
  list: readonly { key: string; ballot: Ballot }[],
  removals: number,
): { accepted: string[]; note?: string } {
  const accepted: string[] = [];
  let left = removals;
  let note: string | undefined;
  for (const group of groups(list)) {
    if (left === 0) break;
    if (group.length > left) {
      note = `tie for the last removal${left === 1 ? '' : 's'}: ${group.map((x) => x.key).join(', ')}`;
      break;
    }
    accepted.push(...group.map((x) => x.key));
    left -= group.length;
  }
  if (left > 0) {
    const why = `${left} removal${left === 1 ? '' : 's'} by the civil-disorder rule`;
    note = note === undefined ? why : `${note}; ${why}`;
  }
  return note === undefined ? { accepted } : { accepted, note };
}

/** One line per unit: `F sev - rum 4, F sev - bla 4 → F sev H (tie at 4: the unit holds)`. */
export function tallyText(t: UnitTally): string {
  const options = t.votes.map((v) => `${v.order} ${v.weight}`).join(', ');
  const carried = t.carried.length === 0 ? 'nothing' : t.carried.join(', ');
  return `${t.unit}: ${options} → ${carried}${t.note === undefined ? '' : ` (${t.note})`}`;
}

/** What civil disorder does to a power nobody invested in, by phase. */
const CIVIL_DISORDER: Readonly<Record<PhaseType, string>> = {
  movement: 'every unit holds',
  retreat: 'its dislodged units disband',
  adjustment: 'it builds nothing and removes units by the civil-disorder rule',
  module: 'it does nothing',
};

/** The public tally events, one per power, in map order (a power nobody backs says why). */
export function tallyEvents(
  map: GameMap,
  phaseLabel: string,
  tallies: Readonly<Record<Power, readonly UnitTally[]>>,
  uninvested: readonly Power[] = [],
  phase: PhaseType = 'movement',
): GameEvent[] {
  const out: GameEvent[] = [];
  for (const power of map.powers) {
    if (uninvested.includes(power)) {
      const name = map.spec.powers.find((p) => p.id === power)?.name ?? power;
      out.push({
        type: 'fiascomacy/tally',
        audience: { kind: 'public' },
        text: `${phaseLabel}, ${name}: nobody has invested in it, so ${CIVIL_DISORDER[phase]} (civil disorder)`,
        data: { power, units: [], uninvested: true },
      });
      continue;
    }
    // Units in the order of their provinces: `A mos`, `F sev`, `F stp/sc`, `A war`.
    const where = (t: UnitTally): string => t.unit.slice(t.unit.indexOf(' ') + 1);
    const list = [...(tallies[power] ?? [])].sort((a, b) => (where(a) < where(b) ? -1 : 1));
    if (list.length === 0) continue;
    const name = map.spec.powers.find((p) => p.id === power)?.name ?? power;
    out.push({
      type: 'fiascomacy/tally',
      audience: { kind: 'public' },
      text: `${phaseLabel}, ${name}: ${list.map(tallyText).join('; ')}`,
      data: { power, units: list },
    });
  }
  return out;
}
