/**
 * Pink Diplomacy's economy (rules 4–10; RULINGS.md §2.4 rulings 5, 6, 8–12) as a module for any
 * armies-only map: income from centre capacities, interest, stores, emergency stores, and a
 * winter of two budget steps (`W1903-budget-a`: transfers, home centres, disbanding full units;
 * `W1903-budget-b`: fielding, building, storing, replenishing, friendliness) that replaces the
 * standard adjustments. Books are secret (the owner and the gamesmaster); strengths are public
 * (the `pink-strength` module, which this one requires).
 */
import {
  controllersOf,
  defineModule,
  powersOf,
  Recent,
  setting,
  settingsSchema,
  supplyCentersOf,
  type GameEvent,
  type GameMap,
  type HookContext,
  type ModuleAction,
  type Phase,
  type PlayerId,
  type Power,
  type ProvinceId,
  type Removal,
  type SettingsOf,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import {
  armyNeighbours,
  distanceTo,
  interestOn,
  money,
  passableFor,
  pay,
  prune,
  workingHomes,
  type Ledger,
} from './ledger.js';
import { strengthOf, withStrength, STRENGTH_MODULE, unitName, type Strength } from './strength.js';

export const ECONOMY_MODULE = 'pink-economy';

export const ECONOMY_SETTINGS = settingsSchema({
  DEFAULT_CAPACITY: setting.integer(
    5,
    { min: 1, max: 100 },
    "A centre's capacity (its income and its storage limit) where neither the map nor the game's books give one.",
  ),
  EMERGENCY_STORE: setting.integer(
    5,
    { min: 0, max: 100 },
    'Points in a full emergency store of a home centre (rule 9).',
  ),
  WITHDRAW_AT_HOME_ONLY: setting.boolean(
    false,
    'Only points stored in working home centres may be spent, instead of any store with a friendly path to one (ruling 8).',
  ),
  CAPTOR_SEIZES: setting.boolean(
    false,
    'Points on a province a non-friendly unit takes, or in a centre that changes owner, go to the captor up to capacity instead of being lost (ruling 10).',
  ),
  CARTHAGE_HOME: setting.boolean(
    false,
    "Optional rule: Carthage is a home centre of the first power to own it (with an empty emergency store to replenish); when another power takes it, it is nobody's home any more (ruling 13).",
  ),
  GARRISONS: setting.boolean(
    false,
    'Optional rule: Carthage and every home centre, even an empty one, hold with a garrison of one full unit (2 half-units) for their owner, which changes sides on capture and never stops its own power (ruling 13).',
  ),
  SC_CAP: setting.boolean(
    false,
    'A power may have no more units than the centres it owns: builds beyond are refused, and after budget (a) the units over the cap are removed, farthest from home first (ruling 11).',
  ),
});
export type EconomySettings = SettingsOf<typeof ECONOMY_SETTINGS>;

/** Carthage (ruling 13): its province, and the power that gained it as a home centre. */
export interface CarthageState {
  /** The province (`car`, the Pink board's id, unless a game sets another). */
  readonly province?: ProvinceId;
  /** The first power to own it, which gained it as a home centre (`CARTHAGE_HOME`). */
  readonly first?: Power;
  /** Another power took it from the first: it is no home centre any more, ever. */
  readonly lost?: boolean;
}

/** Carthage's province id on the Pink board. */
export const CARTHAGE = 'car';

export interface EconomyState {
  readonly ledgers: Readonly<Record<Power, Ledger>>;
  /** Capacities given by the game (a harness), over the map's. */
  readonly capacity: Readonly<Record<ProvinceId, number>>;
  /** Since which year each centre has been its owner's (for NEWHOME, rule 10). */
  readonly heldSince: Readonly<
    Record<ProvinceId, { readonly power: Power; readonly year: number }>
  >;
  /** Carthage (ruling 13); absent: `car`, not yet owned. */
  readonly carthage?: CarthageState;
}

type Ctx = HookContext<EconomyState, EconomySettings>;

/** Costs of RULINGS §2.4. */
export const COSTS = {
  field: 5,
  half: 4,
  build: 9,
  moveHome: 4,
  store: 1,
  transfer: 3,
  newHome: 20,
} as const;

/** The stable codes of refused budget lines. */
export type EconomyCode =
  | 'pink/overspent'
  | 'pink/emergency-for-full'
  | 'pink/bad-route'
  | 'pink/disband-half'
  | 'pink/new-home-too-soon'
  | 'pink/not-now'
  | 'pink/not-yours'
  | 'pink/no-such-unit'
  | 'pink/not-full'
  | 'pink/over-capacity'
  | 'pink/not-enough-points'
  | 'pink/not-a-home'
  | 'pink/not-a-build-site'
  | 'pink/already-fielded'
  | 'pink/not-gamesmaster'
  | 'pink/sc-cap'
  | 'pink/voluntary-half'
  | 'pink/starves-others'
  | 'pink/bad-line';

interface Problem {
  readonly code: EconomyCode;
  readonly message: string;
}

// ---------------------------------------------------------------------------------------------
// Grammar (RULINGS §2.4's notation)

// A province by id or name; digits too, for Pink II's levels (`nor1`, "Norvale 1").
const P = String.raw`([A-Za-z][A-Za-z0-9./ ]*?)`;
const N = String.raw`(\d+)`;
const LINES: readonly [RegExp, string, readonly string[]][] = [
  [
    new RegExp(`^TRANSFER ${N} ${P}\\s*-\\s*${P} VIA (.+)$`, 'i'),
    'transfer',
    ['n', 'from', 'to', 'via'],
  ],
  [new RegExp(`^TRANSFER ${N} ${P}\\s*-\\s*${P}$`, 'i'), 'transfer', ['n', 'from', 'to']],
  [new RegExp(`^MOVEHOME ${P}\\s*-\\s*${P}$`, 'i'), 'movehome', ['from', 'to']],
  [new RegExp(`^NEWHOME ${P}$`, 'i'), 'newhome', ['at']],
  [new RegExp(`^DISBAND A ${P}$`, 'i'), 'disband', ['at']],
  [new RegExp(`^FIELD A ${P} HALF$`, 'i'), 'field-half', ['at']],
  [new RegExp(`^FIELD A ${P}$`, 'i'), 'field', ['at']],
  [new RegExp(`^BUILD A ${P}$`, 'i'), 'build', ['at']],
  [new RegExp(`^STORE ${N} IN ${P}$`, 'i'), 'store', ['n', 'at']],
  [new RegExp(`^REPLENISH ${P} ${N}$`, 'i'), 'replenish', ['at', 'n']],
  [new RegExp(`^FRIENDLY TO ${P}$`, 'i'), 'friendly', ['power']],
  [new RegExp(`^MOVEPTS ${N} ${P}\\s*-\\s*${P}$`, 'i'), 'movepts', ['n', 'from', 'to']],
  [new RegExp(`^BONUS ${N} TO ${P}$`, 'i'), 'bonus', ['n', 'power']],
];

function findPower(map: GameMap, text: string): Power | undefined {
  const t = text.trim().toLowerCase();
  return map.spec.powers.find(
    (p) =>
      p.id.toLowerCase() === t || p.name.toLowerCase() === t || p.adjective?.toLowerCase() === t,
  )?.id;
}

/** Reads a budget line; provinces by id or name. */
export function parseEconomyAction(
  text: string,
  map: GameMap,
): ModuleAction | { readonly error: string } | undefined {
  const line = text.trim().replace(/\s+/g, ' ');
  for (const [re, type, names] of LINES) {
    const m = re.exec(line);
    if (m === null) continue;
    const data: Record<string, unknown> = {};
    for (const [i, name] of names.entries()) {
      const raw = m[i + 1]!.trim();
      if (name === 'n') data[name] = Number(raw);
      else if (name === 'power') {
        const p = findPower(map, raw);
        if (p === undefined) return { error: `"${raw}" is not a power of this map` };
        data[name] = p;
      } else if (name === 'via') {
        const route: ProvinceId[] = [];
        // Provinces separated by commas or dashes; a part that is no province is read as
        // several separated by spaces (`qui the`), so names with spaces ("Norvale 1") work too.
        for (const part of raw.split(/\s*[,-]\s*/).filter((x) => x !== '')) {
          const whole = map.findProvince(part);
          for (const word of whole === undefined ? part.split(/\s+/) : [part]) {
            const p = map.findProvince(word);
            if (p === undefined) return { error: `"${word}" is not a province of this map` };
            route.push(p.id);
          }
        }
        data[name] = route;
      } else {
        const p = map.findProvince(raw);
        if (p === undefined) return { error: `"${raw}" is not a province of this map` };
        data[name] = p.id;
      }
    }
    return { module: ECONOMY_MODULE, type, data };
  }
  return undefined;
}

/** Writes a budget line back in the notation. */
export function formatEconomyAction(a: ModuleAction): string {
  const d = a.data as Record<string, string | number | readonly string[]>;
  const s = (k: string): string => String(d[k]);
  switch (a.type) {
    case 'transfer':
      return `TRANSFER ${s('n')} ${s('from')}-${s('to')}${d['via'] === undefined ? '' : ` VIA ${(d['via'] as readonly string[]).join(' ')}`}`;
    case 'movehome':
      return `MOVEHOME ${s('from')}-${s('to')}`;
    case 'newhome':
      return `NEWHOME ${s('at')}`;
    case 'disband':
      return `DISBAND A ${s('at')}`;
    case 'field':
      return `FIELD A ${s('at')}`;
    case 'field-half':
      return `FIELD A ${s('at')} HALF`;
    case 'build':
      return `BUILD A ${s('at')}`;
    case 'store':
      return `STORE ${s('n')} IN ${s('at')}`;
    case 'replenish':
      return `REPLENISH ${s('at')} ${s('n')}`;
    case 'friendly':
      return `FRIENDLY TO ${s('power')}`;
    case 'movepts':
      return `MOVEPTS ${s('n')} ${s('from')}-${s('to')}`;
    default:
      return `BONUS ${s('n')} TO ${s('power')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The books

const STEP_A = 'budget-a';
const STEP_B = 'budget-b';
const STEP_OF: Readonly<Record<string, string>> = {
  transfer: STEP_A,
  movehome: STEP_A,
  newhome: STEP_A,
  disband: STEP_A,
  field: STEP_B,
  'field-half': STEP_B,
  build: STEP_B,
  store: STEP_B,
  replenish: STEP_B,
  friendly: STEP_B,
};

const budgetStep = (year: number, step: string): Phase => ({
  year,
  season: 'winter',
  type: 'module',
  module: ECONOMY_MODULE,
  step,
});

/** A centre's capacity: the game's books, the map, or the default. */
export function capacityOf(ctx: Pick<Ctx, 'map' | 'own' | 'settings'>, p: ProvinceId): number {
  return ctx.own.capacity[p] ?? ctx.map.province(p)?.capacity ?? ctx.settings.DEFAULT_CAPACITY;
}

function emptyLedger(homes: readonly ProvinceId[], emergency: number): Ledger {
  return {
    purse: 0,
    stores: {},
    low: {},
    emergency: Object.fromEntries(homes.map((h) => [h, emergency])),
    homes,
    friendly: [],
    transferPaid: false,
    storedIn: [],
  };
}

function ledgerOf(ctx: Ctx, power: Power): Ledger {
  return (
    ctx.own.ledgers[power] ??
    emptyLedger(
      ctx.map.provinces.filter((p) => p.home === power && p.isSupplyCenter).map((p) => p.id),
      ctx.settings.EMERGENCY_STORE,
    )
  );
}

/** Carthage's province on this map, if it is a supply centre here (ruling 13). */
export function carthageOf(ctx: Pick<Ctx, 'map' | 'own'>): ProvinceId | undefined {
  const id = ctx.own.carthage?.province ?? CARTHAGE;
  return ctx.map.province(id)?.isSupplyCenter === true ? id : undefined;
}

/**
 * The provinces with a garrison (ruling 13): Carthage and the home centres of every power as
 * its books list them now (moved and new ones included; a captured one stays on its former
 * owner's list, and its garrison serves the captor).
 */
export function garrisoned(ctx: Ctx): Set<ProvinceId> {
  const out = new Set<ProvinceId>();
  const c = carthageOf(ctx);
  if (c !== undefined) out.add(c);
  for (const power of ctx.map.powers) for (const h of ledgerOf(ctx, power).homes) out.add(h);
  return out;
}

/** A garrison's strength: one full unit (ruling 13). */
export const GARRISON = 2;

/** Army moves from a province to the power's nearest working home centre (any home if none works). */
function homeDistance(ctx: Ctx, power: Power, ledger: Ledger): (p: ProvinceId) => number {
  const homes = workingHomes(ledger, power, ctx.state.supplyCenters, ctx.settings.EMERGENCY_STORE);
  return (p) => distanceTo(ctx.map, p, homes.length > 0 ? homes : ledger.homes, () => true);
}

const friendlyIn =
  (ledgers: Readonly<Record<Power, Ledger>>) =>
  (owner: Power, to: Power): boolean =>
    ledgers[owner]?.friendly.includes(to) ?? false;

/** Whether a power's stored points in a province may be spent now (ruling 8). Exported for tests. */
export function reachableFor(
  ctx: Ctx,
  power: Power,
  ledger: Ledger,
  units: readonly Unit[],
): (p: ProvinceId) => boolean {
  const homes = workingHomes(ledger, power, ctx.state.supplyCenters, ctx.settings.EMERGENCY_STORE);
  if (ctx.settings.WITHDRAW_AT_HOME_ONLY) return (p) => homes.includes(p);
  // The answer depends on the board, the power, its working homes and who is friendly to whom:
  // kept for the last few boards, as every line a power writes asks it of every store.
  let board = REACHABLE.get(units);
  if (board?.ledgers !== ctx.own.ledgers || board.map !== ctx.map) {
    board = { map: ctx.map, ledgers: ctx.own.ledgers, answers: new Map() };
    REACHABLE.set(units, board);
  }
  const key = `${power} ${homes.join(' ')}`;
  let answers = board.answers.get(key);
  if (answers === undefined) {
    answers = new Map();
    board.answers.set(key, answers);
  }
  const known = answers;
  const ok = passableFor(power, units, friendlyIn(ctx.own.ledgers));
  return (p) => {
    let a = known.get(p);
    if (a === undefined) {
      a = distanceTo(ctx.map, p, homes, ok) !== Number.POSITIVE_INFINITY;
      known.set(p, a);
    }
    return a;
  };
}

/** `reachableFor`'s answers for the last few boards, by power and working homes. */
const REACHABLE = new Recent<
  readonly Unit[],
  {
    readonly map: GameMap;
    readonly ledgers: Readonly<Record<Power, Ledger>>;
    readonly answers: Map<string, Map<ProvinceId, boolean>>;
  }
>(8);

/** The state of one power's winter while its lines are applied in order. */
interface Books {
  readonly ledger: Ledger;
  readonly units: readonly Unit[];
  /** Units fielded this winter, by province, at the strength paid for. */
  readonly fielded: Readonly<Record<ProvinceId, Strength>>;
  readonly removed: readonly Removal[];
  readonly built: readonly Unit[];
  readonly heldSince: EconomyState['heldSince'];
  /** Points paid this step for what the rules price (fees and upkeep; not points moved into stores). */
  readonly spent: number;
}

const problem = (code: EconomyCode, message: string): Problem => ({ code, message });

/** Applies one line to a power's books, or says why it is refused (nothing is charged then). */
function apply(ctx: Ctx, power: Power, books: Books, a: ModuleAction): Books | Problem {
  const d = a.data;
  const n = typeof d['n'] === 'number' ? d['n'] : 0;
  const at = d['at'] as ProvinceId;
  const { ledger, units } = books;
  const reachable = reachableFor(ctx, power, ledger, units);
  const capacity = (p: ProvinceId): number => capacityOf(ctx, p);
  // `fee`: what of the cost the rules price (a replenishment only moves points).
  const charge = (
    cost: number,
    then: (l: Ledger) => Books | Problem,
    fee = cost,
  ): Books | Problem => {
    const paid = pay(ledger, cost, reachable, capacity);
    if (paid === undefined)
      return problem(
        'pink/overspent',
        `${formatEconomyAction(a)} costs ${cost} and only ${money(ledger, reachable)} can be spent`,
      );
    const r = then(paid);
    return isProblem(r) ? r : { ...r, spent: r.spent + fee };
  };
  const owns = (p: ProvinceId): boolean => ctx.state.supplyCenters[p] === power;
  const unit = units.find((u) => u.location.province === at);
  const mine = (): Problem | undefined =>
    unit === undefined
      ? problem('pink/no-such-unit', `there is no army in ${at}`)
      : unit.power !== power
        ? problem('pink/not-yours', `${unitName(unit)} is not yours`)
        : undefined;
  switch (a.type) {
    case 'transfer': {
      const from = d['from'] as ProvinceId;
      const to = d['to'] as ProvinceId;
      const via = (d['via'] as readonly ProvinceId[] | undefined) ?? [];
      if ((ledger.stores[from] ?? 0) < n)
        return problem(
          'pink/not-enough-points',
          `you have ${ledger.stores[from] ?? 0} points in ${from}`,
        );
      if (!owns(to)) return problem('pink/not-yours', `${to} is not your supply centre`);
      const path = [from, ...via.filter((p) => p !== from && p !== to), to];
      const mayPass = passableFor(power, units, friendlyIn(ctx.own.ledgers));
      for (let i = 1; i < path.length; i++) {
        if (!armyNeighbours(ctx.map, path[i - 1]!).includes(path[i]!))
          return problem(
            'pink/bad-route',
            `the route is broken: ${path[i - 1]!} does not border ${path[i]!}`,
          );
        if (!mayPass(path[i]!))
          return problem(
            'pink/bad-route',
            `the route crosses ${path[i]!}, which holds a unit not friendly to you`,
          );
      }
      if ((ledger.stores[to] ?? 0) + n > capacityOf(ctx, to))
        return problem('pink/over-capacity', `${to} holds at most ${capacityOf(ctx, to)} points`);
      const fee = ledger.transferPaid ? 0 : COSTS.transfer;
      return charge(fee, (l) => {
        const stores = { ...l.stores };
        stores[from] = (stores[from] ?? 0) - n;
        stores[to] = (stores[to] ?? 0) + n;
        return { ...books, ledger: { ...l, stores: prune(stores), transferPaid: true } };
      });
    }
    case 'movehome': {
      const from = d['from'] as ProvinceId;
      const to = d['to'] as ProvinceId;
      if (!ledger.homes.includes(from))
        return problem('pink/not-a-home', `${from} is not your home centre`);
      if (!owns(to) || ledger.homes.includes(to))
        return problem('pink/not-yours', `${to} is not one of your other supply centres`);
      return charge(COSTS.moveHome, (l) => {
        const emergency = Object.fromEntries(
          Object.entries({ ...l.emergency, [to]: l.emergency[from] ?? 0 }).filter(
            ([h]) => h !== from,
          ),
        );
        const homes = l.homes.map((h) => (h === from ? to : h));
        return { ...books, ledger: { ...l, homes, emergency } };
      });
    }
    case 'newhome': {
      const since = books.heldSince[at];
      const years = since?.power === power ? ctx.state.phase.year - since.year : 0;
      if (!owns(at)) return problem('pink/not-yours', `${at} is not your supply centre`);
      if (years < 2)
        return problem(
          'pink/new-home-too-soon',
          `${at} has been yours ${years} year(s); a new home centre needs 2 (rule 10)`,
        );
      if (ledger.homes.includes(at))
        return problem('pink/bad-line', `${at} is a home centre already`);
      return charge(COSTS.newHome, (l) => ({
        ...books,
        ledger: { ...l, homes: [...l.homes, at], emergency: { ...l.emergency, [at]: 0 } },
      }));
    }
    case 'disband': {
      const bad = mine();
      if (bad !== undefined) return bad;
      if (strengthOf(unit!) !== 'full')
        return problem(
          'pink/disband-half',
          `${unitName(unit!)} is not at full strength and may never be disbanded (rule 9)`,
        );
      return {
        ...books,
        units: units.filter((u) => u !== unit),
        removed: [...books.removed, { unit: unit!, why: 'disbanded' }],
      };
    }
    case 'field':
    case 'field-half': {
      const bad = mine();
      if (bad !== undefined) return bad;
      if (books.fielded[at] !== undefined)
        return problem('pink/already-fielded', `${unitName(unit!)} is fielded already`);
      const full = a.type === 'field';
      if (full && strengthOf(unit!) !== 'full')
        return problem(
          'pink/not-full',
          `${unitName(unit!)} is not at full strength and never returns to it (rule 9)`,
        );
      const cost = full ? COSTS.field : COSTS.half;
      // Rule 9: "Players may not voluntarily put their units into half strength status": a
      // full unit is fielded at half only when the money cannot field it in full and every
      // other unit not yet fielded at least at half.
      const waiting = units.filter(
        (u) => u.power === power && u !== unit && books.fielded[u.location.province] === undefined,
      ).length;
      if (
        !full &&
        strengthOf(unit!) === 'full' &&
        money(ledger, reachable) >= COSTS.field + COSTS.half * waiting
      )
        return problem(
          'pink/voluntary-half',
          `${unitName(unit!)} can be fielded in full, and a player may not put a unit at half strength by choice (rule 9)`,
        );
      if (full && money(ledger, reachable) < cost)
        return problem(
          'pink/emergency-for-full',
          `emergency points may be used only to field units at half strength (ruling 5)`,
        );
      // Ruling 5: as few unsupplied units as possible first, then as many full ones. A unit is
      // fielded in full only if every other unit not yet fielded can still be fielded at half.
      const left = money(ledger, reachable);
      if (full && left < COSTS.field + COSTS.half * waiting && left >= COSTS.half * (waiting + 1))
        return problem(
          'pink/starves-others',
          `fielding ${unitName(unit!)} in full would leave too little to field your other ${String(waiting)} unit${waiting === 1 ? '' : 's'} at half strength; a unit may go unsupplied only when the money cannot field every unit at half (ruling 5)`,
        );
      return charge(cost, (l) => ({
        ...books,
        ledger: l,
        fielded: { ...books.fielded, [at]: full ? 'full' : 'half' },
      }));
    }
    case 'build': {
      const homes = workingHomes(
        ledger,
        power,
        ctx.state.supplyCenters,
        ctx.settings.EMERGENCY_STORE,
      );
      if (!homes.includes(at) || units.some((u) => u.location.province === at))
        return problem(
          'pink/not-a-build-site',
          `${at} is not an empty working home centre of yours`,
        );
      const centres = ownedCentres(ctx, power).length;
      if (ctx.settings.SC_CAP && units.filter((u) => u.power === power).length >= centres)
        return problem(
          'pink/sc-cap',
          `you own ${centres} supply centres and may have no more units than that (ruling 11)`,
        );
      return charge(COSTS.build, (l) => {
        const u: Unit = withStrength({ power, type: 'army', location: { province: at } }, 'full');
        return {
          ...books,
          ledger: l,
          units: [...units, u],
          built: [...books.built, u],
          fielded: { ...books.fielded, [at]: 'full' },
        };
      });
    }
    case 'store': {
      if (!owns(at)) return problem('pink/not-yours', `${at} is not your supply centre`);
      if ((ledger.stores[at] ?? 0) + n > capacityOf(ctx, at))
        return problem('pink/over-capacity', `${at} holds at most ${capacityOf(ctx, at)} points`);
      if (ledger.purse < n)
        return problem(
          'pink/overspent',
          `only ${ledger.purse} points of this winter's money are left to store`,
        );
      const fee = ledger.storedIn.includes(at) ? 0 : COSTS.store;
      const moved: Ledger = {
        ...ledger,
        purse: ledger.purse - n,
        stores: { ...ledger.stores, [at]: (ledger.stores[at] ?? 0) + n },
      };
      const paid = pay(moved, fee, reachable, capacity);
      if (paid === undefined)
        return problem('pink/overspent', `storing costs ${fee} more than can be spent`);
      return {
        ...books,
        ledger: { ...paid, storedIn: [...paid.storedIn, at] },
        spent: books.spent + fee,
      };
    }
    case 'replenish': {
      if (!ledger.homes.includes(at))
        return problem('pink/not-a-home', `${at} is not your home centre`);
      const room = ctx.settings.EMERGENCY_STORE - (ledger.emergency[at] ?? 0);
      if (n > room)
        return problem('pink/over-capacity', `the emergency store of ${at} takes ${room} more`);
      return charge(
        n,
        (l) => ({
          ...books,
          ledger: { ...l, emergency: { ...l.emergency, [at]: (l.emergency[at] ?? 0) + n } },
        }),
        0,
      );
    }
    case 'friendly': {
      const to = d['power'] as Power;
      if (ledger.friendly.includes(to)) return books;
      return { ...books, ledger: { ...ledger, friendly: [...ledger.friendly, to].sort() } };
    }
    default:
      return problem('pink/bad-line', `${a.type} is not a budget line`);
  }
}

const isProblem = (x: Books | Problem): x is Problem => 'code' in x;

/** The supply centres (in force) a power owns now. */
function ownedCentres(ctx: Ctx, power: Power): ProvinceId[] {
  return supplyCentersOf(ctx.map, ctx.state).provinces.filter(
    (p) => ctx.state.supplyCenters[p] === power,
  );
}

/**
 * `SC_CAP` (ruling 11), after budget (a): a power with more units than centres loses the
 * excess, farthest from a working home centre first (ties by province id), as the standard
 * civil-disorder removals go.
 */
function capUnits(ctx: Ctx, power: Power, books: Books): { books: Books; events: GameEvent[] } {
  const mine = books.units.filter((u) => u.power === power);
  const excess = mine.length - ownedCentres(ctx, power).length;
  if (excess <= 0) return { books, events: [] };
  const dist = homeDistance(ctx, power, books.ledger);
  const going = [...mine]
    .sort(
      (a, b) =>
        dist(b.location.province) - dist(a.location.province) ||
        a.location.province.localeCompare(b.location.province),
    )
    .slice(0, excess);
  const removed: Removal[] = going.map((unit) => ({
    unit,
    why: 'by-rule',
    detail: 'removed by the supply-centre cap (ruling 11): more units than supply centres',
  }));
  return {
    books: {
      ...books,
      units: books.units.filter((u) => !going.includes(u)),
      removed: [...books.removed, ...removed],
    },
    events: [
      {
        type: 'pink/sc-cap',
        audience: { kind: 'public' },
        text: `${power} has more units than supply centres: ${going.map(unitName).join(', ')} removed (ruling 11).`,
      },
    ],
  };
}

/**
 * `CARTHAGE_HOME` (ruling 13), after every phase: the first power to own Carthage gains it as a
 * home centre, its emergency store empty (it works as a home once replenished, as a new home
 * centre does); when another power takes it, it is a home centre no more, for anyone, and the
 * points in its emergency store are lost.
 */
function claimCarthage(ctx: Ctx, own: EconomyState): { own: EconomyState; events: GameEvent[] } {
  const c = carthageOf({ map: ctx.map, own });
  const state = own.carthage ?? {};
  const owner = c === undefined ? undefined : ctx.state.supplyCenters[c];
  if (!ctx.settings.CARTHAGE_HOME || c === undefined || owner === undefined)
    return { own, events: [] };
  if (state.lost === true || owner === state.first) return { own, events: [] };
  const ledgers: Record<Power, Ledger> = { ...own.ledgers };
  const ledger = (p: Power): Ledger => ledgers[p] ?? ledgerOf({ ...ctx, own }, p);
  const say = (text: string): GameEvent => ({
    type: 'pink/carthage',
    audience: { kind: 'public' },
    text,
  });
  if (state.first === undefined) {
    const l = ledger(owner);
    ledgers[owner] = l.homes.includes(c)
      ? l
      : { ...l, homes: [...l.homes, c], emergency: { ...l.emergency, [c]: 0 } };
    return {
      own: { ...own, ledgers, carthage: { ...state, province: c, first: owner } },
      events: [
        say(
          `${owner} is the first to own ${c}: it is ${owner}'s home centre from now on, once its emergency store is replenished (Pink optional rule).`,
        ),
      ],
    };
  }
  const first = state.first;
  const l = ledger(first);
  const lost = l.emergency[c] ?? 0;
  const emergency = Object.fromEntries(Object.entries(l.emergency).filter(([h]) => h !== c));
  ledgers[first] = { ...l, homes: l.homes.filter((h) => h !== c), emergency };
  const events = [
    say(
      `${owner} takes ${c} from ${first}: it is nobody's home centre any more (Pink optional rule).`,
    ),
  ];
  if (lost > 0)
    events.push({
      type: 'pink/points-lost',
      audience: { kind: 'players', players: controllersOf(ctx.state, first) },
      text: `${first} loses ${lost} emergency points in ${c}.`,
      data: { power: first, lost },
    });
  return { own: { ...own, ledgers, carthage: { ...state, lost: true } }, events };
}

function booksFor(ctx: Ctx, power: Power): Books {
  return {
    ledger: ledgerOf(ctx, power),
    units: ctx.state.units,
    fielded: {},
    removed: [],
    built: [],
    heldSince: ctx.own.heldSince,
    spent: 0,
  };
}

/**
 * Upkeep (ruling 5) for the units not fielded by their owner's lines: first as many as possible
 * at half strength (drawing on emergency stores only when the money cannot field them all at
 * half), then as many as possible of the full ones at full; nearest a working home centre first.
 */
function upkeep(ctx: Ctx, power: Power, books: Books): { books: Books; events: GameEvent[] } {
  let ledger = books.ledger;
  const reachable = reachableFor(ctx, power, ledger, books.units);
  const homes = workingHomes(ledger, power, ctx.state.supplyCenters, ctx.settings.EMERGENCY_STORE);
  const near = homeDistance(ctx, power, ledger);
  const dist = (u: Unit): number => near(u.location.province);
  const open = books.units
    .filter((u) => u.power === power && books.fielded[u.location.province] === undefined)
    .sort((a, b) => dist(a) - dist(b) || a.location.province.localeCompare(b.location.province));
  const fielded: Record<ProvinceId, Strength> = { ...books.fielded };
  let cash = money(ledger, reachable);
  const allHalf = COSTS.half * open.length;
  let supplied = open.length;
  let emergencyUsed = 0;
  if (cash < allHalf) {
    // Emergency points, only to field units at half (rules 9, ruling 5).
    const emergency = homes.reduce((s, h) => s + (ledger.emergency[h] ?? 0), 0);
    supplied = Math.min(open.length, Math.floor((cash + emergency) / COSTS.half));
    emergencyUsed = Math.max(0, supplied * COSTS.half - cash);
  }
  const upgrades = open
    .slice(0, supplied)
    .filter((u) => strengthOf(u) === 'full')
    .slice(0, Math.max(0, cash - supplied * COSTS.half));
  const cost = Math.min(cash, supplied * COSTS.half + upgrades.length);
  ledger = pay(ledger, cost, reachable, (p) => capacityOf(ctx, p)) ?? ledger;
  cash -= cost;
  if (emergencyUsed > 0) {
    const emergency: Record<ProvinceId, number> = { ...ledger.emergency };
    let due = emergencyUsed;
    for (const h of homes) {
      const take = Math.min(emergency[h] ?? 0, due);
      emergency[h] = (emergency[h] ?? 0) - take;
      due -= take;
    }
    ledger = { ...ledger, emergency };
  }
  open.forEach((u, i) => {
    fielded[u.location.province] =
      i >= supplied ? 'unsupplied' : upgrades.includes(u) ? 'full' : 'half';
  });
  const events: GameEvent[] =
    open.length === 0
      ? []
      : [
          {
            type: 'pink/upkeep',
            audience: { kind: 'players', players: controllersOf(ctx.state, power) },
            text: `Upkeep by default: ${open
              .map((u) => `${unitName(u)} ${fielded[u.location.province]!}`)
              .join(', ')}${emergencyUsed > 0 ? `; ${emergencyUsed} emergency points drawn` : ''}.`,
            data: {
              power,
              fielded: Object.fromEntries(
                open.map((u) => [u.location.province, fielded[u.location.province]!]),
              ),
              emergency: emergencyUsed,
            },
          },
        ];
  return {
    books: { ...books, ledger, fielded, spent: books.spent + cost + emergencyUsed },
    events,
  };
}

/** Income at the end of the Fall: capacities of the centres owned, plus interest (ruling 9). */
function income(ctx: Ctx): { own: EconomyState; events: GameEvent[] } {
  const ledgers: Record<Power, Ledger> = { ...ctx.own.ledgers };
  const events: GameEvent[] = [];
  const centres = supplyCentersOf(ctx.map, ctx.state);
  for (const power of ctx.map.powers) {
    const l = ledgerOf(ctx, power);
    const owned = centres.provinces.filter((p) => ctx.state.supplyCenters[p] === power);
    const earned = owned.reduce((s, p) => s + capacityOf(ctx, p), 0);
    const homes = workingHomes(l, power, ctx.state.supplyCenters, ctx.settings.EMERGENCY_STORE);
    const ok = passableFor(power, ctx.state.units, friendlyIn(ctx.own.ledgers));
    const stores: Record<ProvinceId, number> = { ...l.stores };
    let interest = 0;
    const surplus: string[] = [];
    for (const [p, n] of Object.entries(l.stores)) {
      if (!owned.includes(p)) continue;
      const cap = capacityOf(ctx, p);
      const low = Math.min(l.low[p] ?? 0, n, cap);
      const extra = interestOn(low, cap, distanceTo(ctx.map, p, homes, ok));
      stores[p] = n + extra;
      interest += extra;
      if (stores[p] > cap) surplus.push(`${p} ${stores[p] - cap}`);
    }
    ledgers[power] = { ...l, purse: l.purse + earned, stores: prune(stores) };
    const who = controllersOf(ctx.state, power);
    events.push({
      type: 'pink/income',
      audience: { kind: 'players', players: who },
      text: `${power}: income ${earned}, interest ${interest} (credited to the centres)${
        surplus.length > 0 ? `; surplus to move out: ${surplus.join(', ')}` : ''
      }.`,
      data: { power, income: earned, interest },
    });
  }
  return { own: { ...ctx.own, ledgers }, events };
}

/**
 * Rule 8: points over a centre's capacity (interest can put them there) "must be moved out of
 * the centre at the first possible opportunity". That is the winter they arise in: they may be
 * transferred in budget (a) and are spent first in budget (b) (`pay`); whatever surplus is still
 * there when budget (b) ends is lost.
 */
function surplusOut(
  ctx: Ctx,
  power: Power,
  ledger: Ledger,
): { ledger: Ledger; events: GameEvent[] } {
  const stores: Record<ProvinceId, number> = { ...ledger.stores };
  const events: GameEvent[] = [];
  for (const [p, n] of Object.entries(ledger.stores)) {
    if (ctx.map.province(p)?.isSupplyCenter !== true) continue;
    const lost = n - capacityOf(ctx, p);
    if (lost <= 0) continue;
    stores[p] = n - lost;
    events.push({
      type: 'pink/points-lost',
      audience: { kind: 'players', players: controllersOf(ctx.state, power) },
      text: `${power} loses ${lost} points over the capacity of ${p}: a surplus must be moved out in the winter it arises (rule 8).`,
      data: { power, lost },
    });
  }
  return { ledger: { ...ledger, stores: prune(stores) }, events };
}

/**
 * A phase's `MOVEPTS` lines for one power, in order (rule 8: points move one province per
 * movement phase). Points that arrived this phase may not move on; a line that would move more
 * than may move is refused (listed) and moves nothing. Points that arrive count as held from
 * now: the year of their new province starts again (ruling 9).
 */
export function travel(
  ledger: Ledger,
  moves: readonly ModuleAction[],
): { ledger: Ledger; refused: ModuleAction[] } {
  const stores: Record<ProvinceId, number> = { ...ledger.stores };
  const low: Record<ProvinceId, number> = { ...ledger.low };
  const arrived: Record<ProvinceId, number> = {};
  const refused: ModuleAction[] = [];
  for (const m of moves) {
    const from = m.data['from'] as ProvinceId;
    const to = m.data['to'] as ProvinceId;
    const n = m.data['n'] as number;
    if (n > (stores[from] ?? 0) - (arrived[from] ?? 0)) {
      refused.push(m);
      continue;
    }
    stores[from] = (stores[from] ?? 0) - n;
    stores[to] = (stores[to] ?? 0) + n;
    arrived[to] = (arrived[to] ?? 0) + n;
    low[to] = 0;
  }
  return { ledger: { ...ledger, stores: prune(stores), low: prune(low) }, refused };
}

/** Points lost where a non-friendly unit stands or a centre changed owner (ruling 10). */
function losses(ctx: Ctx): { own: EconomyState; events: GameEvent[] } {
  const ledgers: Record<Power, Ledger> = { ...ctx.own.ledgers };
  const events: GameEvent[] = [];
  const friendly = friendlyIn(ctx.own.ledgers);
  // Losses are judged on the points held when the phase ended; points seized now stay with the
  // captor (they are added to its books as they are now, not judged again).
  for (const [power, held] of Object.entries(ctx.own.ledgers)) {
    const stores: Record<ProvinceId, number> = { ...ledgers[power]!.stores };
    for (const [p, n] of Object.entries(held.stores)) {
      const u = ctx.state.units.find((x) => x.location.province === p);
      const owner = ctx.state.supplyCenters[p];
      const taker =
        u !== undefined && u.power !== power && !friendly(u.power, power)
          ? u.power
          : owner !== undefined && owner !== power && ctx.map.province(p)?.isSupplyCenter === true
            ? owner
            : undefined;
      if (taker === undefined) continue;
      stores[p] = (stores[p] ?? 0) - n;
      let seized = 0;
      // The captor keeps them where it may hold points: not in a centre another power owns.
      const isCentre = ctx.map.province(p)?.isSupplyCenter === true;
      if (ctx.settings.CAPTOR_SEIZES && !(isCentre && owner !== undefined && owner !== taker)) {
        const t = ledgers[taker] ?? ledgerOf(ctx, taker);
        seized = Math.min(n, Math.max(0, capacityOf(ctx, p) - (t.stores[p] ?? 0)));
        ledgers[taker] = { ...t, stores: { ...t.stores, [p]: (t.stores[p] ?? 0) + seized } };
      }
      events.push({
        type: 'pink/points-lost',
        audience: { kind: 'players', players: controllersOf(ctx.state, power) },
        text: `${power} loses ${n} points in ${p}${seized > 0 ? ` (${taker} seizes ${seized})` : ''}.`,
        data: { power, lost: n, ...(seized > 0 ? { seizedBy: taker, seized } : {}) },
      });
    }
    ledgers[power] = { ...ledgers[power]!, stores: prune(stores) };
  }
  return { own: { ...ctx.own, ledgers }, events };
}

// ---------------------------------------------------------------------------------------------
// Random players

const act = (type: string, data: Record<string, unknown>): ModuleAction => ({
  module: ECONOMY_MODULE,
  type,
  data,
});

/** A route of army moves from `from` to `to` through provinces the power may pass, or undefined. */
function routeTo(
  ctx: Ctx,
  power: Power,
  from: ProvinceId,
  to: ProvinceId,
): ProvinceId[] | undefined {
  const back = new Map<ProvinceId, ProvinceId>([[from, from]]);
  const mayPass = passableFor(power, ctx.state.units, friendlyIn(ctx.own.ledgers));
  let frontier = [from];
  while (frontier.length > 0) {
    const next: ProvinceId[] = [];
    for (const p of frontier) {
      for (const q of armyNeighbours(ctx.map, p)) {
        if (back.has(q)) continue;
        back.set(q, p);
        if (q === to) {
          const path = [q];
          while (path[0] !== from) path.unshift(back.get(path[0]!)!);
          return path;
        }
        if (mayPass(q)) next.push(q);
      }
    }
    frontier = next;
  }
  return undefined;
}

/**
 * A random player's budget lines, every one checked against the books as the module will apply
 * them (so none is refused): in budget (a) now and then a transfer home, a new home centre or a
 * full unit disbanded; in budget (b) emergency stores replenished, every unit fielded (in full
 * while the money fields the rest at half, otherwise at half; what the money cannot pay is left
 * to the default upkeep), now and then a build, a store or a friendliness; in movement phases
 * now and then points moved one province towards a centre of the power's.
 */
function randomBudget(ctx: Ctx, player: PlayerId): string[] {
  const power = powerOf(ctx.state, player);
  const phase = ctx.state.phase;
  if (power === undefined) return [];
  const { rng } = ctx;
  const lines: string[] = [];
  let books = booksFor(ctx, power);
  const attempt = (a: ModuleAction): boolean => {
    const r = apply(ctx, power, books, a);
    if (isProblem(r)) return false;
    books = r;
    lines.push(formatEconomyAction(a));
    return true;
  };
  const cash = (): number =>
    money(books.ledger, reachableFor(ctx, power, books.ledger, books.units));
  const owned = ownedCentres(ctx, power);
  const room = (p: ProvinceId): number => capacityOf(ctx, p) - (books.ledger.stores[p] ?? 0);
  if (phase.type === 'movement') {
    const stored = Object.entries(books.ledger.stores).filter(([, n]) => n > 0);
    const from = rng.next() < 0.15 ? rng.pick(stored) : undefined;
    if (from === undefined) return [];
    const [p, n] = from;
    const to = rng.pick(
      armyNeighbours(ctx.map, p).filter(
        (q) =>
          owned.includes(q) &&
          room(q) >= n &&
          passableFor(power, ctx.state.units, friendlyIn(ctx.own.ledgers))(q),
      ),
    );
    return to === undefined ? [] : [formatEconomyAction(act('movepts', { n, from: p, to }))];
  }
  if (phase.type !== 'module' || phase.module !== ECONOMY_MODULE) return [];
  const mine = (): Unit[] => books.units.filter((u) => u.power === power);
  const homes = (): ProvinceId[] =>
    workingHomes(books.ledger, power, ctx.state.supplyCenters, ctx.settings.EMERGENCY_STORE);
  if (phase.step === STEP_A) {
    if (rng.next() < 0.3) {
      const away = Object.entries(books.ledger.stores).filter(([p]) => !homes().includes(p));
      const from = rng.pick(away);
      const home = rng.pick(homes().filter((h) => room(h) > 0));
      const route = from && home ? routeTo(ctx, power, from[0], home) : undefined;
      if (from !== undefined && home !== undefined && route !== undefined)
        attempt(
          act('transfer', {
            n: Math.min(from[1], room(home)),
            from: from[0],
            to: home,
            ...(route.length > 2 ? { via: route.slice(1, -1) } : {}),
          }),
        );
    }
    if (rng.next() < 0.05) {
      const at = rng.pick(owned.filter((p) => !books.ledger.homes.includes(p)));
      if (at !== undefined) attempt(act('newhome', { at }));
    }
    if (rng.next() < 0.05 && mine().length > 1) {
      const u = rng.pick(mine().filter((x) => strengthOf(x) === 'full'));
      if (u !== undefined) attempt(act('disband', { at: u.location.province }));
    }
    return lines;
  }
  for (const h of books.ledger.homes) {
    const need = ctx.settings.EMERGENCY_STORE - (books.ledger.emergency[h] ?? 0);
    if (need > 0 && ctx.state.supplyCenters[h] === power && cash() >= need + 4 * mine().length)
      attempt(act('replenish', { at: h, n: need }));
  }
  const units = rng.shuffle([...mine()]);
  units.forEach((u, i) => {
    const waiting = units.length - i - 1;
    const at = u.location.province;
    if (strengthOf(u) === 'full' && cash() >= COSTS.field + COSTS.half * waiting)
      attempt(act('field', { at }));
    else if (cash() >= COSTS.half * (waiting + 1)) attempt(act('field-half', { at }));
  });
  if (rng.next() < 0.5 && cash() >= COSTS.build) {
    const at = rng.pick(homes().filter((h) => !books.units.some((u) => u.location.province === h)));
    if (at !== undefined) attempt(act('build', { at }));
  }
  if (rng.next() < 0.6 && books.ledger.purse > 1) {
    const at = rng.pick(owned.filter((p) => room(p) > 0));
    if (at !== undefined)
      attempt(act('store', { at, n: 1 + rng.int(Math.min(books.ledger.purse - 1, room(at))) }));
  }
  if (rng.next() < 0.05) {
    const to = rng.pick(ctx.map.powers.filter((p) => p !== power));
    if (to !== undefined) attempt(act('friendly', { power: to }));
  }
  return lines;
}

/** The smallest balance of the year, and who has held each centre since when. */
function bookkeeping(ctx: Ctx, own: EconomyState): EconomyState {
  const ledgers: Record<Power, Ledger> = {};
  for (const [power, l] of Object.entries(own.ledgers)) {
    const low: Record<ProvinceId, number> = {};
    for (const [p, n] of Object.entries(l.stores)) low[p] = Math.min(l.low[p] ?? 0, n);
    ledgers[power] = { ...l, low: prune(low) };
  }
  const heldSince: Record<ProvinceId, { power: Power; year: number }> = { ...own.heldSince };
  for (const [p, power] of Object.entries(ctx.state.supplyCenters)) {
    if (heldSince[p]?.power !== power) heldSince[p] = { power, year: ctx.state.phase.year };
  }
  return { ...own, ledgers, heldSince };
}

function powerOf(state: VariantState, player: PlayerId): Power | undefined {
  return powersOf(state, player)[0];
}

/** The economy module. */
export const pinkEconomy = defineModule<EconomyState, EconomySettings>({
  id: ECONOMY_MODULE,
  headline:
    'Pink Diplomacy economy: income from centre capacities, stores with interest, and a winter budget in two steps that pays for every unit.',
  // Rule 5b: the gamesmaster may add a bonus to a power's income (GM console, POST gm/actions).
  gamesmasterActions: ['BONUS <points> TO <power>'],
  schema: ECONOMY_SETTINGS,
  requires: [STRENGTH_MODULE],
  init: (map, _setup, settings) => {
    const ledgers: Record<Power, Ledger> = {};
    const heldSince: Record<ProvinceId, { power: Power; year: number }> = {};
    for (const power of map.powers) {
      const homes = map.provinces.filter((p) => p.home === power && p.isSupplyCenter);
      ledgers[power] = emptyLedger(
        homes.map((p) => p.id),
        settings.EMERGENCY_STORE,
      );
      // Home centres are held from before the game.
      for (const h of homes) heldSince[h.id] = { power, year: 0 };
    }
    return { ledgers, capacity: {}, heldSince };
  },
  movementRules: (ctx) => {
    if (!ctx.settings.GARRISONS) return undefined;
    const places = garrisoned(ctx);
    return {
      garrison: (p) => {
        const owner = places.has(p) ? ctx.state.supplyCenters[p] : undefined;
        return owner === undefined
          ? undefined
          : { power: owner, amount: GARRISON, reason: `the garrison of ${p}` };
      },
    };
  },
  parseAction: (text, map) => parseEconomyAction(text, map),
  formatAction: (a) => formatEconomyAction(a),
  checkAction: (ctx, player, action, earlier) => {
    const phase = ctx.state.phase;
    if (action.type === 'bonus')
      return player === 'gm'
        ? undefined
        : problem('pink/not-gamesmaster', 'only the gamesmaster awards points (rule 5b)');
    const power = powerOf(ctx.state, player);
    if (power === undefined) return problem('pink/not-yours', 'you order no power');
    if (action.type === 'movepts') {
      if (phase.type !== 'movement')
        return problem('pink/not-now', 'points move one province in a movement phase');
      const d = action.data;
      const from = d['from'] as ProvinceId;
      const to = d['to'] as ProvinceId;
      const l = ledgerOf(ctx, power);
      const moves = travel(l, [...earlier.filter((e) => e.type === 'movepts'), action]);
      if (moves.refused.length > 0)
        return problem(
          'pink/not-enough-points',
          `you have ${l.stores[from] ?? 0} points in ${from} before this phase's moves, and points move one province per phase (rule 8)`,
        );
      if (!armyNeighbours(ctx.map, from).includes(to))
        return problem('pink/bad-route', 'points move one province at a time');
      if (
        ctx.map.province(to)?.isSupplyCenter === true &&
        (moves.ledger.stores[to] ?? 0) > capacityOf(ctx, to)
      )
        return problem('pink/over-capacity', `${to} holds at most ${capacityOf(ctx, to)} points`);
      return undefined;
    }
    if (phase.type !== 'module' || phase.step !== STEP_OF[action.type])
      return problem(
        'pink/not-now',
        `${formatEconomyAction(action)} belongs in the winter's ${STEP_OF[action.type] ?? 'budget'} step`,
      );
    let books = booksFor(ctx, power);
    for (const e of earlier) {
      if (e.module !== ECONOMY_MODULE) continue;
      const r = apply(ctx, power, books, e);
      if (!isProblem(r)) books = r;
    }
    const r = apply(ctx, power, books, action);
    return isProblem(r) ? r : undefined;
  },
  resolveActions: (ctx, submissions) => {
    // Rule 8: points move one province per movement phase, free; the bonus in any phase.
    const ledgers: Record<Power, Ledger> = { ...ctx.own.ledgers };
    const events: GameEvent[] = [];
    for (const s of submissions) {
      const power = powerOf(ctx.state, s.player);
      for (const a of s.actions) {
        const d = a.data;
        if (a.type === 'bonus' && s.player === 'gm') {
          const to = d['power'] as Power;
          const l = ledgers[to] ?? ledgerOf(ctx, to);
          const n = d['n'] as number;
          ledgers[to] = { ...l, purse: l.purse + n };
          events.push({
            type: 'pink/bonus',
            audience: { kind: 'players', players: controllersOf(ctx.state, to) },
            text: `The gamesmaster awards ${to} ${n} points (rule 5b).`,
            data: { power: to, bonus: n },
          });
        }
      }
      if (power !== undefined && ctx.state.phase.type === 'movement') {
        const moves = s.actions.filter((a) => a.module === ECONOMY_MODULE && a.type === 'movepts');
        if (moves.length > 0)
          ledgers[power] = travel(ledgers[power] ?? ledgerOf(ctx, power), moves).ledger;
      }
    }
    return { own: { ...ctx.own, ledgers }, events };
  },
  plan: (_ctx, done, next) => {
    if (done.type === 'module' && done.step === STEP_A) return budgetStep(done.year, STEP_B);
    if (done.type === 'module' && done.step === STEP_B)
      return { year: done.year + 1, season: 'spring', type: 'movement' };
    // After each Fall and its retreats: budget (a), budget (b), then the next Spring.
    if (done.season === 'fall' && done.type !== 'module' && next.season !== 'fall')
      return budgetStep(done.year, STEP_A);
    return undefined;
  },
  randomActions: (ctx, player) => randomBudget(ctx, player),
  actors: (ctx) =>
    ctx.state.players.filter((p) => powersOf(ctx.state, p.id).length > 0).map((p) => p.id),
  playPhase: (ctx, submissions) => {
    const step = ctx.state.phase.step;
    const events: GameEvent[] = [];
    const ledgers: Record<Power, Ledger> = { ...ctx.own.ledgers };
    let units = ctx.state.units;
    const removals: Removal[] = [];
    const built: Unit[] = [];
    for (const power of ctx.map.powers) {
      let books: Books = { ...booksFor(ctx, power), units };
      const who = controllersOf(ctx.state, power);
      const mineSubs = submissions.filter((s) => powerOf(ctx.state, s.player) === power);
      for (const s of mineSubs) {
        for (const a of s.actions) {
          if (a.module !== ECONOMY_MODULE || STEP_OF[a.type] !== step) continue;
          const r = apply(ctx, power, books, a);
          if (isProblem(r)) {
            events.push({
              type: 'pink/refused',
              audience: { kind: 'players', players: [s.player] },
              text: `${formatEconomyAction(a)}: refused, ${r.message}.`,
              data: { code: r.code },
            });
          } else books = r;
        }
      }
      if (step === STEP_A && ctx.settings.SC_CAP) {
        const c = capUnits(ctx, power, books);
        books = c.books;
        events.push(...c.events);
      }
      if (step === STEP_B) {
        const u = upkeep(ctx, power, books);
        books = u.books;
        events.push(...u.events);
        const lost = books.ledger.purse;
        if (lost > 0)
          events.push({
            type: 'pink/purse-lost',
            audience: { kind: 'players', players: who },
            text: `${power}: ${lost} points neither spent nor stored are lost.`,
            data: { power, lost },
          });
        const s = surplusOut(ctx, power, books.ledger);
        events.push(...s.events);
        const stores = s.ledger.stores;
        books = {
          ...books,
          // A new year: the balances held now are the year's starting ones.
          ledger: { ...s.ledger, purse: 0, low: stores, transferPaid: false, storedIn: [] },
          units: books.units.map((u) =>
            u.power === power && books.fielded[u.location.province] !== undefined
              ? withStrength(u, books.fielded[u.location.province]!)
              : u,
          ),
        };
      }
      if (books.spent > 0)
        events.push({
          type: 'pink/spent',
          audience: { kind: 'players', players: who },
          text: `${power} paid ${books.spent} points in ${step ?? 'this step'}.`,
          data: { power, spent: books.spent },
        });
      ledgers[power] = books.ledger;
      units = books.units;
      removals.push(...books.removed);
      built.push(...books.built);
    }
    return {
      own: { ...ctx.own, ledgers },
      events,
      game: { units },
      report: { removals, removed: removals.map((r) => r.unit), built },
    };
  },
  afterPhase: (ctx, report) => {
    let own = ctx.own;
    const events: GameEvent[] = [];
    if (report.phase.type !== 'module') {
      const l = losses({ ...ctx, own });
      own = l.own;
      events.push(...l.events);
    }
    own = bookkeeping({ ...ctx, own }, own);
    const carthage = claimCarthage(ctx, own);
    own = carthage.own;
    events.push(...carthage.events);
    const next = ctx.state.phase;
    if (next.type === 'module' && next.step === STEP_A && report.phase.type !== 'module') {
      const r = income({ ...ctx, own });
      own = r.own;
      events.push(...r.events);
    }
    return { own, events };
  },
  // Budgets and stores are secret: a player sees his own books, the gamesmaster all.
  view: (own, viewer, state) => {
    if (viewer.kind === 'gm') return own;
    const mine = viewer.kind === 'player' ? powersOf(state, viewer.player) : [];
    return {
      capacity: own.capacity,
      ...(own.carthage === undefined ? {} : { carthage: own.carthage }),
      ledgers: Object.fromEntries(Object.entries(own.ledgers).filter(([p]) => mine.includes(p))),
    };
  },
});
