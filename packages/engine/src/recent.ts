/**
 * The last few values remembered by the identity of their keys: a memo for objects asked about
 * again soon after they are made, such as a game's ownership record (counted for the Fall's solo
 * check, the winter's adjustments and the random player's builds). A `WeakMap` or `WeakSet` did
 * the same at about a microsecond an entry in self-play (each entry is an ephemeron the garbage
 * collector must trace); this holds its last `size` keys strongly and forgets the older ones, so
 * a look-up that misses must be answered the long way, never wrongly.
 */
export class Recent<K extends object, V> {
  private readonly keys: (K | undefined)[] = [];
  private readonly values: (V | undefined)[] = [];
  private next = 0;

  constructor(private readonly size: number) {
    for (let i = 0; i < size; i++) {
      this.keys.push(undefined);
      this.values.push(undefined);
    }
  }

  /** The value last set for `key` (the same object), if it is still among the last `size`. */
  get(key: K): V | undefined {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.values[i];
    return undefined;
  }

  /** Remembers `value` for `key`, forgetting the oldest entry (`key` must not be one already). */
  set(key: K, value: V): void {
    this.keys[this.next] = key;
    this.values[this.next] = value;
    this.next = this.next + 1 === this.size ? 0 : this.next + 1;
  }
}
