/**
 * One dips budget for every spend (RULINGS.md §2.5, rulings 1-5): each Spring and Fall movement
 * turn a major has 6 dips and a minor 4, spent in the order written and lost if unspent. A spend
 * the budget cannot pay, or a dip support over its quota, is refused and costs nothing; the
 * player's other spends and orders stand. `settle` is the one place this is decided, both when a
 * submission is checked and when the phase is processed, so the two never disagree.
 */
import {
  controllersOf,
  phaseName,
  powersOf,
  Recent,
  settingDefaults,
  settingsSchema,
  setting,
  type GameMap,
  type ModuleAction,
  type PlayerId,
  type Power,
  type SettingsOf,
  type VariantState,
} from '@arbiter/engine';
import { COST, DIPS_ID, formatSpend, PRESS_ID } from './grammar.js';

export const DIPS_SETTINGS = settingsSchema({
  MAJOR_DIPS: setting.integer(6, { min: 0, max: 99 }, 'Dips a major power receives each turn.'),
  MINOR_DIPS: setting.integer(4, { min: 0, max: 99 }, 'Dips a minor power receives each turn.'),
  HOLD_QUOTA: setting.integer(
    5,
    { min: 0, max: 99 },
    'Dip supports of a hold a power may buy in the quota window.',
  ),
  MOVE_QUOTA: setting.integer(
    2,
    { min: 0, max: 99 },
    'Dip supports of a move a power may buy in the quota window.',
  ),
  QUOTA_TURNS: setting.integer(5, { min: 1, max: 99 }, 'Movement turns in the quota window.'),
  QUOTA_WINDOW: setting.choice(
    'rolling',
    ['rolling', 'blocks'],
    'rolling: any run of QUOTA_TURNS consecutive movement turns (ruling 3); blocks: fixed blocks of QUOTA_TURNS turns from the first.',
  ),
});

export type DipsSettings = SettingsOf<typeof DIPS_SETTINGS>;

/** A power's class: a major buys supports and has more dips. */
export type PowerClass = 'major' | 'minor';

/** Dip supports a power bought in one movement turn, by kind. */
export interface QuotaUse {
  readonly turn: number;
  readonly hold: number;
  readonly move: number;
}

/** A dip support paid for this turn, as the kernel needs it. */
export interface PaidSupport {
  readonly payer: Power;
  readonly province: string;
  readonly kind: 'hold' | 'move';
  readonly to?: string;
}

/** One spend as settled: what it was, who paid, what it cost, or why it was refused. */
export interface Spend {
  readonly player: PlayerId;
  /** The power that pays (null when none of the player's powers could). */
  readonly payer: Power | null;
  readonly type: string;
  /** The spend in canonical notation (a message's text included: secret to its payer). */
  readonly text: string;
  /** Dips charged: the cost, or 0 when refused. */
  readonly dips: number;
  readonly refused?: { readonly code: string; readonly message: string };
  readonly data: Readonly<Record<string, unknown>>;
}

/** The dips module's state; other modules read it only through the selectors below. */
export interface DipsState {
  /** Each power's class, from the variant's table (or the map's data). */
  readonly classes: Readonly<Record<Power, PowerClass>>;
  /** The index of the current (or next) movement turn, from 0. */
  readonly turn: number;
  /** Dip supports bought in recent turns, per power (only what the quota window still needs). */
  readonly history: Readonly<Record<Power, readonly QuotaUse[]>>;
  /** The last movement turn's spends, paid and refused, in the order written. */
  readonly ledger: readonly Spend[];
  /** The phase `ledger` belongs to (`S1880M`). */
  readonly ledgerPhase: string | null;
  /** The supports paid for this turn. */
  readonly supports: readonly PaidSupport[];
}

/** The dips module's state in a game (selector for the press module and the tests). */
export function dipsState(state: VariantState): DipsState {
  return state.modules[DIPS_ID] as DipsState;
}

/** The dips module's settings with none given: every default. */
const DIPS_DEFAULTS: DipsSettings = settingDefaults(DIPS_SETTINGS);

/**
 * The settings each game's stored settings come to, for the last few games asked about: every
 * spend of every player asks for them (they were a tenth of a Fin de Siecle game's time, the
 * schema's defaults made afresh each time).
 */
const SETTINGS = new Recent<object, DipsSettings>(8);

/** The dips module's settings in a game, with every default filled in. */
export function dipsSettings(state: VariantState): DipsSettings {
  const given = state.settings[DIPS_ID];
  if (given === undefined) return DIPS_DEFAULTS;
  let s = SETTINGS.get(given);
  if (s === undefined) {
    s = { ...DIPS_DEFAULTS, ...given };
    SETTINGS.set(given, s);
  }
  return s;
}

/** A power's dips for one turn. */
export function budgetOf(state: VariantState, power: Power): number {
  const s = dipsSettings(state);
  return dipsState(state).classes[power] === 'minor' ? s.MINOR_DIPS : s.MAJOR_DIPS;
}

/** Dip supports of each kind a power bought in the quota window that holds `turn`, before it. */
export function quotaUsed(state: VariantState, power: Power, turn: number): QuotaUse {
  const s = dipsSettings(state);
  const n = s.QUOTA_TURNS;
  const inWindow = (t: number): boolean =>
    t < turn &&
    (s.QUOTA_WINDOW === 'rolling' ? t > turn - n : Math.floor(t / n) === Math.floor(turn / n));
  let hold = 0;
  let move = 0;
  for (const u of dipsState(state).history[power] ?? []) {
    if (!inWindow(u.turn)) continue;
    hold += u.hold;
    move += u.move;
  }
  return { turn, hold, move };
}

/** What a power has for the current turn: dips, and dip supports left in the quota window. */
export interface DipStatus {
  readonly power: Power;
  readonly dips: number;
  readonly holdLeft: number;
  readonly moveLeft: number;
}

export function dipStatus(state: VariantState, power: Power): DipStatus {
  const s = dipsSettings(state);
  const used = quotaUsed(state, power, dipsState(state).turn);
  const major = dipsState(state).classes[power] !== 'minor';
  return {
    power,
    dips: budgetOf(state, power),
    holdLeft: major ? Math.max(0, s.HOLD_QUOTA - used.hold) : 0,
    moveLeft: major ? Math.max(0, s.MOVE_QUOTA - used.move) : 0,
  };
}

/** Whether an action is a dip spend. */
export function isSpend(a: ModuleAction): boolean {
  return a.module === DIPS_ID || a.module === PRESS_ID;
}

/**
 * Settles a player's spends in the order written: each is paid from its payer's budget or
 * refused with a stable code, and refused spends cost nothing. Actions of other modules are
 * skipped. Pure: the same board and actions give the same ledger at submission and processing.
 */
export function settle(
  map: GameMap,
  state: VariantState,
  player: PlayerId,
  actions: readonly ModuleAction[],
): Spend[] {
  const own = dipsState(state);
  const s = dipsSettings(state);
  const mine = powersOf(state, player);
  const spent = new Map<Power, number>();
  const bought = new Map<Power, { hold: number; move: number }>();
  const out: Spend[] = [];
  for (const a of actions) {
    if (!isSpend(a)) continue;
    const d = a.data;
    const named = typeof d['payer'] === 'string' ? d['payer'] : null;
    const cost = Number(d['dips']);
    const major = (p: Power): boolean => own.classes[p] !== 'minor';
    const payer =
      named ?? (a.type === 'support' ? (mine.find(major) ?? mine[0] ?? null) : (mine[0] ?? null));
    const actionType = a.type;
    const text = formatSpend(a);
    // The spends are written out, not spread and added to (V8's slow path for that literal cost
    // a twentieth of a Fin de Siecle game: every spend is settled again with each later one).
    const refuse = (code: string, message: string): void => {
      out.push({
        player,
        payer,
        type: actionType,
        text,
        data: d,
        dips: 0,
        refused: { code, message },
      });
    };
    if (state.phase.type !== 'movement') {
      refuse(
        'fds-dips/not-a-movement-turn',
        `dips are spent in Spring and Fall movement turns, not in ${phaseName(state.phase)}`,
      );
      continue;
    }
    const unknown = (d['unknown'] as readonly string[] | undefined) ?? [];
    if (unknown.length > 0) {
      refuse(
        `${a.module}/unknown-power`,
        `${unknown.map((u) => `"${u}"`).join(', ')}: no such power (${map.powers.join(', ')})`,
      );
      continue;
    }
    if (payer === null) {
      refuse('fds-dips/no-power', `${player} runs no power, so has no dips`);
      continue;
    }
    if (!mine.includes(payer)) {
      refuse('fds-dips/not-your-power', `${player} does not run ${payer}`);
      continue;
    }
    let kind: 'hold' | 'move' | undefined;
    if (a.type === 'support') {
      if (!major(payer)) {
        refuse('fds-dips/minor-power', `${payer} is a minor power: only majors buy dip supports`);
        continue;
      }
      if (d['written'] !== undefined && d['written'] !== COST.support) {
        refuse(
          'fds-dips/cost',
          `a dip support costs ${COST.support} dips, not ${Number(d['written'])}`,
        );
        continue;
      }
      const type = d['unitType'] === 'F' ? 'fleet' : 'army';
      const unit = state.units.find((u) => u.location.province === d['province']);
      if (unit?.type !== type) {
        refuse(
          'fds-dips/no-unit',
          `there is no ${String(d['unitType'])} in ${String(d['province']).toUpperCase()}`,
        );
        continue;
      }
      if (d['owner'] !== null && d['owner'] !== unit.power) {
        refuse(
          'fds-dips/wrong-power',
          `the unit in ${unit.location.province.toUpperCase()} is ${unit.power}'s, not ${typeof d['owner'] === 'string' ? d['owner'] : '?'}'s`,
        );
        continue;
      }
      if (unit.power !== payer && controllersOf(state, unit.power).includes(player)) {
        refuse(
          'fds-dips/same-player',
          `${payer} may not support ${unit.power}: one player runs both (ruling 4)`,
        );
        continue;
      }
      kind = d['kind'] === 'move' ? 'move' : 'hold';
      const before = quotaUsed(state, payer, own.turn);
      const now = bought.get(payer) ?? { hold: 0, move: 0 };
      const max = kind === 'hold' ? s.HOLD_QUOTA : s.MOVE_QUOTA;
      if (before[kind] + now[kind] + 1 > max) {
        refuse(
          'fds-dips/over-quota',
          `${payer} has bought ${before[kind] + now[kind]} dip supports of a ${kind} in ${s.QUOTA_TURNS} turns, the most allowed is ${max}; this one is void and costs nothing`,
        );
        continue;
      }
    } else if (a.type === 'message') {
      const to = (d['to'] as readonly Power[]).filter((p) => p !== payer);
      if (to.length === 0) {
        refuse('fds-press/no-recipient', 'the message is addressed to no other power');
        continue;
      }
    } else if (a.type === 'intercept') {
      const [x, y] = d['between'] as readonly Power[];
      if (x === y || y === undefined) {
        refuse('fds-press/same-power', 'name two different powers to intercept between');
        continue;
      }
    } else if (a.type === 'protect' && d['against'] === payer) {
      refuse('fds-press/same-power', `${payer} cannot protect its messages against itself`);
      continue;
    }
    const before = spent.get(payer) ?? 0;
    const budget = budgetOf(state, payer);
    if (before + cost > budget) {
      refuse(
        'fds-dips/over-budget',
        `${payer} has ${budget - before} of its ${budget} dips left this turn; this costs ${cost}`,
      );
      continue;
    }
    spent.set(payer, before + cost);
    if (kind !== undefined) {
      const now = bought.get(payer) ?? { hold: 0, move: 0 };
      bought.set(payer, { ...now, [kind]: now[kind] + 1 });
    }
    out.push({ player, payer, type: actionType, text, data: d, dips: cost });
  }
  return out;
}

/** The first refusal for the last action of `actions`, as `checkAction` returns it. */
export function checkSpend(
  map: GameMap,
  state: VariantState,
  player: PlayerId,
  action: ModuleAction,
  earlier: readonly ModuleAction[],
): { readonly code: string; readonly message: string } | undefined {
  return settle(map, state, player, [...earlier, action]).at(-1)?.refused;
}
