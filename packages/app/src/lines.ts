/**
 * A submission line by line: the engine reads the whole text at once (`parseSubmission`, since an
 * action may decide which units a player orders); this lines its answer up with what the player
 * wrote, so each line gets its canonical form or its rejection, and each accepted order the
 * engine's warnings: orders the adjudicator will ignore or that will change nothing. Warnings use
 * only the rules a player may know (`publicOnly`), so none of them can give away a secret rule
 * (the Fink's supports that do not count).
 */
import {
  activeModules,
  formatPowerOrder,
  parseSubmission,
  phaseRules,
  readingMap,
  submissionAuthority,
  submissionWarnings,
  type Catalogue,
  type PlayerId,
  type Submission,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import type { LineResult } from './views.js';

export interface DescribedSubmission {
  readonly submission: Submission;
  readonly lines: readonly LineResult[];
}

export function describeSubmission(
  variant: Variant,
  state: VariantState,
  player: PlayerId,
  text: string,
  catalogue: Catalogue | undefined,
): DescribedSubmission {
  const parsed = parseSubmission(variant, state, player, text, catalogue);
  const { orders, actions } = parsed.submission;
  const map = variant.map;
  const checks = submissionWarnings(
    map,
    state,
    submissionAuthority(variant, state, player, catalogue, actions),
    orders,
    phaseRules(variant, state, catalogue, { publicOnly: true }),
  );
  const active = activeModules(variant, state, catalogue);
  // The lines are read as the engine read them: with the names the game gave its provinces.
  const reading = readingMap(variant, state, catalogue);
  const lines: LineResult[] = [];
  let rejected = 0;
  let order = 0;
  let action = 0;
  // The same split as the engine's: trimmed, blank lines skipped. Rejections come in line order,
  // accepted orders and actions each in line order; identical lines are interchangeable.
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const r = parsed.rejections[rejected];
    if (r?.text === line) {
      rejected++;
      lines.push({ text: line, ok: false, code: r.code, message: r.message });
      continue;
    }
    const claimant = active.find((a) => a.module.parseAction?.(line, reading) !== undefined);
    if (claimant !== undefined) {
      const a = actions[action++];
      const module = active.find((m) => m.module.id === a?.module)?.module;
      const canonical = (a === undefined ? undefined : module?.formatAction?.(a, reading)) ?? line;
      lines.push({ text: line, ok: true, canonical, warnings: [] });
    } else {
      const warnings = checks[order]?.warnings ?? [];
      const o = orders[order++];
      const canonical = o === undefined ? line : formatPowerOrder(o);
      lines.push({ text: line, ok: true, canonical, warnings });
    }
  }
  return { submission: parsed.submission, lines };
}
