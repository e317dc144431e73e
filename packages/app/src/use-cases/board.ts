/**
 * What a client needs to draw the board and check orders on its own: a variant's map as the
 * engine holds it, and the legal orders of the units a player may order in the open phase.
 * Routes: `GET /variants/{id}/map`, `GET /games/{id}/legal-orders`.
 */
import {
  err,
  legalOrders as engineLegalOrders,
  legalOrdersByUnit,
  orderablePowers,
  phaseName,
  phaseRules,
  type LegalOrderText,
  type MapSpec,
  type Power,
  type Result,
} from '@arbiter/engine';
import { gameOf, read, seatsOf, variantOf, viewerIn, type AppContext } from '../context.js';
import { appError, invalid, refuse, Refusal, type AppError } from '../errors.js';
import type { AccountId, GameId } from '../ports.js';

/** A variant's map: the engine's own map data (provinces, coasts, adjacencies, drawing). */
export function variantMap(ctx: AppContext, variantId: string): Result<MapSpec, AppError> {
  const v = ctx.variants[variantId];
  if (v === undefined) return err(appError('variant/unknown', `no variant ${variantId}`));
  return { ok: true, value: v.map.spec };
}

/** One legal order: its canonical text and the structured order. */
export type LegalOrder = LegalOrderText;

/** A unit's legal orders; `unit` is null for the builds and waives of an adjustment phase. */
export interface UnitLegalOrders {
  readonly unit: string | null;
  readonly orders: readonly LegalOrder[];
}

export interface LegalOrdersView {
  readonly phase: string;
  readonly powers: readonly { readonly power: Power; readonly units: readonly UnitLegalOrders[] }[];
}

/**
 * The legal orders of each unit the caller may order in the open phase, under the variant's
 * rules in force (`phaseRules`), grouped by unit. A player gets the powers they may order now
 * (`orderablePowers`); the gamesmaster gets every power, or only `power`. The public is
 * refused. Players get the orders under the public rules only (`phaseRules` with
 * `publicOnly`), and a Fink's choice of a finked unit's retreat is not listed (it is told to the
 * Fink privately), so nothing a player is shown depends on who the Fink is.
 */
export async function legalOrders(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  opts: { readonly power?: string } = {},
): Promise<Result<LegalOrdersView, AppError>> {
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const viewer = await viewerIn(ctx, tx, game, caller, await seatsOf(ctx, tx, game));
    if (viewer.kind === 'public') refuse('game/not-a-player', 'you have no seat in this game');
    if (game.status !== 'running')
      refuse('game/not-running', `the game is ${game.status === 'forming' ? 'forming' : 'over'}`);
    const phase = await tx.openPhase(gameId);
    if (phase === undefined)
      refuse('game/conflict', 'the phase was processed meanwhile; reload the game and try again');
    const variant = variantOf(ctx, game.variant);
    const state = phase.state;
    let powers: readonly Power[];
    if (viewer.kind === 'gm') {
      if (opts.power !== undefined && !variant.map.powers.includes(opts.power))
        throw new Refusal(invalid('power', `no power ${opts.power} on this map`));
      powers = opts.power === undefined ? variant.map.powers : [opts.power];
    } else {
      if (opts.power !== undefined)
        refuse('game/not-gm', 'only the gamesmaster may ask for a power by name');
      powers = orderablePowers(variant, state, viewer.player, ctx.catalogue);
    }
    // A player is shown the rules everyone knows: a rule that reads a secret (the Fink's
    // supports that do not count) would give the secret away by what it leaves out.
    const rules = phaseRules(variant, state, ctx.catalogue, { publicOnly: viewer.kind !== 'gm' });
    return {
      phase: phaseName(state.phase),
      powers: powers.map((power) => ({
        power,
        units: legalOrdersByUnit(engineLegalOrders(variant.map, state, power, rules)),
      })),
    };
  });
}
