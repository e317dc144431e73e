/**
 * A fixed set of short words to values, found by their place in a longer text without slicing
 * it out: the fast readers of canonical order notation and of phase records look words up
 * where they stand in a line. Like `StringIndex`, the bucket comes from the length and a few
 * characters, and a key is compared character by character.
 */
export class WordTable<T> {
  private readonly keys: string[] = [];
  private readonly values: T[] = [];
  private readonly next: number[] = [];
  private readonly head = new Int32Array(WORD_BUCKETS).fill(-1);

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
  }

  /** The value of the word `text[from, to)`, or undefined. */
  find(text: string, from: number, to: number): T | undefined {
    const length = to - from;
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

function wordBucket(text: string, from: number, to: number): number {
  const n = to - from;
  const h =
    n * 31 +
    text.charCodeAt(from) * 97 +
    text.charCodeAt(from + (n >> 1)) * 7 +
    text.charCodeAt(to - 1);
  return h & (WORD_BUCKETS - 1);
}
