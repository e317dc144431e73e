/**
 * Press between players: the rules in force decide, message by message, whether it may be sent,
 * whether it goes out anonymously and who else gets a copy. The server relays; this decides.
 */
import type { GameMap } from '../map/game-map.js';
import { Rng } from '../random.js';
import type { MessageRouting, PressMessage, Variant } from './module.js';
import { activeModules, type Catalogue } from './pipeline.js';
import type { VariantState } from './state.js';

/** The combined decision of every module in force, for one message. */
export interface RoutedMessage {
  readonly refused?: { readonly code: string; readonly message: string };
  readonly anonymous: boolean;
  /** Extra readers, sorted by player then time, without duplicates or the addressees. */
  readonly copies: NonNullable<MessageRouting['copies']>;
}

/**
 * Asks each module in force about `message`, in the variant's order: the first refusal wins and
 * stops the others; anonymity is forced if any module forces it; copies are merged. Pure and
 * deterministic; a module's random draws here are not kept (press never changes the game).
 */
export function routeMessage(
  variant: Variant,
  state: VariantState,
  message: PressMessage,
  earlier: readonly PressMessage[],
  catalogue?: Catalogue,
): RoutedMessage {
  const map: GameMap = variant.map;
  const rng = new Rng(state.rng);
  let anonymous = message.anonymous;
  const copies = new Map<string, NonNullable<MessageRouting['copies']>[number]>();
  const addressed = new Set(message.to.kind === 'players' ? message.to.players : []);
  for (const a of activeModules(variant, state, catalogue)) {
    const ctx = { map, state, own: state.modules[a.module.id], settings: a.settings, rng };
    const r = a.module.deliverMessage?.(ctx, message, earlier);
    if (r === undefined) continue;
    if (r.refused !== undefined) return { refused: r.refused, anonymous, copies: [] };
    if (r.anonymous === true) anonymous = true;
    for (const c of r.copies ?? []) {
      if (c.player === message.from || addressed.has(c.player)) continue;
      if (message.to.kind === 'public') continue;
      const key = `${c.player}\u0000${c.at}`;
      if (!copies.has(key)) copies.set(key, c);
    }
  }
  const sorted = [...copies.values()].sort((x, y) =>
    x.player === y.player ? x.at.localeCompare(y.at) : x.player < y.player ? -1 : 1,
  );
  return { anonymous, copies: sorted };
}
