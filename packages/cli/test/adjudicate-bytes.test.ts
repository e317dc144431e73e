/**
 * `arbiter adjudicate` on a process's standard input and output reads and writes bytes
 * (`Io.pieces`, `Io.outBytes`): it must answer exactly as the text path does (`Io.lines`,
 * `Io.out`), line for line and error for error, however the input is cut into pieces, with
 * carriage returns, characters beyond ASCII, blank lines and a last line without a newline.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Io } from '../src/io.js';
import { run } from '../src/main.js';
import { cli, type CliAnswer } from './run-cli.js';

const corpus = gunzipSync(
  readFileSync(new URL('../../engine/test/corpus/peer-agreed-movement.jsonl.gz', import.meta.url)),
)
  .toString('utf8')
  .split('\n');

/** The text path: the input's lines one by one. */
function byLines(lines: readonly string[]): Promise<CliAnswer> {
  return cli(['adjudicate'], lines);
}

/**
 * The bytes path: `input` in pieces ending at `cuts`, each read into the same buffer, which is
 * overwritten before the next piece (as a descriptor read is), so that a piece kept is caught.
 */
async function byBytes(
  input: Buffer,
  cuts: readonly number[],
  events?: string[],
): Promise<CliAnswer> {
  const written: Buffer[] = [];
  const err: string[] = [];
  const buffer = Buffer.alloc(input.length + 1);
  const ends = [...cuts.filter((c) => c > 0 && c < input.length), input.length];
  const io: Io = {
    lines: () => {
      throw new Error('read in pieces');
    },
    pieces: async function* () {
      let from = 0;
      for (const end of ends) {
        await Promise.resolve();
        buffer.fill(0x7e);
        input.copy(buffer, 0, from, end);
        yield buffer.subarray(0, end - from);
        from = end;
      }
    },
    out: () => {
      throw new Error('written as text');
    },
    outBytes: (bytes) => {
      written.push(Buffer.from(bytes));
      events?.push(`out ${Buffer.from(bytes).toString().split('\n').length - 1}`);
    },
    err: (t) => err.push(...t.split('\n')),
    flush: () => {
      events?.push('flush');
      return Promise.resolve();
    },
  };
  const code = await run(['adjudicate'], io);
  const text = Buffer.concat(written).toString('utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return { code, out: text === '' ? [] : text.slice(0, -1).split('\n'), err };
}

const withoutResult = JSON.stringify({ ...(JSON.parse(corpus[0]!) as object), result: undefined });
const badOrder = (() => {
  const r = JSON.parse(corpus[1]!) as { orders: string[] };
  r.orders[0] = 'AUS A zzz - gre';
  return JSON.stringify(r);
})();
/** A record named with characters beyond ASCII (two and four bytes in UTF-8). */
const named = JSON.stringify({ ...(JSON.parse(corpus[2]!) as object), game: 'Zoë 🎲' });
/** A bad record so named: its error names it. */
const namedBad = JSON.stringify({ ...(JSON.parse(badOrder) as object), game: 'Zoë 🎲' });

describe('arbiter adjudicate on bytes', () => {
  it('answers as the text path does: records, bad records, blank lines, other characters', async () => {
    const lines = [
      corpus[0]!,
      '',
      '{not json',
      withoutResult,
      '   ',
      badOrder,
      named,
      namedBad,
      corpus[3]!.replace('"game":', '"game": '),
      corpus[4]!,
    ];
    const expected = await byLines(lines);
    expect(expected.code).toBe(1);
    expect(expected.out).toHaveLength(8);
    expect(expected.err).toHaveLength(3);
    expect(expected.err[2]).toContain('(game Zoë 🎲 ');
    const input = Buffer.from(lines.join('\n') + '\n');
    const zoe = input.indexOf('ë');
    for (const cuts of [
      [],
      [1],
      [input.indexOf('\n') + 1],
      [input.indexOf('\n')],
      [zoe + 1, zoe + 5, zoe + 7],
      [100, 3000, 3001, 9000],
      Array.from({ length: 60 }, (_, i) => (i + 1) * 577),
    ]) {
      expect(await byBytes(input, cuts), cuts.join(',')).toEqual(expected);
    }
  });

  it('splits at carriage returns as the text path does, a last line without a newline too', async () => {
    const lines = [corpus[0]!, '', '{not json', corpus[1]!, badOrder, corpus[2]!];
    const expected = await byLines(lines);
    expect(expected.out).toHaveLength(5);
    for (const text of [
      lines.join('\r\n') + '\r\n',
      lines.join('\r') + '\r',
      lines.join('\r') + '\n',
      `${lines.slice(0, 2).join('\n')}\n${lines.slice(2).join('\r')}\n`,
      lines.join('\r\n'),
      lines.join('\n') + '\r',
      lines.slice(0, 3).join('\n') + '\n' + lines.slice(3).join('\r'),
    ]) {
      const input = Buffer.from(text);
      for (const cuts of [[], [input.indexOf('\r') + 1], [input.lastIndexOf('\r')], [2, 4000]])
        expect(await byBytes(input, cuts), JSON.stringify(cuts)).toEqual(expected);
    }
  });

  it('writes and flushes what each piece answers before reading the next', async () => {
    const events: string[] = [];
    const input = Buffer.from(`${corpus[0]!}\n${corpus[1]!}\n${corpus[2]!}`);
    const answer = await byBytes(input, [input.indexOf(corpus[2]!) + 10], events);
    expect(answer.code).toBe(0);
    expect(answer.out).toEqual([corpus[0], corpus[1], corpus[2]]);
    expect(events).toEqual(['out 2', 'flush', 'flush', 'out 1']);
  });

  it('answers nothing for no input', async () => {
    expect(await byBytes(Buffer.alloc(0), [])).toEqual({ code: 0, out: [], err: [] });
  });
});
