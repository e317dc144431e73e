/**
 * Deviant Diplomacy II: players propose and vote rules into effect. README.md beside this file
 * explains the rules, every ruling and option, and the catalogue of house rules.
 */
export { deviantGovernance, type GovernanceView } from './governance.js';
export { deviant2Variant } from './variant.js';
export { approveProposal, withholdProposal, type GmMapping, type GmProblem } from './gm.js';
export {
  DEVIANT_CATALOGUE,
  HOUSE_RULES,
  findHouseRule,
  type HouseRule,
  type ParamSpec,
} from './catalogue/index.js';
export type {
  GovernanceSettings,
  GovernanceState,
  LastProposal,
  Measure,
  Proposal,
  QueuedProposal,
  Tally,
} from './state.js';
