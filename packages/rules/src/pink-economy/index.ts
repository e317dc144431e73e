/**
 * Pink Diplomacy's rule modules for any armies-only map (RULINGS.md §2.4; README.md here): unit
 * strengths (`pink-strength`) and the economy (`pink-economy`).
 */
export {
  pinkStrength,
  strengthOf,
  strengthAttrs,
  withStrength,
  withStrengthAttrs,
  HALF_UNITS,
  STRENGTH_MODULE,
  STRENGTH_SETTINGS,
} from './strength.js';
export type { Strength, StrengthAttrs, StrengthSettings, StrengthState } from './strength.js';
export {
  pinkEconomy,
  parseEconomyAction,
  formatEconomyAction,
  ECONOMY_MODULE,
  ECONOMY_SETTINGS,
  COSTS,
  CARTHAGE,
  GARRISON,
  carthageOf,
} from './economy.js';
export type { CarthageState, EconomyState, EconomySettings, EconomyCode } from './economy.js';
export {
  armyNeighbours,
  distanceTo,
  interestOn,
  interestRate,
  totalPoints,
  type Ledger,
} from './ledger.js';
export { pinkHarnessVariant } from './harness.js';
