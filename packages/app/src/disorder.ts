/**
 * Missed phases and civil disorder: which seats had to order in a phase and sent nothing (an
 * NMR), and what processing a phase does to the seats' counts of phases missed in a row, ending
 * with civil disorder when the game's setting says so.
 *
 * "Had to order" is decided from what everyone may see (the seats' powers and the board), never
 * from a rule module's secret, so a published NMR list cannot tell the Fink apart from another
 * player (RULINGS §2.1, ruling 13): a Fink ordering a victim's retreat is not "had to order".
 */
import {
  adjustmentCounts,
  supplyCentersOf,
  type PlayerSetup,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import type { GameRecord, PlayerId, SeatRecord } from './ports.js';

/** A seat that had to order in a phase and sent nothing, with the powers it holds. */
export interface MissedOrders {
  readonly player: PlayerId;
  readonly powers: readonly string[];
}

/** What processing a phase did to the seats. */
export interface SeatChanges {
  readonly missed: readonly MissedOrders[];
  /** Seats whose count or status changed, as they are to be written. */
  readonly seats: readonly SeatRecord[];
  /** Seats that fell into civil disorder in this phase. */
  readonly disorder: readonly { readonly player: PlayerId; readonly account: string | null }[];
}

/**
 * Whether `player` had to order in the phase of `state`: in a movement phase, a player with a
 * unit on the board, or one with no power at all (an investor, who orders through investments);
 * in a retreat phase, a player with a dislodged unit of their own; in an adjustment phase, a
 * player with a build or a removal to make by the supply-centre count; in a rule module's own
 * phase, nobody.
 */
export function hadToOrder(variant: Variant, state: VariantState, player: PlayerSetup): boolean {
  const own = (power: string): boolean => player.powers.includes(power);
  switch (state.phase.type) {
    case 'movement':
      return player.powers.length === 0 || state.units.some((u) => own(u.power));
    case 'retreat':
      return state.dislodged.some((d) => own(d.unit.power));
    case 'adjustment': {
      const counts = adjustmentCounts(
        variant.map,
        state.units,
        state.supplyCenters,
        supplyCentersOf(variant.map, state),
      );
      return player.powers.some((p) => (counts[p] ?? 0) !== 0);
    }
    case 'module':
      // A rule module's own phase (a vote, a setup choice): its rules, not ours, say who acts.
      return false;
  }
}

/**
 * The seats' new counts after a phase in which `submitted` players sent orders: a seat that had
 * to order and sent nothing has missed one more; one that sent orders starts again from 0. With
 * `civilDisorderAfter` set, a seat reaching it is vacated and marked in civil disorder (a seat
 * already vacant just keeps counting).
 */
export function seatChanges(
  variant: Variant,
  game: GameRecord,
  state: VariantState,
  seats: readonly SeatRecord[],
  submitted: ReadonlySet<PlayerId>,
): SeatChanges {
  const missed: MissedOrders[] = [];
  const changed: SeatRecord[] = [];
  const disorder: { player: PlayerId; account: string | null }[] = [];
  const limit = game.settings.civilDisorderAfter;
  for (const player of state.players) {
    const seat = seats.find((s) => s.playerId === player.id);
    if (seat === undefined) continue;
    const before = seat.missed ?? 0;
    if (submitted.has(player.id)) {
      if (before !== 0) changed.push({ ...seat, missed: 0 });
      continue;
    }
    if (!hadToOrder(variant, state, player)) continue;
    missed.push({ player: player.id, powers: [...player.powers] });
    const count = before + 1;
    const falls = limit !== undefined && count >= limit && seat.civilDisorder !== true;
    if (falls) disorder.push({ player: player.id, account: seat.accountId });
    changed.push({
      ...seat,
      missed: count,
      ...(falls ? { accountId: null, civilDisorder: true } : {}),
    });
  }
  return { missed, seats: changed, disorder };
}
