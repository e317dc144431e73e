/**
 * The legal orders of the caller's units, worked out in the page by the engine from the game as
 * the caller sees it, so that clicking a unit needs no round trip. It is the server's
 * `GET /games/{id}/legal-orders` (the app's `legalOrders` use case) done here: the powers the
 * caller may order now (`orderablePowers`: a player's own, a Fiascomacy investor's backed
 * ones), under the variant's rules in force (`phaseRules`: the Deviant house rules voted in),
 * with only the public rules for a player (a rule that reads a secret, the Fink's, would give it
 * away), grouped by unit as the route groups them. `test/legal-orders.test.ts` plays random
 * games and checks that the two answers are the same, phase by phase and player by player.
 */
import {
  legalOrders,
  legalOrdersByUnit,
  orderablePowers,
  phaseName,
  phaseRules,
  type Catalogue,
  type PhaseRules,
  type Power,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import type { ApiGame } from '@arbiter/server/api-types';
import type { LegalOrder, LegalOrdersData } from './choices.js';
import { hasHouseRules, rulesOf } from './rules.js';

/** The route's answer: the phase, and each power's units with their legal orders. */
export interface PageLegalOrders extends LegalOrdersData {
  readonly phase: string;
  readonly powers: readonly {
    readonly power: Power;
    readonly units: readonly { readonly unit: string | null; readonly orders: LegalOrder[] }[];
  }[];
}

/** What of the game the computation reads (an `ApiGame` has it all). */
export type LegalOrdersGame = Pick<ApiGame, 'variant' | 'status' | 'viewer' | 'phase' | 'state'>;

/**
 * The legal orders of each unit the viewer may order in the open phase, as the legal-orders
 * route would give them; undefined when the page cannot work them out and must ask the route:
 * no open phase or no player (the route refuses those too), a variant or a house rule in force
 * that this build of the page does not know (the server may run a newer one), or a state whose
 * modules are not the variant's as the page knows it. The gamesmaster gets every power, or
 * `power`, under all the rules, as from the route.
 */
export function pageLegalOrders(
  game: LegalOrdersGame,
  opts: { readonly power?: string } = {},
): PageLegalOrders | undefined {
  const known = knownGame(game);
  if (known === undefined) return undefined;
  const { variant, state, viewer } = known;
  let powers: readonly Power[];
  if (viewer.kind === 'gm') {
    if (opts.power !== undefined && !variant.map.powers.includes(opts.power)) return undefined;
    powers = opts.power === undefined ? variant.map.powers : [opts.power];
  } else {
    if (opts.power !== undefined) return undefined;
    powers = orderablePowers(variant, state, viewer.player, known.catalogue);
  }
  return {
    phase: phaseName(state.phase),
    powers: powers.map((power) => ({
      power,
      units: legalOrdersByUnit(legalOrders(variant.map, state, power, known.rules)),
    })),
  };
}

/** A game in play that the page can run: its variant, its state, the viewer and its rules. */
export interface KnownGame {
  readonly variant: Variant;
  readonly state: VariantState;
  readonly viewer: { readonly kind: 'gm' } | { readonly kind: 'player'; readonly player: string };
  /** The house rules the game's rule set may name. */
  readonly catalogue: Catalogue;
  /** The rules in force that the viewer may know (all of them for the gamesmaster). */
  readonly rules: PhaseRules;
}

/**
 * The game as the page can run it, or undefined (see `pageLegalOrders` for when): the variant
 * and house rules from `@arbiter/rules` (those of other variants than standard once `loadRules`
 * has loaded them), the state as the viewer is shown it.
 */
export function knownGame(game: LegalOrdersGame): KnownGame | undefined {
  const seen = game.state;
  if (game.status !== 'running' || game.phase === null || seen === null) return undefined;
  const viewer = game.viewer;
  if (viewer.kind === 'public') return undefined;
  if (seen.variant !== game.variant) return undefined;
  // The random source's state is the gamesmaster's only; none of the hooks read here draws.
  const state = { ...seen, rng: seen.rng ?? 0 } as unknown as VariantState;
  const known = rulesOf(game.variant, hasHouseRules(state));
  if (known === undefined) return undefined;
  const { variant, catalogue } = known;
  if (!knowsModules(variant, state, catalogue)) return undefined;
  // A player is shown the rules everyone knows, as the route does: a rule that reads a secret
  // (the Fink's supports that do not count) would give it away by what it leaves out.
  const rules = phaseRules(variant, state, catalogue, { publicOnly: viewer.kind !== 'gm' });
  return { variant, state, viewer, catalogue, rules };
}

/**
 * Whether the page runs the same modules as the server for this state: each of the variant's
 * modules has its settings in the state (the game was started with them), and every house rule
 * in the rule set is in the page's catalogue. Without this a rule the page does not know would
 * be skipped silently and its orders listed wrongly.
 */
function knowsModules(variant: Variant, state: VariantState, catalogue: Catalogue): boolean {
  const settings = state.settings as Readonly<Record<string, unknown>> | undefined;
  if (settings === undefined) return false;
  if (!variant.modules.every((m) => m.id in settings)) return false;
  return state.ruleSet.every((r) => r.module in catalogue);
}
