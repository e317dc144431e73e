/**
 * FORTIFIED_CENTRES bonus=N — "Fortified Centres: a unit that stands on a supply centre and does
 * not move holds with N extra strength."
 * Hook: `movementRules.extraSupport`: +N (default 1, from 1 to 3) to the hold strength of a unit
 * that is not moving on any supply centre that exists (NEW_CENTRES and REMOVE_CENTRES count),
 * whoever owns it. The bonus cannot be cut. It adds to
 * DOUBLE_CAPITALS' bonus in a capital.
 * Negation: repeal.
 */
import { supplyCentersOf } from '@arbiter/engine';
import { houseRule, intSetting } from './house-rule.js';

export const fortifiedCentres = houseRule({
  id: 'fortified-centres',
  aliases: ['fortified-centers', 'fortresses', 'garrisons'],
  headline:
    'Fortified Centres: a unit that stands on a supply centre and does not move holds with 1 extra strength.',
  settings: { bonus: 1 },
  params: [{ name: 'bonus', min: 1, max: 3, about: 'extra hold strength on a supply centre' }],
  describe: (s) =>
    `Fortified Centres: a unit that stands on a supply centre and does not move holds with ${intSetting(s, 'bonus', 1)} extra strength.`,
  movementRules: ({ map, state, settings }) => {
    const bonus = intSetting(settings, 'bonus', 1);
    const centers = supplyCentersOf(map, state);
    return {
      extraSupport: (unit, order) =>
        order === 'hold' && centers.has(unit.location.province) ? bonus : 0,
    };
  },
});
