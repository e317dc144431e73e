/**
 * Deviant Diplomacy II's two orders.
 * - Proposals: `PROPOSE NO_CONVOYS`, `PROPOSE BUILD_CAP max=2` (or `PROPOSE BUILD_CAP 2`),
 *   `PROPOSE REPEAL NO_CONVOYS`, `PROPOSE "Fleets may not enter the Black Sea."`.
 * - Votes: `VOTE 3 FOR A`, `3 votes for Rule A` (the rule text's words), `1 vote for (E)`.
 * A line is read here only as far as its shape; whether the rule exists, the parameters fit,
 * the label is on the ballot and the votes are the player's to cast is checked afterwards, so
 * each problem gets its own code.
 */
import type { ModuleAction } from '@arbiter/engine';
import { MODULE_ID } from './state.js';

export type ProposeData =
  | { readonly form: 'rule'; readonly rule: string; readonly params: readonly string[] }
  | { readonly form: 'repeal'; readonly rule: string }
  | { readonly form: 'text'; readonly text: string };

export interface VoteData {
  readonly count: number;
  readonly label: string;
}

const PROPOSE = /^propose\b\s*(.*)$/i;
const QUOTED = /^["“”'‘’](.*)["“”'‘’]$/s;
const REPEAL = /^repeal\s+(?:of\s+)?(?:the\s+)?(\S+)\s*$/i;
const RULE = /^(\S+)((?:\s+\S+)*)\s*$/;
const VOTE = /^vote\s+(\S+)\s+(?:votes?\s+)?for\s+(?:rule\s+)?\(?([a-z]+)\)?\s*[.!]?$/i;
const VOTES = /^(\S+)\s+votes?\s+for\s+(?:rule\s+)?\(?([a-z]+)\)?\s*[.!]?$/i;
const VOTE_WORD = /^vote\b/i;
const COUNT_VOTES = /^\d+\s+votes?\b/i;

const USAGE_PROPOSE =
  'write PROPOSE <RULE_ID> [parameters], PROPOSE REPEAL <RULE_ID> or PROPOSE "free text"';
const USAGE_VOTE = 'write VOTE <n> FOR <label> or "<n> votes for Rule <label>"';

function action(type: 'propose' | 'vote', data: ProposeData | VoteData): ModuleAction {
  return { module: MODULE_ID, type, data: { ...data } };
}

function readCount(word: string): number | { readonly error: string } {
  if (!/^\d+$/.test(word)) return { error: `"${word}" is not a number of votes; ${USAGE_VOTE}` };
  const n = Number(word);
  if (n < 1) return { error: `a vote line casts at least 1 vote, not ${n}` };
  return n;
}

export function parseDeviantAction(
  text: string,
): ModuleAction | { readonly error: string } | undefined {
  const line = text.trim();
  const p = PROPOSE.exec(line);
  if (p !== null) {
    const rest = p[1]!.trim();
    if (rest === '') return { error: `a proposal needs a rule: ${USAGE_PROPOSE}` };
    if (/^["“'‘]/.test(rest)) {
      const q = QUOTED.exec(rest);
      if (q === null) return { error: `the free text has no closing quote: ${USAGE_PROPOSE}` };
      const inner = q[1]!.trim();
      if (inner === '') return { error: 'the free text is empty' };
      return action('propose', { form: 'text', text: inner });
    }
    const r = REPEAL.exec(rest);
    if (r !== null) return action('propose', { form: 'repeal', rule: r[1]! });
    if (/^repeal\s*$/i.test(rest)) return { error: `name the rule to repeal: ${USAGE_PROPOSE}` };
    const m = RULE.exec(rest);
    if (m === null) return { error: USAGE_PROPOSE };
    const params = m[2]!.trim() === '' ? [] : m[2]!.trim().split(/\s+/);
    return action('propose', { form: 'rule', rule: m[1]!, params });
  }
  const v = VOTE.exec(line) ?? VOTES.exec(line);
  if (v !== null) {
    const count = readCount(v[1]!);
    if (typeof count !== 'number') return count;
    return action('vote', { count, label: v[2]!.toUpperCase() });
  }
  if (VOTE_WORD.test(line) || COUNT_VOTES.test(line)) return { error: USAGE_VOTE };
  return undefined;
}

export function proposeData(a: ModuleAction): ProposeData {
  const d = a.data;
  if (d['form'] === 'text') return { form: 'text', text: String(d['text']) };
  if (d['form'] === 'repeal') return { form: 'repeal', rule: String(d['rule']) };
  const params = Array.isArray(d['params']) ? d['params'].map(String) : [];
  return { form: 'rule', rule: String(d['rule']), params };
}

export function voteData(a: ModuleAction): VoteData {
  return { count: Number(a.data['count']), label: String(a.data['label']) };
}

export function formatDeviantAction(a: ModuleAction): string {
  if (a.type === 'vote') {
    const v = voteData(a);
    return `VOTE ${v.count} FOR ${v.label}`;
  }
  const p = proposeData(a);
  switch (p.form) {
    case 'text':
      return `PROPOSE "${p.text}"`;
    case 'repeal':
      return `PROPOSE REPEAL ${p.rule.toUpperCase()}`;
    case 'rule':
      return ['PROPOSE', p.rule.toUpperCase(), ...p.params].join(' ');
  }
}
