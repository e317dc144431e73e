/**
 * Movement adjudication: orders are checked and bound to units, then every decision is
 * resolved with the guess-and-check algorithm of Kruijswijk's "The Math of Adjudication"
 * (DATC v3.2 section 5), over flat typed arrays that are reused between calls.
 *
 * Rule choices (DATC v3.2 preferences): Szykman for convoy paradoxes (4.A.2); 2023 rules for
 * convoys to adjacent provinces, with no fall-back to land (4.A.3); a convoyed attack from the
 * supported province does not cut (4.A.4); choice b of 4.A.7; the first of several orders to a
 * unit counts (4.D.3); illegal orders are ignored and the unit holds (4.E.1). An older rulebook
 * edition's choices (`RuleChoices`: 4.A.1, 4.A.2, 4.A.3, 4.A.5) are flags read only where they
 * differ, so the default path does not pay for them.
 *
 * Combat-free spaces (`MovementRules.combatFree`, Fin de Siecle's oceans) take a separate path
 * that standard games never enter: see `placeShared`.
 */
import type { GameMap } from '../map/game-map.js';
import type { Location, MoveOrder, Order, PowerOrder, Unit, UnitRef } from '../types.js';
import type { ExtraStrength, MovementRules, RuleChoices } from './rules.js';
import { ConvoyRoutes, convoyLinks } from './convoy-routes.js';
import { describeEntry, describeOutcome, describePaid } from './explain.js';
import type {
  DislodgedUnit,
  IllegalReason,
  MovementResolution,
  OrderOutcome,
  OrderResult,
  OutcomeReason,
  PaidStrength,
} from './outcome.js';

const HOLD = 0;
const MOVE = 1;
const SUPPORT_HOLD = 2;
const SUPPORT_MOVE = 3;
const CONVOY = 4;

const FLEET = 1;

// Values of `convoyed`: by land (0), by convoy (1), or, under the 1971 rule for adjacent
// convoys (DATC 4.A.3 a), by convoy if a convoy route holds and else by land.
const EITHER = 2;

// Bits of `reachBits`: a unit's legal move there is plain, or goes by convoy.
const PLAIN = 1;
const CONVOYED = 2;

// Bits of GameMap.passage.
const ARMY_PASS = 1;
const FLEET_PASS = 2;

export interface MovementOptions {
  /** Add a human explanation to every outcome (default true). */
  readonly explain?: boolean;
  /** Rule modules' changes to combat (variants); without them, standard Diplomacy. */
  readonly rules?: MovementRules;
  /** The rulebook edition's DATC choices (`rulebookChoices`); default the DATC's preferences. */
  readonly choices?: RuleChoices;
  /**
   * Each order's outcome (default true). Off, `outcomes` comes back empty, for a caller that
   * wants only the board after the phase: `arbiter adjudicate`'s records, whose results are the
   * positions and retreats (the outcomes were a tenth of that path's work).
   */
  readonly outcomes?: boolean;
}

/** Adjudicates one movement phase. Pure: the same input gives the same output. */
export function adjudicateMovement(
  map: GameMap,
  units: readonly Unit[],
  orders: readonly PowerOrder[],
  options: MovementOptions = {},
): MovementResolution {
  return kernelOf(map).run(
    units,
    orders,
    options.explain !== false,
    options.rules ?? null,
    options.choices,
    options.outcomes !== false,
  );
}

/**
 * Every legal order of each unit `which` lists (indices into `units`) on a movement-phase
 * board, as the kernel's own checks (`bind`) judge them, with the rule modules' vetoes. The
 * public face is `legalOrders` (`game/legal-orders.ts`), which documents what is listed.
 */
export function legalMovementOrders(
  map: GameMap,
  units: readonly Unit[],
  which: readonly number[],
  rules?: MovementRules,
  choices?: RuleChoices,
): Order[][] {
  return kernelOf(map).legal(units, which, rules ?? null, choices);
}

/**
 * For each order, why `adjudicateMovement(map, units, [order], options)` would judge it illegal
 * were it the only order given, or undefined where it would not: the board is set up once for
 * all of them (a rule that weighs many candidate orders for each unit, as Fiascomacy's tally
 * does, asked the whole adjudicator once an order).
 */
export function illegalAlone(
  map: GameMap,
  units: readonly Unit[],
  orders: readonly PowerOrder[],
  options: Pick<MovementOptions, 'rules' | 'choices'> = {},
): (IllegalReason | undefined)[] {
  return kernelOf(map).illegalAlone(units, orders, options.rules ?? null, options.choices);
}

function kernelOf(map: GameMap): MovementKernel {
  // Nearly every call is for the same map as the last: skip the WeakMap then.
  let kernel = lastKernel;
  if (kernel === undefined || kernel.map !== map) {
    kernel = kernels.get(map);
    if (kernel === undefined) {
      kernel = new MovementKernel(map);
      kernels.set(map, kernel);
    }
    lastKernel = kernel;
  }
  return kernel;
}

const kernels = new WeakMap<GameMap, MovementKernel>();
let lastKernel: MovementKernel | undefined;

/** Scratch state for one map. `run` resets everything it reads, so calls never leak state. */
class MovementKernel {
  readonly map: GameMap;
  private routes: ConvoyRoutes;
  private readonly nProv: number;
  /** Which provinces a convoy passes between: the map's adjacency, or a network's. */
  private provAdj: Uint8Array;
  /** The map's own convoy routes; `routes` is these unless a rule draws a convoy network. */
  private readonly plainRoutes: ConvoyRoutes;
  /** Convoy routes over each network a rule drew (by its oceans' indices), built once. */
  private readonly networkRoutes = new Map<string, { routes: ConvoyRoutes; links: Uint8Array }>();
  private readonly provTerrainSea: Uint8Array;
  // The map as flat tables, read without going through its objects.
  private readonly nLoc: number;
  /** Flat L×L: bit ARMY_PASS / FLEET_PASS where a unit of that type may cross. */
  private readonly passage: Uint8Array;
  private readonly provinceIds: readonly string[];
  private readonly powerIds: readonly string[];
  /** Per province: the location of the whole province, and where an army stands (or -1). */
  private readonly provLocation: Int16Array;
  private readonly armyLocation: Int16Array;
  /** Per province: where a fleet may stand, `fleetLocs[fleetStart[p] .. fleetStart[p + 1]]`. */
  private readonly fleetStart: Int16Array;
  private readonly fleetLocs: Int16Array;
  /** Per location: its coast (undefined for a whole province) and its shared Location object. */
  private readonly locCoast: readonly (string | undefined)[];
  private readonly locLocation: readonly Location[];
  // Per province, as slices of two blocks cleared with one fill each.
  private readonly provMinus: Int16Array;
  private readonly provZero: Uint8Array;
  private readonly unitAt: Int16Array;
  private readonly intoHead: Int16Array;
  private readonly occupied: Uint8Array;
  /** 1 where a fleet stands: convoy legality depends on the fleets on the board (6.D.32). */
  private readonly fleetAt: Uint8Array;
  private readonly contested: Uint8Array;
  // Combat-free spaces (variants): set only while a rule names some; see `placeShared`.
  /** Whether this call has a `combatFree` rule; `provFree` is all zero otherwise. */
  private freeOn = false;
  /** 1 per combat-free province; such a province's `unitAt` stays -1 (nobody defends it). */
  private readonly provFree: Uint8Array;
  /** Per combat-free province, its units in input order: `freeHead[p]`, then `freeNext[u]`. */
  private readonly freeHead: Int16Array;
  private freeNext = new Int16Array(0);
  /** Per support or convoy naming a unit in a combat-free province: that province, else -1. */
  private sharedFrom = new Int16Array(0);
  /** Why `sharedUnit` found no unit. */
  private sharedMiss: IllegalReason = 'no-unit';
  /** What stopped a failed move, set by `strongestOpponent`: its strength and its unit. */
  private opposition = 0;
  private opponent = -1;
  /** Work lists of `route`, as a stack: a nested call (through `resolve`) works above. */
  private routeStack = new Int16Array(0);
  private routeTop = 0;
  // Per unit (a unit index is its position in the input; at most one unit per province,
  // except in combat-free spaces).
  private power = new Int16Array(0);
  private type = new Uint8Array(0);
  private loc = new Int16Array(0);
  private prov = new Int16Array(0);
  private kind = new Uint8Array(0);
  private orderOf = new Int32Array(0);
  private dest = new Int16Array(0);
  private destLoc = new Int16Array(0);
  private convoyed = new Uint8Array(0);
  private hasRoute = new Uint8Array(0);
  private target = new Int16Array(0);
  private matched = new Uint8Array(0);
  private illegalMove = new Uint8Array(0);
  private firstOrder = new Int32Array(0);
  private h2h = new Int16Array(0);
  private intoNext = new Int16Array(0);
  private supHead = new Int16Array(0);
  private supNext = new Int16Array(0);
  private convHead = new Int16Array(0);
  private convNext = new Int16Array(0);
  private resolved = new Uint8Array(0);
  private res = new Uint8Array(0);
  private visited = new Uint8Array(0);
  private inCycle = new Uint8Array(0);
  private szykman = new Uint8Array(0);
  private unitOfOrder = new Int16Array(0);
  private dislodger = new Int16Array(0);
  private fate = new Uint8Array(0);
  private illegal: (IllegalReason | undefined)[] = [];
  /** Rule modules' changes to combat; null for standard Diplomacy. */
  private rules: MovementRules | null = null;
  // The edition's DATC choices (`RuleChoices`), as flags; each starts as the 2023 choice.
  /** 4.A.3: "via convoy" chooses the convoy route (not under the 1971 rule, a). */
  private viaHonoured = true;
  /** 4.A.3: which rule picks an adjacent army's route: 0 the 2023 one (d), 1 1971 (a), 2 1982 (b). */
  private adjacentRule = 0;
  /** 4.A.1 a (1971): a convoy fails when any of its routes is disrupted. */
  private anyRouteDisrupts = false;
  /** 4.A.2 b (1982): a convoyed army does not cut a fleet's support into a convoying sea. */
  private paradoxRule1982 = false;
  /** 4.A.5 b (2023): a unit dislodged by a convoy from next door may retreat where it came from. */
  private retreatToConvoyOrigin = true;
  private units: readonly Unit[] = [];
  /** Per unit: own strength, what its support adds, uncuttable extra strength (variants). */
  private base = new Int32Array(0);
  private supValue = new Int32Array(0);
  private extraHold = new Int32Array(0);
  private extraMove = new Int32Array(0);
  /**
   * Per unit, the owned entries of its extra strength (`extraSupport` returning entries), or
   * undefined; `paidOn` says whether any unit has some this call.
   */
  private paid: (readonly ExtraStrength[] | undefined)[] = [];
  private paidOn = false;
  /** Per province, a garrison's amount and its power's index (-1: nobody's); `garrisonOn`. */
  private garrisonAmount = new Int32Array(0);
  private garrisonPower = new Int16Array(0);
  private garrisonOn = false;
  /** Per unit: a support a rule module does not let count (the Fink's /ngf/). */
  private voided = new Uint8Array(0);
  private cycle: number[] = [];
  // Legal orders (`legal`): per unit, its legal moves, the order's name for it, and where its
  // moves go (n × P: PLAIN and/or CONVOYED per province); per province, who may move there.
  private movesOf: MoveOrder[][] = [];
  private refOf: UnitRef[] = [];
  private reachBits = new Uint8Array(0);
  private moverHead = new Int32Array(0);
  private moverNext = new Int32Array(0);
  private readonly provScratch: Uint8Array;
  private readonly seaScratch: Uint8Array;
  private readonly locProvince: Int16Array;
  private guessBased = false;
  private recursionHits = 0;
  private n = 0;
  // The blocks behind the per-unit arrays, by starting value (see `grow`).
  private minus16 = new Int16Array(0);
  private minus32 = new Int32Array(0);
  private zero8 = new Uint8Array(0);
  private one32 = new Int32Array(0);
  private zero32 = new Int32Array(0);

  constructor(map: GameMap) {
    this.map = map;
    this.routes = new ConvoyRoutes(map);
    this.plainRoutes = this.routes;
    const p = map.provinces.length;
    this.nProv = p;
    this.provAdj = map.provinceAdjacent;
    this.provTerrainSea = Uint8Array.from(map.provinces, (x) => (x.terrain === 'sea' ? 1 : 0));
    this.nLoc = map.locations.length;
    this.passage = map.passage;
    this.provinceIds = map.provinces.map((x) => x.id);
    this.powerIds = map.powers;
    this.provLocation = Int16Array.from(map.provinces, (x) => x.location);
    this.armyLocation = Int16Array.from(map.provinces, (x) => x.armyLocation);
    this.fleetStart = new Int16Array(p + 1);
    const fleetLocs: number[] = [];
    for (const x of map.provinces) {
      this.fleetStart[x.index] = fleetLocs.length;
      fleetLocs.push(...x.fleetLocations);
    }
    this.fleetStart[p] = fleetLocs.length;
    this.fleetLocs = Int16Array.from(fleetLocs);
    this.locCoast = map.locations.map((x) => x.coast);
    this.locLocation = map.locations.map((x) => x.location);
    this.provMinus = new Int16Array(2 * p);
    this.unitAt = this.provMinus.subarray(0, p);
    this.intoHead = this.provMinus.subarray(p, 2 * p);
    this.provZero = new Uint8Array(3 * p);
    this.occupied = this.provZero.subarray(0, p);
    this.fleetAt = this.provZero.subarray(p, 2 * p);
    this.contested = this.provZero.subarray(2 * p, 3 * p);
    this.provFree = new Uint8Array(p);
    this.provScratch = new Uint8Array(p);
    this.seaScratch = new Uint8Array(p);
    this.locProvince = Int16Array.from(map.locations, (x) => x.province);
    this.freeHead = new Int16Array(p).fill(-1);
    this.grow(p);
  }

  /**
   * Makes room for n units. The per-unit arrays that each call starts afresh are slices of a
   * few blocks grouped by starting value, so that `reset` clears them all with five `fill`s.
   */
  private grow(n: number): void {
    if (this.power.length >= n) return;
    this.power = new Int16Array(n);
    this.type = new Uint8Array(n);
    this.loc = new Int16Array(n);
    this.prov = new Int16Array(n);
    const minus16 = new Int16Array(10 * n);
    const slice16 = (k: number): Int16Array<ArrayBuffer> =>
      new Int16Array(minus16.buffer, 2 * k * n, n);
    this.minus16 = minus16;
    this.dest = slice16(0);
    this.destLoc = slice16(1);
    this.target = slice16(2);
    this.h2h = slice16(3);
    this.intoNext = slice16(4);
    this.supHead = slice16(5);
    this.supNext = slice16(6);
    this.convHead = slice16(7);
    this.convNext = slice16(8);
    this.dislodger = slice16(9);
    const minus32 = new Int32Array(2 * n);
    this.minus32 = minus32;
    this.orderOf = new Int32Array(minus32.buffer, 0, n);
    this.firstOrder = new Int32Array(minus32.buffer, 4 * n, n);
    const zero8 = new Uint8Array(12 * n);
    const slice8 = (k: number): Uint8Array<ArrayBuffer> => new Uint8Array(zero8.buffer, k * n, n);
    this.zero8 = zero8;
    this.kind = slice8(0);
    this.convoyed = slice8(1);
    this.hasRoute = slice8(2);
    this.matched = slice8(3);
    this.illegalMove = slice8(4);
    this.resolved = slice8(5);
    this.res = slice8(6);
    this.visited = slice8(7);
    this.inCycle = slice8(8);
    this.szykman = slice8(9);
    this.fate = slice8(10);
    this.voided = slice8(11);
    const one32 = new Int32Array(2 * n);
    this.one32 = one32;
    this.base = new Int32Array(one32.buffer, 0, n);
    this.supValue = new Int32Array(one32.buffer, 4 * n, n);
    const zero32 = new Int32Array(2 * n);
    this.zero32 = zero32;
    this.extraHold = new Int32Array(zero32.buffer, 0, n);
    this.extraMove = new Int32Array(zero32.buffer, 4 * n, n);
  }

  /** Clears every unit's per-call state (HOLD is 0, so every unit starts holding). */
  private reset(): void {
    this.minus16.fill(-1);
    this.minus32.fill(-1);
    this.zero8.fill(0);
    this.one32.fill(1);
    this.zero32.fill(0);
  }

  run(
    units: readonly Unit[],
    orders: readonly PowerOrder[],
    explain: boolean,
    rules: MovementRules | null,
    choices: RuleChoices | undefined,
    withOutcomes = true,
  ): MovementResolution {
    this.setUp(units, rules, choices);
    const n = units.length;
    if (rules !== null) this.weigh(units, rules);

    // 1. Bind each order to its unit and check that the board allows it.
    const no = orders.length;
    const illegal: (IllegalReason | undefined)[] = new Array<IllegalReason | undefined>(no);
    this.illegal = illegal;
    if (this.unitOfOrder.length < no) this.unitOfOrder = new Int16Array(no * 2);
    const unitOfOrder = this.unitOfOrder;
    const shared = this.freeOn;
    for (let k = 0; k < no; k++) {
      const po = orders[k]!;
      const reason = shared ? this.bindShared(po, k, unitOfOrder) : this.bind(po, k, unitOfOrder);
      illegal[k] = reason;
    }

    // 2. Decide which army moves go by convoy, match supports and convoys to what they name.
    this.linkOrders();
    if (rules?.extraSupport !== undefined) this.addExtraSupport(rules.extraSupport);
    else this.paidOn = false;
    if (rules?.garrison !== undefined) this.placeGarrisons(rules.garrison);
    else this.garrisonOn = false;

    // 3. Resolve every decision.
    for (let i = 0; i < n; i++) {
      const kd = this.kind[i]!;
      if (kd !== HOLD) this.resolve(i);
    }

    // 4. Read off positions, dislodgements, standoffs and each order's outcome.
    return this.finish(units, orders, illegal, unitOfOrder, explain, withOutcomes);
  }

  /** Places the units on this map's board, with no orders yet (every unit holds). */
  private setUp(
    units: readonly Unit[],
    rules: MovementRules | null,
    choices: RuleChoices | undefined,
  ): void {
    const map = this.map;
    const n = units.length;
    this.grow(n);
    this.n = n;
    this.rules = rules;
    const adjacent = choices?.adjacentConvoy;
    this.adjacentRule = adjacent === 'a' ? 1 : adjacent === 'b' ? 2 : 0;
    this.viaHonoured = adjacent !== 'a';
    this.anyRouteDisrupts = choices?.multiRouteConvoy === 'a';
    this.paradoxRule1982 = choices?.convoyParadox === 'b';
    this.retreatToConvoyOrigin = choices?.retreatAfterConvoy !== 'a';
    this.units = units;
    this.provMinus.fill(-1);
    this.provZero.fill(0);
    this.routeTop = 0;
    this.cycle.length = 0;
    this.guessBased = false;
    this.recursionHits = 0;
    this.reset();
    const combatFree = rules?.combatFree;
    if (combatFree !== undefined) {
      this.placeShared(units, combatFree);
    } else {
      if (this.freeOn) this.clearShared();
      const { unitAt, fleetAt, power, type, loc, prov } = this;
      for (let i = 0; i < n; i++) {
        const u = units[i]!;
        const where = u.location;
        const own = map.ownLocation(where);
        const pi = own !== undefined ? own.province : map.provinceIndex(where.province);
        const l = own !== undefined ? own.index : pi < 0 ? -1 : this.locationIn(pi, where.coast);
        if (l < 0 || unitAt[pi] !== -1) {
          throw new RangeError(
            `unit ${i} (${u.location.province}) is off the map or shares a province`,
          );
        }
        unitAt[pi] = i;
        power[i] = this.powerIndex(u.power);
        const fleet = u.type === 'fleet';
        type[i] = fleet ? FLEET : 0;
        if (fleet) fleetAt[pi] = 1;
        loc[i] = l;
        prov[i] = pi;
      }
    }
    const network = rules?.convoyNetwork;
    if (network !== undefined) this.useNetwork(network);
    else if (this.routes !== this.plainRoutes) {
      this.routes = this.plainRoutes;
      this.provAdj = map.provinceAdjacent;
    }
    this.routes.setBoard(this.fleetAt);
  }

  /** Convoys over a rule's network of oceans (`MovementRules.convoyNetwork`) this call. */
  private useNetwork(network: (province: string) => boolean): void {
    const oceans: number[] = [];
    for (const p of this.map.provinces) if (network(p.id)) oceans.push(p.index);
    const key = oceans.join(',');
    let net = this.networkRoutes.get(key);
    if (net === undefined) {
      const links = convoyLinks(this.map, oceans);
      net = { routes: new ConvoyRoutes(this.map, links), links };
      this.networkRoutes.set(key, net);
    }
    this.routes = net.routes;
    this.provAdj = net.links;
  }

  /**
   * Places the units when a rule names combat-free spaces (Fin de Siecle's oceans); standard
   * games never come here. Any number of units may stand in a combat-free province. Its
   * `unitAt` stays -1, so nothing there holds, defends or can be dislodged, and `linkOrders`
   * does not link moves into it as attacks: they cut nothing, bounce nothing and succeed when
   * legal. Its units are listed in input order (`freeHead`, `freeNext`); orders reach them
   * through `sharedUnit`, and supports and convoys naming them through `settleShared`.
   * Everywhere else, one unit per province as usual.
   */
  private placeShared(units: readonly Unit[], combatFree: (province: string) => boolean): void {
    const map = this.map;
    const n = units.length;
    const { unitAt, fleetAt, power, type, loc, prov, provFree, freeHead } = this;
    for (let p = 0; p < this.nProv; p++) provFree[p] = combatFree(this.provinceIds[p]!) ? 1 : 0;
    this.freeOn = true;
    freeHead.fill(-1);
    if (this.freeNext.length < this.power.length) {
      this.freeNext = new Int16Array(this.power.length);
      this.sharedFrom = new Int16Array(this.power.length);
    }
    const freeNext = this.freeNext;
    this.sharedFrom.fill(-1);
    for (let i = 0; i < n; i++) {
      const u = units[i]!;
      const where = u.location;
      const pi = map.provinceIndex(where.province);
      const l = pi < 0 ? -1 : this.locationIn(pi, where.coast);
      if (l < 0 || (unitAt[pi] !== -1 && provFree[pi] === 0)) {
        throw new RangeError(
          `unit ${i} (${u.location.province}) is off the map or shares a province`,
        );
      }
      if (provFree[pi] === 0) unitAt[pi] = i;
      power[i] = this.powerIndex(u.power);
      const fleet = u.type === 'fleet';
      type[i] = fleet ? FLEET : 0;
      if (fleet) fleetAt[pi] = 1;
      loc[i] = l;
      prov[i] = pi;
    }
    // Listed back to front, so that each list is in input order.
    for (let i = n - 1; i >= 0; i--) {
      const pi = prov[i]!;
      if (provFree[pi] === 0) continue;
      freeNext[i] = freeHead[pi]!;
      freeHead[pi] = i;
    }
  }

  /** Forgets the last call's combat-free spaces (the next call has none). */
  private clearShared(): void {
    this.provFree.fill(0);
    this.freeHead.fill(-1);
    this.freeOn = false;
  }

  /**
   * The unit an order for combat-free province p binds to: the power's first unit there (of
   * the named type, if one is named) that no earlier order was bound to, so that a power's
   * orders go to its units there in the order given. Failing that, -1, and `sharedMiss` says
   * why: all of them have an order already, none is of that type, only other powers' units are
   * there, or none is.
   */
  private sharedUnit(p: number, powerId: string, t: Unit['type'] | undefined): number {
    const pw = this.powerIndex(powerId);
    const want = t === undefined ? -1 : t === 'fleet' ? FLEET : 0;
    let why: IllegalReason = 'no-unit';
    for (let u = this.freeHead[p]!; u >= 0; u = this.freeNext[u]!) {
      if (this.power[u] !== pw) {
        if (why === 'no-unit') why = 'foreign-unit';
      } else if (want >= 0 && this.type[u] !== want) {
        if (why !== 'duplicate-order') why = 'wrong-unit-type';
      } else if (this.firstOrder[u] === -1) {
        return u;
      } else {
        why = 'duplicate-order';
      }
    }
    this.sharedMiss = why;
    return -1;
  }

  /**
   * Supports and convoys that name a unit in a combat-free province, once every order is
   * bound: each takes the first unit there (in input order) whose order fits it, a move to
   * the same place for a support of a move or a convoy, a unit not moving for a support to
   * hold; with none, the first unit there (an army, for a convoy), and the order does not match.
   */
  private settleShared(): void {
    const { kind, dest, sharedFrom, freeHead, freeNext, type } = this;
    for (let s = 0; s < this.n; s++) {
      const p = sharedFrom[s]!;
      if (p < 0) continue;
      const ks = kind[s]!;
      for (let u = freeHead[p]!; u >= 0; u = freeNext[u]!) {
        const fits =
          ks === SUPPORT_HOLD
            ? kind[u] !== MOVE
            : ks === SUPPORT_MOVE
              ? kind[u] === MOVE && dest[u] === dest[s]
              : ks === CONVOY && type[u] !== FLEET && kind[u] === MOVE && dest[u] === dest[s];
        if (fits) {
          this.target[s] = u;
          break;
        }
      }
    }
  }

  /** The location in province p with this coast (none: the whole province), or -1. */
  private locationIn(p: number, coast: string | undefined): number {
    if (coast === undefined) return this.provLocation[p]!;
    for (let k = this.fleetStart[p]!, end = this.fleetStart[p + 1]!; k < end; k++) {
      const l = this.fleetLocs[k]!;
      if (this.locCoast[l] === coast) return l;
    }
    return -1;
  }

  private canMove(type: number, from: number, to: number): boolean {
    return (this.passage[from * this.nLoc + to]! & (type === FLEET ? FLEET_PASS : ARMY_PASS)) !== 0;
  }

  /**
   * The index of a power: a scan of the few powers with `===`, which for the map's own
   * (internalized) strings compares pointers, is cheaper than hashing the string.
   */
  private powerIndex(power: string): number {
    const ids = this.powerIds;
    for (let i = 0; i < ids.length; i++) if (ids[i] === power) return i;
    return -1;
  }

  /**
   * `bind` when some provinces are combat-free. An order for a unit in one is bound to the
   * unit `sharedUnit` picks, which stands in for the province's single unit while `bind`
   * runs. (A wrapper rather than a branch in `bind`: the standard game's `bind` must stay
   * small enough to be inlined.)
   */
  private bindShared(
    po: PowerOrder,
    k: number,
    unitOfOrder: Int16Array,
  ): IllegalReason | undefined {
    const o = po.order;
    let pi = -1;
    if (
      o.kind === 'hold' ||
      o.kind === 'move' ||
      o.kind === 'support-hold' ||
      o.kind === 'support-move' ||
      o.kind === 'convoy'
    ) {
      pi = this.map.provinceOf(o.unit.location);
      if (pi >= 0 && this.provFree[pi] === 1) {
        const s = this.sharedUnit(pi, po.power, o.unit.type);
        if (s < 0) {
          unitOfOrder[k] = -1;
          return this.sharedMiss;
        }
        this.unitAt[pi] = s;
      } else {
        pi = -1;
      }
    }
    const reason = this.bind(po, k, unitOfOrder);
    if (pi >= 0) this.unitAt[pi] = -1;
    // A unit in a combat-free space named by an order that did not count (a rule module
    // vetoed it) is forgotten: a later order of the same unit may count instead.
    const u = unitOfOrder[k]!;
    if (u >= 0 && this.orderOf[u] === -1) this.sharedFrom[u] = -1;
    return reason;
  }

  /** Binds order k to its unit, or returns why it is illegal. */
  private bind(po: PowerOrder, k: number, unitOfOrder: Int16Array): IllegalReason | undefined {
    const map = this.map;
    const o = po.order;
    unitOfOrder[k] = -1;
    // `o.unit` is read in each kind's own branch: each read then sees one shape of object.
    let ref: UnitRef;
    switch (o.kind) {
      case 'hold':
        ref = o.unit;
        break;
      case 'move':
        ref = o.unit;
        break;
      case 'support-hold':
        ref = o.unit;
        break;
      case 'support-move':
        ref = o.unit;
        break;
      case 'convoy':
        ref = o.unit;
        break;
      case 'retreat':
      case 'disband':
      case 'build':
      case 'remove':
      case 'waive':
        return 'wrong-phase';
    }
    const pi = map.provinceOf(ref.location);
    if (pi < 0) return 'no-unit';
    const u = this.unitAt[pi]!;
    if (u < 0) return 'no-unit';
    unitOfOrder[k] = u;
    if (this.power[u] !== this.powerIndex(po.power)) return 'foreign-unit';
    if (ref.type !== undefined && (ref.type === 'fleet' ? FLEET : 0) !== this.type[u]) {
      return 'wrong-unit-type';
    }
    if (this.firstOrder[u] === -1) this.firstOrder[u] = k;
    // DATC 4.D.3 (v3.2): of several orders to one unit the first counts; an illegal order is
    // ignored entirely (4.E.1), so a later legal one still counts.
    if (this.orderOf[u] !== -1) return 'duplicate-order';
    let reason = this.check(u, o);
    // A rule module may forbid more (no convoys, armies only...); checked after the rulebook.
    if (reason === undefined && this.rules?.illegal !== undefined) {
      reason = this.rules.illegal(o, this.units[u]!);
      if (reason !== undefined) this.kind[u] = HOLD;
    }
    if (reason !== undefined) {
      if (o.kind === 'move') this.illegalMove[u] = 1;
      return reason;
    }
    this.orderOf[u] = k;
    return undefined;
  }

  /** Checks an order against the board and records it on unit u; returns why it is illegal. */
  private check(u: number, o: Order): IllegalReason | undefined {
    const map = this.map;
    switch (o.kind) {
      case 'hold':
        this.kind[u] = HOLD;
        return undefined;
      case 'move': {
        const to = map.provinceOf(o.to);
        if (to < 0) return 'unreachable';
        if (to === this.prov[u]) return 'same-province';
        if (this.type[u] === FLEET) {
          if (o.viaConvoy) return 'fleet-convoyed';
          const dl = this.fleetDestination(u, to, o.to.coast);
          if (dl < 0) {
            // Ordered from a coast it is not on, to a place it cannot reach from where it is:
            // the DATC calls that move failed rather than illegal (6.B.11; cf. 6.B.10).
            const said = o.unit.location.coast;
            if (said !== undefined && said !== this.locCoast[this.loc[u]!]) {
              return 'unit-coast-mismatch';
            }
            return dl === -2 ? 'coast-needed' : dl === -3 ? 'coast-unreachable' : 'unreachable';
          }
          this.kind[u] = MOVE;
          this.dest[u] = to;
          this.destLoc[u] = dl;
          return undefined;
        }
        // Armies: coasts are irrelevant (DATC 6.B.12). Beyond the neighbours an army needs a
        // convoy, and a convoy needs a proper route of seas (4.E.1).
        const toLoc = this.armyLocation[to]!;
        if (toLoc < 0) return 'unreachable';
        const adjacent = this.canMove(0, this.loc[u]!, toLoc);
        // Only a move that needs a convoy asks for a route: most moves are to a neighbour. A
        // "via convoy" with no possible route is impossible under every edition (4.E.1).
        if ((!adjacent || o.viaConvoy) && !this.routes.exists(this.prov[u]!, to)) {
          return 'unreachable';
        }
        this.kind[u] = MOVE;
        this.dest[u] = to;
        this.destLoc[u] = toLoc;
        // The 1971 rules know no "via convoy" (DATC 4.A.3 a): it does not choose the route.
        this.convoyed[u] = adjacent && !(o.viaConvoy && this.viaHonoured) ? 0 : 1;
        return undefined;
      }
      case 'support-hold': {
        const sp = map.provinceOf(o.supported.location);
        if (sp < 0) return 'support-unreachable';
        if (sp === this.prov[u]) return 'support-self';
        if (!this.canReach(u, sp)) return 'support-unreachable';
        let t = this.unitAt[sp]!;
        if (t < 0) {
          t = this.sharedTarget(sp, false);
          if (t < 0) return 'supported-unit-missing';
          this.sharedFrom[u] = sp;
        }
        this.kind[u] = SUPPORT_HOLD;
        this.target[u] = t;
        this.dest[u] = sp;
        this.destLoc[u] = -1;
        // The supported unit is the one in that province, whatever type the order names
        // (DATC 6.D.35 gives a support of "F Armenia" to the army there).
        this.matched[u] = 1;
        return undefined;
      }
      case 'support-move': {
        const sp = map.provinceOf(o.supported.location);
        const to = map.provinceOf(o.to);
        if (sp < 0 || to < 0) return 'support-unreachable';
        if (sp === this.prov[u]) return 'support-self';
        if (to === sp) return 'same-province';
        if (!this.canReach(u, to)) return 'support-unreachable';
        let t = this.unitAt[sp]!;
        if (t < 0) {
          t = this.sharedTarget(sp, false);
          if (t < 0) return 'supported-unit-missing';
          this.sharedFrom[u] = sp;
        }
        this.kind[u] = SUPPORT_MOVE;
        this.target[u] = t;
        this.dest[u] = to;
        // A named coast must match the supported fleet's move (DATC 6.B.9); -1 = none named.
        const coast = o.to.coast;
        this.destLoc[u] = coast === undefined ? -1 : this.locationIn(to, coast);
        // The supported unit is the one in that province, whatever type the order names
        // (DATC 6.D.35 gives a support of "F Armenia" to the army there).
        this.matched[u] = 1;
        return undefined;
      }
      case 'convoy': {
        if (this.type[u] !== FLEET || this.provTerrainSea[this.prov[u]!] !== 1) {
          return 'convoy-not-at-sea';
        }
        const from = map.provinceOf(o.army);
        const to = map.provinceOf(o.to);
        if (from < 0 || to < 0) return 'unreachable';
        let a = this.unitAt[from]!;
        if (a < 0) a = this.sharedTarget(from, true);
        if (a < 0 || this.type[a] === FLEET) return 'convoy-not-army';
        if (from === to) return 'same-province';
        // The fleet must be a link of some proper route (DATC 4.E.1, 6.G.19).
        if (!this.routes.isOnRoute(this.prov[u]!, from, to)) {
          return 'convoy-off-route';
        }
        this.kind[u] = CONVOY;
        this.target[u] = a;
        this.dest[u] = to;
        if (a !== this.unitAt[from]) this.sharedFrom[u] = from;
        return undefined;
      }
      case 'retreat':
      case 'disband':
      case 'build':
      case 'remove':
      case 'waive':
        return 'wrong-phase';
    }
  }

  /**
   * The unit a support or convoy names in province p when no single unit stands there: in a
   * combat-free province, its first unit (its first army, for a convoy), which `settleShared`
   * may change once every order is known (the caller records p in `sharedFrom`); -1 otherwise.
   */
  private sharedTarget(p: number, army: boolean): number {
    if (this.provFree[p] === 0) return -1;
    let t = this.freeHead[p]!;
    while (army && t >= 0 && this.type[t] === FLEET) t = this.freeNext[t]!;
    return t;
  }

  /**
   * The location a fleet of unit u moves to in province p: the named coast, or the only
   * reachable one (DATC 6.B.2). -1 unreachable, -2 coast needed, -3 named coast unreachable.
   */
  private fleetDestination(u: number, p: number, coast: string | undefined): number {
    const from = this.loc[u]!;
    const start = this.fleetStart[p]!;
    const end = this.fleetStart[p + 1]!;
    if (end - start > 1 && coast !== undefined) {
      const named = this.locationIn(p, coast);
      return named >= 0 && this.canMove(FLEET, from, named) ? named : -3;
    }
    let found = -1;
    let count = 0;
    for (let k = start; k < end; k++) {
      const l = this.fleetLocs[k]!;
      if (this.canMove(FLEET, from, l)) {
        count++;
        found = l;
      }
    }
    if (count === 0) return -1;
    if (count > 1) return -2;
    return found;
  }

  // Legal orders. Candidates are drawn from the map and the board, and each is kept only if
  // `admits` it: the kernel's own `check` and the rule modules' veto, exactly as `bind` judges
  // an order, so the rules of legality live in one place.

  /** Every legal order of each unit in `which`: see `legalMovementOrders`. */
  legal(
    units: readonly Unit[],
    which: readonly number[],
    rules: MovementRules | null,
    choices: RuleChoices | undefined,
  ): Order[][] {
    this.setUp(units, rules, choices);
    const n = units.length;
    const np = this.nProv;
    if (this.reachBits.length < n * np) {
      this.reachBits = new Uint8Array(n * np);
      this.moverNext = new Int32Array(n * np);
    } else {
      this.reachBits.fill(0, 0, n * np);
    }
    if (this.moverHead.length < np) this.moverHead = new Int32Array(np);
    this.refOf = units.map((u) => ({ type: u.type, location: u.location }));
    this.movesOf = [];
    for (let t = 0; t < n; t++) this.movesOf.push(this.legalMoves(t));
    // Who may move into each province, in unit order (listed back to front).
    const { moverHead, moverNext, reachBits } = this;
    moverHead.fill(-1);
    for (let t = n - 1; t >= 0; t--) {
      for (let x = 0; x < np; x++) {
        const k = t * np + x;
        if (reachBits[k] === 0) continue;
        moverNext[k] = moverHead[x]!;
        moverHead[x] = k;
      }
    }
    return which.map((u) => this.legalOf(u));
  }

  /** See `illegalAlone`: each order bound as the first and only one, on one set-up board. */
  illegalAlone(
    units: readonly Unit[],
    orders: readonly PowerOrder[],
    rules: MovementRules | null,
    choices: RuleChoices | undefined,
  ): (IllegalReason | undefined)[] {
    const out: (IllegalReason | undefined)[] = [];
    this.setUp(units, rules, choices);
    if (this.freeOn) {
      // Units sharing combat-free spaces: binding moves them between the spaces' lists, so
      // each order is adjudicated alone instead.
      for (const po of orders) {
        const r = this.run(units, [po], false, rules, choices);
        out.push(
          r.outcomes[0]!.result === 'illegal'
            ? (r.outcomes[0]!.reason as IllegalReason)
            : undefined,
        );
      }
      return out;
    }
    if (rules !== null) this.weigh(units, rules);
    this.illegal = [];
    if (this.unitOfOrder.length < 1) this.unitOfOrder = new Int16Array(2);
    const unitOfOrder = this.unitOfOrder;
    for (const po of orders) {
      out.push(this.bind(po, 0, unitOfOrder));
      // As if no order had been bound: the next order is the first again. (The order's own
      // marks on its unit are set afresh by the next check of that unit, as in `legal`.)
      const u = unitOfOrder[0]!;
      if (u >= 0) {
        this.orderOf[u] = -1;
        this.firstOrder[u] = -1;
        this.illegalMove[u] = 0;
        this.kind[u] = HOLD;
      }
    }
    return out;
  }

  /** Whether `bind` would accept order o for unit u (given first): the checks and the veto. */
  private admits(u: number, o: Order): boolean {
    if (this.check(u, o) !== undefined) return false;
    const veto = this.rules?.illegal;
    return veto === undefined || veto(o, this.units[u]!) === undefined;
  }

  /** Unit t's legal moves: to each neighbour, and (armies) by convoy where routes allow. */
  private legalMoves(t: number): MoveOrder[] {
    const out: MoveOrder[] = [];
    const unit = this.refOf[t]!;
    const np = this.nProv;
    const bits = this.reachBits;
    const fleet = this.type[t] === FLEET;
    const l0 = this.loc[t]!;
    for (const l of fleet ? this.map.fleetMoves[l0]! : this.map.armyMoves[l0]!) {
      const o: MoveOrder = { kind: 'move', unit, to: this.locLocation[l]!, viaConvoy: false };
      if (this.admits(t, o)) {
        out.push(o);
        bits[t * np + this.locProvince[l]!]! |= PLAIN;
      }
    }
    if (fleet) return out;
    // By convoy (4.E.1, 6.D.32): where a route of seas holding fleets leads. Every convoyed
    // move is listed "via", beside a neighbour too; beyond the neighbours the kernel reads a
    // move with or without "via" alike.
    const dests = this.provScratch;
    dests.fill(0);
    this.routes.markDestinations(this.prov[t]!, dests, 1);
    for (let x = 0; x < np; x++) {
      if (dests[x] !== 1) continue;
      const al = this.armyLocation[x]!;
      if (al < 0) continue;
      const o: MoveOrder = { kind: 'move', unit, to: this.locLocation[al]!, viaConvoy: true };
      if (this.admits(t, o) && this.mayBeConvoyed(t, x)) {
        out.push(o);
        bits[t * np + x]! |= CONVOYED;
      }
    }
    return out;
  }

  /**
   * Whether army t can be convoyed to province x by fleets that may convoy it there (a rule
   * module's veto may forbid some or all), leaving out fleet `without` (-1: none). With no
   * veto and nobody left out, the board's routes already say yes.
   */
  private mayBeConvoyed(t: number, x: number, without = -1): boolean {
    const veto = this.rules?.illegal;
    if (veto === undefined && without < 0) return true;
    const allowed = this.seaScratch;
    allowed.fill(0);
    const army = this.units[t]!.location;
    const to = this.locLocation[this.armyLocation[x]!]!;
    for (let f = 0; f < this.n; f++) {
      const p = this.prov[f]!;
      if (f === without || this.type[f] !== FLEET || this.provTerrainSea[p] !== 1) continue;
      if (allowed[p] === 1) continue;
      const o: Order = { kind: 'convoy', unit: this.refOf[f]!, army, to };
      if (veto === undefined || veto(o, this.units[f]!) === undefined) allowed[p] = 1;
    }
    return this.routes.existsOver(this.prov[t]!, x, allowed);
  }

  /** Every legal order of unit u: hold, moves, supports, convoys. */
  private legalOf(u: number): Order[] {
    const unit = this.refOf[u]!;
    const out: Order[] = [];
    const hold: Order = { kind: 'hold', unit };
    if (this.admits(u, hold)) out.push(hold);
    out.push(...this.movesOf[u]!);
    const np = this.nProv;
    const counts = this.rules?.supportCounts;
    // In a combat-free space two units may be named alike: each order is listed once.
    const seen = this.freeOn ? new Set<string>() : undefined;
    const once = (key: string): boolean => {
      if (seen === undefined) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    };
    // The provinces u could move into (any coast): what it may support into (6.D.2-3).
    const reach: number[] = [];
    const mark = this.provScratch;
    mark.fill(0);
    const l0 = this.loc[u]!;
    for (const l of this.type[u] === FLEET ? this.map.fleetMoves[l0]! : this.map.armyMoves[l0]!) {
      const x = this.locProvince[l]!;
      if (mark[x] === 0) {
        mark[x] = 1;
        reach.push(x);
      }
    }
    for (const x of reach) {
      const single = this.unitAt[x]!;
      for (
        let t = single >= 0 ? single : this.provFree[x] === 1 ? this.freeHead[x]! : -1;
        t >= 0;
      ) {
        const o: Order = { kind: 'support-hold', unit, supported: this.refOf[t]! };
        if (
          (counts === undefined || counts(this.units[u]!, this.units[t]!)) &&
          once(`h ${this.type[t]!} ${x}`) &&
          this.admits(u, o)
        ) {
          out.push(o);
        }
        t = single >= 0 ? -1 : this.freeNext[t]!;
      }
    }
    const bits = this.reachBits;
    for (const x of reach) {
      const to = this.locLocation[this.provLocation[x]!]!;
      for (let k = this.moverHead[x]!; k >= 0; k = this.moverNext[k]!) {
        const t = (k - x) / np;
        if (this.prov[t] === this.prov[u]) continue;
        // A move only by convoy, and every route through this very fleet: the support is
        // illegal (6.D.31). In a combat-free space, or where a module keeps other fleets from
        // convoying, it is legal but can never help, since a supporting fleet convoys nothing.
        if (
          bits[k] === CONVOYED &&
          this.type[u] === FLEET &&
          (this.needsOwnConvoy(u, this.prov[t]!, x) || !this.mayBeConvoyed(t, x, u))
        ) {
          continue;
        }
        if (counts !== undefined && !counts(this.units[u]!, this.units[t]!)) continue;
        const o: Order = { kind: 'support-move', unit, supported: this.refOf[t]!, to };
        if (once(`m ${this.type[t]!} ${this.prov[t]!} ${x}`) && this.admits(u, o)) out.push(o);
      }
    }
    if (this.type[u] === FLEET && this.provTerrainSea[this.prov[u]!] === 1) {
      const g = this.routes.groupOf(this.prov[u]!);
      for (let t = 0; g >= 0 && t < this.n; t++) {
        if (this.type[t] === FLEET || !this.routes.isBeside(this.prov[t]!, g)) continue;
        const army = this.units[t]!.location;
        for (let x = 0; x < np; x++) {
          if ((bits[t * np + x]! & CONVOYED) === 0 || !this.routes.isBeside(x, g)) continue;
          const to = this.locLocation[this.armyLocation[x]!]!;
          const o: Order = { kind: 'convoy', unit, army, to };
          if (once(`c ${this.prov[t]!} ${x}`) && this.admits(u, o)) out.push(o);
        }
      }
    }
    return out;
  }

  /** Whether unit u could move into province p (any coast): the test for supports. */
  private canReach(u: number, p: number): boolean {
    const from = this.loc[u]!;
    if (this.type[u] === FLEET) {
      for (let k = this.fleetStart[p]!, end = this.fleetStart[p + 1]!; k < end; k++) {
        if (this.canMove(FLEET, from, this.fleetLocs[k]!)) return true;
      }
      return false;
    }
    const l = this.armyLocation[p]!;
    return l >= 0 && this.canMove(0, from, l);
  }

  private linkOrders(): void {
    const n = this.n;
    const freeOn = this.freeOn;
    if (freeOn) this.settleShared();
    // Convoys: an order matches when the army is ordered to that destination.
    if (this.adjacentRule === 0) {
      for (let f = 0; f < n; f++) {
        if (this.kind[f] !== CONVOY) continue;
        const a = this.target[f]!;
        if (this.kind[a] === MOVE && this.dest[a] === this.dest[f]) {
          // 2023 rules: an adjacent army goes by convoy when its own power convoys it.
          if (this.power[f] === this.power[a]) this.convoyed[a] = 1;
        }
      }
    } else {
      this.chooseAdjacentRoutes();
    }
    for (let f = 0; f < n; f++) {
      if (this.kind[f] !== CONVOY) continue;
      const a = this.target[f]!;
      if (this.kind[a] === MOVE && this.dest[a] === this.dest[f]) {
        // Matching is all a convoy needs to be available (4.E.2); it carries only armies
        // that go by convoy.
        this.matched[f] = 1;
        if (this.convoyed[a] !== 0) {
          this.convNext[f] = this.convHead[a]!;
          this.convHead[a] = f;
        }
      }
    }
    if (this.adjacentRule === 1 || this.anyRouteDisrupts) this.settleOldConvoys();
    for (let u = 0; u < n; u++) {
      const kd = this.kind[u]!;
      if (kd === MOVE) {
        const d = this.dest[u]!;
        if (freeOn && this.provFree[d] === 1) {
          // Into a combat-free space: not an attack, so not linked where attacks are looked
          // for (no cut, standoff, head-to-head or dislodgement); it succeeds when legal.
          if (this.convoyed[u] === 1) this.hasRoute[u] = this.route(u, false) ? 1 : 0;
          else this.settle(u, 1);
          continue;
        }
        this.intoNext[u] = this.intoHead[d]!;
        this.intoHead[d] = u;
        if (this.convoyed[u] === 1) {
          this.hasRoute[u] = this.route(u, false) ? 1 : 0;
        } else {
          const v = this.unitAt[d]!;
          if (
            v >= 0 &&
            this.kind[v] === MOVE &&
            this.dest[v] === this.prov[u] &&
            this.convoyed[v] !== 1 &&
            // From a combat-free space nothing comes back at u: v simply enters it.
            this.provFree[this.prov[u]!] === 0
          ) {
            // A pair either of which may still go by convoy (1971) meets only if neither does.
            this.h2h[u] = this.convoyed[u] === 0 && this.convoyed[v] === 0 ? v : -2 - v;
          }
        }
      } else if (kd === SUPPORT_HOLD) {
        const t = this.target[u]!;
        // A unit ordered to move cannot be supported to hold.
        if (t >= 0 && this.matched[u] === 1 && this.kind[t] !== MOVE) {
          this.matched[u] = 1;
          if (this.voids(u, t)) continue;
          this.supNext[u] = this.supHead[t]!;
          this.supHead[t] = u;
        } else {
          this.matched[u] = 0;
        }
      } else if (kd === SUPPORT_MOVE) {
        const t = this.target[u]!;
        const named = this.destLoc[u]!;
        // Illegal (4.E.2): supporting an illegal move, or a convoy that needs this very fleet.
        if (this.illegalMove[t] === 1 && this.orderOf[t] === -1) {
          this.makeIllegal(u, 'support-of-illegal-order');
          continue;
        }
        if (
          this.kind[t] === MOVE &&
          this.convoyed[t] === 1 &&
          this.dest[t] === this.dest[u] &&
          this.needsOwnConvoy(u, this.prov[t]!, this.dest[t]!)
        ) {
          this.makeIllegal(u, 'support-needs-own-convoy');
          continue;
        }
        if (
          t >= 0 &&
          this.matched[u] === 1 &&
          this.kind[t] === MOVE &&
          this.dest[t] === this.dest[u] &&
          (named < 0 || this.type[t] !== FLEET || named === this.destLoc[t])
        ) {
          if (this.voids(u, t)) continue;
          this.supNext[u] = this.supHead[t]!;
          this.supHead[t] = u;
        } else {
          this.matched[u] = 0;
        }
      }
    }
    // Supports were pushed in reverse; order does not change any result.
  }

  /**
   * Which adjacent army moves go by convoy under an older rulebook (DATC 4.A.3). 1971 (a):
   * when the unit in the destination moves into the army's province, by convoy if a convoy
   * route holds and else by land (`EITHER`, settled during resolution). 1982 (b): when a fleet
   * of its own power convoys it, or a unit of its own power in the destination moves into its
   * province. Moves that need a convoy, or say "via convoy" where that counts, are marked
   * already.
   */
  private chooseAdjacentRoutes(): void {
    const rule1971 = this.adjacentRule === 1;
    for (let f = 0; f < this.n; f++) {
      if (this.kind[f] !== CONVOY) continue;
      const a = this.target[f]!;
      if (this.kind[a] !== MOVE || this.dest[a] !== this.dest[f] || this.convoyed[a] === 1) {
        continue;
      }
      const v = this.unitAt[this.dest[a]!]!;
      const swap = v >= 0 && this.kind[v] === MOVE && this.dest[v] === this.prov[a];
      if (rule1971) {
        if (swap) this.convoyed[a] = EITHER;
      } else if (this.power[f] === this.power[a] || (swap && this.power[v] === this.power[a])) {
        this.convoyed[a] = 1;
      }
    }
  }

  /**
   * Convoys under the 1971 rules, once their fleets are listed: an army that may go either way
   * but has no route its fleets draw goes by land; and (4.A.1 a) only fleets on some route are
   * kept, since any of those being dislodged disrupts the convoy.
   */
  private settleOldConvoys(): void {
    for (let a = 0; a < this.n; a++) {
      const c = this.convoyed[a]!;
      if (c === 0 || this.kind[a] !== MOVE) continue;
      if (c === EITHER && !this.route(a, false)) {
        this.convoyed[a] = 0;
        continue;
      }
      if (this.anyRouteDisrupts) this.keepFleetsOnRoutes(a);
    }
  }

  /** Drops from army a's convoying fleets those on no route from its province to its goal. */
  private keepFleetsOnRoutes(a: number): void {
    const fleets: number[] = [];
    for (let f = this.convHead[a]!; f >= 0; f = this.convNext[f]!) fleets.push(f);
    const np = this.nProv;
    const adj = this.provAdj;
    /** The fleets a chain reaches from province p, through fleets adjacent to each other. */
    const reach = (p: number): Set<number> => {
      const seen = new Set<number>();
      const queue = fleets.filter((f) => adj[p * np + this.prov[f]!] === 1);
      for (const f of queue) seen.add(f);
      for (let head = 0; head < queue.length; head++) {
        const fp = this.prov[queue[head]!]!;
        for (const g of fleets) {
          if (!seen.has(g) && adj[fp * np + this.prov[g]!] === 1) {
            seen.add(g);
            queue.push(g);
          }
        }
      }
      return seen;
    };
    const fromStart = reach(this.prov[a]!);
    const fromGoal = reach(this.dest[a]!);
    this.convHead[a] = -1;
    for (let k = fleets.length - 1; k >= 0; k--) {
      const f = fleets[k]!;
      if (!fromStart.has(f) || !fromGoal.has(f)) continue;
      this.convNext[f] = this.convHead[a]!;
      this.convHead[a] = f;
    }
  }

  /**
   * Whether unit u may not support an army's convoyed move from province `from` to `to`
   * because every route for it runs through u's own fleet (DATC 6.D.31).
   */
  private needsOwnConvoy(u: number, from: number, to: number): boolean {
    return (
      this.type[u] === FLEET &&
      this.routes.isOnEveryRoute(this.prov[u]!, from, to) &&
      // In a combat-free space the fleet's support is never cut: no paradox to avoid.
      this.provFree[this.prov[u]!] === 0
    );
  }

  /** Unit strengths and support values from a rule module (Pink Diplomacy's halves). */
  private weigh(units: readonly Unit[], rules: MovementRules): void {
    for (let i = 0; i < units.length; i++) {
      if (rules.unitStrength !== undefined) this.base[i] = rules.unitStrength(units[i]!);
      if (rules.supportValue !== undefined) this.supValue[i] = rules.supportValue(units[i]!);
    }
  }

  /** Whether a rule module voids support s for unit t (the Fink's units and foreign help). */
  private voids(s: number, t: number): boolean {
    const counts = this.rules?.supportCounts;
    if (counts === undefined || counts(this.units[s]!, this.units[t]!)) return false;
    this.voided[s] = 1;
    return true;
  }

  /** Strength not given by units (dip supports), once each unit's order is known. */
  private addExtraSupport(extra: NonNullable<MovementRules['extraSupport']>): void {
    const paid = this.paid;
    paid.length = this.n;
    this.paidOn = false;
    for (let i = 0; i < this.n; i++) {
      const unit = this.units[i]!;
      const move = this.kind[i] === MOVE;
      const got = move
        ? extra(unit, 'move', this.map.provinces[this.dest[i]!]!.id)
        : extra(unit, 'hold', undefined);
      let amount: number;
      if (typeof got === 'number') {
        amount = got;
        paid[i] = undefined;
      } else {
        amount = 0;
        for (const e of got) amount += e.amount;
        paid[i] = got.length > 0 ? got : undefined;
        if (got.length > 0) this.paidOn = true;
      }
      if (move) this.extraMove[i] = amount;
      else this.extraHold[i] = amount;
    }
  }

  /** The extra strength of move u paid for by power index `p` (not counted against p's unit). */
  private paidBy(u: number, p: number): number {
    const entries = this.paid[u];
    if (entries === undefined) return 0;
    let sum = 0;
    for (const e of entries)
      if (e.power !== null && this.powerIndex(e.power) === p) sum += e.amount;
    return sum;
  }

  /** Garrisons (Pink Diplomacy): each province's own hold strength and whose it is. */
  private placeGarrisons(garrison: NonNullable<MovementRules['garrison']>): void {
    const provinces = this.map.provinces;
    if (this.garrisonAmount.length < provinces.length) {
      this.garrisonAmount = new Int32Array(provinces.length);
      this.garrisonPower = new Int16Array(provinces.length);
    }
    this.garrisonOn = false;
    for (let p = 0; p < provinces.length; p++) {
      const g = garrison(provinces[p]!.id);
      const amount = g?.amount ?? 0;
      this.garrisonAmount[p] = amount;
      this.garrisonPower[p] = g?.power == null ? -1 : this.powerIndex(g.power);
      if (amount !== 0) this.garrisonOn = true;
    }
  }

  /** The garrison of province p that stands against unit u's move (not its own power's). */
  private garrisonAgainst(p: number, u: number): number {
    if (!this.garrisonOn || this.garrisonPower[p] === this.power[u]) return 0;
    return this.garrisonAmount[p]!;
  }

  /** Turns unit u's order into an illegal one found only once all orders are known. */
  private makeIllegal(u: number, reason: IllegalReason): void {
    this.kind[u] = HOLD;
    this.matched[u] = 0;
    this.illegal[this.orderOf[u]!] = reason;
  }

  /**
   * Whether a chain of convoying fleets carries army a from its province to its destination.
   * With `live`, fleets must also stay undislodged (resolving those decisions); without, it
   * is the route the orders draw, before any fighting.
   */
  private route(a: number, live: boolean): boolean {
    const from = this.prov[a]!;
    const to = this.dest[a]!;
    const np = this.nProv;
    const adj = this.provAdj;
    const prov = this.prov;
    let count = 0;
    for (let f = this.convHead[a]!; f >= 0; f = this.convNext[f]!) count++;
    // The army's fleets, which of them are reached, and the queue, in 3 × count slots of the
    // stack. `resolve` may route other armies meanwhile, above ours, and may grow the stack:
    // so `st` is read again after it.
    const base = this.routeTop;
    const top = base + 3 * count;
    if (top > this.routeStack.length) {
      const grown = new Int16Array(2 * top);
      grown.set(this.routeStack);
      this.routeStack = grown;
    }
    this.routeTop = top;
    let st = this.routeStack;
    const fleets = base;
    const reached = base + count;
    const queue = base + 2 * count;
    let i = 0;
    for (let f = this.convHead[a]!; f >= 0; f = this.convNext[f]!) st[fleets + i++] = f;
    let tail = 0;
    for (let j = 0; j < count; j++) {
      const seen = adj[from * np + prov[st[fleets + j]!]!] === 1;
      st[reached + j] = seen ? 1 : 0;
      if (seen) st[queue + tail++] = j;
    }
    let found = false;
    for (let head = 0; head < tail; head++) {
      const f = st[fleets + st[queue + head]!]!;
      if (live && this.resolve(f) === 0) {
        st = this.routeStack;
        continue;
      }
      st = this.routeStack;
      const fp = prov[f]!;
      if (adj[fp * np + to] === 1) {
        found = true;
        break;
      }
      for (let j = 0; j < count; j++) {
        if (st[reached + j] === 0 && adj[fp * np + prov[st[fleets + j]!]!] === 1) {
          st[reached + j] = 1;
          st[queue + tail++] = j;
        }
      }
    }
    this.routeTop = base;
    return found;
  }

  /** Whether army a's convoy takes it to its destination (false under Szykman). */
  private pathOk(a: number): boolean {
    // By land, or (1971) by land when its convoy fails.
    if (this.convoyed[a] !== 1) return true;
    if (this.hasRoute[a] === 0) return false;
    return this.convoyHolds(a);
  }

  /**
   * Whether army a's convoy carries it, its fleets resolved: some route of undislodged fleets,
   * or (4.A.1 a, 1971) every fleet on its routes undislodged.
   */
  private convoyHolds(a: number): boolean {
    if (!this.anyRouteDisrupts) return this.route(a, true);
    for (let f = this.convHead[a]!; f >= 0; f = this.convNext[f]!) {
      if (this.resolve(f) === 0) return false;
    }
    return true;
  }

  /** Whether army a goes by convoy: ordered or chosen so, or (1971) its convoy holds. */
  private byConvoy(a: number): boolean {
    const c = this.convoyed[a]!;
    return c === 1 || (c === EITHER && this.convoyHolds(a));
  }

  /** The unit u meets head to head, or -1 (see `opposing` for the 1971 pairs). */
  private facing(u: number): number {
    const h = this.h2h[u]!;
    return h >= -1 ? h : this.opposing(u);
  }

  /**
   * For a pair of opposite moves either of which may still go by convoy (1971, 4.A.3 a; `h2h`
   * holds -2 - v): v if neither goes by convoy, so that they meet head to head; else -1.
   */
  private opposing(u: number): number {
    const v = -2 - this.h2h[u]!;
    return this.byConvoy(u) || this.byConvoy(v) ? -1 : v;
  }

  /** Kruijswijk's resolver with the DATC v3.2 (section 5.E) handling of nested cycles. */
  private resolve(i: number): number {
    if (this.resolved[i] === 1) return this.res[i]!;
    if (this.inCycle[i] === 1) {
      this.guessBased = true;
      return this.res[i]!;
    }
    if (this.visited[i] === 1) {
      this.cycle.push(i);
      this.inCycle[i] = 1;
      this.guessBased = true;
      this.recursionHits++;
      return this.res[i]!;
    }
    this.visited[i] = 1;
    const oldLen = this.cycle.length;
    const oldGuessBased = this.guessBased;
    const oldHits = this.recursionHits;
    this.guessBased = false;
    this.res[i] = 0;
    const first = this.adjudicate(i);
    // `adjudicate` may set it; TypeScript keeps the narrowing to false across the call.
    if (!(this.guessBased as boolean)) {
      this.guessBased = oldGuessBased;
      this.settle(i, first);
      return first;
    }
    if (this.inCycle[i] === 1) this.recursionHits--;
    if (this.recursionHits === oldHits) {
      // This decision is the ancestor of the whole cycle: try the other guess.
      this.clearCycle(oldLen);
      this.res[i] = 1;
      const second = this.adjudicate(i);
      if (first === second) {
        this.clearCycle(oldLen);
        this.recursionHits = oldHits;
        this.guessBased = oldGuessBased;
        this.settle(i, first);
        return first;
      }
      const members = this.cycle.slice(oldLen);
      this.clearCycle(oldLen);
      this.recursionHits = oldHits;
      this.guessBased = oldGuessBased;
      this.backupRule(members, i);
      this.visited[i] = 0;
      return this.resolve(i);
    }
    if (this.inCycle[i] === 0) {
      this.cycle.push(i);
      this.inCycle[i] = 1;
    }
    this.res[i] = first;
    this.visited[i] = 0;
    return first;
  }

  private settle(i: number, value: number): void {
    this.res[i] = value;
    this.resolved[i] = 1;
    this.visited[i] = 0;
  }

  private clearCycle(from: number): void {
    const c = this.cycle;
    for (let k = from; k < c.length; k++) {
      // Members returned with `visited` cleared already; the ancestor stays visited.
      this.inCycle[c[k]!] = 0;
    }
    c.length = from;
  }

  /**
   * No single consistent resolution (DATC 5.B.9). With a convoy in the cycle it is a convoy
   * paradox, and the Szykman rule sets those convoys to fail: the armies stay and have no
   * effect where they were going (4.A.2). Otherwise it is circular movement: every move in it
   * succeeds.
   */
  private backupRule(members: readonly number[], ancestor: number): void {
    const all = members.includes(ancestor) ? members : [...members, ancestor];
    let paradox = false;
    for (const j of all) {
      if (this.kind[j] === CONVOY) {
        this.settle(j, 0);
        this.szykman[this.target[j]!] = 1;
        paradox = true;
      }
    }
    if (!paradox) {
      for (const j of all) if (this.kind[j] === MOVE) this.settle(j, 1);
    }
  }

  private adjudicate(i: number): number {
    switch (this.kind[i]) {
      case MOVE:
        return this.moveSucceeds(i);
      case SUPPORT_HOLD:
      case SUPPORT_MOVE:
        return this.supportGiven(i);
      case CONVOY:
        return this.staysPut(i);
      default:
        return 1;
    }
  }

  private moveSucceeds(u: number): number {
    if (!this.pathOk(u)) return 0;
    const attack = this.attackStrength(u);
    const v = this.facing(u);
    if (v >= 0) {
      if (attack <= this.defendStrength(v) + this.garrisonAgainst(this.dest[u]!, u)) return 0;
    } else if (attack <= this.holdStrength(this.dest[u]!, u)) {
      return 0;
    }
    for (let m = this.intoHead[this.dest[u]!]!; m >= 0; m = this.intoNext[m]!) {
      if (m !== u && attack <= this.preventStrength(m)) return 0;
    }
    return 1;
  }

  /** A unit that does not move is dislodged when any move into its province succeeds. */
  private staysPut(u: number): number {
    for (let m = this.intoHead[this.prov[u]!]!; m >= 0; m = this.intoNext[m]!) {
      if (this.resolve(m) === 1) return 0;
    }
    return 1;
  }

  private supportGiven(s: number): number {
    if (this.matched[s] === 0) return 1;
    const sp = this.prov[s]!;
    if (this.rules?.supportsOnlyCutByDislodgement === true) {
      for (let m = this.intoHead[sp]!; m >= 0; m = this.intoNext[m]!) {
        if (this.resolve(m) === 1) return 0;
      }
      return 1;
    }
    const aim = this.dest[s]!;
    const pw = this.power[s]!;
    let fromAim = -1;
    for (let m = this.intoHead[sp]!; m >= 0; m = this.intoNext[m]!) {
      // A unit does not cut the support of its own power.
      if (this.power[m] === pw) continue;
      if (this.prov[m] === aim) {
        fromAim = m;
        continue;
      }
      if (this.convoyed[m] === 0) return 0;
      if (this.paradoxRule1982 && this.sparedByConvoy(s)) continue;
      if (this.pathOk(m)) return 0;
    }
    // From the province the support goes into, only dislodging the supporter cuts it.
    if (fromAim >= 0 && this.resolve(fromAim) === 1) return 0;
    return 1;
  }

  /**
   * The 1982 paradox rule (DATC 4.A.2 b): a convoyed army does not cut the support of a fleet
   * for an action in a sea that holds a convoying fleet (one ordered to convoy an army that is
   * ordered so), whichever army that fleet convoys.
   */
  private sparedByConvoy(s: number): boolean {
    const sea = this.dest[s]!;
    if (this.type[s] !== FLEET || this.provTerrainSea[sea] !== 1) return false;
    const c = this.unitAt[sea]!;
    return c >= 0 && this.kind[c] === CONVOY && this.matched[c] === 1;
  }

  /** The strength that given supports add (one each, unless a rule module weighs them). */
  private supports(u: number, exclude: number): number {
    let count = 0;
    for (let s = this.supHead[u]!; s >= 0; s = this.supNext[s]!) {
      if (this.power[s] !== exclude && this.resolve(s) === 1) count += this.supValue[s]!;
    }
    return count;
  }

  private attackStrength(u: number): number {
    const v = this.unitAt[this.dest[u]!]!;
    const own = this.base[u]! + this.extraMove[u]!;
    if (v < 0 || (this.kind[v] === MOVE && this.facing(u) !== v && this.resolve(v) === 1)) {
      return own + this.supports(u, -1);
    }
    if (this.rules?.friendlyFire === true) return own + this.supports(u, -1);
    // A power cannot dislodge its own unit, nor help dislodge one (DATC 6.D.10-14, 6.E.2-3);
    // nor can strength it paid for (Fin de Siecle's dip supports).
    const pv = this.power[v]!;
    if (pv === this.power[u]) return 0;
    const bought = this.paidOn ? this.paidBy(u, pv) : 0;
    return own - bought + this.supports(u, pv);
  }

  /** What holds province p against move u: its unit, if it stays, and its garrison. */
  private holdStrength(p: number, u: number): number {
    const v = this.unitAt[p]!;
    const garrison = this.garrisonOn ? this.garrisonAgainst(p, u) : 0;
    if (v < 0) return garrison;
    if (this.kind[v] === MOVE) return garrison + (this.resolve(v) === 1 ? 0 : this.base[v]!);
    return garrison + this.base[v]! + this.extraHold[v]! + this.supports(v, -1);
  }

  private defendStrength(v: number): number {
    return this.base[v]! + this.extraMove[v]! + this.supports(v, -1);
  }

  private preventStrength(m: number): number {
    if (!this.pathOk(m)) return 0;
    const v = this.facing(m);
    // A unit that lost a head-to-head battle has no effect where it was going.
    if (v >= 0 && this.resolve(v) === 1) return 0;
    return this.base[m]! + this.extraMove[m]! + this.supports(m, -1);
  }

  private finish(
    units: readonly Unit[],
    orders: readonly PowerOrder[],
    illegal: readonly (IllegalReason | undefined)[],
    unitOfOrder: Int16Array,
    explain: boolean,
    withOutcomes: boolean,
  ): MovementResolution {
    const n = this.n;
    const { occupied, contested, dislodger, kind, res, dest, unitAt, prov } = this;
    for (let u = 0; u < n; u++) {
      if (kind[u] === MOVE && res[u] === 1) {
        const d = dest[u]!;
        occupied[d] = 1;
        const v = unitAt[d]!;
        if (v >= 0 && !(kind[v] === MOVE && res[v] === 1)) dislodger[v] = u;
      } else {
        occupied[prov[u]!] = 1;
      }
    }
    // A unit that is dislodged leaves its province empty for standoff purposes but occupied
    // for retreats; a failed move with a real path leaves a standoff where nobody ends up.
    for (let u = 0; u < n; u++) {
      if (kind[u] !== MOVE || res[u] !== 0) continue;
      // A unit that lost a head-to-head battle has no effect there, so makes no standoff.
      const opponent = this.facing(u);
      const lostHeadToHead = opponent >= 0 && res[opponent] === 1;
      if (this.pathOk(u) && !lostHeadToHead) {
        const d = dest[u]!;
        // No standoff in a combat-free space: retreats may go there whatever happened.
        if (occupied[d] === 0 && this.provFree[d] === 0) contested[d] = 1;
      }
    }
    const after: Unit[] = [];
    const dislodged: DislodgedUnit[] = [];
    const fate = this.fate;
    for (let u = 0; u < n; u++) {
      const unit = units[u]!;
      const by = dislodger[u]!;
      if (by >= 0) {
        const retreats = this.retreatsFor(u, prov[by]!, this.byConvoy(by));
        fate[u] = retreats.length === 0 ? 2 : 1;
        dislodged.push({ unit, attackerFrom: this.provinceIds[prov[by]!]!, retreats });
      } else if (kind[u] === MOVE && res[u] === 1) {
        const location = this.locLocation[this.destLoc[u]!]!;
        // A unit keeps its identity and attributes when it moves.
        after.push(
          unit.id === undefined && unit.attrs === undefined
            ? { power: unit.power, type: unit.type, location }
            : { ...unit, location },
        );
      } else {
        after.push(unit);
      }
    }
    const outcomes: OrderOutcome[] = new Array<OrderOutcome>(withOutcomes ? orders.length : 0);
    for (let k = 0; k < outcomes.length; k++) {
      outcomes[k] = this.outcome(orders[k]!, k, illegal[k], unitOfOrder[k]!, fate, explain);
    }
    if (explain && this.freeOn) this.explainEntries(outcomes, unitOfOrder);
    const contestedIds: string[] = [];
    for (let p = 0; p < this.nProv; p++) {
      if (contested[p] === 1) contestedIds.push(this.provinceIds[p]!);
    }
    return { outcomes, units: after, dislodged, contested: contestedIds };
  }

  /** Moves into a combat-free space are explained as such (not as victories). */
  private explainEntries(outcomes: OrderOutcome[], unitOfOrder: Int16Array): void {
    for (let k = 0; k < outcomes.length; k++) {
      const u = unitOfOrder[k]!;
      if (u < 0 || this.orderOf[u] !== k || this.kind[u] !== MOVE || this.res[u] !== 1) continue;
      if (this.provFree[this.dest[u]!] === 1) {
        (outcomes[k] as Mutable<OrderOutcome>).explanation = describeEntry(outcomes[k]!.order);
      }
    }
  }

  private retreatsFor(u: number, attackerFrom: number, byConvoy: boolean): Location[] {
    const map = this.map;
    const moves =
      this.type[u] === FLEET ? map.fleetMoves[this.loc[u]!]! : map.armyMoves[this.loc[u]!]!;
    const out: Location[] = [];
    for (const l of moves) {
      const p = map.locations[l]!.province;
      // A combat-free space takes any number of units, retreating ones too.
      if ((this.occupied[p] === 1 || this.contested[p] === 1) && this.provFree[p] === 0) continue;
      // Not back to where the attacker came from, unless it came by convoy and the rulebook
      // allows it (DATC 4.A.5: 2023 does, b; the older texts do not, a).
      if (p === attackerFrom && !(byConvoy && this.retreatToConvoyOrigin)) continue;
      out.push(this.locLocation[l]!);
    }
    return out;
  }

  private outcome(
    po: PowerOrder,
    k: number,
    illegal: IllegalReason | undefined,
    u: number,
    fate: Uint8Array,
    explain: boolean,
  ): OrderOutcome {
    const dislodger = this.dislodger;
    let result: OrderResult;
    let reason: OutcomeReason;
    let strength: number | undefined;
    let against: number | undefined;
    let by = -1;
    if (illegal !== undefined) {
      // Ignored either way; the DATC words a few of these as failures (6.B.11).
      result = illegal === 'unit-coast-mismatch' ? 'fails' : 'illegal';
      reason = illegal;
    } else {
      switch (this.kind[u]) {
        case MOVE: {
          if (this.res[u] === 1) {
            result = 'succeeds';
            reason = 'moved';
            strength = this.attackStrength(u);
          } else if (this.convoyed[u] === 1 && this.hasRoute[u] === 0) {
            result = 'invalid';
            reason = 'no-convoy';
          } else if (!this.pathOk(u)) {
            result = 'fails';
            reason = this.szykman[u] === 1 ? 'convoy-paradox' : 'convoy-disrupted';
          } else {
            result = 'fails';
            strength = this.attackStrength(u);
            this.strongestOpponent(u);
            against = this.opposition;
            by = this.opponent;
            reason = strength === 0 && this.unitAt[this.dest[u]!]! >= 0 ? 'same-power' : 'bounced';
          }
          break;
        }
        case SUPPORT_HOLD:
        case SUPPORT_MOVE: {
          if (this.voided[u] === 1) {
            result = 'invalid';
            reason = 'support-not-counted';
          } else if (this.matched[u] === 0) {
            result = 'invalid';
            reason = 'support-mismatch';
          } else if (this.res[u] === 1) {
            result = 'given';
            reason = 'support-given';
          } else {
            result = 'cut';
            by = this.cutter(u);
            reason =
              dislodger[u]! >= 0 && dislodger[u] === by ? 'support-dislodged' : 'support-cut';
          }
          break;
        }
        case CONVOY: {
          if (this.matched[u] === 0) {
            result = 'invalid';
            reason = 'convoy-mismatch';
          } else if (this.res[u] === 1) {
            result = 'available';
            reason = 'convoy-given';
          } else {
            result = 'disrupted';
            by = dislodger[u]!;
            reason = by >= 0 ? 'convoy-dislodged' : 'convoy-paradox';
          }
          break;
        }
        default: {
          if (dislodger[u]! >= 0) {
            result = 'dislodged';
            reason = 'beaten';
            by = dislodger[u]!;
          } else {
            result = 'stands';
            reason = 'held';
          }
        }
      }
    }
    const power = po.power;
    const order = po.order;
    // Built whole, with only the keys it has, in a fixed order: an object literal of each
    // shape is one allocation, where adding keys one by one moves them out of the object.
    let out: Mutable<OrderOutcome>;
    if (by < 0) {
      if (strength === undefined) out = { power, order, result, reason };
      else if (against === undefined) out = { power, order, result, reason, strength };
      else out = { power, order, result, reason, strength, against };
    } else {
      const byId = this.provinceIds[this.prov[by]!]!;
      if (strength === undefined) out = { power, order, result, reason, by: byId };
      else if (against === undefined) out = { power, order, result, reason, strength, by: byId };
      else out = { power, order, result, reason, strength, against, by: byId };
    }
    // The order that counted for a dislodged unit carries its fate (DATC 4.E.2); with none
    // counted, its first order does.
    const tagged = u < 0 ? -1 : this.orderOf[u] !== -1 ? this.orderOf[u] : this.firstOrder[u];
    if (tagged === k && fate[u] !== 0) {
      out.dislodged = fate[u] === 2 ? 'destroyed' : 'dislodged';
    }
    const paid = this.paidOn && u >= 0 && tagged === k ? this.paidFor(u) : undefined;
    if (paid !== undefined) out.paid = paid;
    if (explain) {
      const byUnit =
        by >= 0
          ? `${this.type[by] === FLEET ? 'F' : 'A'} ${this.provinceIds[this.prov[by]!]!}`
          : undefined;
      out.explanation = describeOutcome(out, byUnit);
      if (paid !== undefined) out.explanation += `; ${describePaid(paid)}`;
    }
    return out;
  }

  /** Unit u's owned extra strength as its outcome reports it, each entry counted or not. */
  private paidFor(u: number): PaidStrength[] | undefined {
    const entries = this.paid[u];
    if (entries === undefined) return undefined;
    const against = this.kind[u] === MOVE ? this.dislodgeePower(u) : -1;
    return entries.map((e) => ({
      power: e.power,
      amount: e.amount,
      reason: e.reason,
      counted: e.power === null || against < 0 || this.powerIndex(e.power) !== against,
    }));
  }

  /** The power whose unit move u would dislodge, as `attackStrength` sees it; -1 for none. */
  private dislodgeePower(u: number): number {
    const v = this.unitAt[this.dest[u]!]!;
    if (v < 0 || (this.kind[v] === MOVE && this.facing(u) !== v && this.resolve(v) === 1))
      return -1;
    if (this.rules?.friendlyFire === true) return -1;
    return this.power[v]!;
  }

  /** The strongest thing that stopped move u, into `opposition` (strength) and `opponent`. */
  private strongestOpponent(u: number): void {
    let best = -1;
    let who = -1;
    const v = this.facing(u);
    const d = this.dest[u]!;
    if (v >= 0) {
      best = this.defendStrength(v) + this.garrisonAgainst(d, u);
      who = v;
    } else {
      const occupant = this.unitAt[d]!;
      if (occupant >= 0 || this.garrisonAgainst(d, u) > 0) {
        best = this.holdStrength(d, u);
        who = occupant;
      }
    }
    // Ties go to the unit in the destination, then to the first province in map order, so the
    // explanation does not depend on the order in which orders were given.
    let moverWon = false;
    for (let m = this.intoHead[d]!; m >= 0; m = this.intoNext[m]!) {
      if (m === u) continue;
      const p = this.preventStrength(m);
      if (p > best || (p === best && moverWon && this.prov[m]! < this.prov[who]!)) {
        best = p;
        who = m;
        moverWon = true;
      }
    }
    this.opposition = Math.max(best, 0);
    this.opponent = who;
  }

  /** The unit that cut support s (the first foreign attacker that counts). */
  private cutter(s: number): number {
    const sp = this.prov[s]!;
    let who = -1;
    for (let m = this.intoHead[sp]!; m >= 0; m = this.intoNext[m]!) {
      if (this.power[m] === this.power[s]) continue;
      const cuts =
        this.prov[m] === this.dest[s]
          ? this.res[m] === 1
          : this.pathOk(m) &&
            !(this.convoyed[m] !== 0 && this.paradoxRule1982 && this.sparedByConvoy(s));
      // Of several cutters, the first province in map order, whatever the order of the orders.
      if (cuts && (who < 0 || this.prov[m]! < this.prov[who]!)) who = m;
    }
    return who;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
