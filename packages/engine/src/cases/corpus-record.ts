/**
 * Phase records in the corpus's JSON-lines format (test/corpus/README.md): checking one, and
 * adjudicating it into the same shape of `result`, so that results compare byte for byte.
 */
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { OrderOutcome } from '../adjudicate/outcome.js';
import type { GameMap } from '../map/game-map.js';
import { parseOrder } from '../orders/parse.js';
import { err, ok, type Result } from '../result.js';
import type { Location, PowerOrder, Unit } from '../types.js';

export interface RecordUnit {
  readonly nation: string;
  readonly type: 'A' | 'F';
  readonly loc: string;
}

export interface RecordResult {
  readonly units: readonly RecordUnit[];
  readonly dislodged: readonly (RecordUnit & { readonly attacker_from: string })[];
  readonly retreat_options: Readonly<Record<string, readonly string[]>>;
}

export interface PhaseRecord {
  readonly units: readonly RecordUnit[];
  readonly orders: readonly string[];
  readonly result?: RecordResult;
  readonly [key: string]: unknown;
}

export interface RecordError {
  readonly code:
    | 'record/not-object'
    | 'record/bad-field'
    | 'record/bad-unit'
    | 'record/bad-order'
    | 'record/not-movement';
  /** What is wrong and where: `orders[2] "AUS A xyz - gre": unknown province "xyz" at 6`. */
  readonly message: string;
}

export interface AdjudicatedRecord {
  readonly record: PhaseRecord;
  /** Every order's outcome, in the record's order. */
  readonly outcomes: readonly OrderOutcome[];
}

function loc(l: Location): string {
  return l.coast === undefined ? l.province : `${l.province}/${l.coast}`;
}

function toRecordUnit(u: Unit): RecordUnit {
  return { nation: u.power, type: u.type === 'army' ? 'A' : 'F', loc: loc(u.location) };
}

const byLoc = (a: { loc: string }, b: { loc: string }): number =>
  a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0;

/** Checks a parsed JSON value as a movement record and reads its units and orders. */
export function readRecord(
  map: GameMap,
  value: unknown,
): Result<{ record: PhaseRecord; units: Unit[]; orders: PowerOrder[] }, RecordError> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err({ code: 'record/not-object', message: 'a record must be a JSON object' });
  }
  const r = value as Record<string, unknown>;
  if (r['type'] !== undefined && r['type'] !== 'Movement') {
    return err({
      code: 'record/not-movement',
      message: `type is ${JSON.stringify(r['type'])}; only "Movement" records are adjudicated`,
    });
  }
  if (!Array.isArray(r['units']))
    return err({ code: 'record/bad-field', message: 'units must be an array' });
  if (!Array.isArray(r['orders']))
    return err({ code: 'record/bad-field', message: 'orders must be an array' });
  const units: Unit[] = [];
  const seen = new Set<string>();
  for (const [i, u] of (r['units'] as unknown[]).entries()) {
    const x = u as Partial<Record<string, unknown>> | null;
    const where = `units[${i}]`;
    if (typeof x !== 'object' || x === null)
      return err({ code: 'record/bad-unit', message: `${where} must be an object` });
    const { nation, type, loc: l } = x;
    if (typeof nation !== 'string' || map.powerIndex(nation) < 0) {
      return err({
        code: 'record/bad-unit',
        message: `${where}: unknown nation ${JSON.stringify(nation)}`,
      });
    }
    if (type !== 'A' && type !== 'F') {
      return err({
        code: 'record/bad-unit',
        message: `${where}: type must be "A" or "F", not ${JSON.stringify(type)}`,
      });
    }
    const li = typeof l === 'string' ? map.locationIndex(l) : -1;
    const unitType = type === 'A' ? 'army' : 'fleet';
    if (li < 0 || !map.canStand(unitType, li)) {
      return err({
        code: 'record/bad-unit',
        message: `${where}: ${type} cannot stand at ${JSON.stringify(l)}`,
      });
    }
    const info = map.locations[li]!;
    const province = map.provinces[info.province]!.id;
    if (seen.has(province))
      return err({ code: 'record/bad-unit', message: `${where}: a second unit in ${province}` });
    seen.add(province);
    units.push({ power: nation, type: unitType, location: info.location });
  }
  const orders: PowerOrder[] = [];
  for (const [i, o] of (r['orders'] as unknown[]).entries()) {
    if (typeof o !== 'string')
      return err({ code: 'record/bad-order', message: `orders[${i}] must be a string` });
    const parsed = parseOrder(map, o, { phase: 'movement' });
    if (!parsed.ok) {
      const e = parsed.error;
      return err({
        code: 'record/bad-order',
        message: `orders[${i}] ${JSON.stringify(o)}: ${e.message} (${e.code} at ${e.at})`,
      });
    }
    if (parsed.value.power === undefined) {
      return err({
        code: 'record/bad-order',
        message: `orders[${i}] ${JSON.stringify(o)}: no power given`,
      });
    }
    orders.push({ power: parsed.value.power, order: parsed.value.order });
  }
  return ok({ record: r as PhaseRecord, units, orders });
}

/**
 * Adjudicates a record's orders and returns it with `result` (re)computed, in the corpus's
 * conventions: units sorted by location; a dislodged unit with nowhere to go is removed at once
 * and listed nowhere.
 */
export function adjudicateRecord(
  map: GameMap,
  value: unknown,
): Result<AdjudicatedRecord, RecordError> {
  const read = readRecord(map, value);
  if (!read.ok) return read;
  const { record, units, orders } = read.value;
  const r = adjudicateMovement(map, units, orders);
  const retreating = r.dislodged.filter((d) => d.retreats.length > 0);
  const result: RecordResult = {
    units: r.units.map(toRecordUnit).sort(byLoc),
    dislodged: retreating
      .map((d) => ({ ...toRecordUnit(d.unit), attacker_from: d.attackerFrom }))
      .sort(byLoc),
    retreat_options: Object.fromEntries(
      retreating
        .map((d) => [loc(d.unit.location), d.retreats.map(loc).sort()] as const)
        .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    ),
  };
  return ok({ record: { ...record, result }, outcomes: r.outcomes });
}
