/**
 * The gamesmaster's API calls on a running game, over the page's `ApiClient`: the clock
 * (pause, resume, the deadline), processing now, the rollback and its preview, the audit,
 * seating a replacement, and the ruling on a Deviant free-text proposal. Each command sends the
 * game's version as the gamesmaster saw it, so a change made meanwhile is refused, not undone.
 */
import type {
  ApiAudit,
  ApiGame,
  ApiRollbackPreview,
  ApiSubmission,
  ApiSubmissionResult,
} from '@arbiter/server/api-types';
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
  | {
      readonly ruling: 'rule';
      readonly rule: string;
      /** Whole numbers, or lists of provinces (`{ provinces: ['ruh', 'bur'] }`). */
      readonly settings?: Readonly<Record<string, number | readonly string[]>>;
      readonly repeal?: boolean;
    }
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

/**
 * A catalogue rule as the gamesmaster writes it, with its settings: `NO_CONVOY`,
 * `BUILD_CAP max=2`, `NEW_CENTRES provinces=ruh,bur`; or what is wrong with it.
 */
export function readMapping(text: string): Extract<Ruling, { ruling: 'rule' }> | string {
  const [id, ...words] = text.trim().split(/\s+/);
  if (id === undefined || id === '') return 'Enter a catalogue rule, such as NO_CONVOY.';
  const settings: Record<string, number | readonly string[]> = {};
  for (const w of words) {
    const eq = w.indexOf('=');
    if (eq <= 0 || eq === w.length - 1) {
      return `Write each setting as name=value (max=2, provinces=ruh,bur), not "${w}".`;
    }
    const value = w.slice(eq + 1);
    settings[w.slice(0, eq)] = /^-?\d+$/.test(value)
      ? Number(value)
      : value.split(',').filter((v) => v !== '');
  }
  return words.length === 0 ? { ruling: 'rule', rule: id } : { ruling: 'rule', rule: id, settings };
}

/** Sends the gamesmaster's own sheet of actions for the open phase (it replaces the last one). */
export function sendGmActions(
  api: ApiClient,
  id: string,
  text: string,
): Promise<ApiSubmissionResult> {
  return api.request<ApiSubmissionResult>('POST', at(id, '/gm/actions'), { body: { text } });
}

/** The gamesmaster's last sheet of actions in the open phase, or null. */
export async function gmActions(api: ApiClient, id: string): Promise<ApiSubmission | null> {
  return (await api.request<{ submission: ApiSubmission | null }>('GET', at(id, '/gm/actions')))
    .submission;
}
