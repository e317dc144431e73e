/** Fiascomacy: investors, not powers, on the standard map (RULINGS.md §2.3; README.md here). */
import { standardMap, type Variant } from '@arbiter/engine';
import { fiascomacyModule } from './module.js';

export { fiascomacyModule, scores, FIASCOMACY_SETTINGS } from './module.js';
export type { FiascomacySettings, FiascomacyState, Holdings } from './module.js';
export { parseFiascomacyAction, formatFiascomacyAction } from './actions.js';
export { canonicalOrder } from './tally.js';

export const fiascomacyVariant: Variant = {
  id: 'fiascomacy',
  name: 'Fiascomacy',
  map: standardMap,
  // The text names no edition ("all standard Diplomacy rules apply"): today's rules.
  rulebook: '2023',
  modules: [fiascomacyModule],
  // Any number of investors from three upwards; none of them controls a power directly.
  players: { min: 3, max: Number.POSITIVE_INFINITY },
  // So a game's seats are dealt no power: investors order what they have invested in.
  seats: (count) =>
    Array.from({ length: count }, (_, i) => ({ id: `investor-${i + 1}`, powers: [] })),
};
