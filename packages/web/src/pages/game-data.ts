/**
 * What the game page draws, read from the API's game: the board (units, centre owners, units
 * that must retreat) and the last phase's orders with their results. The API types the
 * engine's structures loosely for now, so this is the one place that reads them as the
 * engine's types, checking the shape it relies on.
 */
import type { DislodgedUnit, OrderOutcome, Unit } from '@arbiter/engine';
import type { ApiGame } from '@arbiter/server/api-types';
import type { Board, MapOrder } from '../map/board.js';

const isUnit = (u: unknown): u is Unit =>
  typeof u === 'object' &&
  u !== null &&
  typeof (u as Unit).power === 'string' &&
  ((u as Unit).type === 'army' || (u as Unit).type === 'fleet') &&
  typeof (u as Unit).location.province === 'string';

/** The board of the game as the caller sees it; empty before the game starts. */
export function boardOf(game: ApiGame): Board {
  const state = game.state;
  if (state === null) return { units: [], supplyCenters: {} };
  const dislodged = (state as { dislodged?: unknown }).dislodged;
  const centres = state.supplyCenterIds;
  return {
    units: (state.units as readonly unknown[]).filter(isUnit),
    supplyCenters: state.supplyCenters,
    ...(Array.isArray(centres)
      ? { centres: (centres as unknown[]).filter((c): c is string => typeof c === 'string') }
      : {}),
    dislodged: Array.isArray(dislodged)
      ? (dislodged as unknown[]).filter((d): d is DislodgedUnit =>
          isUnit((d as DislodgedUnit).unit),
        )
      : [],
  };
}

/** The orders of the last processed phase with their results (none before the first). */
export function lastOrdersOf(game: ApiGame): MapOrder[] {
  const outcomes = game.lastPhase?.report.outcomes ?? [];
  return (outcomes as OrderOutcome[])
    .filter((o) => typeof o.power === 'string' && typeof o.order.kind === 'string')
    .map((o) => ({ power: o.power, order: o.order, result: o.result }));
}

/** Supply centres per power, most first, for the count beside the map. */
export function centreCounts(board: Board): [string, number][] {
  const counts = new Map<string, number>();
  for (const owner of Object.values(board.supplyCenters)) {
    counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** The powers of the viewer's seat (none for the gamesmaster, the public or a seat without). */
export function viewerPowers(game: ApiGame): readonly string[] {
  const viewer = game.viewer;
  if (viewer.kind !== 'player') return [];
  return game.seats.find((s) => s.playerId === viewer.player)?.powers ?? [];
}
