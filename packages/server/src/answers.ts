/**
 * JSON answers checked against their schema, with the parts that repeat checked and written
 * once. Every answer goes through its response schema (the last filter: what it does not name
 * is not sent); for a game that is most of the work of the request, and most of a game's answer
 * is its last phase's report and orders, which are the same objects for every reader of the
 * game between two phases (the store keeps them parsed and deeply frozen). Those are checked
 * against their own schemas and turned into JSON once per object; the rest of the answer is
 * checked with them left out, and their JSON put in its place. The bytes are the same as
 * `JSON.stringify(schema.parse(value))` (a test compares them).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { GameSchema, PhaseSchema } from './schemas.js';

/** An answer ready to send, or why the value does not fit its schema. */
export type Answer =
  { readonly ok: true; readonly json: string } | { readonly ok: false; readonly error: string };

/** The JSON of frozen objects under one schema, kept by object while the object lives. */
class FrozenJson {
  private readonly kept = new WeakMap<object, string>();

  constructor(
    private readonly schema: z.ZodType,
    private readonly where: string,
  ) {}

  /**
   * The JSON of what `value` gives under the schema; kept for a frozen object, which cannot
   * change (the store freezes what it hands out all the way down).
   */
  of(value: object): Answer {
    const kept = this.kept.get(value);
    if (kept !== undefined) return { ok: true, json: kept };
    const out = this.schema.safeParse(value);
    if (!out.success) return { ok: false, error: `${this.where}: ${out.error.message}` };
    const json = JSON.stringify(out.data);
    this.kept.set(value, json);
    return { ok: true, json };
  }
}

/**
 * Stands in for a part while the rest is checked and written: a string no answer can hold
 * otherwise (a NUL and a random id, drawn when the server starts and never sent).
 */
const HOLE = `\u0000${randomUUID()}`;
const HOLE_JSON = JSON.stringify(HOLE);

const reports = new FrozenJson(PhaseSchema.shape.report, 'lastPhase.report');
const orderLists = new FrozenJson(PhaseSchema.shape.orders, 'lastPhase.orders');

/** GameSchema with the last phase's report and orders left to `reports` and `orderLists`. */
const GameWithHoles = GameSchema.extend({
  lastPhase: PhaseSchema.extend({ report: z.literal(HOLE), orders: z.literal(HOLE) }).nullable(),
});

/** The answer for a game view (`getGame`): the bytes `JSON.stringify(GameSchema.parse(view))`. */
export function gameAnswer(view: unknown): Answer {
  const last = lastPhaseParts(view);
  if (last === undefined) return whole(GameSchema, view);
  const report = reports.of(last.report);
  if (!report.ok) return report;
  const orders = orderLists.of(last.orders);
  if (!orders.ok) return orders;
  const rest = GameWithHoles.safeParse({
    ...(view as object),
    lastPhase: { ...last.phase, report: HOLE, orders: HOLE },
  });
  if (!rest.success) return { ok: false, error: rest.error.message };
  const json = JSON.stringify(rest.data);
  // The report comes before the orders in the schema, so the first hole is the report's.
  const at = json.indexOf(HOLE_JSON);
  const then = json.indexOf(HOLE_JSON, at + HOLE_JSON.length);
  return {
    ok: true,
    json:
      json.slice(0, at) +
      report.json +
      json.slice(at + HOLE_JSON.length, then) +
      orders.json +
      json.slice(then + HOLE_JSON.length),
  };
}

/** Any value through its schema, the slow way. */
export function whole(schema: z.ZodType, value: unknown): Answer {
  const out = schema.safeParse(value);
  return out.success
    ? { ok: true, json: JSON.stringify(out.data) }
    : { ok: false, error: out.error.message };
}

/** The last phase of a game view, when its report and orders are frozen objects. */
function lastPhaseParts(
  view: unknown,
): { phase: object; report: object; orders: object } | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const phase = (view as { lastPhase?: unknown }).lastPhase;
  if (typeof phase !== 'object' || phase === null) return undefined;
  const { report, orders } = phase as { report?: unknown; orders?: unknown };
  if (typeof report !== 'object' || report === null || !Object.isFrozen(report)) return undefined;
  if (typeof orders !== 'object' || orders === null || !Object.isFrozen(orders)) return undefined;
  return { phase, report, orders };
}
