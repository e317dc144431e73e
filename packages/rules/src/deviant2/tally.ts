/**
 * The vote (rules 7-8, rulings 1-5): weighted votes, void and truncated votes, the count, ties
 * in a seeded order, and the passed measures written into the rule set from the season after.
 */
import type {
  GameEvent,
  HookContext,
  Ownership,
  PhaseReport,
  Power,
  RuleSetEntry,
  Submission,
} from '@arbiter/engine';
import { ballotLine, withheldBallot } from './ballot.js';
import { voteData, type VoteData } from './grammar.js';
import { applyMeasure, measureText } from './measures.js';
import {
  allowanceOf,
  MODULE_ID,
  seasonKey,
  seasonWords,
  type GovernanceSettings,
  type GovernanceState,
  type LastProposal,
  type Tally,
} from './state.js';

const PUBLIC: GameEvent['audience'] = { kind: 'public' };

/** Centre owners before this phase: the report's captures undone. */
export function ownersBefore(owners: Ownership, report: PhaseReport): Ownership {
  const back = new Map(report.captured.map((c) => [c.province, c.from]));
  const out: Record<string, Power> = {};
  for (const [province, owner] of Object.entries(owners)) {
    const was = back.has(province) ? back.get(province) : owner;
    if (was !== null && was !== undefined) out[province] = was;
  }
  for (const [province, was] of back) if (was !== null && !(province in out)) out[province] = was;
  return out;
}

/** Votes cast, as a short phrase: "4 for A, 1 for E". */
function phrase(votes: Readonly<Record<string, number>>): string {
  const parts = Object.entries(votes).map(([l, n]) => `${n} for ${l}`);
  return parts.length === 0 ? 'no votes' : parts.join(', ');
}

/**
 * Counts the vote of the season that `report` closes and applies what passed. `ruleSet` is the
 * rule set to change; the new one is returned.
 */
export function runTally(
  ctx: HookContext<GovernanceState, GovernanceSettings>,
  given: GovernanceState,
  ruleSet: readonly RuleSetEntry[],
  report: PhaseReport,
  submissions: readonly Submission[],
): {
  readonly own: GovernanceState;
  readonly ruleSet: readonly RuleSetEntry[];
  readonly events: readonly GameEvent[];
} {
  const { state, rng } = ctx;
  let own = given;
  const settings = ctx.settings;
  const season = seasonKey(report.phase);
  const words = seasonWords(season);
  const events: GameEvent[] = [];
  // Ruling 8: the ballot is fixed when its vote is counted. A free-text proposal the GM has not
  // ruled on by then is withheld now, and counts as no proposal: the proposer's default takes
  // its label (votes cast for the label count for it, as for a proposal the GM mapped), or the
  // label leaves the ballot, exactly as if he had proposed nothing.
  for (const q of own.queue) {
    const ballot = withheldBallot(state, own, q);
    const instead = ballot.find((b) => b.label === q.label);
    own = { ...own, ballot };
    events.push({
      type: 'deviant/withheld',
      audience: PUBLIC,
      text:
        `(${q.label}) was not ruled on by the GM before the ${words} vote: it is withheld and counts as no proposal, ` +
        (instead === undefined
          ? `and ${q.player} has no earlier proposal to stand instead, so votes for (${q.label}) are void.`
          : `so ${q.player}'s default stands instead: ${ballotLine(instead)}`),
      data: { label: q.label, player: q.player, default: instead !== undefined },
    });
  }
  own = { ...own, queue: [] };
  const labels = own.ballot.map((p) => p.label);
  if (labels.length === 0) {
    events.push({
      type: 'deviant/tally',
      audience: PUBLIC,
      text: `${words} vote: nothing on the ballot.`,
      data: { season, totals: {} },
    });
    const tally: Tally = { season, totals: {}, votes: {}, void: [], passed: [], effective: null };
    return {
      own: { ...own, ballot: [], ballotSeason: null, queue: [], lastTally: tally },
      ruleSet,
      events,
    };
  }

  const owners = ownersBefore(state.supplyCenters, report);
  const votingPhase = state.phaseIndex - 1;
  const totals: Record<string, number> = Object.fromEntries(labels.map((l) => [l, 0]));
  const counted: Record<string, Record<string, number>> = {};
  const voided: string[] = [];
  for (const p of state.players) {
    const allowed = allowanceOf(state, own, p.id, votingPhase, owners);
    const cast: VoteData[] = (submissions.find((s) => s.player === p.id)?.actions ?? [])
      .filter((a) => a.module === MODULE_ID && a.type === 'vote')
      .map(voteData);
    let kept: VoteData[] = cast;
    const sum = cast.reduce((n, v) => n + v.count, 0);
    if (cast.length === 0) {
      const mine = own.ballot.find((b) => b.player === p.id);
      if (settings.lewDefaultVote && mine !== undefined && allowed > 0) {
        kept = [{ count: allowed, label: mine.label }];
      }
    } else if (sum > allowed) {
      if (settings.overVote === 'void') {
        kept = [];
        voided.push(p.id);
        events.push({
          type: 'deviant/votes-void',
          audience: PUBLIC,
          text: `${p.id} cast ${sum} votes with ${allowed} allowed: all of ${p.id}'s votes are void.`,
          data: { player: p.id, code: 'deviant/too-many-votes', cast: sum, allowed },
        });
      } else {
        let left = allowed;
        kept = [];
        for (const v of cast) {
          const n = Math.min(v.count, left);
          if (n > 0) kept.push({ count: n, label: v.label });
          left -= n;
        }
        events.push({
          type: 'deviant/votes-truncated',
          audience: PUBLIC,
          text: `${p.id} cast ${sum} votes with ${allowed} allowed: only the first ${allowed}, in the order written, count.`,
          data: { player: p.id, code: 'deviant/too-many-votes', cast: sum, allowed },
        });
      }
    }
    const mine: Record<string, number> = {};
    for (const v of kept) {
      if (!labels.includes(v.label)) {
        events.push({
          type: 'deviant/vote-void',
          audience: PUBLIC,
          text: `${p.id}'s ${v.count} vote${v.count === 1 ? '' : 's'} for (${v.label}) ${v.count === 1 ? 'is' : 'are'} void: (${v.label}) is not on the ballot.`,
          data: { player: p.id, label: v.label, count: v.count },
        });
        continue;
      }
      mine[v.label] = (mine[v.label] ?? 0) + v.count;
      totals[v.label] = totals[v.label]! + v.count;
    }
    if (cast.length > 0 || Object.keys(mine).length > 0) counted[p.id] = mine;
  }

  const max = Math.max(...labels.map((l) => totals[l]!));
  const winners =
    max >= 1 ? labels.filter((l) => totals[l] === max) : settings.zeroTiePasses ? labels : [];
  const passed = winners.length > 1 ? rng.shuffle(winners) : winners;
  // A Spring vote takes effect from Fall, a Fall vote from Winter: the first phase after this
  // season's retreats, whichever phases are held.
  const from = state.phaseIndex + (state.phase.season === report.phase.season ? 1 : 0);
  const effective = `${report.phase.season === 'spring' ? 'F' : 'W'}${report.phase.year}`;

  events.push(
    {
      type: 'deviant/votes',
      audience: PUBLIC,
      text: `${words} votes: ${
        Object.keys(counted).length === 0
          ? 'nobody voted'
          : Object.entries(counted)
              .map(([pl, v]) => `${pl} ${phrase(v)}`)
              .join('; ')
      }.`,
      data: { season, votes: counted },
    },
    {
      type: 'deviant/tally',
      audience: PUBLIC,
      text: `${words} vote: ${labels.map((l) => `${l} = ${totals[l]!}`).join(', ')}.`,
      data: { season, totals },
    },
  );

  let rules = ruleSet;
  let superseded = own.superseded;
  for (const label of passed) {
    const proposal = own.ballot.find((b) => b.label === label)!;
    const r = applyMeasure(rules, superseded, proposal.measure, label, from);
    rules = r.ruleSet;
    superseded = r.superseded;
    const note =
      r.note === 'unchanged'
        ? ' (it was already in force, so nothing changes)'
        : r.note === 'not-in-force'
          ? ' (the rule is not in force, so nothing changes)'
          : r.note === 'restored'
            ? ' (the settings it replaced are restored)'
            : r.note === 'replaced'
              ? ' (it replaces the settings in force)'
              : '';
    events.push({
      type: 'deviant/passed',
      audience: PUBLIC,
      text: `(${label}) passes with ${totals[label]!} vote${totals[label] === 1 ? '' : 's'}: ${measureText(proposal.measure)} In effect from ${seasonWords(effective)}${note}.`,
      data: { label, season, effective, rule: proposal.measure.rule, kind: proposal.measure.kind },
    });
  }
  if (passed.length === 0) {
    events.push({
      type: 'deviant/no-rule-passed',
      audience: PUBLIC,
      text: `${words} vote: no rule passes (a rule needs at least 1 vote).`,
    });
  }
  const last: Record<string, LastProposal> = { ...own.last };
  for (const b of own.ballot)
    last[b.player] = { measure: b.measure, passed: passed.includes(b.label) };
  const tally: Tally = {
    season,
    totals,
    votes: counted,
    void: voided,
    passed,
    effective: passed.length === 0 ? null : effective,
  };
  return {
    own: { ...own, ballot: [], ballotSeason: null, queue: [], last, superseded, lastTally: tally },
    ruleSet: rules,
    events,
  };
}
