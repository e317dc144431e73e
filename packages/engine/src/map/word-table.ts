/**
 * A fixed set of short words to values, found by their place in a longer text without slicing
 * it out: the fast readers of canonical order notation and of phase records look words up
 * where they stand in a line. Like `StringIndex`, the bucket comes from the length and a few
 * characters, and a key is compared character by character. Three-letter words of one case
 * (`par`, `AUS`: most of a standard map's), the words read most, are found without either: their
 * letters index a table directly.
 */
export class WordTable<T> {
  private readonly keys: string[] = [];
  private readonly values: T[] = [];
  private readonly next: number[] = [];
  private readonly head = new Int32Array(WORD_BUCKETS).fill(-1);
  /**
   * Three-letter keys all in lower case, and all in upper case: the key's place + 1 by its
   * letters (`letters3`), 0 for none; empty when there are no such keys (or too many keys).
   */
  private readonly lower: Int16Array;
  private readonly upper: Int16Array;

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const [key, value] of entries) {
      if (key.length === 0) continue;
      const i = this.keys.length;
      const b = wordBucket(key, 0, key.length);
      this.keys.push(key);
      this.values.push(value);
      this.next.push(this.head[b]!);
      this.head[b] = i;
    }
    const direct = (base: number): Int16Array => {
      const none = new Int16Array(0);
      if (this.keys.length >= 0x7fff) return none;
      let table = none;
      // In the order added: a key added twice is found as its last value, as the chains find it.
      for (let i = 0; i < this.keys.length; i++) {
        const key = this.keys[i]!;
        const at = key.length === 3 ? letters3(key, 0, base) : -1;
        if (at < 0) continue;
        if (table === none) table = new Int16Array(LETTERS3);
        table[at] = i + 1;
      }
      return table;
    };
    this.lower = direct(97);
    this.upper = direct(65);
  }

  /** The value of the word `text[from, to)`, or undefined. */
  find(text: string, from: number, to: number): T | undefined {
    const length = to - from;
    if (length === 3) {
      // Every three-letter key of a case is in its table: a word of that case is found or not.
      if (this.lower.length > 0) {
        const at = letters3(text, from, 97);
        if (at >= 0) {
          const i = this.lower[at]!;
          return i === 0 ? undefined : this.values[i - 1];
        }
      }
      if (this.upper.length > 0) {
        const at = letters3(text, from, 65);
        if (at >= 0) {
          const i = this.upper[at]!;
          return i === 0 ? undefined : this.values[i - 1];
        }
      }
    }
    if (length <= 0) return undefined;
    for (let i = this.head[wordBucket(text, from, to)]!; i >= 0; i = this.next[i]!) {
      const key = this.keys[i]!;
      if (key.length !== length) continue;
      let k = 0;
      while (k < length && key.charCodeAt(k) === text.charCodeAt(from + k)) k++;
      if (k === length) return this.values[i];
    }
    return undefined;
  }
}

const WORD_BUCKETS = 512;
const LETTERS3 = 26 * 26 * 26;

/**
 * The place of the three letters at `text[from]` among all three-letter words of the case whose
 * `a` is `base` (97 lower, 65 upper), or -1 if one is not a letter of that case.
 */
function letters3(text: string, from: number, base: number): number {
  const a = text.charCodeAt(from) - base;
  const b = text.charCodeAt(from + 1) - base;
  const c = text.charCodeAt(from + 2) - base;
  // An unsigned comparison: below `base` is negative, so out of range too.
  if (a >>> 0 >= 26 || b >>> 0 >= 26 || c >>> 0 >= 26) return -1;
  return (a * 26 + b) * 26 + c;
}

function wordBucket(text: string, from: number, to: number): number {
  const n = to - from;
  const h =
    n * 31 +
    text.charCodeAt(from) * 97 +
    text.charCodeAt(from + (n >> 1)) * 7 +
    text.charCodeAt(to - 1);
  return h & (WORD_BUCKETS - 1);
}
