import { describe, expect, it } from 'vitest';
import { Recent } from './recent.js';

describe('Recent', () => {
  it('gives the value set for the same object, not for an equal one', () => {
    const memo = new Recent<object, number>(4);
    const a = { x: 1 };
    memo.set(a, 7);
    expect(memo.get(a)).toBe(7);
    expect(memo.get({ x: 1 })).toBeUndefined();
  });

  it('forgets the oldest key once it holds more than its size, and only that one', () => {
    const memo = new Recent<object, number>(3);
    const keys = [{}, {}, {}, {}];
    keys.forEach((k, i) => {
      memo.set(k, i);
    });
    expect(memo.get(keys[0]!)).toBeUndefined();
    expect(keys.slice(1).map((k) => memo.get(k))).toEqual([1, 2, 3]);
    memo.set(keys[0]!, 9);
    expect(memo.get(keys[1]!)).toBeUndefined();
    expect(memo.get(keys[0]!)).toBe(9);
  });
});
