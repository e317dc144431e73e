// The fast path of `arbiter adjudicate` (adjudicateRecordLine) against the JSON path
// (JSON.parse, adjudicateRecord, JSON.stringify): the same line for every record it reads, and
// every line it cannot vouch for left to the JSON path.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  adjudicateRecord,
  adjudicateRecordLine,
  recordLineResult,
  standardMap,
} from '../src/index.js';

const lines = gunzipSync(
  readFileSync(new URL('./corpus/peer-agreed-movement.jsonl.gz', import.meta.url)),
)
  .toString('utf8')
  .trim()
  .split('\n');

/** What the JSON path writes for a line: the record with its result, or undefined if bad. */
function slow(line: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const r = adjudicateRecord(standardMap, value);
  return r.ok ? JSON.stringify(r.value.record) : undefined;
}

describe('adjudicateRecordLine', () => {
  it('writes every corpus record as the JSON path does, with or without its result', () => {
    const differ: number[] = [];
    lines.forEach((line, i) => {
      const bare = JSON.stringify({ ...(JSON.parse(line) as object), result: undefined });
      for (const text of [line, bare]) {
        const fast = adjudicateRecordLine(standardMap, text);
        if (fast === undefined || fast !== slow(text) || fast !== line) differ.push(i);
      }
    });
    expect(differ).toEqual([]);
  });

  it('gives its answer as a change to the line: the result replaced, or added at the end', () => {
    const line = lines[5]!;
    const r = recordLineResult(standardMap, line)!;
    expect(line.slice(0, r.from)).toMatch(/,"result":$/);
    expect(line.slice(r.from, r.to)).toBe(
      JSON.stringify((JSON.parse(line) as { result: unknown }).result),
    );
    const text = new TextDecoder().decode(r.bytes);
    expect(line.slice(0, r.from) + text + line.slice(r.to)).toBe(line);
    const bare = JSON.stringify({ ...(JSON.parse(line) as object), result: undefined });
    const b = recordLineResult(standardMap, bare)!;
    expect([b.from, b.to]).toEqual([bare.length - 1, bare.length - 1]);
    expect(new TextDecoder().decode(b.bytes)).toBe(`,"result":${line.slice(r.from, r.to)}`);
  });

  const record = JSON.parse(lines[0]!) as Record<string, unknown> & { orders: string[] };
  const line = lines[0]!;
  const replace = (from: string, to: string): string => {
    expect(line).toContain(from);
    return line.replace(from, to);
  };

  const unit = '{"nation":"AUS","type":"F","loc":"adr"}';
  it.each([
    ['a space after a colon', replace('"game":0', '"game": 0'), 'left'],
    ['a space at the end', `${line} `, 'left'],
    ['an escaped character', replace('"phase":"F1902M"', '"phase":"F1902\\u004d"'), 'left'],
    [
      'an escaped character in an order',
      replace('"AUS A bud - gal"', '"AUS A bud \\u002d gal"'),
      'left',
    ],
    ['a fraction', replace('"year":1902', '"year":1902.0'), 'left'],
    ['an exponent', replace('"year":1902', '"year":1.902e3'), 'left'],
    ['minus zero', replace('"game":0', '"game":-0'), 'left'],
    ['a repeated key', replace('"game":0', '"game":0,"game":1'), 'left'],
    ['a repeated key in a unit', replace('"loc":"adr"', '"loc":"adr","loc":"ion"'), 'left'],
    ['a numeric key', replace('"game":0', '"7":0,"game":0'), 'left'],
    ['a __proto__ key', replace('"game":0', '"__proto__":0,"game":0'), 'left'],
    [
      'supply centres out of order',
      replace('"ank":"TUR","ber":"GER"', '"ber":"GER","ank":"TUR"'),
      'left',
    ],
    ['a forgiving notation', replace('"AUS A bud - gal"', '"AUS A Budapest - Galicia"'), 'taken'],
    ['no orders given', JSON.stringify({ ...record, orders: [] }), 'taken'],
    [
      'a forgiving notation as the last order',
      replace('"TUR F arm S A con - ank"', '"TUR F Armenia S A Constantinople - Ankara"'),
      'taken',
    ],
    [
      'a unit in another key order',
      replace(unit, '{"type":"F","nation":"AUS","loc":"adr"}'),
      'taken',
    ],
    [
      'a unit with a field more',
      replace(unit, '{"nation":"AUS","type":"F","loc":"adr","x":[1,{"y":null}]}'),
      'taken',
    ],
    [
      'a result of another shape',
      replace('"retreat_options":{}', '"retreat_options":{},"x":[[[[1]]]]'),
      'taken',
    ],
  ] as const)(
    'takes the line or leaves it to the JSON path, as it should, with %s',
    (_, text, path) => {
      const fast = adjudicateRecordLine(standardMap, text);
      // Each of these is a good record: the JSON path writes it.
      expect(slow(text)).toBeDefined();
      if (path === 'taken') expect(fast).toBe(slow(text));
      else expect(fast).toBeUndefined();
    },
  );

  it.each([
    ['not JSON', '{not json'],
    ['not an object', '[1,2]'],
    ['a retreat record', replace('"type":"Movement"', '"type":"Retreats"')],
    ['an unknown nation', replace('"nation":"AUS"', '"nation":"XYZ"')],
    [
      'a unit that cannot stand there',
      replace('{"nation":"AUS","type":"F","loc":"adr"}', '{"nation":"AUS","type":"A","loc":"adr"}'),
    ],
    ['two units in a province', replace('"loc":"ank"', '"loc":"bud"')],
    ['an order it cannot read', replace('"AUS A bud - gal"', '"AUS A zzz - gal"')],
    ['an order without its power', replace('"AUS A bud - gal"', '"A bud - gal"')],
    ['an order that is not a string', replace('"AUS A bud - gal"', '7')],
    ['a control character in an order', replace('"AUS A bud - gal"', '"AUS A bud\t- gal"')],
    ['orders not closed', replace('"TUR F arm S A con - ank"]', '"TUR F arm S A con - ank",]')],
    ['no orders', JSON.stringify({ ...record, orders: undefined })],
  ])('leaves a bad record to the JSON path: %s', (_, text) => {
    expect(adjudicateRecordLine(standardMap, text)).toBeUndefined();
  });
});
