/**
 * The catalogue of house rules Deviant Diplomacy II players may propose by id
 * (`PROPOSE NO_CONVOYS`), each a rule module in its own file. README.md (one folder up) has the
 * table of ids, headlines, hooks, semantics and the cases that test them.
 */
import type { Catalogue } from '@arbiter/engine';
import { armiesOnly } from './armies-only.js';
import { buildAnywhere } from './build-anywhere.js';
import { buildCap } from './build-cap.js';
import { capitalBuilds } from './capital-builds.js';
import { chaosBuilds } from './chaos-builds.js';
import { doubleCapitals } from './double-capitals.js';
import { fortifiedCentres } from './fortified-centres.js';
import { friendlyFire } from './friendly-fire.js';
import { normalizeRuleId, type HouseRule } from './house-rule.js';
import { keysRule } from './keys-rule.js';
import { landPower } from './land-power.js';
import { newCentres } from './new-centres.js';
import { nmrDisband } from './nmr-disband.js';
import { noConvoys } from './no-convoys.js';
import { noHoldSupport } from './no-hold-support.js';
import { noRetreats } from './no-retreats.js';
import { oneVotePerPower } from './one-vote-per-power.js';
import { openRetreats } from './open-retreats.js';
import { greyPress, noPress, publicPress } from './press.js';
import { removeCentres } from './remove-centres.js';
import { sanctuary } from './sanctuary.js';
import { springRaid } from './spring-raid.js';
import { springTruce } from './spring-truce.js';
import { supportOwnOnly } from './support-own-only.js';
import { uncuttableSupports } from './uncuttable-supports.js';
import { victoryCount } from './victory-count.js';

export type {
  HouseRule,
  IntParam,
  ParamContext,
  ParamProblem,
  ParamSpec,
  ProvincesParam,
  Settings,
} from './house-rule.js';
export {
  displayRuleId,
  formatParams,
  normalizeRuleId,
  paramContext,
  provincesSetting,
  readParams,
} from './house-rule.js';
export { ONE_VOTE_PER_POWER } from './one-vote-per-power.js';

/** Every house rule, in the order the README lists them. */
export const HOUSE_RULES: readonly HouseRule[] = [
  noConvoys,
  buildAnywhere,
  chaosBuilds,
  uncuttableSupports,
  armiesOnly,
  noRetreats,
  springRaid,
  friendlyFire,
  keysRule,
  doubleCapitals,
  supportOwnOnly,
  buildCap,
  nmrDisband,
  oneVotePerPower,
  victoryCount,
  capitalBuilds,
  fortifiedCentres,
  noHoldSupport,
  sanctuary,
  springTruce,
  openRetreats,
  landPower,
  noPress,
  publicPress,
  greyPress,
  newCentres,
  removeCentres,
];

/** The house rules by id, for `CATALOGUE`. */
export const DEVIANT_CATALOGUE: Catalogue = Object.fromEntries(HOUSE_RULES.map((r) => [r.id, r]));

const BY_NAME: ReadonlyMap<string, HouseRule> = new Map(
  HOUSE_RULES.flatMap((r) => [r.id, ...r.aliases].map((n) => [n, r] as const)),
);

/** The house rule a player's name for it means (`NO_CONVOY`, `no-convoys`), if any. */
export function findHouseRule(name: string): HouseRule | undefined {
  return BY_NAME.get(normalizeRuleId(name));
}

/** The house rule with this exact id. */
export function houseRuleById(id: string): HouseRule | undefined {
  return HOUSE_RULES.find((r) => r.id === id);
}
