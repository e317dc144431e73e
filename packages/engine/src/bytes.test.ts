import { describe, expect, it } from 'vitest';
import { ByteWriter, utf8 } from './bytes.js';

const text = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('ByteWriter', () => {
  it('writes bytes, runs, ranges and text in order, growing past its first size', () => {
    const out = new ByteWriter(4);
    out.byte(0x7b); // {
    out.bytes(utf8('"a":')); // a short run, copied by the loop
    const long = utf8('"a run of 32 bytes or more, copied by set"');
    out.bytes(long);
    out.byte(0x2c);
    out.range(utf8('xx"b":yy'), 2, 6);
    out.text('"café ☃ 😀"}');
    expect(text(out.view())).toBe(
      '{"a":"a run of 32 bytes or more, copied by set","b":"café ☃ 😀"}',
    );
    expect(out.length).toBe(out.view().length);
  });

  it('drops what was written after a point, and starts again after take', () => {
    const out = new ByteWriter(8);
    out.text('kept');
    const at = out.length;
    out.text(' dropped');
    out.truncate(at);
    out.text('!');
    const taken = out.take();
    expect(text(taken)).toBe('kept!');
    expect(out.length).toBe(0);
    out.text('next');
    // What was taken is the taker's: writing on does not change it.
    expect(text(taken)).toBe('kept!');
    expect(text(out.view())).toBe('next');
  });

  it('hands out buffers with an ArrayBuffer of their own, from its allocator', () => {
    const sizes: number[] = [];
    const out = new ByteWriter(4, (n) => {
      sizes.push(n);
      return new Uint8Array(n);
    });
    out.text('twelve bytes');
    const taken = out.take();
    expect(taken.byteOffset).toBe(0);
    // Grown by doubling to hold 36 bytes (three a character, at most), then a fresh buffer of
    // that size after the take.
    expect(sizes).toEqual([4, 64, 64]);
    const copy = structuredClone(taken, { transfer: [taken.buffer as ArrayBuffer] });
    expect(text(copy)).toBe('twelve bytes');
    expect(taken.byteLength).toBe(0); // transferred away
  });
});
