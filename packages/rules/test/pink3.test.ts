// Pink Diplomacy III: the standard rules on the Pink board, armies only, no economy, a majority of
// the centres to win. Random games end in a solo or at their last year with nothing refused, no
// fleet ever appears, and a winner holds a majority.
import { describe, expect, it } from 'vitest';
import { centerCounts, legalOrders, playVariantGame, type VariantState } from '@arbiter/engine';
import { CATALOGUE, onePlayerPerPower, pink3Variant, VARIANTS } from '../src/index.js';

describe('Pink Diplomacy III', () => {
  it('is a variant on the pink map with no rule module but the naming option and 19 centres to win', () => {
    expect(VARIANTS['pink3']).toBe(pink3Variant);
    expect(pink3Variant.map.spec.id).toBe('pink');
    // Only the naming of rule 11, an option off by default (src/pink/naming.ts).
    expect(pink3Variant.modules.map((m) => m.id)).toEqual(['pink-naming']);
    expect(pink3Variant.modules[0]!.settings).toEqual({ NAMING: false });
    expect(pink3Variant.map.victoryCenters).toBe(19);
    expect(pink3Variant.players).toEqual({ min: 1, max: 7 });
  });

  it.each([1, 2, 3, 4])(
    'a random game (seed %i) ends in a solo or at 1930, refusing nothing, armies only',
    (seed) => {
      const variant = pink3Variant;
      const game = playVariantGame(
        variant,
        { variant: 'pink3', seed, players: onePlayerPerPower(variant) },
        { lastYear: 1930, catalogue: CATALOGUE },
      );
      let final: VariantState | undefined;
      let builds = 0;
      for (let step = game.next(); ; step = game.next()) {
        if (step.done === true) {
          final = step.value;
          break;
        }
        const { state, rejections } = step.value;
        expect(rejections).toEqual([]);
        expect(state.units.every((u) => u.type === 'army')).toBe(true);
        if (state.phase.type === 'adjustment') {
          for (const power of variant.map.powers) {
            const offered = legalOrders(variant.map, state, power).flatMap((o) =>
              o.kind === 'build' ? [o.unit.type] : [],
            );
            builds += offered.length;
            expect(offered.filter((t) => t !== 'army')).toEqual([]);
          }
        }
      }
      const counts = centerCounts(variant.map, final.supplyCenters);
      if (final.winner !== null) {
        expect(counts[final.winner]).toBeGreaterThanOrEqual(19);
      } else {
        expect(final.phase.year).toBe(1931);
        expect(Math.max(...Object.values(counts))).toBeLessThan(19);
      }
      expect(builds).toBeGreaterThan(0);
    },
  );
});
