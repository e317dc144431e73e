/**
 * How a game ended, as one value (`GameEnd`) carried by the finished game's view, its last phase
 * in the history, and the `game/ended` event: a solo, a victory a module decided, a draw with its
 * members, a concession, or the last year played; always with every power's centre count. Pure:
 * processing, the draw and concession use cases and the views share it.
 */
import {
  centerCounts,
  controllersOf,
  emptyPhaseReport,
  phaseName,
  type GameEvent,
  type Phase,
  type PhaseReport,
  type PlayerId,
  type Variant,
  type VariantState,
  victoryAtEnd,
} from '@arbiter/engine';
import type { GameSettings } from './ports.js';

/**
 * - `solo`: a power won: it reached the map's solo count, or a module's victory rule named its
 *   players (Deviant's majority of the centres, VICTORY_COUNT);
 * - `victory`: a module chose the winning players without one power winning (Fiascomacy's
 *   Score, at its last year or when every player is bored);
 * - `draw`: the members' players agreed (or the gamesmaster declared it);
 * - `conceded`: every other survivor conceded the game to one power (or the gamesmaster
 *   declared it);
 * - `last-year`: the game's `endYear` was played out with no winner.
 */
export type GameEndKind = 'solo' | 'victory' | 'draw' | 'conceded' | 'last-year';

export interface GameEnd {
  readonly kind: GameEndKind;
  /** The phase the game ended in (`F1905M`; for a draw or a concession, the phase left unplayed). */
  readonly phase: string;
  /** The winning power: a solo or a concession. */
  readonly winner?: string;
  /** The winning players: a solo's, a module's choice, or the players of the power conceded to. */
  readonly winners?: readonly PlayerId[];
  /** A draw's members: power ids. */
  readonly members?: readonly string[];
  /** Who ended it by agreement: the players, by a proposal every survivor accepted, or the GM. */
  readonly by?: 'players' | 'gm';
  /** In words: the victory rule's reason, or what was agreed. */
  readonly reason?: string;
  /** Every power's supply centres when the game ended. */
  readonly centres: Readonly<Record<string, number>>;
}

/** Every power's centre count. */
export function centres(variant: Variant, state: VariantState): Record<string, number> {
  return centerCounts(variant.map, state.supplyCenters);
}

/**
 * The powers still in the game: those that own a supply centre or have a unit on the board
 * (a power in the middle of losing its last centre keeps its say until its units are gone).
 */
export function survivors(variant: Variant, state: VariantState): string[] {
  const counts = centres(variant, state);
  return variant.map.powers.filter(
    (p) => (counts[p] ?? 0) > 0 || state.units.some((u) => u.power === p),
  );
}

/**
 * How a game that processing finished ended: the kernel's solo, a module's victory, or the last
 * year. `events` are the last phase's, where a module's `game/victory` gives its reason.
 */
export function naturalEnd(
  variant: Variant,
  state: VariantState,
  settings: GameSettings,
  phase: Phase,
  events: readonly GameEvent[] = [],
): GameEnd {
  const base = { phase: phaseName(phase), centres: centres(variant, state) };
  const reason = events.find((e) => e.type === 'game/victory')?.text;
  const why = reason === undefined ? {} : { reason };
  if (state.winner !== null) {
    const winners = state.winners ?? controllersOf(state, state.winner);
    return { kind: 'solo', ...base, winner: state.winner, winners: [...winners], ...why };
  }
  if (state.winners !== null) {
    const winners = new Set(state.winners);
    // A module that names one power's players (Deviant) decided a solo of that power.
    const power = variant.map.powers.find((p) => {
      const players = controllersOf(state, p);
      return (
        players.length > 0 &&
        players.length === winners.size &&
        players.every((x) => winners.has(x))
      );
    });
    return power === undefined
      ? { kind: 'victory', ...base, winners: [...state.winners], ...why }
      : { kind: 'solo', ...base, winner: power, winners: [...state.winners], ...why };
  }
  const last = `the last year (${String(settings.endYear ?? state.phase.year - 1)}) has been played`;
  // A module may name the winners of a game its last year ended (Fiascomacy: by Score).
  const decided = victoryAtEnd(variant, state, `The game ends: ${last}`);
  if (decided !== undefined)
    return { kind: 'victory', ...base, winners: [...decided.winners], reason: decided.reason };
  return { kind: 'last-year', ...base, reason: last };
}

/** The report of a phase that was never played because the game ended by agreement. */
export function unplayedReport(phase: Phase): PhaseReport {
  return emptyPhaseReport(phase);
}

/** One public line for the end, for the phase's events. */
export function endText(end: GameEnd): string {
  const by = end.by === 'gm' ? ' (declared by the gamesmaster)' : '';
  switch (end.kind) {
    case 'solo':
      return `${end.winner ?? '?'} wins.`;
    case 'victory':
      return `${(end.winners ?? []).join(' and ')} ${end.winners?.length === 1 ? 'wins' : 'share the win'}.`;
    case 'draw':
      return (
        `The game is drawn between ${(end.members ?? []).join(', ')}${by}.` +
        (end.winners === undefined ? '' : ` ${end.reason ?? ''}.`)
      );
    case 'conceded':
      return `The game is conceded to ${end.winner ?? '?'}${by}.`;
    case 'last-year':
      return 'The game ended at its last year.';
  }
}
