/**
 * The governance module's state and the small facts it is built from: labels, seasons, who may
 * take part, vote allowances and the rules in force.
 */
import {
  setting,
  settingsSchema,
  type GameMap,
  type Ownership,
  type Phase,
  type PlayerId,
  type PlayerSetup,
  powersOf,
  type RuleSetEntry,
  type SettingsOf,
  type VariantState,
} from '@arbiter/engine';
import { ONE_VOTE_PER_POWER, type Settings } from './catalogue/index.js';

export const MODULE_ID = 'deviant';

/**
 * What a proposal does if it passes: a house rule of the catalogue is enacted with settings, or
 * repealed (its `settings` are what a later negation re-enacts). Every measure is a catalogue
 * rule: ruling 8 maps free text to one or withholds it.
 */
export interface Measure {
  readonly kind: 'enact' | 'repeal';
  readonly rule: string;
  readonly settings: Settings;
}

/** A proposal on the ballot, labelled by its proposer's initial. */
export interface Proposal {
  readonly label: string;
  readonly player: PlayerId;
  readonly measure: Measure;
  /** Written by the player, re-proposed by default (rule 5), or free text the GM mapped. */
  readonly origin: 'proposed' | 'default' | 'gm';
  /** The free text as written, for a proposal the GM mapped. */
  readonly text?: string;
}

/**
 * A free-text proposal waiting for the GM to map it to a rule, or to withhold it. Withheld (by the
 * GM, or because it is still waiting when its vote is counted) it counts as no proposal.
 */
export interface QueuedProposal {
  readonly label: string;
  readonly player: PlayerId;
  readonly text: string;
}

/** A player's last proposal on a ballot, and whether it passed (for rule 5's default). */
export interface LastProposal {
  readonly measure: Measure;
  readonly passed: boolean;
}

/** A season's vote, as published. */
export interface Tally {
  /** `S1902`. */
  readonly season: string;
  /** Votes counted per ballot label (every label, zeros included). */
  readonly totals: Readonly<Record<string, number>>;
  /** Each player's counted votes, per label. */
  readonly votes: Readonly<Record<PlayerId, Readonly<Record<string, number>>>>;
  /** Players whose votes were all void (ruling 3). */
  readonly void: readonly PlayerId[];
  /** Labels that passed, in the order they were applied (ties: seeded order, ruling 5). */
  readonly passed: readonly string[];
  /** The season they take effect: `F1902`, or null if nothing passed. */
  readonly effective: string | null;
}

export interface GovernanceState {
  /** Each player's label: the initial of its power, or the power's id where initials clash. */
  readonly labels: Readonly<Record<PlayerId, string>>;
  /** The proposals to be voted on next, in player order. */
  readonly ballot: readonly Proposal[];
  /** The season whose vote decides the ballot (`S1902`), or null when there is none. */
  readonly ballotSeason: string | null;
  /** Free-text proposals awaiting the GM (ruling 8). */
  readonly queue: readonly QueuedProposal[];
  readonly last: Readonly<Record<PlayerId, LastProposal>>;
  /**
   * Votes per player, fixed when a Fall ends (centres owned then); null until the first Fall has
   * ended, when the centres owned before the phase count (the starting centres, ruling 1).
   */
  readonly allowance: Readonly<Record<PlayerId, number>> | null;
  /** Per rule, the settings (and label) an enactment replaced, restored by its repeal. */
  readonly superseded: Readonly<Record<string, readonly SupersededEntry[]>>;
  readonly lastTally: Tally | null;
  /** What the GM did with free-text proposals, one line each. */
  readonly gmLog: readonly string[];
}

export interface SupersededEntry {
  readonly settings: Settings;
  readonly label?: string;
}

/** The governance module's options (ruling options of RULINGS §2.2), with what each one does. */
export const GOVERNANCE_SETTINGS = settingsSchema({
  // Ruling 3.
  overVote: setting.choice(
    'void',
    ['void', 'truncate'],
    'Votes beyond the allowance: "void" voids all of that player\'s votes; "truncate" counts them in the order written until the allowance runs out.',
  ),
  // Ruling 2 option LEW_DEFAULT_VOTE.
  lewDefaultVote: setting.boolean(
    false,
    'A player who casts no votes casts them all for his own proposal, if it is on the ballot (otherwise he abstains).',
  ),
  // Ruling 4 option.
  zeroTiePasses: setting.boolean(
    false,
    'When nobody votes for anything, every rule on the ballot passes.',
  ),
  // Ruling 7 option.
  eliminatedMayPropose: setting.boolean(
    false,
    'A player with no centre and no unit may still propose (and gets defaults).',
  ),
});

export type GovernanceSettings = SettingsOf<typeof GOVERNANCE_SETTINGS>;

/** Labels: each player's first power's initial; if any two initials clash, power ids. */
export function makeLabels(
  map: GameMap,
  players: readonly PlayerSetup[],
): Record<PlayerId, string> {
  const initials = map.spec.powers.map((p) => p.name.charAt(0).toUpperCase());
  const clash = new Set(initials).size !== initials.length;
  const out: Record<PlayerId, string> = {};
  for (const p of players) {
    const power = p.powers[0];
    if (power === undefined) {
      out[p.id] = p.id.toUpperCase();
      continue;
    }
    const spec = map.spec.powers.find((s) => s.id === power);
    out[p.id] =
      clash || spec === undefined ? power.toUpperCase() : spec.name.charAt(0).toUpperCase();
  }
  return out;
}

export function initialState(map: GameMap, players: readonly PlayerSetup[]): GovernanceState {
  return {
    labels: makeLabels(map, players),
    ballot: [],
    ballotSeason: null,
    queue: [],
    last: {},
    allowance: null,
    superseded: {},
    lastTally: null,
    gmLog: [],
  };
}

const SEASON_LETTER = { spring: 'S', fall: 'F', winter: 'W' } as const;
const SEASON_WORD = { S: 'Spring', F: 'Fall', W: 'Winter' } as const;

/** `S1902` for any phase of Spring 1902. */
export function seasonKey(phase: Pick<Phase, 'year' | 'season'>): string {
  return `${SEASON_LETTER[phase.season]}${phase.year}`;
}

/** `Spring 1902` for `S1902`. */
export function seasonWords(key: string): string {
  const letter = key.charAt(0) as keyof typeof SEASON_WORD;
  return `${SEASON_WORD[letter]} ${key.slice(1)}`;
}

/** Whether a rule-set entry governs the phase with this index. */
export function entryInForce(e: RuleSetEntry, phaseIndex: number): boolean {
  return e.from <= phaseIndex && (e.until === undefined || e.until > phaseIndex);
}

/** The rule-set entries in force at a phase, in rule-set order. */
export function inForce(state: VariantState, phaseIndex = state.phaseIndex): RuleSetEntry[] {
  return state.ruleSet.filter((e) => entryInForce(e, phaseIndex));
}

/** Rule 7: a player with no supply centre and no unit takes no part. */
export function isOut(
  state: VariantState,
  player: PlayerId,
  owners = state.supplyCenters,
): boolean {
  const powers = powersOf(state, player);
  // The units first: nearly every player has one, and the centres' record is a dictionary whose
  // values were listed afresh each time (asked of every player for every line and ballot).
  return (
    !state.units.some((u) => powers.includes(u.power)) &&
    !Object.values(owners).some((o) => powers.includes(o))
  );
}

/** Votes per player from centre ownership: one per centre, or one per power still in the game. */
export function votesFrom(
  state: VariantState,
  owners: Ownership,
  onePerPower: boolean,
): Record<PlayerId, number> {
  const counts: Record<string, number> = {};
  for (const o of Object.values(owners)) counts[o] = (counts[o] ?? 0) + 1;
  const out: Record<PlayerId, number> = {};
  for (const p of state.players) {
    out[p.id] = onePerPower
      ? p.powers.filter((w) => (counts[w] ?? 0) > 0 || state.units.some((u) => u.power === w))
          .length
      : p.powers.reduce((sum, w) => sum + (counts[w] ?? 0), 0);
  }
  return out;
}

/**
 * A player's votes in the vote taken at phase `phaseIndex`: the centres he owned at the end of
 * the previous Fall (rule 7), or one per power under ONE_VOTE_PER_POWER. `owners` is the
 * ownership before this phase, used until a Fall has ended (the starting centres, ruling 1).
 */
export function allowanceOf(
  state: VariantState,
  own: GovernanceState,
  player: PlayerId,
  phaseIndex: number,
  owners: Ownership,
): number {
  if (inForce(state, phaseIndex).some((e) => e.module === ONE_VOTE_PER_POWER)) {
    return votesFrom(state, owners, true)[player] ?? 0;
  }
  if (own.allowance !== null) return own.allowance[player] ?? 0;
  return votesFrom(state, owners, false)[player] ?? 0;
}
