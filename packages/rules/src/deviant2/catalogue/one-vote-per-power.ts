/**
 * ONE_VOTE_PER_POWER — "One Vote Per Power: every power still in the game has one vote, whatever
 * its centres (the original Deviant Diplomacy)."
 * Enforced by the governance module, which reads this rule's presence in the rule set when it
 * counts allowances (ruling 10: voting rules change only through declared governance
 * parameters). A power is in the game while it has a supply centre or a unit. No hooks of its
 * own.
 * Negation: repeal (votes weighted by centres again).
 */
import { houseRule } from './house-rule.js';

export const ONE_VOTE_PER_POWER = 'one-vote-per-power';

export const oneVotePerPower = houseRule({
  id: ONE_VOTE_PER_POWER,
  aliases: ['one-vote', 'one-vote-each', 'equal-votes'],
  headline: 'One Vote Per Power: every power still in the game has one vote, whatever its centres.',
});
