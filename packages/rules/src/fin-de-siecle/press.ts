/**
 * `fds-press`: press through the gamesmaster (RULINGS.md §2.5, rulings 5-6). A message is an
 * action, paid from the dips budget (1 per 50 words or part) and delivered with the results;
 * `INTERCEPT X Y` (2) copies that turn's messages between X and Y to the interceptor unless the
 * sender bought `PROTECT AGAINST` it (1). Free press is refused. Nobody learns of a message,
 * interception or protection they neither paid for nor received.
 */
import {
  controllersOf,
  defineModule,
  InvariantError,
  phaseName,
  powersOf,
  type GameEvent,
  type Power,
  type ResolvedMessage,
} from '@arbiter/engine';
import { COST, formatSpend, parsePress, PRESS_ID, WORDS_PER_DIP } from './grammar.js';
import { checkSpend, dipsState, dipStatus } from './ledger.js';

/** A paid message, and who intercepted it. */
export interface PaidMessage {
  readonly from: Power;
  readonly to: readonly Power[];
  readonly text: string;
  readonly dips: number;
  /** Powers that got a copy by interception. */
  readonly interceptedBy: readonly Power[];
}

export interface Interception {
  readonly by: Power;
  readonly between: readonly [Power, Power];
  /** One player runs both: the interceptor is told so (and still pays). */
  readonly onePlayer: boolean;
}

export interface Protection {
  readonly by: Power;
  readonly against: Power;
}

/** The last movement turn's paid press: secret, each part to those who paid for or got it. */
export interface PressState {
  readonly phase: string | null;
  readonly messages: readonly PaidMessage[];
  readonly intercepts: readonly Interception[];
  readonly protections: readonly Protection[];
}

const EMPTY: PressState = { phase: null, messages: [], intercepts: [], protections: [] };

function players(state: Parameters<typeof controllersOf>[0], powers: readonly Power[]): string[] {
  return [...new Set(powers.flatMap((p) => controllersOf(state, p)))].sort();
}

const WORDS = ['peace', 'war', 'alliance', 'trust', 'fleet', 'army', 'north', 'south', 'help'];

export const finDeSieclePress = defineModule<PressState>({
  id: PRESS_ID,
  headline:
    'Press through the gamesmaster: messages cost dips (1 per 50 words), interception 2, protection 1; no free press.',
  requires: ['fds-dips'],
  init: () => EMPTY,
  parseAction: parsePress,
  formatAction: formatSpend,
  checkAction: (ctx, player, action, earlier) =>
    checkSpend(ctx.map, ctx.state, player, action, earlier),

  resolveActions: (ctx) => {
    const { state } = ctx;
    if (state.phase.type !== 'movement') return { own: ctx.own };
    const dips = dipsState(state);
    if (dips.ledgerPhase !== phaseName(state.phase))
      throw new InvariantError('fds-press reads the ledger fds-dips settles: list fds-dips first');
    const paid = dips.ledger.filter((s) => s.refused === undefined && s.payer !== null);
    const protections: Protection[] = paid
      .filter((s) => s.type === 'protect')
      .map((s) => ({ by: s.payer!, against: String(s.data['against']) }));
    const intercepts: Interception[] = paid
      .filter((s) => s.type === 'intercept')
      .map((s) => {
        const [x, y] = s.data['between'] as readonly [Power, Power];
        const both = controllersOf(state, x).filter((p) => controllersOf(state, y).includes(p));
        return { by: s.payer!, between: [x, y], onePlayer: both.length > 0 };
      });
    const protectedFrom = (from: Power, by: Power): boolean =>
      protections.some((p) => p.by === from && p.against === by);
    const messages: PaidMessage[] = paid
      .filter((s) => s.type === 'message')
      .map((s) => {
        const from = s.payer!;
        const to = (s.data['to'] as readonly Power[]).filter((p) => p !== from);
        const interceptedBy = intercepts
          .filter(({ by, between: [x, y] }) => {
            const between = (from === x && to.includes(y)) || (from === y && to.includes(x));
            return between && by !== from && !to.includes(by) && !protectedFrom(from, by);
          })
          .map((i) => i.by);
        return {
          from,
          to,
          text: String(s.data['text']),
          dips: s.dips,
          interceptedBy: [...new Set(interceptedBy)],
        };
      });
    const resolved: ResolvedMessage[] = messages.map((m) => {
      const readers = players(state, m.to);
      const sender = controllersOf(state, m.from);
      return {
        from: sender[0] ?? m.from,
        to: { kind: 'players', players: readers },
        text: `From ${m.from} to ${m.to.join(', ')}: ${m.text}`,
        // Players learn the sending power from the text, never the player (the GM's anonymity).
        anonymous: true,
        copies: players(state, m.interceptedBy)
          .filter((p) => !readers.includes(p) && !sender.includes(p))
          .map((player) => ({
            player,
            at: 'results' as const,
            note: `intercepted (${m.from} to ${m.to.join(', ')})`,
          })),
      };
    });
    const events: GameEvent[] = intercepts.map((i) => {
      const got = messages.filter((m) => m.interceptedBy.includes(i.by)).length;
      const [x, y] = i.between;
      return {
        type: 'fds-press/intercepted',
        audience: { kind: 'players', players: controllersOf(state, i.by) },
        text: i.onePlayer
          ? `${i.by}'s interception: ${x} and ${y} are run by one player; the ${COST.intercept} dips are spent.`
          : `${i.by} intercepted ${got} message${got === 1 ? '' : 's'} between ${x} and ${y}.`,
        data: { by: i.by, between: [x, y], onePlayer: i.onePlayer, copies: got },
      };
    });
    return {
      own: { phase: phaseName(state.phase), messages, intercepts, protections },
      events,
      messages: resolved,
    };
  },

  // "All messages must be sent via the Gamesmaster": free press is refused.
  deliverMessage: () => ({
    refused: {
      code: 'fds-press/through-the-gm',
      message: `In Fin de Siecle every message goes through the gamesmaster: write "MSG TO <powers>: <text>" with your orders (1 dip per ${WORDS_PER_DIP} words or part).`,
    },
  }),

  view: (own, viewer, state) => {
    if (viewer.kind === 'gm') return own;
    if (viewer.kind === 'public') return EMPTY;
    const mine = powersOf(state, viewer.player);
    const has = (p: Power): boolean => mine.includes(p);
    return {
      phase: own.phase,
      messages: own.messages
        .filter((m) => has(m.from) || m.to.some(has) || m.interceptedBy.some(has))
        .map((m) => ({ ...m, interceptedBy: m.interceptedBy.filter(has) })),
      intercepts: own.intercepts.filter((i) => has(i.by)),
      protections: own.protections.filter((p) => has(p.by)),
    };
  },

  // Within what `fds-dips`'s random player leaves: majors keep 3 dips for a support.
  randomActions: (ctx, player) => {
    const { state, rng, map } = ctx;
    if (state.phase.type !== 'movement') return [];
    const lines: string[] = [];
    for (const payer of powersOf(state, player)) {
      const major = dipsState(state).classes[payer] !== 'minor';
      let left = dipStatus(state, payer).dips - (major ? COST.support : 0);
      const others = map.powers.filter((p) => p !== payer);
      while (left > 0 && rng.next() < 0.7) {
        const r = rng.next();
        if (r < 0.55) {
          const n = 1 + Math.floor(rng.next() * 70);
          if (n > left * WORDS_PER_DIP) break;
          const to = [...new Set([rng.pick(others)!, rng.pick(others)!])];
          const nonce = `m${state.phaseIndex}-${payer}-${lines.length}`;
          const words = Array.from({ length: n - 1 }, () => rng.pick(WORDS)!);
          lines.push(`${payer}: MSG TO ${to.join(', ')}: ${nonce} ${words.join(' ')}`);
          left -= Math.ceil(n / WORDS_PER_DIP);
        } else if (r < 0.8 && left >= COST.intercept) {
          const x = rng.pick(map.powers)!;
          const y = rng.pick(map.powers.filter((p) => p !== x))!;
          lines.push(`${payer}: INTERCEPT ${x} ${y}`);
          left -= COST.intercept;
        } else {
          lines.push(`${payer}: PROTECT AGAINST ${rng.pick(others)!}`);
          left -= COST.protect;
        }
      }
    }
    return lines;
  },
});
