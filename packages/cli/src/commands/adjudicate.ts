/**
 * `arbiter adjudicate`: phase records (JSON lines) in, the same records with `result` computed
 * out, one line each. A bad record gives an error line naming it; the next records go on.
 */
import { parseArgs } from 'node:util';
import { adjudicateRecord, standardMap } from '@arbiter/engine';
import type { Io } from '../io.js';

export const ADJUDICATE_USAGE = 'arbiter adjudicate [--outcomes] < records.jsonl > results.jsonl';

export async function adjudicate(args: readonly string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { outcomes: { type: 'boolean', default: false } },
    strict: true,
  });
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
    const record = values.outcomes
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
