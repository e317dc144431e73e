/**
 * `arbiter adjudicate`: phase records (JSON lines) in, the same records with `result` computed
 * out, one line each. A bad record gives an error line naming it; the next records go on.
 */
import { isAscii } from 'node:buffer';
import {
  adjudicateRecord,
  adjudicateRecordLine,
  recordLineResult,
  standardMap,
} from '@arbiter/engine';
import { defineCommand } from '../args.js';
import { nodeByteWriter, type ByteWriter } from '../byte-writer.js';
import { lineBatches, type Io } from '../io.js';

export const adjudicateCommand = defineCommand({
  name: 'adjudicate',
  usage: 'arbiter adjudicate [--outcomes] < records.jsonl > results.jsonl',
  summary: 'Reads phase records (JSON lines) and writes each back with its result.',
  help: `Records are in the corpus format (packages/engine/test/corpus/README.md): a standard-map
movement phase's units and orders. Each output line is the input record with "result" computed;
a record that cannot be read gives an error line {"error": {line, code, message}} in its place,
and the records after it go on. Exit code 1 when any record was bad.

options:
  --outcomes        add "outcomes": every order's result, reason and explanation`,
  options: { outcomes: { type: 'boolean', default: false } },
  run: ({ values }, io) => adjudicate(values.outcomes, io),
});

async function adjudicate(outcomes: boolean, io: Io): Promise<number> {
  if (!outcomes && io.pieces !== undefined && io.outBytes !== undefined)
    return adjudicateBytes(io.pieces(), io.outBytes, io);
  const count: Count = { line: 0, bad: 0 };
  for await (const batch of lineBatches(io)) {
    // One write a batch: a write a line cost more than adjudicating it.
    const out: string[] = [];
    const write = (text: string): void => {
      out.push(text);
    };
    for (const text of batch) answerText(text, outcomes, count, write, io);
    if (out.length > 0) io.out(out.join('\n'));
    await io.flush?.();
  }
  return count.bad === 0 ? 0 : 1;
}

/** How far `arbiter adjudicate` has read: lines so far, and how many were bad. */
interface Count {
  line: number;
  bad: number;
}

/**
 * Answers one line of input: `write` is given its record's line with the result, or an error
 * line. Records are read in place where they can be, without explanations (the lines carry
 * none); any line that path cannot vouch for, and every bad record, goes through `JSON.parse`.
 */
function answerText(
  text: string,
  outcomes: boolean,
  count: Count,
  write: (line: string) => void,
  io: Io,
): void {
  count.line++;
  if (text.trim() === '') return;
  const fast = outcomes ? undefined : adjudicateRecordLine(standardMap, text);
  if (fast !== undefined) write(fast);
  else if (!adjudicateSlowly(text, count.line, outcomes, write, io)) count.bad++;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * The text path's work on a process's standard input and output, as bytes: a record read in
 * place is answered by copying its line's bytes around the new result (`recordLineResult`), so
 * that the 3.5 KB of a line are not decoded, joined into the batch's text and encoded again.
 * Input is taken up to its last newline at a time; a stretch with a carriage return or a byte
 * beyond ASCII is decoded as UTF-8 and split as the text path splits it. The same lines, the
 * same errors, the same numbers.
 */
async function adjudicateBytes(
  pieces: AsyncIterable<Uint8Array>,
  outBytes: (bytes: Uint8Array) => void,
  io: Io,
): Promise<number> {
  const count: Count = { line: 0, bad: 0 };
  const out = nodeByteWriter();
  const write = (text: string): void => {
    out.text(`${text}\n`);
  };
  let rest = Buffer.alloc(0);
  for await (const piece of pieces) {
    let data = Buffer.from(piece.buffer, piece.byteOffset, piece.length);
    if (rest.length > 0) {
      // Only the line begun in the last piece is put together, not the whole piece copied.
      const first = data.indexOf(LF) + 1;
      if (first === 0) {
        data = Buffer.concat([rest, data]);
      } else {
        const head = Buffer.concat([rest, data.subarray(0, first)]);
        answerStretch(head, head.length, out, count, write, io);
        data = data.subarray(first);
      }
    }
    const end = data.lastIndexOf(LF) + 1;
    if (end > 0) answerStretch(data, end, out, count, write, io);
    // Copied: the piece's buffer is read into again.
    rest = Buffer.from(data.subarray(end));
    if (out.length > 0) outBytes(out.take());
    await io.flush?.();
  }
  if (rest.length > 0) {
    // The last line has no newline: as the text path, a carriage return at its end ends it.
    const lines = splitLines(rest.toString('utf8'));
    if (lines.at(-1) === '') lines.pop();
    for (const text of lines) answerText(text, false, count, write, io);
    if (out.length > 0) outBytes(out.take());
  }
  return count.bad === 0 ? 0 : 1;
}

/** Lines as the text path splits them (`lineBatches`): at `\r\n`, `\r` or `\n`. */
function splitLines(text: string): string[] {
  return text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
}

/** Answers the lines of `data` before `end` (which follows a newline). */
function answerStretch(
  data: Buffer,
  end: number,
  out: ByteWriter,
  count: Count,
  write: (line: string) => void,
  io: Io,
): void {
  const stretch = data.subarray(0, end);
  if (!isAscii(stretch) || stretch.includes(CR)) {
    const lines = splitLines(stretch.toString('utf8'));
    lines.pop(); // what follows the last newline: nothing
    for (const text of lines) answerText(text, false, count, write, io);
    return;
  }
  for (let from = 0; from < end;) {
    const to = data.indexOf(LF, from);
    if (answerInPlace(data, from, to, out)) count.line++;
    else answerText(data.toString('latin1', from, to), false, count, write, io);
    from = to + 1;
  }
}

/**
 * Answers the record on the line `data[from, to)`, ASCII and followed by a newline at `to`, by
 * copying its bytes around its new result (`recordLineResult`); false, with nothing written,
 * when the line is not one the fast path reads (then the text path answers it). What the command
 * does a line, and what the benchmarks time a line.
 */
export function answerInPlace(data: Buffer, from: number, to: number, out: ByteWriter): boolean {
  // ASCII: one byte a character, so the answer's places in the text are those in the bytes.
  const r = recordLineResult(standardMap, data.toString('latin1', from, to));
  if (r === undefined) return false;
  out.range(data, from, from + r.from);
  out.bytes(r.bytes);
  out.range(data, from + r.to, to + 1);
  return true;
}

/** One record through `JSON.parse` and `adjudicateRecord`; false when it was bad. */
function adjudicateSlowly(
  text: string,
  line: number,
  outcomes: boolean,
  write: (text: string) => void,
  io: Io,
): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    report(write, io, line, undefined, 'record/bad-json', `not JSON: ${(e as Error).message}`);
    return false;
  }
  const r = adjudicateRecord(standardMap, value);
  if (!r.ok) {
    report(write, io, line, value, r.error.code, r.error.message);
    return false;
  }
  const record = outcomes
    ? {
        ...r.value.record,
        outcomes: r.value.outcomes.map((o) => ({
          result: o.result,
          reason: o.reason,
          ...(o.dislodged === undefined ? {} : { dislodged: o.dislodged }),
          ...(o.explanation === undefined ? {} : { explanation: o.explanation }),
        })),
      }
    : r.value.record;
  write(JSON.stringify(record));
  return true;
}

/** An error line on standard output (so output lines match input lines) and one on stderr. */
function report(
  write: (text: string) => void,
  io: Io,
  line: number,
  value: unknown,
  code: string,
  message: string,
): void {
  const id = recordId(value);
  write(JSON.stringify({ error: { line, ...id, code, message } }));
  const name =
    id.game === undefined
      ? ''
      : ` (game ${id.game}${id.phase === undefined ? '' : ` ${id.phase}`})`;
  io.err(`record ${line}${name}: ${message}`);
}

/** The record's `game` and `phase`, where it has them, to name it in an error. */
function recordId(value: unknown): { game?: string | number; phase?: string } {
  if (typeof value !== 'object' || value === null) return {};
  const { game, phase } = value as Record<string, unknown>;
  return {
    ...(typeof game === 'string' || typeof game === 'number' ? { game } : {}),
    ...(typeof phase === 'string' ? { phase } : {}),
  };
}
