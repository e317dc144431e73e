/**
 * The GM's approval queue (ruling 8), as pure functions for the server and for tests. A free-text
 * proposal waits until the GM either maps it to a catalogue rule with settings (or to a repeal),
 * accepts it as a rule the GM adjudicates by hand (listed with its headline, enforced by nobody
 * else), or withholds it. A withheld proposal counts as no proposal: the player's default
 * re-proposal takes its place. Each returns the new game state, or why it cannot.
 */
import {
  err,
  ok,
  standardMap,
  type GameMap,
  type Result,
  type VariantState,
} from '@arbiter/engine';
import { defaultMeasure, inPlayerOrder, openSettings } from './ballot.js';
import { displayRuleId, findHouseRule, readParams } from './catalogue/index.js';
import { GM_RULE, isGmRule, measureOrder } from './measures.js';
import { MODULE_ID, type GovernanceState, type Measure, type Proposal } from './state.js';

/** How the GM rules on a free-text proposal. */
export type GmMapping =
  /** A catalogue rule (by any of its names) with settings, or its repeal. */
  | {
      readonly rule: string;
      readonly settings?: Readonly<Record<string, number>>;
      readonly repeal?: boolean;
    }
  /** A rule the GM will adjudicate by hand, with the headline to list it under. */
  | { readonly headline: string };

export interface GmProblem {
  readonly code:
    'deviant/not-queued' | 'deviant/unknown-rule' | 'deviant/bad-params' | 'deviant/no-game';
  readonly message: string;
}

function governance(state: VariantState): GovernanceState | undefined {
  return state.modules[MODULE_ID] as GovernanceState | undefined;
}

function withOwn(state: VariantState, own: GovernanceState): VariantState {
  return { ...state, modules: { ...state.modules, [MODULE_ID]: own } };
}

function queued(
  state: VariantState,
  label: string,
): Result<{ own: GovernanceState; index: number }, GmProblem> {
  const own = governance(state);
  if (own === undefined) {
    return err({ code: 'deviant/no-game', message: 'this game has no Deviant governance' });
  }
  const index = own.queue.findIndex((q) => q.label === label.toUpperCase());
  if (index < 0) {
    return err({
      code: 'deviant/not-queued',
      message: `no free-text proposal (${label}) awaits the GM; waiting: ${own.queue.map((q) => `(${q.label})`).join(', ') || 'none'}`,
    });
  }
  return ok({ own, index });
}

/** The GM maps a queued free-text proposal to a measure; it joins the ballot. */
export function approveProposal(
  state: VariantState,
  label: string,
  mapping: GmMapping,
  map: GameMap = standardMap,
): Result<VariantState, GmProblem> {
  const q = queued(state, label);
  if (!q.ok) return q;
  const { own, index } = q.value;
  const entry = own.queue[index]!;
  let measure: Measure;
  if ('headline' in mapping) {
    const season = own.ballotSeason ?? 'X';
    measure = {
      kind: 'enact',
      rule: `${GM_RULE}${season}-${entry.label}`,
      settings: { headline: mapping.headline, text: entry.text },
    };
  } else if (isGmRule(mapping.rule)) {
    const settings = openSettings(state.ruleSet, mapping.rule, state.phaseIndex);
    if (settings === undefined || mapping.repeal !== true) {
      return err({
        code: 'deviant/unknown-rule',
        message: `${mapping.rule} is not a GM rule in force; only its repeal can be mapped`,
      });
    }
    measure = { kind: 'repeal', rule: mapping.rule, settings };
  } else {
    const rule = findHouseRule(mapping.rule);
    if (rule === undefined) {
      return err({ code: 'deviant/unknown-rule', message: `no house rule "${mapping.rule}"` });
    }
    if (mapping.repeal === true) {
      const settings =
        openSettings(state.ruleSet, rule.id, state.phaseIndex) ?? rule.settings ?? {};
      measure = { kind: 'repeal', rule: rule.id, settings };
    } else {
      const words = Object.entries(mapping.settings ?? {}).map(([k, v]) => `${k}=${v}`);
      const read = readParams(rule, words, map);
      if (!read.ok) return err({ code: 'deviant/bad-params', message: read.error });
      measure = { kind: 'enact', rule: rule.id, settings: read.value };
    }
  }
  const proposal: Proposal = {
    label: entry.label,
    player: entry.player,
    measure,
    origin: 'gm',
    text: entry.text,
  };
  const shown = 'headline' in mapping ? `a GM-adjudicated rule` : displayRuleId(measure.rule);
  return ok(
    withOwn(state, {
      ...own,
      ballot: inPlayerOrder(state, [...own.ballot, proposal]),
      queue: own.queue.filter((_, i) => i !== index),
      gmLog: [
        ...own.gmLog,
        `(${entry.label}) "${entry.text}" → ${'headline' in mapping ? `${shown}: ${mapping.headline}` : measureOrder(measure)}`,
      ],
    }),
  );
}

/**
 * The GM withholds a queued proposal; the player's default re-proposal stands instead. A
 * `reason`, if given, is kept in the GM's public log.
 */
export function withholdProposal(
  state: VariantState,
  label: string,
  reason?: string,
): Result<VariantState, GmProblem> {
  const q = queued(state, label);
  if (!q.ok) return q;
  const { own, index } = q.value;
  const entry = own.queue[index]!;
  const measure = defaultMeasure(own, entry.player);
  const ballot: Proposal[] =
    measure === undefined
      ? [...own.ballot]
      : inPlayerOrder(state, [
          ...own.ballot,
          { label: entry.label, player: entry.player, measure, origin: 'default' },
        ]);
  return ok(
    withOwn(state, {
      ...own,
      ballot,
      queue: own.queue.filter((_, i) => i !== index),
      gmLog: [
        ...own.gmLog,
        `(${entry.label}) withheld by the GM${reason === undefined ? '' : `: ${reason}`}`,
      ],
    }),
  );
}
