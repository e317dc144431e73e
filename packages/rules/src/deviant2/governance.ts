/**
 * The Deviant Diplomacy II governance module: proposals in Winter and Spring, weighted votes in
 * Spring and Fall, the tally, the rule set, the GM's queue, the list of rules in effect, and
 * victory by a majority of the existing centres. README.md beside this file is the full account.
 */
import {
  centerCounts,
  controllersOf,
  defineModule,
  holdEveryWinter,
  supplyCentersOf,
  phaseName,
  type GameEvent,
  type HookContext,
  type ModuleAction,
  type PlayerId,
  type RuleSetEntry,
  type VariantState,
  type Viewer,
} from '@arbiter/engine';
import { ballotLine, formBallot, ifWithheld, openSettings, rulesInEffect } from './ballot.js';
import {
  displayRuleId,
  findHouseRule,
  HOUSE_RULES,
  paramContext,
  readParams,
  type HouseRule,
} from './catalogue/index.js';
import { formatDeviantAction, parseDeviantAction, proposeData, voteData } from './grammar.js';
import {
  allowanceOf,
  GOVERNANCE_SETTINGS,
  initialState,
  isOut,
  MODULE_ID,
  seasonKey,
  seasonWords,
  votesFrom,
  type GovernanceSettings,
  type GovernanceState,
  type Tally,
} from './state.js';
import { runTally } from './tally.js';

type Problem = { readonly code: string; readonly message: string } | undefined;

const rejection = (code: string, message: string): Problem => ({ code, message });

function checkAction(
  ctx: HookContext<GovernanceState, GovernanceSettings>,
  player: PlayerId,
  action: ModuleAction,
  earlier: readonly ModuleAction[],
): Problem {
  const { state, own, map } = ctx;
  const settings = ctx.settings;
  const { season, type } = state.phase;
  const when = seasonWords(seasonKey(state.phase));
  if (action.type === 'propose') {
    if (season === 'fall') {
      return rejection(
        'deviant/wrong-season',
        `proposals are made in Winter (for the Spring vote) and Spring (for the Fall vote), not in ${when}`,
      );
    }
    if (type === 'retreat') {
      return rejection(
        'deviant/wrong-phase',
        'proposals go with the Spring orders, not with retreats',
      );
    }
    if (!settings.eliminatedMayPropose && isOut(state, player)) {
      return rejection(
        'deviant/no-say',
        `${player} has no supply centre and no unit, and may not propose`,
      );
    }
    if (earlier.some((a) => a.type === 'propose')) {
      return rejection(
        'deviant/one-proposal',
        'one proposal per player per season; the first one stands',
      );
    }
    const p = proposeData(action);
    if (p.form === 'text') return undefined;
    const rule = findHouseRule(p.rule);
    if (rule === undefined) {
      return rejection(
        'deviant/unknown-rule',
        `no house rule "${p.rule}" in the catalogue (${HOUSE_RULES.map((r) => displayRuleId(r.id)).join(', ')}); propose anything else as "free text" for the GM`,
      );
    }
    if (p.form === 'rule') {
      const read = readParams(rule, p.params, paramContext(map, state));
      if (!read.ok) return rejection(read.error.code, read.error.message);
    }
    return undefined;
  }
  // A vote.
  if (season === 'winter') {
    return rejection('deviant/wrong-season', `votes are cast in Spring and Fall, not in ${when}`);
  }
  if (type === 'retreat') {
    return rejection('deviant/wrong-phase', 'votes go with the movement orders, not with retreats');
  }
  if (isOut(state, player)) {
    return rejection(
      'deviant/no-say',
      `${player} has no supply centre and no unit, and may not vote`,
    );
  }
  const v = voteData(action);
  const labels = [...own.ballot.map((b) => b.label), ...own.queue.map((q) => q.label)];
  if (!labels.includes(v.label)) {
    return rejection(
      'deviant/unknown-label',
      labels.length === 0
        ? `there is nothing on the ${when} ballot to vote for`
        : `there is no proposal (${v.label}) on the ${when} ballot; it has ${labels.map((l) => `(${l})`).join(', ')}`,
    );
  }
  // A player with no votes at all may not vote. A line (or lines) casting more votes than he
  // has is accepted here and judged at the tally, where ruling 3 voids all of his votes (or,
  // with `overVote: "truncate"`, cuts them to fit): refusing the one oversized line would let
  // his other lines stand, which the ruling forbids.
  const allowed = allowanceOf(state, own, player, state.phaseIndex, state.supplyCenters);
  if (allowed === 0)
    return rejection('deviant/too-many-votes', `${player} has no votes in ${when}`);
  return undefined;
}

/** The public view: the ballot, the queue (text only for its proposer), tallies, the rules. */
export interface GovernanceView {
  readonly labels: Readonly<Record<PlayerId, string>>;
  readonly ballotSeason: string | null;
  readonly ballot: readonly string[];
  readonly awaitingGm: readonly string[];
  /** Votes each player has in the next vote. */
  readonly allowance: Readonly<Record<PlayerId, number>>;
  readonly lastTally: Tally | null;
  readonly rulesInEffect: readonly string[];
  readonly gmLog: readonly string[];
}

function view(own: GovernanceState, viewer: Viewer, state: VariantState): GovernanceView {
  const allowance: Record<PlayerId, number> = {};
  for (const p of state.players) {
    allowance[p.id] = allowanceOf(state, own, p.id, state.phaseIndex, state.supplyCenters);
  }
  return {
    labels: own.labels,
    ballotSeason: own.ballotSeason,
    ballot: own.ballot.map(ballotLine),
    // The text stays with its proposer until the GM maps it (ruling 8); everyone learns what the
    // label will stand for if the GM withholds it.
    awaitingGm: own.queue.map((q) =>
      viewer.kind === 'player' && viewer.player === q.player
        ? `(${q.label}) "${q.text}" awaits the GM's ruling; ${ifWithheld(own, q)}`
        : `(${q.label}) awaits the GM's ruling; ${ifWithheld(own, q)}`,
    ),
    allowance,
    lastTally: own.lastTally,
    rulesInEffect: rulesInEffect(state.ruleSet, state.phaseIndex),
    gmLog: own.gmLog,
  };
}

/**
 * Parameters a random player proposes a rule with, half the time (always for a rule that names
 * provinces: one it may name), or undefined to take the defaults.
 */
function randomParams(ctx: HookContext<GovernanceState>, rule: HouseRule): string | undefined {
  const { state, rng, map } = ctx;
  const named = rule.params.some((p) => p.kind === 'provinces');
  if (rule.params.length === 0 || (!named && rng.next() >= 0.5)) return undefined;
  const pc = paramContext(map, state);
  const words: string[] = [];
  for (const p of rule.params) {
    if (p.kind === 'provinces') {
      const pick = rng.pick(map.provinces.filter((x) => p.check(x, pc) === undefined));
      if (pick === undefined) return undefined;
      words.push(`${p.name}=${pick.id}`);
      continue;
    }
    const max = typeof p.max === 'number' ? p.max : p.max(pc);
    // Keep random games playable: small build caps and high victory counts.
    const lo = p.name === 'centres' ? Math.max(p.min, max - 3) : p.min;
    words.push(`${p.name}=${lo + rng.int(Math.min(max, lo + 3) - lo + 1)}`);
  }
  return words.join(' ');
}

/** A random player's lines: a proposal now and then, and its votes spread over the ballot. */
function randomActions(ctx: HookContext<GovernanceState>, player: PlayerId): readonly string[] {
  const { state, own, rng } = ctx;
  const { season, type } = state.phase;
  if (isOut(state, player) || type === 'retreat') return [];
  const lines: string[] = [];
  if ((season === 'winter' || season === 'spring') && rng.next() < 0.6) {
    const rule: HouseRule | undefined = rng.pick(HOUSE_RULES);
    if (rule !== undefined) {
      const open = openSettings(state.ruleSet, rule.id, state.phaseIndex) !== undefined;
      if (open) lines.push(`PROPOSE REPEAL ${displayRuleId(rule.id)}`);
      else {
        const params = randomParams(ctx, rule);
        if (params !== undefined) lines.push(`PROPOSE ${displayRuleId(rule.id)} ${params}`);
        else if (!rule.params.some((p) => p.kind === 'provinces')) {
          lines.push(`PROPOSE ${displayRuleId(rule.id)}`);
        }
      }
    }
  }
  if ((season === 'spring' || season === 'fall') && own.ballot.length > 0) {
    const allowed = allowanceOf(state, own, player, state.phaseIndex, state.supplyCenters);
    if (allowed > 0 && rng.next() < 0.9) {
      const first = rng.pick(own.ballot)!.label;
      const n = 1 + rng.int(allowed);
      lines.push(`VOTE ${n} FOR ${first}`);
      const second = rng.pick(own.ballot)!.label;
      if (n < allowed && rng.next() < 0.5) lines.push(`${allowed - n} votes for Rule ${second}`);
    }
  }
  return lines;
}

export const deviantGovernance = defineModule<GovernanceState, GovernanceSettings>({
  id: MODULE_ID,
  headline:
    'Deviant Diplomacy II: players propose rules in Winter and Spring and vote on them in Spring and Fall, one vote per supply centre.',
  schema: GOVERNANCE_SETTINGS,
  init: (map, setup) => initialState(map, setup.players),
  parseAction: (text) => parseDeviantAction(text),
  formatAction: (action) => formatDeviantAction(action),
  checkAction,
  // Every year has its Winter: it is when players propose the Spring rules.
  plan: holdEveryWinter,
  afterPhase: (ctx, report, submissions) => {
    const { state } = ctx;
    let own = ctx.own;
    let ruleSet: readonly RuleSetEntry[] = state.ruleSet;
    const events: GameEvent[] = [];
    const rp = report.phase;
    if (rp.type === 'movement') {
      const t = runTally(ctx, own, ruleSet, report, submissions);
      own = t.own;
      ruleSet = t.ruleSet;
      events.push(...t.events);
    }
    if (rp.type === 'adjustment' || (rp.type === 'movement' && rp.season === 'spring')) {
      const season = rp.type === 'adjustment' ? `S${rp.year + 1}` : `F${rp.year}`;
      // Proposals were checked in the phase just played, before this vote changed any rule.
      const params = paramContext(ctx.map, { ...state, phaseIndex: state.phaseIndex - 1 });
      const b = formBallot(
        { ...ctx, state: { ...state, ruleSet } },
        own,
        submissions,
        season,
        params,
      );
      own = b.own;
      events.push(...b.events);
    }
    if (rp.season === 'fall' && state.phase.season !== 'fall') {
      own = { ...own, allowance: votesFrom(state, state.supplyCenters, false) };
    }
    const rules = rulesInEffect(ruleSet, state.phaseIndex);
    const next = seasonWords(seasonKey(state.phase));
    events.push({
      type: 'deviant/rules',
      audience: { kind: 'public' },
      text:
        rules.length === 0
          ? `Rules in effect in ${next} (${phaseName(state.phase)}): the standard rules only.`
          : `Rules in effect in ${next} (${phaseName(state.phase)}): ${rules.join(' ')}`,
      data: { rules },
    });
    return { own, events, game: { ruleSet } };
  },
  // Ruling 9: a majority of the centres that exist now (rule 9), whatever rules made or unmade.
  victory: ({ map, state }) => {
    const centers = supplyCentersOf(map, state);
    const counts = centerCounts(map, state.supplyCenters);
    const power = map.powers.find((p) => counts[p]! >= centers.victory);
    if (power === undefined) return undefined;
    return {
      winners: controllersOf(state, power),
      reason: `${power} owns ${counts[power]!} of the ${centers.provinces.length} supply centres, a majority: ${power} wins.`,
    };
  },
  view,
  randomActions,
});
