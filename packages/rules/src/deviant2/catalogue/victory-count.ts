/**
 * VICTORY_COUNT centres=N — "Victory Count Rule: a power that owns N supply centres wins."
 * Hook: `victory`, checked after every phase (so after every ownership update, Spring raids
 * included). The rule can only lower the count: the kernel still ends the game when a power
 * owns a majority of the centres that exist (18 of 34, or of however many NEW_CENTRES and
 * REMOVE_CENTRES leave), so N runs from 1 to that majority as it is when the rule is proposed;
 * the default is 15. Should centres go later, the majority may fall below N: it then wins first.
 * Negation: repeal (the majority of the existing centres again).
 */
import { centerCounts, controllersOf } from '@arbiter/engine';
import { houseRule, intSetting } from './house-rule.js';

export const victoryCount = houseRule({
  id: 'victory-count',
  aliases: ['new-victory-count', 'victory', 'solo-count'],
  headline: 'Victory Count Rule: a power that owns 15 supply centres wins.',
  settings: { centres: 15 },
  params: [
    {
      name: 'centres',
      min: 1,
      max: (ctx) => ctx.centers.victory,
      about: 'supply centres a power needs to win',
    },
  ],
  describe: (s) =>
    `Victory Count Rule: a power that owns ${intSetting(s, 'centres', 15)} supply centres wins.`,
  victory: ({ map, state, settings }) => {
    const need = intSetting(settings, 'centres', 15);
    const counts = centerCounts(map, state.supplyCenters);
    const power = map.powers.find((p) => counts[p]! >= need);
    if (power === undefined) return undefined;
    return {
      winners: controllersOf(state, power),
      reason: `${power} owns ${counts[power]!} supply centres, the ${need} the Victory Count Rule asks: ${power} wins.`,
    };
  },
});
