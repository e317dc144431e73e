/**
 * Ordering by clicking, as a pure state machine over the legal orders the server enumerates:
 * every legal order is a *subject* (the unit ordered, or the province a build goes to), a
 * *mode* (move, support, convoy ...) and a *path* of provinces still to choose (a move's
 * destination; a support's supported unit and then where it goes). A click either picks a
 * subject, extends the path with a lit province, or finishes an order; when several orders
 * end at the same click (two coasts, by land or by convoy) the page asks which.
 */
import type { Order } from '@arbiter/engine';

/** One legal order as the legal-orders route gives it. */
export interface LegalOrder {
  readonly text: string;
  readonly order: Order;
}

export type Mode =
  'move' | 'hold' | 'support' | 'convoy' | 'disband' | 'build' | 'remove' | 'waive';

/** The modes in the order the menu shows them. */
export const MODES: readonly Mode[] = [
  'move',
  'hold',
  'support',
  'convoy',
  'disband',
  'remove',
  'build',
  'waive',
];

/** What can be ordered at one place: a unit (or dislodged unit), a build site, or the waive. */
export interface Subject {
  /** The province clicked to choose it; `waive` for the waive of an adjustment phase. */
  readonly key: string;
  /** `A par`, or null for a build site and the waive. */
  readonly unit: string | null;
  readonly power: string;
  readonly orders: readonly LegalOrder[];
}

/** The route's answer, reduced to what the machine needs. */
export interface LegalOrdersData {
  readonly powers: readonly {
    readonly power: string;
    readonly units: readonly {
      readonly unit: string | null;
      readonly orders: readonly LegalOrder[];
    }[];
  }[];
}

/** The province an order is given at: its unit's, or its build site's; `waive` for a waive. */
export function subjectKey(order: Order): string {
  return order.kind === 'waive' ? 'waive' : order.unit.location.province;
}

/** The subjects of the legal orders, by key (builds grouped by site). */
export function subjectsOf(data: LegalOrdersData): Map<string, Subject> {
  const out = new Map<string, Subject>();
  for (const { power, units } of data.powers) {
    for (const u of units) {
      for (const o of u.orders) {
        const key = subjectKey(o.order);
        const s = out.get(key);
        out.set(key, {
          key,
          unit: u.unit,
          power,
          orders: s === undefined ? [o] : [...s.orders, o],
        });
      }
    }
  }
  return out;
}

/** The mode of an order and the provinces still to be clicked after its subject. */
export function stepsOf(order: Order): { readonly mode: Mode; readonly path: readonly string[] } {
  switch (order.kind) {
    case 'hold':
      return { mode: 'hold', path: [] };
    case 'move':
    case 'retreat':
      return { mode: 'move', path: [order.to.province] };
    case 'support-hold':
      // The supported unit, then the same province again: "it stays where it is".
      return {
        mode: 'support',
        path: [order.supported.location.province, order.supported.location.province],
      };
    case 'support-move':
      return { mode: 'support', path: [order.supported.location.province, order.to.province] };
    case 'convoy':
      return { mode: 'convoy', path: [order.army.province, order.to.province] };
    case 'disband':
      return { mode: 'disband', path: [] };
    case 'build':
      return { mode: 'build', path: [] };
    case 'remove':
      return { mode: 'remove', path: [] };
    case 'waive':
      return { mode: 'waive', path: [] };
  }
}

/** The modes a subject offers, in menu order. */
export function modesOf(subject: Subject): Mode[] {
  const have = new Set(subject.orders.map((o) => stepsOf(o.order).mode));
  return MODES.filter((m) => have.has(m));
}

/** Where the player is in giving an order. */
export interface Selection {
  readonly subject: string;
  readonly mode: Mode;
  /** The provinces clicked so far after the subject. */
  readonly path: readonly string[];
}

/** The legal orders still possible from a selection. */
export function candidates(subject: Subject, sel: Selection): LegalOrder[] {
  return subject.orders.filter((o) => {
    const s = stepsOf(o.order);
    return s.mode === sel.mode && sel.path.every((p, i) => s.path[i] === p);
  });
}

/** The provinces to light up: each candidate's next step. */
export function nextSteps(subject: Subject, sel: Selection): Set<string> {
  const out = new Set<string>();
  for (const o of candidates(subject, sel)) {
    const next = stepsOf(o.order).path[sel.path.length];
    if (next !== undefined) out.add(next);
  }
  return out;
}

/** The candidates complete at this selection: the orders a click here would give. */
export function completed(subject: Subject, sel: Selection): LegalOrder[] {
  return candidates(subject, sel).filter((o) => stepsOf(o.order).path.length === sel.path.length);
}

/** What a click leads to. */
export type Step =
  /** Nothing selected (again). `note` says why, when the click was not understood. */
  | { readonly kind: 'idle'; readonly note?: string }
  /** A subject chosen, or a path extended: light up `nextSteps`, offer the modes. */
  | { readonly kind: 'select'; readonly selection: Selection }
  /** An order is given. */
  | { readonly kind: 'order'; readonly order: LegalOrder }
  /** Several orders end here (coasts, convoy or not): ask which. */
  | { readonly kind: 'ask'; readonly selection: Selection; readonly orders: readonly LegalOrder[] };

/** The mode a subject starts in: a move if it can move, else its first. */
export function defaultMode(subject: Subject): Mode {
  const modes = modesOf(subject);
  return modes.includes('move') ? 'move' : (modes[0] ?? 'hold');
}

/** Starts a selection of `subject` in `mode`; a mode with nothing to click gives its orders. */
export function choose(subject: Subject, mode: Mode): Step {
  const selection: Selection = { subject: subject.key, mode, path: [] };
  return settle(subject, selection);
}

/** After a step: done if exactly one order ends here and none goes on, asked if several. */
function settle(subject: Subject, selection: Selection): Step {
  const done = completed(subject, selection);
  const onward = nextSteps(subject, selection);
  if (onward.size > 0) return { kind: 'select', selection };
  if (done.length === 1) return { kind: 'order', order: done[0]! };
  if (done.length > 1) return { kind: 'ask', selection, orders: done };
  return { kind: 'idle', note: 'That unit has no such order.' };
}

/** One click on `province`, given the subjects and the current selection (null: none). */
export function click(
  subjects: ReadonlyMap<string, Subject>,
  sel: Selection | null,
  province: string,
): Step {
  const here = subjects.get(province);
  if (sel === null) {
    if (here === undefined) return { kind: 'idle', note: 'You have nothing to order there.' };
    const mode = defaultMode(here);
    // A subject whose orders need no further click (a build site, a removal) asks at once.
    return choose(here, mode);
  }
  const subject = subjects.get(sel.subject);
  if (subject === undefined) return { kind: 'idle' };
  const lit = nextSteps(subject, sel);
  // The unit clicked again before any step: it holds (as on a board, the unit stays put).
  if (province === subject.key && sel.path.length === 0 && !lit.has(province)) {
    const hold = subject.orders.find((o) => o.order.kind === 'hold');
    return hold === undefined ? { kind: 'idle' } : { kind: 'order', order: hold };
  }
  if (lit.has(province)) {
    const next: Selection = { ...sel, path: [...sel.path, province] };
    const done = completed(subject, next);
    const onward = nextSteps(subject, next);
    if (onward.size === 0 && done.length === 1) return { kind: 'order', order: done[0]! };
    if (onward.size === 0 && done.length > 1) return { kind: 'ask', selection: next, orders: done };
    return { kind: 'select', selection: next };
  }
  // Another of one's units: switch to it.
  if (here !== undefined && sel.path.length === 0) return choose(here, defaultMode(here));
  return {
    kind: 'idle',
    note: `${subject.unit ?? 'That'} cannot ${MODE_VERBS[sel.mode]} there.`,
  };
}

/** How each mode reads in a sentence ("A par cannot move there"). */
export const MODE_VERBS: Readonly<Record<Mode, string>> = {
  move: 'move',
  hold: 'hold',
  support: 'support that',
  convoy: 'convoy that',
  disband: 'disband',
  build: 'build',
  remove: 'be removed',
  waive: 'waive',
};

/** How each mode is named on its button. */
export const MODE_NAMES: Readonly<Record<Mode, string>> = {
  move: 'Move',
  hold: 'Hold',
  support: 'Support',
  convoy: 'Convoy',
  disband: 'Disband',
  build: 'Build',
  remove: 'Remove',
  waive: 'Waive a build',
};

/** What the player is asked to click next, in words. */
export function prompt(subject: Subject, sel: Selection): string {
  const unit = subject.unit ?? `the build in ${subject.key}`;
  switch (sel.mode) {
    case 'move':
      return `Where does ${unit} go?`;
    case 'support':
      return sel.path.length === 0
        ? `Which unit does ${unit} support?`
        : `Where does the supported unit go? (Its own province: it holds.)`;
    case 'convoy':
      return sel.path.length === 0
        ? `Which army does ${unit} convoy?`
        : 'Where is the army convoyed to?';
    case 'hold':
    case 'disband':
    case 'build':
    case 'remove':
    case 'waive':
      return `Choose the order for ${unit}.`;
  }
}
