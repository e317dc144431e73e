/**
 * The gamesmaster's API calls on a running game, over the page's `ApiClient`: the clock
 * (pause, resume, the deadline), processing now, the rollback and its preview, the audit,
 * seating a replacement, and the ruling on a Deviant free-text proposal. Each command sends the
 * game's version as the gamesmaster saw it, so a change made meanwhile is refused, not undone.
 */
import type { ApiAudit, ApiGame, ApiRollbackPreview } from '@arbiter/server/api-types';
import type { ApiClient } from '../../api.js';

const at = (id: string, rest: string): string => `/games/${encodeURIComponent(id)}${rest}`;

export function gmCommand(
  api: ApiClient,
  game: ApiGame,
  command: 'pause' | 'resume' | 'process',
): Promise<ApiGame> {
  return api.request<ApiGame>('POST', at(game.id, `/${command}`), {
    body: { version: game.version },
  });
}

/** Moves the deadline later by `seconds`, or to `deadline` (ms since the epoch). */
export function extendDeadline(
  api: ApiClient,
  game: ApiGame,
  by: { readonly seconds: number } | { readonly deadline: number },
): Promise<ApiGame> {
  return api.request<ApiGame>('POST', at(game.id, '/deadline'), {
    body: { ...by, version: game.version },
  });
}

export function previewRollback(
  api: ApiClient,
  id: string,
  toPhase: string,
): Promise<ApiRollbackPreview> {
  return api.request<ApiRollbackPreview>(
    'GET',
    at(id, `/rollback?to=${encodeURIComponent(toPhase)}`),
  );
}

export function rollback(api: ApiClient, game: ApiGame, toPhase: string): Promise<ApiGame> {
  return api.request<ApiGame>('POST', at(game.id, '/rollback'), {
    body: { toPhase, version: game.version },
  });
}

export function audit(api: ApiClient, id: string): Promise<ApiAudit> {
  return api.request<ApiAudit>('GET', at(id, '/audit'));
}

/** Seats the account named `account` in `player`'s seat. */
export function seatPlayer(
  api: ApiClient,
  game: ApiGame,
  player: string,
  account: string,
): Promise<ApiGame> {
  return api.request<ApiGame>('PUT', at(game.id, `/players/${encodeURIComponent(player)}`), {
    body: { account, version: game.version },
  });
}

export type Ruling =
  | { readonly ruling: 'rule'; readonly rule: string; readonly repeal?: boolean }
  | { readonly ruling: 'reject'; readonly reason: string };

export function ruleOnProposal(
  api: ApiClient,
  game: ApiGame,
  label: string,
  ruling: Ruling,
): Promise<ApiGame> {
  return api.request<ApiGame>(
    'POST',
    at(game.id, `/proposals/${encodeURIComponent(label)}/ruling`),
    { body: { ...ruling, version: game.version } },
  );
}
