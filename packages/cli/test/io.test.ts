// Standard input read in pieces (`syncPieces`, and `syncChunks` over it): characters cut between
// reads, the end, and a descriptor that turns out to be non-blocking; and output written whole
// (`writeFully`), text or bytes, to a pipe that takes part of a write, or none.
import { describe, expect, it } from 'vitest';
import { PIECE_BYTES, syncChunks, syncPieces, writeFully } from '../src/io.js';

/** A `read` that hands out `bytes` at most `step` at a time, then throws `after` if given. */
function reader(bytes: Buffer, step: number, after?: NodeJS.ErrnoException) {
  let at = 0;
  const sizes: number[] = [];
  const read = (buffer: Buffer): number => {
    sizes.push(buffer.length);
    if (at >= bytes.length && after !== undefined) throw after;
    const n = bytes.copy(buffer, 0, at, Math.min(bytes.length, at + step));
    at += n;
    return n;
  };
  return { read, sizes };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: read`), { code });
}

const noFallback = (): AsyncIterable<Uint8Array> => {
  throw new Error('the fallback was not to be used');
};

describe('syncChunks', () => {
  it('decodes UTF-8 characters cut between two reads whole, and ends at a read of nothing', async () => {
    const text = 'AUS A vie – gal; “Türkei” 🙂\nnext line';
    for (const step of [1, 2, 3, 5]) {
      const { read } = reader(Buffer.from(text, 'utf8'), step);
      const pieces = await collect(syncChunks(read, noFallback));
      expect(pieces.join('')).toBe(text);
      // No piece ends in half a character (a lone surrogate or U+FFFD).
      for (const p of pieces) expect(p).not.toMatch(/\uFFFD|[\uD800-\uDBFF]$/);
    }
  });

  it('reads in pieces of PIECE_BYTES, below the size V8 keeps in its large-object space', async () => {
    const { read, sizes } = reader(Buffer.alloc(3 * PIECE_BYTES, 'a'), PIECE_BYTES);
    const pieces = await collect(syncChunks(read, noFallback));
    expect(pieces.map((p) => p.length)).toEqual([PIECE_BYTES, PIECE_BYTES, PIECE_BYTES]);
    expect(new Set(sizes)).toEqual(new Set([PIECE_BYTES]));
    expect(PIECE_BYTES).toBeLessThanOrEqual(64 * 1024);
  });

  it('goes on through the stream when the descriptor is non-blocking (EAGAIN), losing nothing', async () => {
    const head = Buffer.from('first ☃', 'utf8');
    // The snowman's last byte has not arrived when the descriptor says it has nothing more.
    const { read } = reader(head.subarray(0, head.length - 1), 4, errno('EAGAIN'));
    let fellBack = 0;
    const pieces = await collect(
      syncChunks(read, async function* () {
        fellBack++;
        await Promise.resolve();
        yield head.subarray(head.length - 1);
        yield Buffer.from(' and the rest', 'utf8');
      }),
    );
    expect(fellBack).toBe(1);
    // The character cut by the switch is decoded whole: one decoder reads both sources.
    expect(pieces.join('')).toBe('first ☃ and the rest');
  });

  it('throws any other read error', async () => {
    const { read } = reader(Buffer.from('x'), 1, errno('EIO'));
    await expect(collect(syncChunks(read, noFallback))).rejects.toThrow('EIO');
  });
});

describe('syncPieces', () => {
  it('gives the bytes as read, then the stream after EAGAIN, characters cut as they come', async () => {
    const head = Buffer.from('first ☃', 'utf8');
    const { read } = reader(head.subarray(0, head.length - 1), 4, errno('EAGAIN'));
    const got: Buffer[] = [];
    for await (const piece of syncPieces(read, async function* () {
      await Promise.resolve();
      yield head.subarray(head.length - 1);
    }))
      got.push(Buffer.from(piece)); // copied: a piece is good until the next is read
    expect(got.map((b) => b.length)).toEqual([4, 4, 1]);
    expect(Buffer.concat(got).equals(head)).toBe(true);
  });
});

describe('writeFully', () => {
  /** A descriptor that takes at most `takes[i]` bytes at its i-th write (-1: EAGAIN). */
  function sink(takes: readonly number[], error?: string) {
    const got: Buffer[] = [];
    let calls = 0;
    let waits = 0;
    const write = (data: string | Uint8Array): number => {
      if (error !== undefined) throw errno(error);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
      const take = takes[calls++] ?? bytes.length;
      if (take < 0) throw errno('EAGAIN');
      got.push(bytes.subarray(0, Math.min(take, bytes.length)));
      return Math.min(take, bytes.length);
    };
    return {
      write,
      wait: (): void => {
        waits++;
      },
      text: () => Buffer.concat(got).toString('utf8'),
      waits: () => waits,
    };
  }

  it('writes a text that the descriptor takes at once with one write', () => {
    const s = sink([]);
    writeFully('AUS A vie - gal\n', s.write, s.wait);
    expect(s.text()).toBe('AUS A vie - gal\n');
    expect(s.waits()).toBe(0);
  });

  it('writes the rest after a part, waiting while the pipe is full, characters cut included', () => {
    const text = 'Türkei – “F ank” 🙂 and more\n';
    const s = sink([3, -1, -1, 5, 0, 2]);
    writeFully(text, s.write, s.wait);
    expect(s.text()).toBe(text);
    expect(s.waits()).toBe(2);
  });

  it('writes bytes as they are, the rest after a part too', () => {
    const bytes = Buffer.from('Türkei – “F ank” 🙂\n'.repeat(3));
    for (const takes of [[], [7, -1, 0, 4]]) {
      const s = sink(takes);
      writeFully(bytes, s.write, s.wait);
      expect(s.text()).toBe(bytes.toString());
      expect(s.waits()).toBe(takes.includes(-1) ? 1 : 0);
    }
  });

  it('waits and writes everything when the first write takes nothing (EAGAIN)', () => {
    const s = sink([-1]);
    writeFully('{"units":[]}\n', s.write, s.wait);
    expect(s.text()).toBe('{"units":[]}\n');
    expect(s.waits()).toBe(1);
  });

  it('throws other errors, a closed pipe among them', () => {
    const s = sink([], 'EPIPE');
    expect(() => {
      writeFully('x\n', s.write, s.wait);
    }).toThrow('EPIPE');
  });
});
