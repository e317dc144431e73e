/** @arbiter/rules: rule modules and the variants built from them. */
import type { Catalogue, Variant } from '@arbiter/engine';
import { fiascomacyVariant } from './fiascomacy/index.js';
import { finkVariant } from './fink/index.js';
import { pink2Variant, pink3Variant, pinkVariant } from './pink/index.js';
import { standardVariant } from './standard.js';
import { DEVIANT_CATALOGUE, deviant2Variant } from './deviant2/index.js';
import { finDeSiecleHarness, finDeSiecleWorld } from './fin-de-siecle/index.js';

export { standardVariant } from './standard.js';
export { pink2Variant, pink3Variant, pinkVariant } from './pink/index.js';
export { lettersOf, NAMING_ID, namingPhase, pinkNaming } from './pink/naming.js';
export type { ChosenName, NamingState } from './pink/naming.js';
export { finkModule, finkVariant } from './fink/index.js';
export type { FinkState, FinkPlayerView } from './fink/index.js';
export { fiascomacyModule, fiascomacyVariant } from './fiascomacy/index.js';
export type { FiascomacyState } from './fiascomacy/index.js';
export {
  oceanHop,
  oceanMovementRules,
  oceansModule,
  oceansOf,
  OCEANS_MODULE_ID,
} from './fin-de-siecle/oceans.js';
export type { GovernanceState, GovernanceView } from './deviant2/index.js';
// Pink Diplomacy's rule modules, for any armies-only map (the variants come with the Pink board).
export {
  pinkStrength,
  pinkEconomy,
  strengthOf,
  withStrength,
  parseEconomyAction,
  formatEconomyAction,
  COSTS,
  armyNeighbours,
  distanceTo,
  interestOn,
} from './pink-economy/index.js';
export type {
  Strength,
  StrengthAttrs,
  EconomyState,
  EconomyCode,
  Ledger,
} from './pink-economy/index.js';
export {
  approveProposal,
  deviant2Variant,
  deviantGovernance,
  withholdProposal,
  HOUSE_RULES,
} from './deviant2/index.js';

export * from './fin-de-siecle/index.js';

/**
 * Variants for tests and case files only (`arbiter datc`, the scenarios), not offered to play:
 * Fin de Siecle's harness on the standard map.
 */
export const TEST_VARIANTS: Readonly<Record<string, Variant>> = {
  'fin-de-siecle-harness': finDeSiecleHarness,
};

/** Every variant Arbiter plays, by id. */
export const VARIANTS: Readonly<Record<string, Variant>> = {
  standard: standardVariant,
  fink: finkVariant,
  fiascomacy: fiascomacyVariant,
  deviant2: deviant2Variant,
  pink: pinkVariant,
  pink2: pink2Variant,
  pink3: pink3Variant,
  'fin-de-siecle': finDeSiecleWorld,
};

/** House rules that a game's rule set may switch on and off (Deviant Diplomacy II), by id. */
export const CATALOGUE: Catalogue = { ...DEVIANT_CATALOGUE };

/** One player per power, named after it: the default seating for a variant's powers. */
export function onePlayerPerPower(variant: Variant): { id: string; powers: string[] }[] {
  return variant.map.powers.map((p) => ({ id: p, powers: [p] }));
}
