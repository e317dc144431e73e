/** Fin de Siecle (RULINGS.md §2.5; README.md here): dip points, press, the frame. */
export { finDeSiecleDips, powerClasses, WASTED } from './dips.js';
export { finDeSieclePress } from './press.js';
export type { PaidMessage, Interception, Protection, PressState } from './press.js';
export { finDeSiecleFrame, FRAME_SETTINGS, parseStart, setupPhase } from './frame.js';
export {
  DIPS_SETTINGS,
  budgetOf,
  dipStatus,
  dipsSettings,
  dipsState,
  quotaUsed,
  settle,
} from './ledger.js';
export type { DipsState, DipStatus, PowerClass, QuotaUse, Spend } from './ledger.js';
export { COST, messageCost, parsePress, parseSupport, formatSpend } from './grammar.js';
export {
  finDeSiecleHarness,
  finDeSiecleWorld,
  worldSeats,
  WORLD_PAIRS,
  finDeSiecleVariant,
  harnessOceans,
  HARNESS_CLASSES,
  HARNESS_PLAYERS,
} from './variant.js';
export type { FinDeSiecleOptions } from './variant.js';
