/**
 * Measures: what a passed proposal does to the rule set. Enacting a house rule opens a rule-set
 * entry from the phase it takes effect; enacting one already in force with other settings
 * replaces it (the old settings are kept, and its repeal brings them back); repealing closes the
 * entry. The negation of an enactment is its repeal, and the negation of a repeal re-enacts the
 * settings it repealed (ruling 6).
 */
import type { RuleSetEntry } from '@arbiter/engine';
import { displayRuleId, formatParams, houseRuleById, type Settings } from './catalogue/index.js';
import type { Measure, SupersededEntry } from './state.js';

/** A rule's headline with its settings. */
export function ruleHeadline(rule: string, settings: Settings): string {
  return houseRuleById(rule)?.describe(settings) ?? displayRuleId(rule);
}

/** One line for a ballot or a report: "Repeal: No Convoy Rule: fleets may not convoy." */
export function measureText(m: Measure): string {
  const h = ruleHeadline(m.rule, m.settings);
  return m.kind === 'repeal' ? `Repeal: ${h}` : h;
}

/** How a measure is written as an order: `BUILD_CAP max=2`, `REPEAL NO_CONVOYS`. */
export function measureOrder(m: Measure): string {
  const rule = houseRuleById(m.rule);
  const params = rule === undefined ? '' : formatParams(rule, m.settings);
  const id = displayRuleId(m.rule);
  return m.kind === 'repeal' ? `REPEAL ${id}` : params === '' ? id : `${id} ${params}`;
}

export function negate(m: Measure): Measure {
  return { ...m, kind: m.kind === 'enact' ? 'repeal' : 'enact' };
}

function sameSettings(a: Settings, b: Settings): boolean {
  const norm = (s: Settings): string =>
    JSON.stringify(
      Object.keys(s)
        .sort()
        .map((k) => [k, s[k]]),
    );
  return norm(a) === norm(b);
}

/** The entry of this rule that is in force at `from` or starts later, if any. */
function openEntry(ruleSet: readonly RuleSetEntry[], rule: string, from: number): number {
  return ruleSet.findIndex((e) => e.module === rule && (e.until === undefined || e.until > from));
}

/** The rule set (and stacks of replaced settings) after a measure takes effect at `from`. */
export function applyMeasure(
  ruleSet: readonly RuleSetEntry[],
  superseded: Readonly<Record<string, readonly SupersededEntry[]>>,
  m: Measure,
  label: string,
  from: number,
): {
  readonly ruleSet: readonly RuleSetEntry[];
  readonly superseded: Readonly<Record<string, readonly SupersededEntry[]>>;
  /** What happened, for the report. */
  readonly note: 'enacted' | 'replaced' | 'unchanged' | 'repealed' | 'restored' | 'not-in-force';
} {
  const at = openEntry(ruleSet, m.rule, from);
  const open = at >= 0 ? ruleSet[at]! : undefined;
  const close = (e: RuleSetEntry): RuleSetEntry => ({ ...e, until: from });
  const stack = superseded[m.rule] ?? [];
  if (m.kind === 'enact') {
    const entry: RuleSetEntry = { module: m.rule, settings: m.settings, label, from };
    if (open === undefined) return { ruleSet: [...ruleSet, entry], superseded, note: 'enacted' };
    if (sameSettings(open.settings, m.settings)) return { ruleSet, superseded, note: 'unchanged' };
    const kept: SupersededEntry =
      open.label === undefined
        ? { settings: open.settings }
        : { settings: open.settings, label: open.label };
    return {
      ruleSet: [...ruleSet.map((e, i) => (i === at ? close(e) : e)), entry],
      superseded: open.from < from ? { ...superseded, [m.rule]: [...stack, kept] } : superseded,
      note: 'replaced',
    };
  }
  if (open === undefined) return { ruleSet, superseded, note: 'not-in-force' };
  const closed = ruleSet.map((e, i) => (i === at ? close(e) : e));
  const previous = stack[stack.length - 1];
  if (previous === undefined) return { ruleSet: closed, superseded, note: 'repealed' };
  const restored: RuleSetEntry = {
    module: m.rule,
    settings: previous.settings,
    ...(previous.label === undefined ? {} : { label: previous.label }),
    from,
  };
  return {
    ruleSet: [...closed, restored],
    superseded: { ...superseded, [m.rule]: stack.slice(0, -1) },
    note: 'restored',
  };
}
