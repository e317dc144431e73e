/**
 * A fixed set of short strings to dense indices. It exists for speed: the adjudicator looks up
 * every province and power it is given, a hundred or so a phase.
 *
 * The bucket is picked from the length and the first and last characters only, and the keys in
 * it are compared with `===`. Reading a character costs more than one would think (V8 checks the
 * string's representation each time), and hashing every character made a look-up slower than a
 * `Map`; the ids of a map are short and mostly differ in those places, so buckets stay small. The
 * strings given are usually the map's own ids or other internalized strings, for which `===` is
 * a pointer comparison.
 */
export class StringIndex {
  private readonly keys: string[];
  private readonly values: Int32Array;
  /** First key in each bucket, then the next key in the same bucket; -1 ends a chain. */
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly mask: number;

  constructor(entries: Iterable<readonly [string, number]>) {
    const list = [...entries];
    let size = 64;
    while (size < list.length * 8) size *= 2;
    this.mask = size - 1;
    this.keys = list.map(([k]) => k);
    this.values = Int32Array.from(list, ([, v]) => v);
    this.head = new Int32Array(size).fill(-1);
    this.next = new Int32Array(list.length).fill(-1);
    // Later entries go in front of their chain, so of two equal keys the last one counts.
    for (let i = 0; i < list.length; i++) {
      const b = bucket(list[i]![0]) & this.mask;
      this.next[i] = this.head[b]!;
      this.head[b] = i;
    }
  }

  /** The index of `key`, or -1. */
  get(key: string): number {
    for (let i = this.head[bucket(key) & this.mask]!; i >= 0; i = this.next[i]!) {
      if (this.keys[i] === key) return this.values[i]!;
    }
    return -1;
  }
}

function bucket(s: string): number {
  const n = s.length;
  return n === 0 ? 0 : n * 977 + s.charCodeAt(0) * 31 + s.charCodeAt(n - 1);
}
