/**
 * The ballot (rules 4-6, rulings 6-8, 10): each season's proposals, a default re-proposal for a
 * player who made none, free-text proposals set aside for the GM (withheld, they count as no
 * proposal and the default takes their place). And the text of the list of rules in effect.
 */
import type {
  GameEvent,
  HookContext,
  ModuleAction,
  RuleSetEntry,
  Submission,
  VariantState,
} from '@arbiter/engine';
import { findHouseRule, paramContext, readParams, type ParamContext } from './catalogue/index.js';
import { proposeData, type ProposeData } from './grammar.js';
import { measureText, negate, ruleHeadline } from './measures.js';
import {
  entryInForce,
  isOut,
  MODULE_ID,
  seasonWords,
  type GovernanceSettings,
  type GovernanceState,
  type Measure,
  type Proposal,
  type QueuedProposal,
} from './state.js';

const PUBLIC: GameEvent['audience'] = { kind: 'public' };
const GM: GameEvent['audience'] = { kind: 'gm' };

/** The settings of the rule-set entry of `rule` that is open at `phaseIndex`, if any. */
export function openSettings(
  ruleSet: readonly RuleSetEntry[],
  rule: string,
  phaseIndex: number,
): RuleSetEntry['settings'] | undefined {
  return ruleSet.find((e) => e.module === rule && (e.until === undefined || e.until > phaseIndex))
    ?.settings;
}

/**
 * The measure a catalogue proposal asks for, or undefined if it does not name a rule. Its
 * parameters are read against `params`: the game as it was when the proposal was checked.
 */
export function measureOf(
  ctx: Pick<HookContext<unknown>, 'map' | 'state'>,
  p: Exclude<ProposeData, { form: 'text' }>,
  params: ParamContext = paramContext(ctx.map, ctx.state),
): Measure | undefined {
  const rule = findHouseRule(p.rule);
  if (rule === undefined) return undefined;
  if (p.form === 'repeal') {
    const settings =
      openSettings(ctx.state.ruleSet, rule.id, ctx.state.phaseIndex) ?? rule.settings ?? {};
    return { kind: 'repeal', rule: rule.id, settings };
  }
  const read = readParams(rule, p.params, params);
  return read.ok ? { kind: 'enact', rule: rule.id, settings: read.value } : undefined;
}

/** Rule 5 / ruling 6: the last proposal again, or its negation if it passed. */
export function defaultMeasure(own: GovernanceState, player: string): Measure | undefined {
  const last = own.last[player];
  if (last === undefined) return undefined;
  return last.passed ? negate(last.measure) : last.measure;
}

/** A player's default proposal under his label (rule 5), or undefined if he has none. */
export function defaultProposal(
  own: GovernanceState,
  player: string,
  label: string,
): Proposal | undefined {
  const measure = defaultMeasure(own, player);
  return measure === undefined ? undefined : { label, player, measure, origin: 'default' };
}

/**
 * Ruling 8: a withheld free-text proposal counts as no proposal, so the proposer's default takes
 * its place on the ballot (under the same label), or nothing does if he has none. The ballot
 * comes back in player order.
 */
export function withheldBallot(
  state: VariantState,
  own: GovernanceState,
  q: QueuedProposal,
): Proposal[] {
  const instead = defaultProposal(own, q.player, q.label);
  return instead === undefined ? [...own.ballot] : inPlayerOrder(state, [...own.ballot, instead]);
}

/**
 * What a queued proposal's label stands for if the GM withholds it (ruling 8): "if withheld:
 * Repeal: No Convoy Rule: fleets may not convoy. [re-proposed by default]".
 */
export function ifWithheld(own: GovernanceState, q: QueuedProposal): string {
  const instead = defaultProposal(own, q.player, q.label);
  return instead === undefined
    ? `if withheld, (${q.label}) is no proposal`
    : `if withheld: ${measureText(instead.measure)} [re-proposed by default]`;
}

/** A ballot line: "(A) No Convoy Rule: fleets may not convoy." */
export function ballotLine(p: Proposal): string {
  const how = p.origin === 'default' ? ' [re-proposed by default]' : '';
  return `(${p.label}) ${measureText(p.measure)}${how}`;
}

/** Sorts proposals into player order. */
export function inPlayerOrder<T extends { readonly player: string }>(
  state: VariantState,
  list: readonly T[],
): T[] {
  const order = state.players.map((p) => p.id);
  return [...list].sort((a, b) => order.indexOf(a.player) - order.indexOf(b.player));
}

/**
 * The ballot for `season` from this phase's proposals (`S1902` after a Winter, `F1902` after a
 * Spring's moves), with defaults for those who proposed nothing and a GM queue for free text.
 * `params` is the game as the proposals were checked in it (the phase just played, before its
 * vote changed any rule), so that a proposal accepted then is read the same way now.
 */
export function formBallot(
  ctx: HookContext<GovernanceState, GovernanceSettings>,
  own: GovernanceState,
  submissions: readonly Submission[],
  season: string,
  params: ParamContext,
): { readonly own: GovernanceState; readonly events: readonly GameEvent[] } {
  const { state } = ctx;
  const settings = ctx.settings;
  const ballot: Proposal[] = [];
  const queue: QueuedProposal[] = [];
  const events: GameEvent[] = [];
  for (const p of state.players) {
    if (!settings.eliminatedMayPropose && isOut(state, p.id)) continue;
    const label = own.labels[p.id] ?? p.id;
    const written: ModuleAction | undefined = submissions
      .find((s) => s.player === p.id)
      ?.actions.find((a) => a.module === MODULE_ID && a.type === 'propose');
    if (written !== undefined) {
      const d = proposeData(written);
      if (d.form === 'text') {
        queue.push({ label, player: p.id, text: d.text });
        events.push(
          {
            type: 'deviant/awaiting-gm',
            audience: PUBLIC,
            text: `(${label}) proposed a rule in free text; it awaits the GM's ruling.`,
            data: { label, player: p.id },
          },
          {
            type: 'deviant/gm-queue',
            audience: GM,
            text: `(${label}) ${p.id} proposes: "${d.text}" — map it to a catalogue rule with its settings, or withhold it (then it counts as no proposal). Not ruled on by the vote, it is withheld.`,
            data: { label, player: p.id, text: d.text },
          },
        );
        continue;
      }
      const measure = measureOf(ctx, d, params);
      if (measure !== undefined) {
        ballot.push({ label, player: p.id, measure, origin: 'proposed' });
        continue;
      }
    }
    const instead = defaultProposal(own, p.id, label);
    if (instead !== undefined) ballot.push(instead);
  }
  const lines = [
    ...ballot.map(ballotLine),
    ...queue.map(
      (q) => `(${q.label}) [free text, awaiting the GM's ruling; ${ifWithheld(own, q)}]`,
    ),
  ];
  events.push({
    type: 'deviant/ballot',
    audience: PUBLIC,
    text:
      lines.length === 0
        ? `Proposals for the ${seasonWords(season)} vote: none.`
        : `Proposals for the ${seasonWords(season)} vote: ${lines.join(' ')}`,
    data: { season, labels: [...ballot.map((b) => b.label), ...queue.map((q) => q.label)] },
  });
  return { own: { ...own, ballot, ballotSeason: season, queue }, events };
}

/** The rules in force at a phase, one line each: "(A) No Convoy Rule: fleets may not convoy." */
export function rulesInEffect(ruleSet: readonly RuleSetEntry[], phaseIndex: number): string[] {
  return ruleSet
    .filter((e) => entryInForce(e, phaseIndex))
    .map((e) => {
      const h = ruleHeadline(e.module, e.settings);
      const who = e.label === undefined ? '' : `(${e.label}) `;
      return `${who}${h}`;
    });
}
