/**
 * Whether `o`'s enumerable keys are exactly `keys`, in that order. A `for...in` over a handful of
 * keys is cheaper than the spread it lets a caller avoid: an object of a known shape can then be
 * written out key by key, where a literal that spreads an object and adds keys takes a slow path
 * in V8 (Node 20).
 */
export function keysExactly(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in o) if (key !== keys[i++]) return false;
  return i === keys.length;
}
