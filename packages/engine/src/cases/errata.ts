/** Errata: orders where a case file's expected words are known to be wrong, with the reason. */
import type { CaseOrder, DatcCase } from './datc-case.js';

export interface Erratum {
  readonly case: string;
  readonly power: string;
  readonly order: string;
  /** What the case file says. */
  readonly text: readonly string[];
  /** What the rules give, and Arbiter says. */
  readonly arbiter: readonly string[];
  readonly why: string;
}

/** The case with each erratum's expectation in place of the file's. */
export function applyErrata(c: DatcCase, errata: readonly Erratum[]): DatcCase {
  const mine = errata.filter((e) => e.case === c.id);
  if (mine.length === 0) return c;
  const fix = (list: readonly CaseOrder[]): CaseOrder[] =>
    list.map((o) => {
      const e = mine.find((x) => x.power === o.power && x.order === o.text);
      return e === undefined ? o : { ...o, resolution: e.arbiter };
    });
  return c.movement === undefined
    ? { ...c, orders: fix(c.orders) }
    : { ...c, movement: fix(c.movement), orders: fix(c.orders) };
}

/** Errata that no longer match their case: the file changed, or the erratum names no order. */
export function staleErrata(cases: readonly DatcCase[], errata: readonly Erratum[]): Erratum[] {
  return errata.filter((e) => {
    const c = cases.find((x) => x.id === e.case);
    const o = [...(c?.movement ?? []), ...(c?.orders ?? [])].find(
      (x) => x.power === e.power && x.text === e.order,
    );
    return o === undefined || o.resolution.join(',') !== e.text.join(',');
  });
}
