/**
 * Pink Diplomacy III ("actually the original 'Pink Diplomacy'"): the standard rules on the Pink
 * board, armies only, no economy. README.md beside this file; docs/maps/pink.md for the board.
 */
import { pinkMap, type Variant } from '@arbiter/engine';

/**
 * Standard Diplomacy on the Pink board (map `pink`). No rule module: every province is inland
 * (`land`, no coast), so the ordinary build rules allow armies only and fleet orders never fit;
 * the centres' capacities are in the map but no rule reads them ("disregard supply capacity");
 * a solo is a majority of the map's 36 centres, 19 (RULINGS.md §2.4 ruling 15).
 */
export const pink3Variant: Variant = {
  id: 'pink3',
  name: 'Pink Diplomacy III',
  map: pinkMap,
  // Pink Diplomacy (1974) plays "the rules of Diplomacy 1971".
  rulebook: '1971',
  modules: [],
  players: { min: 1, max: 7 },
};
