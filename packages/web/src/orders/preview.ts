/**
 * A preview of the player's moves: the engine's adjudicator run in the page on the player's
 * current orders, with every other unit holding (the kernel's default for a unit without an
 * order), under the rules in force the player may know. It is a guess, not a result: the others'
 * real orders change everything, so the page labels it as a preview.
 */
import {
  adjudicateMovement,
  orderablePowers,
  type Order,
  type OrderResult,
  type OutcomeReason,
  type PowerOrder,
} from '@arbiter/engine';
import { knownGame, type LegalOrdersGame } from './legal.js';
import type { SheetLine } from './sheet.js';

/** What the adjudicator predicts for one order. */
export interface PreviewNote {
  readonly result: OrderResult;
  readonly reason: OutcomeReason;
  /** The adjudicator's sentence: "bounced with A mun, 1 against 1". */
  readonly explanation?: string;
}

/**
 * The predicted outcome of each order of `orders` (by index), if every unit not ordered there
 * holds; a movement phase only. Undefined where there is nothing to predict: not a movement
 * phase, a game the page cannot run (`knownGame`), or an order for a unit the viewer may not
 * order (the server refuses that line). `orders` are the sheet's, each with the power the line
 * names, if it names one.
 */
export function previewOutcomes(
  game: LegalOrdersGame,
  orders: readonly { readonly order: Order; readonly power?: string }[],
): (PreviewNote | undefined)[] | undefined {
  const known = knownGame(game);
  if (known === undefined || known.state.phase.type !== 'movement') return undefined;
  const { variant, state, viewer, catalogue } = known;
  const mine = new Set(
    viewer.kind === 'gm'
      ? variant.map.powers
      : orderablePowers(variant, state, viewer.player, catalogue),
  );
  const given: PowerOrder[] = [];
  const at: number[] = [];
  orders.forEach(({ order, power }, i) => {
    if (order.kind === 'waive') return;
    const owner =
      power ?? state.units.find((u) => u.location.province === order.unit.location.province)?.power;
    if (owner === undefined || !mine.has(owner)) return;
    given.push({ power: owner, order });
    at.push(i);
  });
  const notes: (PreviewNote | undefined)[] = orders.map(() => undefined);
  const { movementRules: rules, choices } = known.rules;
  // The game's rulebook edition too (its DATC choices), so the preview judges as the game will.
  const resolution = adjudicateMovement(variant.map, state.units, given, {
    ...(rules === undefined ? {} : { rules }),
    ...(choices === undefined ? {} : { choices }),
  });
  resolution.outcomes.forEach((o, k) => {
    notes[at[k]!] = {
      result: o.result,
      reason: o.reason,
      ...(o.explanation === undefined ? {} : { explanation: o.explanation }),
    };
  });
  return notes;
}

/** The preview of a sheet's lines, by line number (lines without an order get none). */
export function previewLines(
  game: LegalOrdersGame,
  lines: readonly SheetLine[],
): ReadonlyMap<number, PreviewNote> | undefined {
  const ordered = lines.flatMap((l) =>
    l.order === undefined
      ? []
      : [{ line: l.line, order: l.order, ...(l.power === undefined ? {} : { power: l.power }) }],
  );
  const notes = previewOutcomes(game, ordered);
  if (notes === undefined) return undefined;
  const out = new Map<number, PreviewNote>();
  notes.forEach((n, i) => {
    if (n !== undefined) out.set(ordered[i]!.line, n);
  });
  return out;
}
