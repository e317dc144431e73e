// Seeded random Fin de Siecle games on the world of 1880 (variant fin-de-siecle, 8 players seated
// by worldSeats: a major and a minor each), from the setup step to Spring 1885: no view, event or
// report ever shows a player a message, interception or protection it neither paid for nor
// received, nor another player's powers' dips. The harness games (fin-de-siecle.property.test.ts)
// check the same on the standard map to 1900.
import { describe, expect, it } from 'vitest';
import { playVariantGame, type VariantPlayedPhase } from '@arbiter/engine';
import { finDeSiecleWorld as variant, worldSeats } from '../src/index.js';
import { expectNoLeaks } from './fin-de-siecle-leaks.js';

const SEEDS = [1, 2];
const LAST_YEAR = 1884;

function playGame(seed: number): VariantPlayedPhase[] {
  const game = playVariantGame(variant, { variant: variant.id, seed, players: worldSeats(8) });
  const phases: VariantPlayedPhase[] = [];
  for (;;) {
    const r = game.next();
    if (r.done === true) return phases;
    phases.push(r.value);
    if (r.value.report.phase.year > LAST_YEAR) return phases;
  }
}

describe.each(SEEDS)('a random world game, seed %i, to 1885', (seed) => {
  const phases = playGame(seed);

  it('plays from the setup step past Fall 1884, every random line accepted', () => {
    expect(phases[0]!.report.name).toBe('W1879-setup');
    expect(phases.at(-1)!.report.phase.year).toBeGreaterThan(LAST_YEAR);
    expect(phases.flatMap((p) => p.rejections)).toEqual([]);
  });

  it('views, events and reports never leak press or another player’s dips', () => {
    let checked = 0;
    for (const p of phases) checked += expectNoLeaks(variant, p);
    expect(checked).toBeGreaterThan(0);
  });
});
