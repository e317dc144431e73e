/**
 * `arbiter adjudicate`: phase records (JSON lines) in, the same records with `result` computed
 * out, one line each. A bad record gives an error line naming it; the next records go on.
 */
import { adjudicateRecord, standardMap } from '@arbiter/engine';
import { defineCommand } from '../args.js';
import type { Io } from '../io.js';

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
  for await (const text of io.lines()) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      bad++;
      report(io, line, undefined, 'record/bad-json', `not JSON: ${(e as Error).message}`);
      continue;
    }
    const r = adjudicateRecord(standardMap, value);
    if (!r.ok) {
      bad++;
      report(io, line, value, r.error.code, r.error.message);
      continue;
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
    io.out(JSON.stringify(record));
  }
  return bad === 0 ? 0 : 1;
}

/** An error line on standard output (so output lines match input lines) and one on stderr. */
function report(io: Io, line: number, value: unknown, code: string, message: string): void {
  const id = recordId(value);
  io.out(JSON.stringify({ error: { line, ...id, code, message } }));
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
