/**
 * The GM's approval queue (ruling 8), as pure functions for the server and for tests. A free-text
 * proposal waits until the GM either maps it to a catalogue rule with settings (or to a repeal)
 * or withholds it; RULINGS allows nothing else ("mapped to a module with parameters, or it is
 * withheld"), so there are no rules the GM adjudicates by hand. A withheld proposal counts as no
 * proposal: the player's default re-proposal takes its place. Each returns the new game state, or
 * why it cannot.
 */
import {
  err,
  ok,
  standardMap,
  type GameMap,
  type Result,
  type VariantState,
} from '@arbiter/engine';
import { inPlayerOrder, openSettings, withheldBallot } from './ballot.js';
import { findHouseRule, paramContext, readParams, type ParamProblem } from './catalogue/index.js';
import { measureOrder } from './measures.js';
import { MODULE_ID, type GovernanceState, type Measure, type Proposal } from './state.js';

/**
 * How the GM maps a free-text proposal: a catalogue rule (by any of its names) with settings (a
 * whole number, or a list of provinces: `{ provinces: ['ruh', 'bur'] }`), or its repeal.
 */
export interface GmMapping {
  readonly rule: string;
  readonly settings?: Readonly<Record<string, number | readonly string[]>>;
  readonly repeal?: boolean;
}

export interface GmProblem {
  readonly code:
    'deviant/not-queued' | 'deviant/unknown-rule' | 'deviant/no-game' | ParamProblem['code'];
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
  const rule = findHouseRule(mapping.rule);
  if (rule === undefined) {
    return err({ code: 'deviant/unknown-rule', message: `no house rule "${mapping.rule}"` });
  }
  if (mapping.repeal === true) {
    const settings = openSettings(state.ruleSet, rule.id, state.phaseIndex) ?? rule.settings ?? {};
    measure = { kind: 'repeal', rule: rule.id, settings };
  } else {
    const words = Object.entries(mapping.settings ?? {}).map(
      ([k, v]) => `${k}=${typeof v === 'number' ? String(v) : v.join(',')}`,
    );
    const read = readParams(rule, words, paramContext(map, state));
    if (!read.ok) return err(read.error);
    measure = { kind: 'enact', rule: rule.id, settings: read.value };
  }
  const proposal: Proposal = {
    label: entry.label,
    player: entry.player,
    measure,
    origin: 'gm',
    text: entry.text,
  };
  return ok(
    withOwn(state, {
      ...own,
      ballot: inPlayerOrder(state, [...own.ballot, proposal]),
      queue: own.queue.filter((_, i) => i !== index),
      gmLog: [...own.gmLog, `(${entry.label}) "${entry.text}" → ${measureOrder(measure)}`],
    }),
  );
}

/**
 * The GM withholds a queued proposal: it counts as no proposal, so the player's default
 * re-proposal stands under its label instead (votes already cast for the label count for it), or
 * the label leaves the ballot if he has none. Its text is never published; a `reason`, if given,
 * is kept in the GM's public log.
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
  const ballot = withheldBallot(state, own, entry);
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
