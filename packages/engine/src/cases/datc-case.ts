/**
 * Test cases as data: the DATC v3.2 shape (test/datc/README.md) and the runner that checks one
 * case against the adjudicator, naming every order whose resolution differs.
 */
import { adjudicateAdjustments } from '../adjudicate/adjustment.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { OrderOutcome } from '../adjudicate/outcome.js';
import { adjudicateRetreats } from '../adjudicate/retreat.js';
import { EDITIONS, isEdition, rulebookChoices, type Edition } from '../adjudicate/rulebook.js';
import type { GameMap } from '../map/game-map.js';
import { parseOrder } from '../orders/parse.js';
import type { Ownership, PhaseType, PowerOrder, Unit } from '../types.js';
import { caseId, guardCase, ShapeCheck, type CaseReport } from './case-shape.js';

export interface CaseOrder {
  readonly power: string;
  /** The order as the case text writes it. */
  readonly text: string;
  /** DATC v3.2 resolution words, e.g. `["illegal", "dislodged"]`. */
  readonly resolution: readonly string[];
}

export interface DatcCase {
  readonly id: string;
  readonly title?: string;
  readonly phase: PhaseType;
  readonly season?: string;
  /**
   * The rulebook edition whose DATC choices the resolutions assume (docs/editions.md); absent:
   * the 2023 rules as the DATC prefers them, like every case of DATC v3.2 chapter 6.
   */
  readonly rulebook?: Edition;
  /** Every unit on the board before the (first) phase: `ENG F nth`, `RUS F stp/sc`. */
  readonly units: readonly string[];
  /** Owner of every owned supply centre (adjustment cases). */
  readonly centres?: Ownership;
  /** For retreat cases: the movement orders that come first. */
  readonly movement?: readonly CaseOrder[];
  readonly orders: readonly CaseOrder[];
  /** For adjustment cases: the removals civil disorder must make. */
  readonly automatic?: readonly { readonly power: string; readonly unit: string }[];
  readonly note?: string;
}

export type { CaseReport } from './case-shape.js';

/** Reads `ENG F nth` / `RUS F stp/sc`. */
export function parseUnitKey(key: string): Unit | undefined {
  // Province ids may carry digits (Pink II's levels: `PWA A nor1`).
  const m = /^([A-Za-z]+) ([AF]) ([a-z][a-z0-9]*)(?:\/([a-z]+))?$/.exec(key.trim());
  if (m === null) return undefined;
  const location = m[4] === undefined ? { province: m[3]! } : { province: m[3]!, coast: m[4] };
  return { power: m[1]!, type: m[2] === 'A' ? 'army' : 'fleet', location };
}

export function formatUnitKey(u: Unit): string {
  const l =
    u.location.coast === undefined
      ? u.location.province
      : `${u.location.province}/${u.location.coast}`;
  return `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${l}`;
}

/** The DATC words for an outcome: the order's result, then the unit's fate if dislodged. */
export function resolutionWords(o: OrderOutcome): string[] {
  if (o.order.kind === 'hold' && o.result !== 'illegal') return [o.dislodged ?? o.result];
  return o.dislodged === undefined ? [o.result] : [o.result, o.dislodged];
}

/** What is malformed in a DATC case, each problem named by its field's path. */
export function datcCaseProblems(map: GameMap, c: DatcCase): string[] {
  const check = new ShapeCheck();
  const raw = c as unknown as Record<string, unknown>;
  check.string(raw['id'], 'id');
  if (!['movement', 'retreat', 'adjustment'].includes(raw['phase'] as string))
    check.fail(
      'phase',
      `expected "movement", "retreat" or "adjustment", got ${JSON.stringify(raw['phase'])}`,
    );
  if (check.strings(raw['units'], 'units'))
    (raw['units'] as string[]).forEach((key, i) => {
      const u = parseUnitKey(key);
      if (u === undefined) check.fail(`units[${i}]`, `"${key}" is not like "ENG F nth"`);
      else check.power(u.power, `units[${i}]`, map.powers);
    });
  check.stringMap(raw['centres'], 'centres', true);
  if (raw['rulebook'] !== undefined && !isEdition(raw['rulebook']))
    check.fail(
      'rulebook',
      `expected one of ${EDITIONS.join(', ')}, got ${JSON.stringify(raw['rulebook'])}`,
    );
  for (const list of ['orders', 'movement'] as const) {
    if (!check.array(raw[list], list, list === 'movement')) continue;
    raw[list].forEach((o, i) => {
      const at = `${list}[${i}]`;
      if (!check.object(o, at)) return;
      if (check.string(o['power'], `${at}.power`))
        check.power(o['power'], `${at}.power`, map.powers);
      check.string(o['text'], `${at}.text`);
      check.strings(o['resolution'], `${at}.resolution`);
    });
  }
  return check.problems;
}

/**
 * Runs one case and compares every order's resolution with the expected one. A malformed case,
 * or one the adjudicator cannot run, fails with the reason; it never throws.
 */
export function runCase(map: GameMap, c: DatcCase): CaseReport {
  return guardCase(caseId(c, 0), () => {
    const malformed = datcCaseProblems(map, c);
    if (malformed.length > 0) return { id: caseId(c, 0), passed: false, problems: malformed };
    return runCheckedCase(map, c);
  });
}

function runCheckedCase(map: GameMap, c: DatcCase): CaseReport {
  const problems: string[] = [];
  const units: Unit[] = [];
  for (const key of c.units) {
    const u = parseUnitKey(key);
    if (u === undefined) problems.push(`unit "${key}" is not of the form "ENG F nth"`);
    else units.push(u);
  }
  const parseAll = (list: readonly CaseOrder[], phase: PhaseType): PowerOrder[] | undefined => {
    const out: PowerOrder[] = [];
    for (const o of list) {
      const r = parseOrder(map, o.text, { phase });
      if (!r.ok) {
        problems.push(`"${o.text}": ${r.error.message}`);
        return undefined;
      }
      out.push({ power: o.power, order: r.value.order });
    }
    return out;
  };
  const compare = (list: readonly CaseOrder[], outcomes: readonly OrderOutcome[]): void => {
    list.forEach((o, k) => {
      const got = outcomes[k] === undefined ? [] : resolutionWords(outcomes[k]);
      if (got.join(',') !== o.resolution.join(',')) {
        const why = outcomes[k]?.reason ?? 'no outcome';
        problems.push(
          `${o.power} ${o.text}: expected ${o.resolution.join(',')}, got ${got.join(',')} (${why})`,
        );
      }
    });
  };
  if (problems.length > 0) return { id: c.id, passed: false, problems };
  const choices = c.rulebook === undefined ? {} : { choices: rulebookChoices(c.rulebook) };

  if (c.phase === 'adjustment') {
    const orders = parseAll(c.orders, 'adjustment');
    if (orders !== undefined) {
      const r = adjudicateAdjustments(map, units, c.centres ?? {}, orders, choices);
      compare(c.orders, r.outcomes);
      const want = (c.automatic ?? []).map((a) => a.unit).sort();
      const got = r.civilDisorder.map(formatUnitKey).sort();
      if (want.join(';') !== got.join(';')) {
        problems.push(`civil disorder removes [${got.join(', ')}], expected [${want.join(', ')}]`);
      }
    }
  } else {
    const first = c.phase === 'retreat' ? (c.movement ?? []) : c.orders;
    const orders = parseAll(first, 'movement');
    if (orders !== undefined) {
      const moved = adjudicateMovement(map, units, orders, choices);
      compare(first, moved.outcomes);
      if (c.phase === 'retreat') {
        const retreats = parseAll(c.orders, 'retreat');
        if (retreats !== undefined) {
          const r = adjudicateRetreats(map, moved.units, moved.dislodged, retreats);
          compare(c.orders, r.outcomes);
        }
      }
    }
  }
  return { id: c.id, passed: problems.length === 0, problems };
}
