/**
 * BUILD_CAP max=N — "Build Cap Rule: no power may build more than N units in one winter."
 * Hook: `adjustmentRules.maxBuilds`. A power owed more builds may make only N; the rest are
 * lost (builds past the cap fail as `no-builds-left`). `max=0` freezes building. Removals are
 * unaffected. Parameter `max`, 0 to 34, default 1. With two caps the smaller holds.
 * Negation: repeal (the previous cap, if one was superseded, comes back).
 */
import { houseRule, intSetting } from './house-rule.js';

export const buildCap = houseRule({
  id: 'build-cap',
  aliases: ['build-limit', 'buildcap', 'max-builds'],
  headline: 'Build Cap Rule: no power may build more than 1 unit in one winter.',
  settings: { max: 1 },
  params: [{ name: 'max', min: 0, max: 34, about: 'builds a power may make in one winter' }],
  describe: (s) => {
    const max = intSetting(s, 'max', 1);
    return max === 0
      ? 'Build Cap Rule: no power may build in winter.'
      : `Build Cap Rule: no power may build more than ${max} unit${max === 1 ? '' : 's'} in one winter.`;
  },
  adjustmentRules: ({ settings }) => ({ maxBuilds: intSetting(settings, 'max', 1) }),
});
