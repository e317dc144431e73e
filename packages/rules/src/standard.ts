/** Standard Diplomacy as a variant: the standard map, the 2023 rulebook, no modules. */
import { standardMap, type Variant } from '@arbiter/engine';

export const standardVariant: Variant = {
  id: 'standard',
  name: 'Standard Diplomacy',
  map: standardMap,
  rulebook: '2023',
  modules: [],
  players: { min: 1, max: 7 },
};
