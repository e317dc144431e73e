/**
 * `fds-dips`: Fin de Siecle's dip points and bought supports (RULINGS.md §2.5, rulings 1-5). Each
 * Spring and Fall movement turn every power has its dips (major 6, minor 4), spent in the order
 * written on supports (3, majors only) and on press (`fds-press`), and lost if unspent. A dip
 * support gives the unit +1, uncuttable, only for the order it names; the kernel never lets it
 * help dislodge the payer's own unit, and only one per unit counts.
 */
import {
  controllersOf,
  defineModule,
  phaseName,
  powersOf,
  type ExtraStrength,
  type GameEvent,
  type GameMap,
  type Power,
  type VariantState,
} from '@arbiter/engine';
import { DIPS_ID, parseSupport, formatSpend } from './grammar.js';
import {
  DIPS_SETTINGS,
  checkSpend,
  dipStatus,
  dipsState,
  settle,
  type DipsSettings,
  type DipsState,
  type PaidSupport,
  type PowerClass,
  type QuotaUse,
  type Spend,
} from './ledger.js';

/** The reason on the entries of a unit's second and later dip supports, which count nothing. */
export const WASTED = 'dip support (one per unit counts)';

/**
 * Each power's class: the table given, else the map's power data (`class` on a power, which the
 * Fin de Siecle map carries), else major.
 */
export function powerClasses(
  map: GameMap,
  table?: Readonly<Record<Power, PowerClass>>,
): Record<Power, PowerClass> {
  const out: Record<Power, PowerClass> = {};
  for (const p of map.spec.powers) {
    const fromMap = (p as { readonly class?: unknown }).class;
    out[p.id] = table?.[p.id] ?? (fromMap === 'minor' ? 'minor' : 'major');
  }
  return out;
}

function statusText(state: VariantState, power: Power): string {
  const st = dipStatus(state, power);
  const supports =
    dipsState(state).classes[power] === 'minor'
      ? 'a minor power buys no dip supports'
      : `dip supports left in the quota window: ${st.holdLeft} of a hold, ${st.moveLeft} of a move`;
  return `${power}: ${st.dips} dips for ${phaseName(state.phase)}; ${supports}`;
}

function spentText(power: Power, budget: number, spends: readonly Spend[]): string {
  const paid = spends.filter((s) => s.refused === undefined);
  const total = paid.reduce((n, s) => n + s.dips, 0);
  const what = (s: Spend): string =>
    s.type === 'message'
      ? `a message to ${(s.data['to'] as string[]).join(', ')} (${s.dips})`
      : `${s.text.replace(/^[A-Z]+: /, '')} (${s.dips})`;
  const refused = spends.filter((s) => s.refused !== undefined);
  return (
    `${power} spent ${total} of ${budget} dips` +
    (paid.length === 0 ? '' : `: ${paid.map(what).join('; ')}`) +
    (refused.length === 0
      ? ''
      : `. Refused, costing nothing: ${refused.map((s) => `${s.type} (${s.refused!.message})`).join('; ')}`) +
    (total < budget ? `. ${budget - total} unspent dips are lost.` : '.')
  );
}

/**
 * The module, for a variant whose power classes are `classes` (default: the map's data, else
 * every power major).
 */
export function finDeSiecleDips(classes?: Readonly<Record<Power, PowerClass>>) {
  return defineModule<DipsState, DipsSettings>({
    id: DIPS_ID,
    headline:
      'Dip points: 6 a turn for a major, 4 for a minor, spent that turn; 3 buy a major an uncuttable +1 support.',
    schema: DIPS_SETTINGS,
    init: (map) => ({
      classes: powerClasses(map, classes),
      turn: 0,
      history: {},
      ledger: [],
      ledgerPhase: null,
      supports: [],
    }),
    parseAction: parseSupport,
    formatAction: formatSpend,
    checkAction: (ctx, player, action, earlier) =>
      checkSpend(ctx.map, ctx.state, player, action, earlier),

    // Settles every spend, supports and press alike, in the order written; `fds-press` reads the
    // ledger this leaves.
    resolveActions: (ctx, submissions) => {
      const { state, own } = ctx;
      if (state.phase.type !== 'movement') return { own: { ...own, supports: [] } };
      const ledger = submissions.flatMap((s) => settle(ctx.map, state, s.player, s.actions));
      const supports: PaidSupport[] = [];
      const used = new Map<Power, { hold: number; move: number }>();
      for (const s of ledger) {
        if (s.refused !== undefined || s.type !== 'support' || s.payer === null) continue;
        const kind = s.data['kind'] === 'move' ? 'move' : 'hold';
        const to = s.data['to'];
        supports.push({
          payer: s.payer,
          province: String(s.data['province']),
          kind,
          ...(typeof to === 'string' ? { to } : {}),
        });
        const u = used.get(s.payer) ?? { hold: 0, move: 0 };
        used.set(s.payer, { ...u, [kind]: u[kind] + 1 });
      }
      // Keep only the turns a later window can still reach.
      const keep = (u: QuotaUse): boolean => u.turn > own.turn - 2 * ctx.settings.QUOTA_TURNS;
      const history: Record<Power, QuotaUse[]> = {};
      for (const p of ctx.map.powers) {
        const past = (own.history[p] ?? []).filter(keep);
        const now = used.get(p);
        const next = now === undefined ? past : [...past, { turn: own.turn, ...now }];
        if (next.length > 0) history[p] = next;
      }
      const events: GameEvent[] = [];
      for (const p of ctx.map.powers) {
        const spends = ledger.filter((s) => s.payer === p);
        if (spends.length === 0) continue;
        events.push({
          type: 'fds-dips/spent',
          audience: { kind: 'players', players: controllersOf(state, p) },
          text: spentText(p, dipStatus(state, p).dips, spends),
          data: { power: p },
        });
      }
      return {
        own: {
          ...own,
          turn: own.turn + 1,
          history,
          ledger,
          ledgerPhase: phaseName(state.phase),
          supports,
        },
        events,
      };
    },

    // Ruling 2: +1 for the order named only; one per unit counts. Every payer is listed (each
    // was charged and used quota): the first payer the kernel may count gets 1, the others 0.
    movementRules: (ctx) => {
      const { supports } = ctx.own;
      if (ctx.state.phase.type !== 'movement' || supports.length === 0) return undefined;
      return {
        extraSupport: (unit, order, destination): readonly ExtraStrength[] => {
          const to = destination?.split('/')[0];
          const mine = supports.filter(
            (s) =>
              s.province === unit.location.province &&
              s.kind === order &&
              (order === 'hold' || s.to === to),
          );
          if (mine.length === 0) return [];
          // A payer whose own unit stands where the move goes comes last: its support would not
          // count against that unit, and another payer's may.
          const target = ctx.state.units.find((u) => u.location.province === to)?.power;
          const ordered = [
            ...mine.filter((s) => s.payer !== target),
            ...mine.filter((s) => s.payer === target),
          ];
          return ordered.map((s, i) => ({
            power: s.payer,
            amount: i === 0 ? 1 : 0,
            reason: i === 0 ? 'dip support' : WASTED,
          }));
        },
      };
    },

    // Each power is told its dips and quota before every movement turn: only its players (and
    // the gamesmaster) see it.
    afterPhase: (ctx) => {
      if (ctx.state.phase.type !== 'movement' || ctx.state.winner !== null) return { own: ctx.own };
      const events: GameEvent[] = ctx.map.powers
        .filter((p) => controllersOf(ctx.state, p).length > 0)
        .map((p) => ({
          type: 'fds-dips/status',
          audience: { kind: 'players', players: controllersOf(ctx.state, p) },
          text: statusText(ctx.state, p),
          data: { ...dipStatus(ctx.state, p) },
        }));
      return { own: ctx.own, events };
    },

    // Dips, quotas and spends are each power's own business: its players and the gamesmaster.
    view: (own, viewer, state) => {
      if (viewer.kind === 'gm')
        return {
          ...own,
          status: state.players.flatMap((p) => p.powers).map((p) => dipStatus(state, p)),
        };
      if (viewer.kind === 'public') return { classes: own.classes, turn: own.turn };
      const mine = powersOf(state, viewer.player);
      return {
        classes: own.classes,
        turn: own.turn,
        status: mine.map((p) => dipStatus(state, p)),
        ledger: own.ledger.filter((s) => s.player === viewer.player),
        supports: own.supports.filter((s) => mine.includes(s.payer)),
      };
    },

    // A major buys at most one support a turn, for a unit of its own or of another player,
    // within its quota; the rest of its dips are left to `fds-press`'s random player.
    randomActions: (ctx, player) => {
      const { state, rng } = ctx;
      if (state.phase.type !== 'movement') return [];
      const lines: string[] = [];
      for (const payer of powersOf(state, player)) {
        const st = dipStatus(state, payer);
        if (ctx.own.classes[payer] === 'minor' || rng.next() < 0.4) continue;
        const units = state.units.filter(
          (u) => u.power === payer || !controllersOf(state, u.power).includes(player),
        );
        const unit = rng.pick(units);
        if (unit === undefined) continue;
        const moves = ctx.map.movesFrom(
          unit.type,
          ctx.map.locations[ctx.map.indexOf(unit.location)]!.key,
        );
        const to = rng.next() < 0.5 ? rng.pick(moves) : undefined;
        if (to === undefined ? st.holdLeft === 0 : st.moveLeft === 0) continue;
        const what = to === undefined ? ' HOLD' : `-${to.split('/')[0]!.toUpperCase()}`;
        lines.push(
          `${payer}: 3 DIPS SUPPORT ${unit.power} ${unit.type === 'army' ? 'A' : 'F'}(${unit.location.province.toUpperCase()})${what}`,
        );
      }
      return lines;
    },
  });
}
