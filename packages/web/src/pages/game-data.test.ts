import type { ApiGame } from '@arbiter/server/api-types';
import { describe, expect, test } from 'vitest';
import { boardOf } from './game-data.js';

/** A game with only the state the board reads. */
function game(state: Record<string, unknown>): ApiGame {
  return { state } as unknown as ApiGame;
}

describe('the board of a game', () => {
  const units = [{ power: 'FRA', type: 'army', location: { province: 'par' } }];

  test("carries the state's own supply centres when rules changed them", () => {
    // Deviant II's NEW_CENTRES: the answer's supplyCenterIds is what the map draws.
    const board = boardOf(
      game({ units, supplyCenters: { par: 'FRA' }, supplyCenterIds: ['par', 'ruh'] }),
    );
    expect(board.centres).toEqual(['par', 'ruh']);
    expect(board.units).toEqual(units);
  });

  test("has no list of its own when the map's centres stand", () => {
    const board = boardOf(game({ units, supplyCenters: { par: 'FRA' } }));
    expect(board.centres).toBeUndefined();
    expect(board.supplyCenters).toEqual({ par: 'FRA' });
  });
});
