// Seeded random games on the Pink harness: the random players' budgets (pink-economy's
// `randomActions`) are never refused and keep the game going to the year set, whatever the
// options.
import { describe, expect, it } from 'vitest';
import { phaseName, playVariantGame, type GameSetup } from '@arbiter/engine';
import { pinkHarnessVariant } from '../../src/pink-economy/index.js';

const OPTIONS: readonly GameSetup['options'][] = [
  {},
  { 'pink-economy': { GARRISONS: true, SC_CAP: true } },
  { 'pink-economy': { CAPTOR_SEIZES: true, WITHDRAW_AT_HOME_ONLY: true } },
  { 'pink-strength': { STRICT_STANDOFF: true, ATTACKS_AT_FULL: true } },
  { 'pink-economy': { DEFAULT_CAPACITY: 3 } },
];

describe('random Pink harness games', () => {
  it.each(OPTIONS.map((o, i) => [i + 1, o] as const))(
    'seed %i plays to 1906 with every random line accepted',
    (seed, options) => {
      const setup: GameSetup = {
        variant: pinkHarnessVariant.id,
        seed,
        players: pinkHarnessVariant.map.powers.map((p) => ({ id: p, powers: [p] })),
        ...(options === undefined ? {} : { options }),
      };
      const lines: Record<string, number> = {};
      const game = playVariantGame(pinkHarnessVariant, setup, { lastYear: 1906 });
      let step = game.next();
      while (step.done !== true) {
        const played = step.value;
        expect(played.rejections, phaseName(played.report.phase)).toEqual([]);
        expect(played.events.filter((e) => e.type === 'pink/refused')).toEqual([]);
        for (const s of played.submissions)
          for (const a of s.actions) lines[a.type] = (lines[a.type] ?? 0) + 1;
        step = game.next();
      }
      expect(phaseName(step.value.phase)).toBe('S1907M');
      // The players budget: they field units and now and then store points.
      expect((lines['field'] ?? 0) + (lines['field-half'] ?? 0)).toBeGreaterThan(20);
      expect((lines['store'] ?? 0) + (lines['transfer'] ?? 0)).toBeGreaterThan(0);
    },
  );
});
