/**
 * Fiascomacy's own lines: investments (`INVEST 3 IN RUSSIA`, `3 PF to Russia`) and the vote to
 * end the game (`BORED`). Reading is lenient; checking (amounts, phase, budget) happens in
 * `checkAction`, so every mistake gets its own stable code.
 */
import type { GameMap, ModuleAction, Power } from '@arbiter/engine';

export const MODULE_ID = 'fiascomacy';

/** An investment as read: `power` is null when the text names no power of the map. */
export interface InvestData {
  readonly amount: number;
  readonly power: Power | null;
  /** The power as written, for messages. */
  readonly written: string;
}

const INVEST_FIRST =
  /^invest\s+(\S+)\s*(?:pfs?|political\s+factors?)?\s+(?:in|into|to|on)\s+(.+?)\.?$/i;
const AMOUNT_FIRST = /^(\S+?)\s*(?:pfs?|political\s+factors?)\s+(?:in|into|to|on|for)\s+(.+?)\.?$/i;
const INVEST_POWER_FIRST =
  /^invest\s+(?:in\s+)?([a-z][a-z ]*?)\s*[:=]?\s*(-?\d\S*)\s*(?:pfs?)?\.?$/i;
const BORED = /^(?:(?:vote\s+)?bored|i(?:'m|\s+am)\s+bored)[.!]*$/i;

/** The power a word names: its id (`RUS`), name (`Russia`) or adjective (`Russian`). */
export function findPower(map: GameMap, text: string): Power | null {
  const t = text.trim().toLowerCase();
  for (const p of map.spec.powers) {
    if (p.id.toLowerCase() === t || p.name.toLowerCase() === t) return p.id;
    if (p.adjective?.toLowerCase() === t) return p.id;
  }
  return null;
}

function invest(
  map: GameMap,
  amountText: string,
  powerText: string,
): ModuleAction | { error: string } {
  if (!/^[+-]?\d+(?:\.\d+)?$/.test(amountText)) {
    return { error: `"${amountText}" is not a number of PF (write e.g. INVEST 3 IN RUSSIA)` };
  }
  const data: InvestData = {
    amount: Number(amountText),
    power: findPower(map, powerText),
    written: powerText.trim(),
  };
  return { module: MODULE_ID, type: 'invest', data: { ...data } };
}

/** Reads one line as a Fiascomacy action, or `undefined` if it is not one. */
export function parseFiascomacyAction(
  text: string,
  map: GameMap,
): ModuleAction | { readonly error: string } | undefined {
  const line = text.trim();
  if (BORED.test(line)) return { module: MODULE_ID, type: 'bored', data: {} };
  let m = INVEST_FIRST.exec(line);
  if (m !== null) return invest(map, m[1]!, m[2]!);
  m = AMOUNT_FIRST.exec(line);
  if (m !== null) return invest(map, m[1]!, m[2]!);
  m = INVEST_POWER_FIRST.exec(line);
  if (m !== null) return invest(map, m[2]!, m[1]!);
  if (/^invest\b/i.test(line)) {
    return { error: 'an investment reads INVEST <n> IN <power>, or <n> PF TO <power>' };
  }
  return undefined;
}

/** The investment an action holds, if it is one. */
export function investOf(action: ModuleAction): InvestData | undefined {
  if (action.module !== MODULE_ID || action.type !== 'invest') return undefined;
  const d = action.data as Partial<InvestData>;
  if (typeof d.amount !== 'number' || d.power === undefined) return undefined;
  return { amount: d.amount, power: d.power, written: d.written ?? '' };
}

/** `INVEST 3 IN RUS`, `BORED`. */
export function formatFiascomacyAction(action: ModuleAction): string {
  const inv = investOf(action);
  if (inv !== undefined) return `INVEST ${inv.amount} IN ${inv.power ?? inv.written}`;
  return action.type === 'bored' ? 'BORED' : action.type.toUpperCase();
}
