/**
 * The Fink Rule (Howard Mahler, Diplomacy World #4) on the standard map. README.md beside this
 * file explains the rule, every ruling and option, and what is secret; RULINGS.md §2.1 is the
 * project's reading of the text.
 */
import {
  defineModule,
  holdEveryWinter,
  phaseName,
  powersOf,
  standardMap,
  type GameEvent,
  type HookContext,
  type PlayerId,
  type Variant,
} from '@arbiter/engine';
import { analyseNgf, finkDislodge, finkMovementRules, ngfEvents } from './combat.js';
import { finkData, formatFinkAction, MODULE_ID, parseFinkAction, requestData } from './grammar.js';
import { retreatOrders } from './retreats.js';
import {
  append,
  finkPowers,
  FINK_SETTINGS,
  INITIAL_STATE,
  powerName,
  provinceName,
  unitKey,
  type FinkSettings,
  type FinkState,
} from './state.js';
import { finkView } from './view.js';
import { requestProblem, voidFinkBuilds, winterSteps } from './winter.js';

export type { FinkState, FinkSeat, FinkOrderRecord, RequestRecord } from './state.js';
export type { FinkPlayerView, FinkPublicView } from './view.js';
export { NGF_CONVOY, NGF_SUPPORT } from './combat.js';

const GM: GameEvent['audience'] = { kind: 'gm' };
const to = (player: PlayerId): GameEvent['audience'] => ({ kind: 'players', players: [player] });

/** The step in which, with FINK_RETREATS_AFTER, the Fink retreats the finked unit: `S1903R-fink`. */
const LATER_STEP = 'fink';

function rejection(code: string, message: string): { code: string; message: string } {
  return { code, message };
}

/** Lines a random player adds: now and then a request in winter; the Fink's spring fink. */
function randomActions(
  ctx: HookContext<FinkState, FinkSettings>,
  player: PlayerId,
): readonly string[] {
  const { state, own, rng, map, settings } = ctx;
  const phase = state.phase;
  if (powersOf(state, player).length === 0) return [];
  const seat = own.fink;
  if (phase.type === 'adjustment') {
    const isFink = seat?.player === player;
    if (isFink && !(settings.FINK_RETARGET && seat.victimEliminated === true)) return [];
    if (rng.next() >= (isFink ? 0.5 : 0.1)) return [];
    const target = rng.pick(
      map.powers.filter((p) => requestProblem(state, own, player, p) === undefined),
    );
    if (target === undefined) return [];
    const name = powerName(map, target);
    const forms = [
      `I want to turn Fink against ${name}`,
      `TURN FINK AGAINST ${name.toUpperCase()}`,
      `FINK AGAINST ${target}`,
    ];
    return [forms[rng.int(forms.length)]!];
  }
  if (
    phase.season === 'spring' &&
    phase.type === 'movement' &&
    seat?.player === player &&
    seat.victimEliminated !== true
  ) {
    if (rng.next() >= 0.8) return [];
    const done = own.history[player] ?? [];
    const province = rng.pick(
      state.units
        .filter((u) => u.power === seat.victim && !done.includes(u.location.province))
        .map((u) => u.location.province),
    );
    if (province === undefined) return [];
    return [rng.next() < 0.5 ? `FINK ${province}` : `I fink on ${provinceName(map, province)}`];
  }
  return [];
}

export const finkModule = defineModule<FinkState, FinkSettings>({
  id: MODULE_ID,
  // The supports it voids name the Fink: players' legal orders and warnings leave this out.
  secretRules: true,
  headline:
    'Fink Rule: a player may turn Fink against a power in winter; the Fink never builds, gets ' +
    'no support from others, and each spring may dislodge one of his victim’s units.',
  schema: FINK_SETTINGS,
  init: () => INITIAL_STATE,
  parseAction: parseFinkAction,
  formatAction: formatFinkAction,

  checkAction: (ctx, player, action, earlier) => {
    const { own, state } = ctx;
    const phase = state.phase;
    if (action.type === 'request') {
      const d = requestData(action);
      if (phase.type !== 'adjustment')
        return rejection('fink/not-winter', 'a request to turn Fink is made in winter only');
      if (d.against === null)
        return rejection('fink/unknown-power', `"${d.written}" is not a power`);
      if (earlier.some((a) => a.type === 'request'))
        return rejection('fink/duplicate-request', 'only one request to turn Fink per winter');
      return requestProblem(state, own, player, d.against);
    }
    const d = finkData(action);
    if (d.province === null)
      return rejection('fink/unknown-province', `"${d.written}" is not a province`);
    if (own.fink?.player !== player) return rejection('fink/not-the-fink', 'only the Fink finks');
    if (phase.season !== 'spring' || phase.type !== 'movement')
      return rejection('fink/wrong-season', 'a FINK order is given with the spring moves only');
    if ((own.history[player] ?? []).includes(d.province)) {
      return rejection(
        'fink/already-finked',
        `you finked on ${provinceName(ctx.map, d.province)} successfully before; it may not be repeated`,
      );
    }
    if (earlier.some((a) => a.type === 'fink'))
      return rejection('fink/one-per-spring', 'only one FINK order per spring; the first counts');
    return undefined;
  },

  aggregate: (ctx, submissions) => {
    const { own, state } = ctx;
    if (state.phase.type === 'retreat') {
      return retreatOrders(
        ctx.map,
        state.dislodged,
        own.pending,
        own.fink?.player,
        ctx.settings,
        ctx.rng,
        submissions,
      );
    }
    const orders = submissions.flatMap((s) => s.orders);
    if (state.phase.type === 'adjustment' && own.fink !== null)
      return voidFinkBuilds(ctx.map, state, orders, own.fink.player, finkPowers(state, own));
    return { orders };
  },

  movementRules: (ctx) => finkMovementRules(ctx.state, ctx.own, ctx.settings),

  afterMovement: (ctx, moves, submissions) => {
    const { own, state, map, settings } = ctx;
    const seat = own.fink;
    if (seat === null) return { own };
    // Ruling 8 first: the report as if the void supports that changed nothing had counted.
    const ngf = analyseNgf(map, state, own, settings, moves);
    const resolution = ngf.resolution;
    const noted = ngfEvents(state, moves, ngf);
    if (state.phase.season !== 'spring') return { own, events: noted, resolution };
    const action = submissions
      .find((s) => s.player === seat.player)
      ?.actions.find((a) => a.type === 'fink');
    const province = action === undefined ? null : finkData(action).province;
    if (province === null || (own.history[seat.player] ?? []).includes(province))
      return { own, events: noted, resolution };
    const phase = phaseName(state.phase);
    const name = provinceName(map, province);
    const done = finkDislodge(map, resolution, seat.victim, province);
    if (done === undefined) {
      return {
        own: {
          ...own,
          orders: append(own.orders, seat.player, {
            phase,
            province,
            victim: seat.victim,
            result: 'no-effect',
          }),
        },
        events: [
          {
            type: 'fink/no-effect',
            audience: to(seat.player),
            text:
              `Your fink on ${name} had no effect: no ${powerName(map, seat.victim)} unit stood ` +
              'there after the moves without being dislodged in combat. You may fink there again.',
          },
          {
            type: 'fink/no-effect',
            audience: GM,
            text: `The Fink ${seat.player} finked on ${province}, to no effect.`,
            data: { player: seat.player, province },
          },
          ...noted,
        ],
        resolution,
      };
    }
    const { unit, retreats } = done.dislodged;
    const destroyed = retreats.length === 0;
    const where = retreats.map((l) =>
      l.coast === undefined ? l.province : `${l.province}/${l.coast}`,
    );
    const fate = destroyed
      ? `${unitKey(unit)}, which has no retreat and is destroyed`
      : unitKey(unit);
    return {
      own: {
        ...own,
        history: {
          ...own.history,
          [seat.player]: [...(own.history[seat.player] ?? []), province].sort(),
        },
        orders: append(own.orders, seat.player, {
          phase,
          province,
          victim: seat.victim,
          result: destroyed ? 'destroyed' : 'dislodged',
        }),
        pending: destroyed ? null : { province, power: unit.power },
      },
      events: [
        {
          type: 'fink/dislodged',
          audience: { kind: 'public' },
          text: `A unit was dislodged by the Fink: ${fate}.`,
          data: { unit: unitKey(unit), retreats: where },
        },
        {
          type: 'fink/finked',
          audience: to(seat.player),
          text: destroyed
            ? `Your fink on ${name} dislodged ${unitKey(unit)}; it has no retreat and is destroyed.`
            : `Your fink on ${name} dislodged ${unitKey(unit)}. Choose its retreat: ${where.join(', ')}.`,
        },
        {
          type: 'fink/finked',
          audience: GM,
          text: `The Fink ${seat.player} finked on ${province}: ${fate}.`,
          data: { player: seat.player, province, unit: unitKey(unit), retreats: where },
        },
        ...noted,
      ],
      resolution: done.resolution,
    };
  },

  laterRetreat: (ctx, d) => {
    const { pending } = ctx.own;
    if (!ctx.settings.FINK_RETREATS_AFTER || pending === null) return undefined;
    return d.unit.power === pending.power && d.unit.location.province === pending.province
      ? LATER_STEP
      : undefined;
  },

  retreatController: (ctx, unit) => {
    const { pending, fink } = ctx.own;
    if (pending === null || fink === null || ctx.state.phase.type !== 'retreat') return undefined;
    return unit.power === pending.power && unit.location.province === pending.province
      ? [fink.player]
      : undefined;
  },

  plan: holdEveryWinter,

  beforeAdjustment: (ctx, submissions) =>
    winterSteps(ctx.map, ctx.state, ctx.own, ctx.settings, ctx.rng, submissions),

  afterPhase: (ctx) => {
    const own =
      ctx.state.phase.type === 'retreat' || ctx.own.pending === null
        ? ctx.own
        : { ...ctx.own, pending: null };
    return { own };
  },

  view: (own, viewer) => finkView(own, viewer),
  randomActions,
});

/** Standard Diplomacy with the Fink Rule: one player per power. */
export const finkVariant: Variant = {
  id: 'fink',
  name: 'Fink Diplomacy',
  map: standardMap,
  // The rule's text refers to "the 1971 Rule Book" for what a space is (docs/editions.md).
  rulebook: '1971',
  modules: [finkModule],
  players: { min: 1, max: 7 },
};
