/**
 * `arbiter adjudicate`: phase records (JSON lines) in, the same records with `result` computed
 * out, one line each. A bad record gives an error line naming it; the next records go on.
 */
import { adjudicateRecord, adjudicateRecordLine, standardMap } from '@arbiter/engine';
import { defineCommand } from '../args.js';
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
  let line = 0;
  let bad = 0;
  for await (const batch of lineBatches(io)) {
    // One write a batch: a write a line cost more than adjudicating it.
    const out: string[] = [];
    const write = (text: string): void => {
      out.push(text);
    };
    for (const text of batch) {
      line++;
      if (text.trim() === '') continue;
      // Records read in place, without explanations (the lines carry none); any line that path
      // cannot vouch for, and every bad record, goes through JSON.parse below.
      const fast = outcomes ? undefined : adjudicateRecordLine(standardMap, text);
      if (fast !== undefined) {
        out.push(fast);
        continue;
      }
      if (!adjudicateSlowly(text, line, outcomes, write, io)) bad++;
    }
    if (out.length > 0) io.out(out.join('\n'));
    await io.flush?.();
  }
  return bad === 0 ? 0 : 1;
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
