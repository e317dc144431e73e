/**
 * The Fink's state, its settings, and what the rest of the module reads from the game: who a
 * player is, how many centres they own, whether a power is eliminated.
 */
import {
  powersOf,
  setting,
  settingsSchema,
  type GameMap,
  type PlayerId,
  type Power,
  type ProvinceId,
  type SettingsOf,
  type Unit,
  type VariantState,
} from '@arbiter/engine';

/** The Fink: the player who turned, against which power, since when. */
export interface FinkSeat {
  readonly player: PlayerId;
  readonly victim: Power;
  /** The winter he became the Fink, or last chose a victim: `W1902A`. */
  readonly since: string;
  /** Set once the victim has been eliminated (ruling 11): the Fink has no targets. */
  readonly victimEliminated?: boolean;
}

/** One `FINK` order and what it did. */
export interface FinkOrderRecord {
  readonly phase: string;
  readonly province: ProvinceId;
  readonly victim: Power;
  /** `dislodged` and `destroyed` are successes (ruling 4); `no-effect` may be repeated. */
  readonly result: 'dislodged' | 'destroyed' | 'no-effect';
}

/** One request to turn Fink and what became of it. */
export interface RequestRecord {
  readonly phase: string;
  readonly against: Power;
  readonly result: 'became-fink' | 'new-victim' | 'failed';
}

/** The unit the Fink dislodged this spring; the Fink chooses its retreat. */
export interface PendingRetreat {
  readonly province: ProvinceId;
  readonly power: Power;
}

export interface FinkState {
  readonly fink: FinkSeat | null;
  /** Provinces each player finked successfully, kept for ever, sorted (rulings 4). */
  readonly history: Readonly<Record<PlayerId, readonly ProvinceId[]>>;
  /** Every `FINK` order each player gave, in order. */
  readonly orders: Readonly<Record<PlayerId, readonly FinkOrderRecord[]>>;
  /** Every request each player made, in order. */
  readonly requests: Readonly<Record<PlayerId, readonly RequestRecord[]>>;
  readonly pending: PendingRetreat | null;
}

export const INITIAL_STATE: FinkState = {
  fink: null,
  history: {},
  orders: {},
  requests: {},
  pending: null,
};

/** The module's settings (RULINGS.md §2.1 names them), with what each one does. */
export const FINK_SETTINGS = settingsSchema({
  // Ruling 12.
  phantomFink: setting.boolean(
    false,
    'Phantom Fink: the Fink keeps his status and keeps finking with no supply centres, even with no units, and no new Fink can arise meanwhile (otherwise he is eliminated in the first winter he owns no centre).',
  ),
  // Ruling 1.
  FINK_RETREATS_AFTER: setting.boolean(
    false,
    "Normal retreats go first and the Fink's retreat chooses from what is left (otherwise a Fink's retreat and a normal retreat into one province both fail).",
  ),
  // Ruling 7.
  FINK_NO_CONVOY: setting.boolean(
    false,
    "Other powers' convoys of the Fink's armies are void too, like their supports.",
  ),
  // Ruling 11.
  FINK_RETARGET: setting.boolean(
    false,
    'A Fink whose victim is eliminated may name a new victim in that winter or a later one.',
  ),
  // Ruling 3.
  FINK_RANDOM_RETREAT: setting.boolean(
    false,
    "Without a legal retreat from the Fink, a legal retreat is drawn at random and the owner's order is ignored.",
  ),
});

export type FinkSettings = SettingsOf<typeof FINK_SETTINGS>;

/** Supply centres owned by any of these powers. */
export function centresOf(state: VariantState, powers: readonly Power[]): number {
  let n = 0;
  for (const owner of Object.values(state.supplyCenters)) if (powers.includes(owner)) n += 1;
  return n;
}

/** A power is eliminated when it owns no supply centre (its units go in that winter). */
export function isEliminated(state: VariantState, power: Power): boolean {
  return centresOf(state, [power]) === 0;
}

/** The Fink's powers (empty when there is no Fink). */
export function finkPowers(state: VariantState, own: FinkState): readonly Power[] {
  return own.fink === null ? [] : powersOf(state, own.fink.player);
}

export function powerName(map: GameMap, power: Power): string {
  return map.spec.powers.find((p) => p.id === power)?.name ?? power;
}

export function provinceName(map: GameMap, province: ProvinceId): string {
  return map.province(province)?.name ?? province;
}

/** `AUS A tri`. */
export function unitKey(u: Unit): string {
  const l = u.location;
  const where = l.coast === undefined ? l.province : `${l.province}/${l.coast}`;
  return `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${where}`;
}

/** Adds an entry to a per-player list. */
export function append<T>(
  lists: Readonly<Record<PlayerId, readonly T[]>>,
  player: PlayerId,
  item: T,
): Record<PlayerId, readonly T[]> {
  return { ...lists, [player]: [...(lists[player] ?? []), item] };
}
