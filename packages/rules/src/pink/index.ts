/**
 * The three Pink Diplomacy games on the Pink board (docs/maps/pink.md): Pink Diplomacy I (the
 * economy and half-strength units, `pink`), II (the same on three stacked boards, `pink2`) and
 * III ("actually the original 'Pink Diplomacy'": the standard rules on the Pink board, armies
 * only, no economy, `pink3`). README.md beside this file; the rule modules and their rulings in
 * ../pink-economy/README.md.
 */
import { pink2Map, pinkMap, type GameMap, type Variant } from '@arbiter/engine';
import { pinkEconomy } from '../pink-economy/economy.js';
import { pinkStrength } from '../pink-economy/strength.js';
import { pinkNaming } from './naming.js';

/**
 * Pink Diplomacy I or II on `map`: units of full, half or no strength (`pink-strength`) paid for
 * from an economy of points (`pink-economy`). Every province is inland, so only armies exist; a
 * solo is a majority of the map's centres (RULINGS.md §2.4 ruling 15). Naming the provinces (rule
 * 11, `pink-naming`) is an option, off by default.
 */
function pinkEconomyVariant(id: string, name: string, map: GameMap): Variant {
  return {
    id,
    name,
    map,
    // Pink Diplomacy (1974) plays "the rules of Diplomacy 1971".
    rulebook: '1971',
    modules: [pinkStrength, pinkEconomy, pinkNaming],
    players: { min: 1, max: 7 },
  };
}

export const pinkVariant: Variant = pinkEconomyVariant('pink', 'Pink Diplomacy', pinkMap);

/** Pink Diplomacy II: three Pink boards stacked (map `pink2`), Carthage once, capacity 35. */
export const pink2Variant: Variant = pinkEconomyVariant('pink2', 'Pink Diplomacy II', pink2Map);

/**
 * Standard Diplomacy on the Pink board (map `pink`). No rule module but the naming option
 * (`pink-naming`, off by default): every province is inland
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
  // Naming the provinces (rule 11) is an option, off by default.
  modules: [pinkNaming],
  players: { min: 1, max: 7 },
};
