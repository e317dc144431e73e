/**
 * Fiascomacy (Martin Edwardes; Fiascomacy II with Stephen Agar's bonus): players are investors,
 * not powers. They put Political Factors (PF) into the seven powers, order every unit of every
 * power they have invested in, and each unit carries out the order with the most PF behind it.
 * The rulings are those of RULINGS.md §2.3; README.md in this folder explains them in plain words.
 */
import {
  adjustmentCounts,
  centerCounts,
  defineModule,
  formatPowerOrder,
  initialState,
  setting,
  settingsSchema,
  supplyCentersOf,
  type GameEvent,
  type GameMap,
  type HookContext,
  type ModuleAction,
  type Phase,
  type PlayerId,
  type Power,
  type SettingsOf,
  type Submission,
  type VariantState,
} from '@arbiter/engine';
import { formatFiascomacyAction, investOf, MODULE_ID, parseFiascomacyAction } from './actions.js';
import {
  tallyAdjustments,
  tallyEvents,
  tallyMovement,
  tallyRetreats,
  type TallyResult,
  type Weight,
} from './tally.js';

/** PF per player and power; a missing entry is 0. */
export type Holdings = Readonly<Record<PlayerId, Readonly<Record<Power, number>>>>;

/** Fiascomacy's state. Everything in it is public: the investment table is published. */
export interface FiascomacyState {
  /** Every PF ever invested, by player and power; never withdrawn. */
  readonly invested: Holdings;
  /** The PF invested with the latest movement orders (with INVEST_LAGS they count from the next season). */
  readonly fresh: Holdings;
  /** PF each player has to invest with the next Spring or Fall orders. */
  readonly pf: Readonly<Record<PlayerId, number>>;
  /** PF each player has received in all: the first 8, 2 a season, and the bonuses. */
  readonly received: Readonly<Record<PlayerId, number>>;
  /** PF a player left unallocated, and so lost (ruling 2). */
  readonly forfeited: Readonly<Record<PlayerId, number>>;
  /** Supply centres of each power at the end of last year (the start, in the first year). */
  readonly lastCentres: Readonly<Record<Power, number>>;
  /** Set once every player has voted BORED in the same phase. */
  readonly bored: boolean;
}

/** The game options (RULINGS §2.3), with their defaults and what each one does. */
export const FIASCOMACY_SETTINGS = settingsSchema({
  // Ruling 1's option.
  INVEST_LAGS: setting.boolean(
    false,
    "PF invested count only from the next season's movement phase (otherwise they count at once, for the right to order and for the weight of orders).",
  ),
  // Ruling 3's option.
  MISSING_AS_HOLD: setting.boolean(
    false,
    'An investor who sends no order for a unit counts for a hold (a disband when it retreats) instead of nothing.',
  ),
  // Ruling 4's option.
  INVALID_AS_HOLD: setting.boolean(
    false,
    'An invalid order counts for a hold (a disband when retreating) instead of being discarded.',
  ),
  // From the standard map's first year; null: no limit.
  LAST_YEAR: setting.integer(
    null,
    { min: 1901, max: 9999, nullable: true },
    'The last year played: after its adjustments the game ends and Score decides (empty: no limit).',
  ),
  // False plays the original rules.
  BONUS: setting.boolean(
    true,
    'The Fiascomacy II bonus PF after each Fall; off plays the original Fiascomacy, without it.',
  ),
  // Off by default (ruling 2): a power out of the game earns its investors nothing.
  BONUS_DEAD_POWERS: setting.boolean(
    false,
    'Pay the bonus also for a power with no supply centre left, as rule 5 reads to the letter (off: such a power earns its investors nothing).',
  ),
});

export type FiascomacySettings = SettingsOf<typeof FIASCOMACY_SETTINGS>;

/** PF given at the start, after each season, and the bonus per power led. */
const STARTING_PF = 8;
const SEASON_PF = 2;
const BONUS_PF = 2;

type Ctx = HookContext<FiascomacyState, FiascomacySettings>;

function powerName(map: GameMap, power: Power): string {
  return map.spec.powers.find((p) => p.id === power)?.name ?? power;
}

function seasonName(phase: Phase): string {
  const season = phase.season === 'spring' ? 'Spring' : phase.season === 'fall' ? 'Fall' : 'Winter';
  return `${season} ${phase.year}`;
}

function phaseLabel(phase: Phase): string {
  const what = {
    movement: 'moves',
    retreat: 'retreats',
    adjustment: 'adjustments',
    module: phase.step ?? 'business',
  }[phase.type];
  return `${seasonName(phase)} ${what}`;
}

/** The PF a submission invests, by power. */
export function investments(actions: readonly ModuleAction[]): Record<Power, number> {
  const out: Record<Power, number> = {};
  for (const a of actions) {
    const inv = investOf(a);
    if (inv?.power != null) out[inv.power] = (out[inv.power] ?? 0) + inv.amount;
  }
  return out;
}

function sum(values: Readonly<Record<string, number>>): number {
  return Object.values(values).reduce((a, b) => a + b, 0);
}

/**
 * What each player weighs in with for each power in this phase (ruling 1). By default PF count in
 * the season they are invested: in a movement phase the player's table entry plus what this
 * submission invests. With INVEST_LAGS the last movement's investments wait for the next season.
 */
function weightOf(
  ctx: Ctx,
  pending: (player: PlayerId) => Readonly<Record<Power, number>>,
): Weight {
  const s = ctx.settings;
  const movement = ctx.state.phase.type === 'movement';
  return (player, power) => {
    const base = ctx.own.invested[player]?.[power] ?? 0;
    if (s.INVEST_LAGS) return movement ? base : base - (ctx.own.fresh[player]?.[power] ?? 0);
    return movement ? base + (pending(player)[power] ?? 0) : base;
  };
}

function tableText(map: GameMap, players: readonly PlayerId[], invested: Holdings): string {
  const rows = players.map((p) => {
    const row = map.powers
      .filter((power) => (invested[p]?.[power] ?? 0) > 0)
      .map((power) => `${power} ${invested[p]![power]!}`);
    return `${p}: ${row.length === 0 ? 'nothing' : row.join(', ')}`;
  });
  const totals = map.powers
    .map((power) => ({
      power,
      total: players.reduce((t, p) => t + (invested[p]?.[power] ?? 0), 0),
    }))
    .filter((x) => x.total > 0)
    .map((x) => `${x.power} ${x.total}`);
  return `${rows.join('; ')}. In all: ${totals.length === 0 ? 'nothing' : totals.join(', ')}`;
}

/** Each player's Score: Σ PF invested in a power × that power's supply centres (ruling 10). */
export function scores(
  map: GameMap,
  state: VariantState,
  own: FiascomacyState,
): Record<PlayerId, number> {
  const counts = centerCounts(map, state.supplyCenters);
  const out: Record<PlayerId, number> = {};
  for (const p of state.players) {
    out[p.id] = map.powers.reduce(
      (t, power) => t + (own.invested[p.id]?.[power] ?? 0) * counts[power]!,
      0,
    );
  }
  return out;
}

function byScore(
  candidates: readonly PlayerId[],
  score: Readonly<Record<PlayerId, number>>,
): PlayerId[] {
  const best = Math.max(...candidates.map((p) => score[p] ?? 0));
  return candidates.filter((p) => (score[p] ?? 0) === best);
}

function scoreText(
  players: readonly PlayerId[],
  score: Readonly<Record<PlayerId, number>>,
): string {
  return players.map((p) => `${p} ${score[p] ?? 0}`).join(', ');
}

export const fiascomacyModule = defineModule<FiascomacyState, FiascomacySettings>({
  id: MODULE_ID,
  headline:
    'Fiascomacy: players invest Political Factors in the powers and order their units; each ' +
    'unit carries out the order with the most PF behind it.',
  schema: FIASCOMACY_SETTINGS,

  init: (map, setup) => {
    const players = setup.players.map((p) => p.id);
    const each = <T>(v: () => T): Record<PlayerId, T> =>
      Object.fromEntries(players.map((p) => [p, v()]));
    return {
      invested: each(() => ({})),
      fresh: each(() => ({})),
      pf: each(() => STARTING_PF),
      received: each(() => STARTING_PF),
      forfeited: each(() => 0),
      lastCentres: centerCounts(map, initialState(map).supplyCenters),
      bored: false,
    };
  },

  parseAction: parseFiascomacyAction,
  formatAction: formatFiascomacyAction,

  checkAction: (ctx, player, action, earlier) => {
    if (action.type === 'bored') return undefined;
    const inv = investOf(action);
    if (inv === undefined) {
      return { code: 'fiascomacy/bad-action', message: `unknown action ${action.type}` };
    }
    if (ctx.state.phase.type !== 'movement') {
      return {
        code: 'fiascomacy/wrong-phase',
        message: `PF are invested with the Spring and Fall orders, not with the ${phaseLabel(ctx.state.phase)}`,
      };
    }
    if (inv.power === null) {
      const names = ctx.map.spec.powers.map((p) => p.name).join(', ');
      return {
        code: 'fiascomacy/unknown-power',
        message: `"${inv.written}" is not a power; invest in one of ${names}`,
      };
    }
    if (!Number.isInteger(inv.amount) || inv.amount <= 0) {
      return {
        code: 'fiascomacy/bad-amount',
        message: `invest a whole number of PF above 0, not ${inv.amount}`,
      };
    }
    const have = ctx.own.pf[player] ?? 0;
    const used = sum(investments(earlier));
    if (used + inv.amount > have) {
      return {
        code: 'fiascomacy/not-enough-pf',
        message:
          `${player} has ${have} PF to invest this season` +
          (used > 0 ? ` and has already allocated ${used}` : '') +
          `; ${inv.amount} more is too many`,
      };
    }
    return undefined;
  },

  orderablePowers: (ctx, player, actions) => {
    const pending = investments(actions);
    const weight = weightOf(ctx, () => pending);
    return ctx.map.powers.filter((power) => weight(player, power) > 0);
  },

  aggregate: (ctx, submissions) => {
    const s = ctx.settings;
    const pending = new Map(submissions.map((x) => [x.player, investments(x.actions)]));
    const weight = weightOf(ctx, (p) => pending.get(p) ?? {});
    const options = { missingAsHold: s.MISSING_AS_HOLD, invalidAsHold: s.INVALID_AS_HOLD };
    const { map, state } = ctx;
    let result: TallyResult;
    switch (state.phase.type) {
      case 'movement':
        result = tallyMovement(map, state, submissions, weight, options);
        break;
      case 'retreat':
        result = tallyRetreats(map, state, submissions, weight, options);
        break;
      case 'adjustment':
        result = tallyAdjustments(map, state, submissions, weight);
        break;
      case 'module':
        // Another module's own phase: no units are ordered in it (the engine never aggregates one).
        return { orders: [] };
    }
    const label = phaseLabel(state.phase);
    // A power with something to order and nobody invested in it is in civil disorder (ruling
    // 8): its tally says so, rather than leave it out as if nothing happened to it.
    const players = state.players.map((p) => p.id);
    const concerned = (power: Power): boolean =>
      state.phase.type === 'movement'
        ? state.units.some((u) => u.power === power)
        : state.phase.type === 'retreat'
          ? state.dislodged.some((d) => d.unit.power === power)
          : (adjustmentCounts(map, state.units, state.supplyCenters, supplyCentersOf(map, state))[
              power
            ] ?? 0) !== 0;
    const uninvested = map.powers.filter(
      (power) => concerned(power) && !players.some((p) => weight(p, power) > 0),
    );
    const events: GameEvent[] = [
      ...submissions.map((x) => receipt(label, x)),
      ...tallyEvents(map, label, result.tallies, uninvested, state.phase.type),
    ];
    return { orders: result.orders, events };
  },

  afterPhase: (ctx, report, submissions) => {
    const { map, state } = ctx;
    const s = ctx.settings;
    const players = state.players.map((p) => p.id);
    const events: GameEvent[] = [];
    let own = ctx.own;

    if (report.phase.type === 'movement') {
      const invested: Record<PlayerId, Record<Power, number>> = {};
      const fresh: Record<PlayerId, Record<Power, number>> = {};
      const pf: Record<PlayerId, number> = {};
      const forfeited: Record<PlayerId, number> = {};
      const lost: string[] = [];
      for (const p of players) {
        const sub = submissions.find((x) => x.player === p);
        const made = investments(sub?.actions ?? []);
        const row: Record<Power, number> = { ...(own.invested[p] ?? {}) };
        for (const [power, n] of Object.entries(made)) row[power] = (row[power] ?? 0) + n;
        invested[p] = row;
        fresh[p] = made;
        const left = Math.max(0, (own.pf[p] ?? 0) - sum(made));
        forfeited[p] = (own.forfeited[p] ?? 0) + left;
        pf[p] = 0;
        if (left > 0) lost.push(`${p} ${left}`);
      }
      own = { ...own, invested, fresh, pf, forfeited };
      events.push({
        type: 'fiascomacy/investments',
        audience: { kind: 'public' },
        text: `Investments after the ${phaseLabel(report.phase)}: ${tableText(map, players, invested)}`,
        data: { invested },
      });
      if (lost.length > 0) {
        events.push({
          type: 'fiascomacy/forfeited',
          audience: { kind: 'public' },
          text: `PF left unallocated are lost: ${lost.join(', ')}`,
        });
      }
      if (report.phase.season === 'spring') {
        const next = { ...report.phase, season: 'fall' as const };
        own = grant(own, players, () => ({ amount: SEASON_PF, why: '' })).own;
        events.push({
          type: 'fiascomacy/income',
          audience: { kind: 'public' },
          text: `Every player receives ${SEASON_PF} PF to invest with the ${seasonName(next)} orders`,
          data: { pf: own.pf },
        });
      }
    }

    // After the Fall ownership update (which follows the Fall retreats, if any): income and bonus.
    if (report.phase.season === 'fall' && state.phase.season !== 'fall') {
      const counts = centerCounts(map, state.supplyCenters);
      const fell = (power: Power): boolean => counts[power]! < (own.lastCentres[power] ?? 0);
      const lead = own;
      const granted = grant(own, players, (p) => {
        if (!s.BONUS) return { amount: SEASON_PF, why: '' };
        const parts: string[] = [];
        let amount = SEASON_PF;
        for (const power of map.powers) {
          const mine = lead.invested[p]?.[power] ?? 0;
          // A power without centres is out of the game: it earns its investors nothing, unless
          // the game reads rule 5 to the letter (BONUS_DEAD_POWERS).
          if (mine <= 0 || (counts[power] === 0 && !s.BONUS_DEAD_POWERS)) continue;
          const most = Math.max(...players.map((q) => lead.invested[q]?.[power] ?? 0));
          if (mine < most) continue;
          const b = fell(power) ? BONUS_PF - 1 : BONUS_PF;
          amount += b;
          parts.push(`${power} ${b}`);
        }
        return {
          amount,
          why: parts.length === 0 ? '' : ` (${SEASON_PF} + bonus ${parts.join(', ')})`,
        };
      });
      own = { ...granted.own, lastCentres: counts };
      const next: Phase = { year: report.phase.year + 1, season: 'spring', type: 'movement' };
      events.push({
        type: 'fiascomacy/income',
        audience: { kind: 'public' },
        text:
          `PF to invest with the ${seasonName(next)} orders: ` +
          players.map((p) => `${p} ${own.pf[p] ?? 0}${granted.why[p] ?? ''}`).join(', '),
        data: { pf: own.pf, centres: counts },
      });
    }

    const bored = submissions.filter((x) => x.actions.some((a) => a.type === 'bored'));
    if (bored.length > 0) {
      const all = players.every((p) => bored.some((x) => x.player === p));
      if (all) own = { ...own, bored: true };
      events.push({
        type: 'fiascomacy/bored',
        audience: { kind: 'public' },
        text: all
          ? 'Every player is bored: the game ends, decided by Score'
          : `${bored.length} of ${players.length} players are bored`,
      });
    }
    return { own, events };
  },

  victory: (ctx) => {
    const { map, state, own } = ctx;
    const players = state.players.map((p) => p.id);
    const s = ctx.settings;
    const score = scores(map, state, own);
    const power = state.winner;
    if (power !== null) {
      const most = Math.max(...players.map((p) => own.invested[p]?.[power] ?? 0));
      const top = most > 0 ? players.filter((p) => (own.invested[p]?.[power] ?? 0) === most) : [];
      const name = powerName(map, power);
      const solo = supplyCentersOf(map, state).victory;
      if (top.length === 1) {
        return {
          winners: top,
          reason: `${name} has ${solo} centres: ${top[0]!}, its largest investor (${most} PF), wins`,
        };
      }
      const among = top.length === 0 ? players : top;
      const winners = byScore(among, score);
      return {
        winners,
        reason:
          `${name} has ${solo} centres; ` +
          (top.length === 0
            ? 'nobody invested in it'
            : `${top.join(', ')} share the largest investment (${most} PF)`) +
          `; Score decides: ${scoreText(among, score)}; ${winners.join(' and ')} ${winners.length === 1 ? 'wins' : 'share the win'}`,
      };
    }
    let why: string | undefined;
    if (own.bored) why = 'Every player is bored';
    else if (s.LAST_YEAR !== null && state.phase.year > s.LAST_YEAR)
      why = `The game ends after ${s.LAST_YEAR}`;
    if (why === undefined) return undefined;
    const winners = byScore(players, score);
    return {
      winners,
      reason: `${why}; Score decides: ${scoreText(players, score)}; ${winners.join(' and ')} ${winners.length === 1 ? 'wins' : 'share the win'}`,
    };
  },

  // Ended from outside (the service's last year, `arbiter play --years`, a declared draw): the
  // rule's early end, decided by Score among all players (rule 6(3)).
  victoryAtEnd: (ctx, why) => {
    const players = ctx.state.players.map((p) => p.id);
    const score = scores(ctx.map, ctx.state, ctx.own);
    const winners = byScore(players, score);
    return {
      winners,
      reason: `${why}; Score decides: ${scoreText(players, score)}; ${winners.join(' and ')} ${winners.length === 1 ? 'wins' : 'share the win'}`,
    };
  },

  // Nothing in the state is secret: the investment table and PF are published. Individual
  // orders never enter the state; they appear only in the player's own (and the GM's) events.
  view: (own) => own,

  randomActions: (ctx, player, unitOrders) => {
    const { map, state, own, rng } = ctx;
    if (state.phase.type !== 'movement') return [];
    let left = own.pf[player] ?? 0;
    if (left <= 0) return [];
    const alive = map.powers.filter(
      (p) =>
        state.units.some((u) => u.power === p) || Object.values(state.supplyCenters).includes(p),
    );
    const pool = rng.shuffle(alive.length === 0 ? map.powers : alive);
    const chosen = pool.slice(0, 1 + rng.int(Math.min(3, left, pool.length)));
    const amounts = new Map<Power, number>(chosen.map((p) => [p, 1]));
    left -= chosen.length;
    for (; left > 0; left--) {
      const p = rng.pick(chosen)!;
      amounts.set(p, amounts.get(p)! + 1);
    }
    const lines: string[] = [];
    for (const [power, n] of amounts) {
      lines.push(
        rng.next() < 0.5
          ? `INVEST ${n} IN ${powerName(map, power).toUpperCase()}`
          : `${n} PF to ${powerName(map, power)}`,
      );
    }
    // With PF counting at once, orders for powers new to this player come with the investment.
    if (!ctx.settings.INVEST_LAGS) {
      for (const power of amounts.keys()) {
        if ((own.invested[player]?.[power] ?? 0) > 0) continue;
        for (const po of unitOrders(power)) lines.push(formatPowerOrder(po));
      }
    }
    return lines;
  },
});

/** Adds PF to every player's purse. */
function grant(
  own: FiascomacyState,
  players: readonly PlayerId[],
  amount: (player: PlayerId) => { amount: number; why: string },
): { own: FiascomacyState; why: Record<PlayerId, string> } {
  const pf: Record<PlayerId, number> = { ...own.pf };
  const received: Record<PlayerId, number> = { ...own.received };
  const why: Record<PlayerId, string> = {};
  for (const p of players) {
    const a = amount(p);
    why[p] = a.why;
    pf[p] = (pf[p] ?? 0) + a.amount;
    received[p] = (received[p] ?? 0) + a.amount;
  }
  return { own: { ...own, pf, received }, why };
}

/** The private receipt: what the gamesmaster received from this player, seen only by them. */
function receipt(label: string, s: Submission): GameEvent {
  const lines = [...s.actions.map(formatFiascomacyAction), ...s.orders.map(formatPowerOrder)];
  return {
    type: 'fiascomacy/orders-received',
    audience: { kind: 'players', players: [s.player] },
    text: `Orders received from ${s.player} for the ${label}: ${lines.length === 0 ? 'none' : lines.join('; ')}`,
    data: { player: s.player, lines },
  };
}
