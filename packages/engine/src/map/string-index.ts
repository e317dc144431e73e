/**
 * A fixed set of short strings to dense indices, by open addressing on char codes. It exists
 * for speed: the adjudicator looks up every location it is given, and hashing a fresh string
 * into a `Map` costs several times more than reading its few char codes.
 */
export class StringIndex {
  private readonly keys: string[];
  private readonly values: Int32Array;
  private readonly mask: number;

  constructor(entries: Iterable<readonly [string, number]>) {
    const list = [...entries];
    let size = 16;
    while (size < list.length * 4) size *= 2;
    this.mask = size - 1;
    this.keys = new Array<string>(size).fill('');
    this.values = new Int32Array(size).fill(-1);
    for (const [k, v] of list) {
      let h = hash(k) & this.mask;
      while (this.values[h] !== -1 && this.keys[h] !== k) h = (h + 1) & this.mask;
      this.keys[h] = k;
      this.values[h] = v;
    }
  }

  /** The index of `key`, or -1. */
  get(key: string): number {
    let h = hash(key) & this.mask;
    for (;;) {
      const v = this.values[h]!;
      if (v === -1) return -1;
      if (this.keys[h] === key) return v;
      h = (h + 1) & this.mask;
    }
  }
}

function hash(s: string): number {
  let h = s.length;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return (h ^ (h >>> 15)) >>> 0;
}
