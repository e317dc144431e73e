/**
 * Secrecy. The Fink's identity, victim, orders, history and pending retreat are seen by the Fink
 * and the gamesmaster only; each player sees his own requests (a failed one is known only to him)
 * and his own finking record; everyone sees whether there is a Fink at all, which the public
 * notices ("There is a new Fink.", "The Fink has been eliminated.") tell them anyway.
 */
import type { Viewer } from '@arbiter/engine';
import type {
  FinkOrderRecord,
  FinkSeat,
  FinkState,
  PendingRetreat,
  RequestRecord,
} from './state.js';

export interface FinkPublicView {
  /** Whether there is a Fink. */
  readonly exists: boolean;
}

export interface FinkPlayerView extends FinkPublicView {
  /** Provinces this player finked successfully (as Fink now or in an earlier spell). */
  readonly history: readonly string[];
  /** This player's own `FINK` orders and what they did. */
  readonly orders: readonly FinkOrderRecord[];
  /** This player's own requests to turn Fink and what became of them. */
  readonly requests: readonly RequestRecord[];
  /** Only for the Fink himself: who he is, against whom, since when. */
  readonly fink?: FinkSeat;
  /** Only for the Fink: the unit whose retreat he chooses now. */
  readonly pending?: PendingRetreat | null;
}

export function finkView(own: FinkState, viewer: Viewer): FinkState | FinkPlayerView {
  if (viewer.kind === 'gm') return own;
  const exists = own.fink !== null;
  if (viewer.kind === 'public') return { exists, history: [], orders: [], requests: [] };
  const p = viewer.player;
  const mine: FinkPlayerView = {
    exists,
    history: own.history[p] ?? [],
    orders: own.orders[p] ?? [],
    requests: own.requests[p] ?? [],
  };
  return own.fink?.player === p ? { ...mine, fink: own.fink, pending: own.pending } : mine;
}
