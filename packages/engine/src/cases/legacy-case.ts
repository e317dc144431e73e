/**
 * The older machine-readable DATC format (TedDriggs/diplomacy `json_tests`, DATC v3.0; see
 * test/datc/README.md) and a runner that checks one of its cases against the adjudicator, as a
 * second, independent check beside our own case format (datc-case.ts).
 *
 * That format names orders by their text (`ENG: F nth -> pic`) and expects only "Succeeds",
 * "Fails" or null (not checked) for each. For a move or retreat "Succeeds" means the unit moved;
 * for a hold, support or convoy in a movement phase it means the unit was not dislodged (not that
 * the support was given); for a build or disband, that it was carried out. An entry for the
 * 1971 or 1982 rules runs under that edition's DATC choices (docs/editions.md).
 */
import { caseId, guardCase } from './case-shape.js';
import { adjudicateAdjustments } from '../adjudicate/adjustment.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { MovementResolution, OrderOutcome } from '../adjudicate/outcome.js';
import { adjudicateRetreats } from '../adjudicate/retreat.js';
import { rulebookChoices } from '../adjudicate/rulebook.js';
import type { RuleChoices } from '../adjudicate/rules.js';
import type { GameMap } from '../map/game-map.js';
import { parseOrder } from '../orders/parse.js';
import {
  formatLocation,
  type Ownership,
  type PhaseType,
  type Power,
  type PowerOrder,
  type Unit,
} from '../types.js';
import { formatUnitKey, type CaseReport } from './datc-case.js';

/** An expected result; null: not checked. */
export type LegacyResult = 'Succeeds' | 'Fails' | null;

/** Orders keyed by their text, `ENG: A lon -> bel via Convoy`, in the order given. */
export type LegacyOrders = Readonly<Record<string, LegacyResult>>;

export interface LegacyMainPhase {
  /** Units without an order (or owned by another power than the one ordering them): `ENG: F lon`. */
  readonly starting_state?: readonly string[];
  readonly orders: LegacyOrders;
}

export interface LegacyCase {
  readonly name: string;
  /** `https://webdiplomacy.net/doc/DATC_v3_0.html#6.A.1`: the DATC id is the fragment. */
  readonly url?: string;
  readonly description?: string;
  readonly phase: 'Main' | 'Retreat' | 'Build';
  /** Rule edition the case assumes; none: every edition gives the same result. */
  readonly edition?: '1971' | '1982' | '2023' | 'dptg';
  /** Why the source library skips the case. */
  readonly ignore?: string;
  /** Where the source library knowingly differs from the DATC. */
  readonly errata?: string;
  readonly starting_state?: readonly string[];
  readonly orders: LegacyOrders;
  /** Retreat cases: the movement phase adjudicated first. */
  readonly preceding_main_phase?: LegacyMainPhase;
  /** Build cases: province → the power that now owns it, over the home-centre ownership. */
  readonly occupiers?: Readonly<Record<string, Power>>;
  /** Build cases: units civil disorder must remove (not necessarily all of them). */
  readonly civil_disorder?: readonly string[];
}

export interface LegacyCaseFile {
  readonly $schema?: string;
  readonly cases: readonly LegacyCase[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a parsed JSON file is in the legacy format: its cases' `orders` are objects keyed by
 * the order text, where our own format (datc-case.ts) has arrays.
 */
export function isLegacyCaseFile(json: unknown): json is LegacyCaseFile {
  if (!isObject(json) || !Array.isArray(json.cases) || json.cases.length === 0) return false;
  return (json.cases as unknown[]).every((c) => isObject(c) && isObject(c.orders));
}

/** Reads `ENG: F lon`, `RUS: F stp(sc)`. */
export function parseLegacyUnit(key: string): Unit | undefined {
  const m = /^([A-Z]{3}): ([AF]) ([a-z]{3})(?:\(([a-z]{2})\))?$/.exec(key.trim());
  if (m === null) return undefined;
  const location = m[4] === undefined ? { province: m[3]! } : { province: m[3]!, coast: m[4] };
  return { power: m[1]!, type: m[2] === 'A' ? 'army' : 'fleet', location };
}

/**
 * The legacy word for an outcome. In a movement phase a hold, support or convoy "succeeds" when
 * its unit is not dislodged; every other order (and every order of a retreat or adjustment phase)
 * when it was carried out: the unit moved or retreated, the unit was built or removed.
 */
export function legacyResult(o: OrderOutcome, phase: PhaseType = 'movement'): 'Succeeds' | 'Fails' {
  const kind = o.order.kind;
  const standing =
    kind === 'hold' || kind === 'support-hold' || kind === 'support-move' || kind === 'convoy';
  if (phase === 'movement' && standing) return o.dislodged === undefined ? 'Succeeds' : 'Fails';
  return o.result === 'succeeds' ? 'Succeeds' : 'Fails';
}

/**
 * The DATC choices an entry's edition makes, or undefined for the DPTG, which is a technical
 * guide and not a rulebook edition Arbiter plays (the DATC names it only beside 4.A.3).
 */
export function legacyChoices(c: LegacyCase): RuleChoices | undefined {
  return c.edition === 'dptg' ? undefined : rulebookChoices(c.edition ?? '2023');
}

interface Parsed {
  readonly key: string;
  readonly expected: LegacyResult;
  readonly order: PowerOrder;
}

/** Runs one legacy case and names every order whose result differs from the expected one. */
export function runLegacyCase(map: GameMap, c: LegacyCase): CaseReport {
  return guardCase(caseId(c, 0), () => runCheckedLegacyCase(map, c));
}

function runCheckedLegacyCase(map: GameMap, c: LegacyCase): CaseReport {
  const problems: string[] = [];
  const choices = legacyChoices(c);
  if (choices === undefined) {
    const why = 'the DPTG is not a rulebook edition Arbiter plays (docs/editions.md)';
    return { id: c.name, passed: false, problems: [why] };
  }

  const parseAll = (orders: LegacyOrders, phase: PhaseType): Parsed[] => {
    const out: Parsed[] = [];
    for (const [key, expected] of Object.entries(orders)) {
      const r = parseOrder(map, key, { phase });
      if (!r.ok) problems.push(`${key}: does not parse: ${r.error.message}`);
      else if (r.value.power === undefined) problems.push(`${key}: no power given`);
      else out.push({ key, expected, order: { power: r.value.power, order: r.value.order } });
    }
    return out;
  };

  /** The board: `starting_state`, then the ordered units on the provinces still empty. */
  const board = (startingState: readonly string[], orders: readonly Parsed[]): Unit[] => {
    const units: Unit[] = [];
    for (const key of startingState) {
      const u = parseLegacyUnit(key);
      if (u === undefined) problems.push(`unit "${key}" is not of the form "ENG: F nth"`);
      else units.push(u);
    }
    for (const { order: po } of orders) {
      const o = po.order;
      if (o.kind === 'build' || o.kind === 'waive') continue;
      if (units.some((u) => u.location.province === o.unit.location.province)) continue;
      if (o.unit.type === undefined) {
        problems.push(`${formatLocation(o.unit.location)}: the ordered unit has no type`);
        continue;
      }
      units.push({ power: po.power, type: o.unit.type, location: o.unit.location });
    }
    return units;
  };

  const compare = (
    orders: readonly Parsed[],
    outcomes: readonly OrderOutcome[],
    phase: PhaseType,
  ): void => {
    orders.forEach(({ key, expected }, k) => {
      if (expected === null) return;
      const o = outcomes[k];
      if (o === undefined) {
        problems.push(`${key}: expected ${expected}, got no outcome`);
        return;
      }
      const got = legacyResult(o, phase);
      if (got !== expected) {
        const words = o.dislodged === undefined ? o.result : `${o.result},${o.dislodged}`;
        problems.push(`${key}: expected ${expected}, got ${got} (${words}: ${o.reason})`);
      }
    });
  };

  const movement = (main: LegacyMainPhase): MovementResolution | undefined => {
    const orders = parseAll(main.orders, 'movement');
    const units = board(main.starting_state ?? [], orders);
    if (problems.length > 0) return undefined;
    const moved = adjudicateMovement(
      map,
      units,
      orders.map((p) => p.order),
      { choices },
    );
    compare(orders, moved.outcomes, 'movement');
    return moved;
  };

  switch (c.phase) {
    case 'Main':
      movement(c);
      break;
    case 'Retreat': {
      if (c.preceding_main_phase === undefined) {
        problems.push('a retreat case needs preceding_main_phase');
        break;
      }
      const moved = movement(c.preceding_main_phase);
      const orders = parseAll(c.orders, 'retreat');
      if (moved === undefined || problems.length > 0) break;
      const r = adjudicateRetreats(
        map,
        moved.units,
        moved.dislodged,
        orders.map((p) => p.order),
      );
      compare(orders, r.outcomes, 'retreat');
      break;
    }
    case 'Build': {
      const orders = parseAll(c.orders, 'adjustment');
      // Only `starting_state`: a disband may name a unit that is not there (6.J.1).
      const units = board(c.starting_state ?? [], []);
      const cd: Unit[] = [];
      for (const key of c.civil_disorder ?? []) {
        const u = parseLegacyUnit(key);
        if (u === undefined) problems.push(`unit "${key}" is not of the form "ENG: F nth"`);
        else cd.push(u);
      }
      if (problems.length > 0) break;
      const r = adjudicateAdjustments(
        map,
        units,
        legacyOwnership(map, c, units),
        orders.map((p) => p.order),
        { choices },
      );
      compare(orders, r.outcomes, 'adjustment');
      const removed = new Set(r.civilDisorder.map(formatUnitKey));
      for (const u of cd) {
        if (!removed.has(formatUnitKey(u))) {
          const got = r.civilDisorder.map(formatUnitKey).join(', ');
          problems.push(`civil disorder: expected ${formatUnitKey(u)} removed, got [${got}]`);
        }
      }
      break;
    }
    default:
      problems.push(`unknown phase "${String((c as { phase: unknown }).phase)}"`);
  }
  return { id: c.name, passed: problems.length === 0, problems };
}

/**
 * Supply-centre owners in a build case: each home centre to its home power, then `occupiers`,
 * then the power of each unit standing on a centre.
 */
export function legacyOwnership(map: GameMap, c: LegacyCase, units: readonly Unit[]): Ownership {
  const owners: Record<string, Power> = {};
  for (const p of map.provinces) {
    if (p.isSupplyCenter && p.home !== undefined) owners[p.id] = p.home;
  }
  const occupy = (province: string, power: Power): void => {
    if (map.province(province)?.isSupplyCenter === true) owners[province] = power;
  };
  for (const [province, power] of Object.entries(c.occupiers ?? {})) occupy(province, power);
  for (const u of units) occupy(u.location.province, u.power);
  return owners;
}
