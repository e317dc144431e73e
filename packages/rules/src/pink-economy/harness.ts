/**
 * The Pink harness of RULINGS.md §2: the standard map's land provinces, armies only, with the
 * Pink modules, so that the rules can be tested before the Pink board exists. Not a variant
 * anyone plays: it is not in `VARIANTS`.
 */
import { standardMap, type Variant } from '@arbiter/engine';
import { armiesOnly } from '../deviant2/catalogue/armies-only.js';
import { pinkEconomy } from './economy.js';
import { pinkStrength } from './strength.js';

export const pinkHarnessVariant: Variant = {
  id: 'pink-harness',
  name: 'Pink Diplomacy rules on the standard map (armies only; a test harness)',
  map: standardMap,
  // Pink Diplomacy (1974) names "the rules of Diplomacy 1971".
  rulebook: '1971',
  modules: [armiesOnly, pinkStrength, pinkEconomy],
  players: { min: 1, max: 7 },
};
