import { describe, expect, it } from 'vitest';
import { Rng } from './random.js';

describe('Rng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const sa = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
  });

  it('continues a sequence from its saved state', () => {
    const a = new Rng(7);
    a.next();
    const copy = new Rng(a.state);
    expect(copy.next()).toBe(a.next());
  });

  it('draws integers in range, roughly uniformly', () => {
    const r = new Rng(1);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[r.int(4)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(9_500);
    for (const c of counts) expect(c).toBeLessThan(10_500);
  });

  it('shuffles into a permutation', () => {
    const r = new Rng(3);
    const s = r.shuffle([1, 2, 3, 4, 5, 6]);
    expect([...s].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
