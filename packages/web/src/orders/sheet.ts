/**
 * The order sheet as text, the one source of truth shared by the map and the text box: the
 * engine's parser reads every line (with the offset of a bad piece), a clicked order replaces
 * the line of the same unit or is added, and the server's reading of the saved sheet (its
 * canonical form, its warnings, its refusals) is matched back to the lines.
 */
import {
  parseOrders,
  type GameMap,
  type Order,
  type ParseError,
  type PhaseType,
} from '@arbiter/engine';
import type { ApiLineResult } from '@arbiter/server/api-types';
import { subjectKey } from './choices.js';

/** One non-blank line of the sheet as the page reads it. */
export interface SheetLine {
  /** 1-based line number in the text. */
  readonly line: number;
  readonly text: string;
  readonly order?: Order;
  readonly power?: string;
  readonly error?: ParseError;
}

/** Reads every non-blank line with the engine's parser, for the phase's kind. */
export function readSheet(map: GameMap, text: string, phase: PhaseType): SheetLine[] {
  return parseOrders(map, text, { phase }).map((l) =>
    l.result.ok
      ? {
          line: l.line,
          text: l.text,
          order: l.result.value.order,
          ...(l.result.value.power === undefined ? {} : { power: l.result.value.power }),
        }
      : { line: l.line, text: l.text, error: l.result.error },
  );
}

/**
 * The sheet with `order` (its canonical text) in place of the order given at the same place, or
 * added at the end. Waives are always added (each declines one build). Lines that do not parse
 * are kept as written: they are the player's to fix.
 */
export function withOrder(
  map: GameMap,
  text: string,
  phase: PhaseType,
  order: { readonly text: string; readonly order: Order },
): string {
  const key = subjectKey(order.order);
  const lines = text.split('\n');
  const same =
    key === 'waive'
      ? []
      : readSheet(map, text, phase)
          .filter((l) => l.order !== undefined && subjectKey(l.order) === key)
          .map((l) => l.line - 1);
  const first = same[0];
  if (first !== undefined) lines[first] = order.text;
  const kept = lines.filter((_, i) => !same.includes(i) || i === first);
  if (first === undefined) {
    while (kept.length > 0 && kept[kept.length - 1]!.trim() === '') kept.pop();
    kept.push(order.text);
  }
  return kept.join('\n');
}

/** The sheet without the orders given at `key` (a unit's province, a build site, `waive`). */
export function withoutOrder(map: GameMap, text: string, phase: PhaseType, key: string): string {
  const drop = new Set(
    readSheet(map, text, phase)
      .filter((l) => l.order !== undefined && subjectKey(l.order) === key)
      .map((l) => l.line),
  );
  return text
    .split('\n')
    .filter((_, i) => !drop.has(i + 1))
    .join('\n');
}

/**
 * The server's reading of each line, matched to the page's lines: the server reads the same
 * non-blank lines in the same order, so they pair by position while their text agrees.
 */
export function matchServerLines(
  lines: readonly SheetLine[],
  server: readonly ApiLineResult[] | undefined,
): (ApiLineResult | undefined)[] {
  if (server === undefined) return lines.map(() => undefined);
  const nonBlank = server.filter((s) => s.text.trim() !== '');
  return lines.map((l, i) => {
    const s = nonBlank[i];
    return s !== undefined && s.text.trim() === l.text.trim() ? s : undefined;
  });
}

/** The text of a line split around its bad piece, for marking it. */
export function markError(
  text: string,
  error: ParseError,
): { readonly before: string; readonly bad: string; readonly after: string } {
  const at = Math.max(0, Math.min(error.at, text.length));
  const end = Math.min(text.length, at + error.input.length);
  return { before: text.slice(0, at), bad: text.slice(at, end), after: text.slice(end) };
}
