/** Deviant Diplomacy II (Phil Reynolds, rc08) on the standard map, one player per power. */
import { standardMap, type Variant } from '@arbiter/engine';
import { deviantGovernance } from './governance.js';

export const deviant2Variant: Variant = {
  id: 'deviant2',
  name: 'Deviant Diplomacy II',
  map: standardMap,
  // Seed rule 1: "Unless stated otherwise, the 1976 Rules for Diplomacy are in effect."
  rulebook: '1976',
  modules: [deviantGovernance],
  players: { min: 1, max: 7 },
  // Rule 4: before the first Spring, players only propose: a Winter in which nobody adjusts.
  startPhase: {
    year: (standardMap.spec.startYear ?? 1901) - 1,
    season: 'winter',
    type: 'adjustment',
  },
};
