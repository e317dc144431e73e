/**
 * The lobby, at `/`: the caller's games, the games open to join, the games under way and the
 * finished ones, each linking to its page; a button to create a game; for a visitor, the ways
 * in. The lists come from `GET /games` (and `?mine=true` with a token).
 */
import type { ApiGameSummary, ApiVariant } from '@arbiter/server/api-types';
import { ErrorNote, useApi, useLoad } from '../app.js';
import { useSession } from '../session.js';

/** The lobby's lists, from every listed game and the caller's own. */
export interface LobbyLists {
  readonly mine: readonly ApiGameSummary[];
  readonly open: readonly ApiGameSummary[];
  readonly running: readonly ApiGameSummary[];
  readonly finished: readonly ApiGameSummary[];
}

/**
 * Sorts games into the lobby's lists: the caller's unfinished games; others' forming games (open
 * to join) and running ones; every finished game. A game is in one list only.
 */
export function lobbyLists(
  all: readonly ApiGameSummary[],
  mine: readonly ApiGameSummary[],
): LobbyLists {
  const own = new Set(mine.map((g) => g.id));
  const others = all.filter((g) => !own.has(g.id));
  const finished = [...mine, ...others].filter((g) => g.status === 'finished');
  return {
    mine: mine.filter((g) => g.status !== 'finished'),
    open: others.filter((g) => g.status === 'forming'),
    running: others.filter((g) => g.status === 'running'),
    finished: finished.sort((a, b) => b.createdAt - a.createdAt),
  };
}

export function LobbyPage() {
  const api = useApi();
  const { account } = useSession();
  const data = useLoad(
    async () => {
      const [games, mine, variants] = await Promise.all([
        api.games(),
        account === null ? Promise.resolve([]) : api.myGames(),
        api.variants(),
      ]);
      return { lists: lobbyLists(games, mine), variants };
    },
    `lobby ${account?.id ?? ''}`,
  );
  return (
    <section class="lobby">
      <div class="page-head">
        <h1>Games</h1>
        {account !== null && (
          <a class="button primary" href="/games/new">
            New game
          </a>
        )}
      </div>
      {account === null && (
        <p class="notice">
          <a href="/login">Log in</a> or <a href="/register">register</a> to create a game or join
          one. Anyone may follow the games below.
        </p>
      )}
      {data.state === 'loading' && <p aria-live="polite">Loading the games…</p>}
      {data.state === 'error' && <ErrorNote error={data.error} />}
      {data.state === 'ok' && (
        <>
          {account !== null && (
            <GameList
              title="Your games"
              empty="You are in no game yet: join one below, or create one."
              games={data.value.lists.mine}
              variants={data.value.variants}
              me={account.id}
            />
          )}
          {LISTS.map((l) => (
            <GameList
              key={l.list}
              title={l.title}
              empty={l.empty}
              games={data.value.lists[l.list]}
              variants={data.value.variants}
              me={account?.id}
            />
          ))}
        </>
      )}
    </section>
  );
}

/** The lobby's lists after the caller's own, in order, with what each says when empty. */
const LISTS = [
  { list: 'open', title: 'Open to join', empty: 'No game is waiting for players.' },
  { list: 'running', title: 'Under way', empty: 'No other game is being played.' },
  { list: 'finished', title: 'Finished', empty: 'No game has finished yet.' },
] as const;

const STATUS: Readonly<Record<ApiGameSummary['status'], string>> = {
  forming: 'waiting for players',
  running: 'under way',
  finished: 'finished',
};

function GameList({
  title,
  empty,
  games,
  variants,
  me,
}: {
  readonly title: string;
  readonly empty: string;
  readonly games: readonly ApiGameSummary[];
  readonly variants: readonly ApiVariant[];
  readonly me: string | undefined;
}) {
  const id = `list-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section class="game-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span class="count">({games.length})</span>
      </h2>
      {games.length === 0 ? (
        <p class="empty">{empty}</p>
      ) : (
        <ul class="game-list">
          {games.map((g) => (
            <li key={g.id}>
              <a class="game-name" href={`/games/${encodeURIComponent(g.id)}`}>
                {g.name}
              </a>
              <span class="game-meta">
                {variants.find((v) => v.id === g.variant)?.name ?? g.variant}
                {' · '}
                {g.paused ? `${STATUS[g.status]} (paused)` : STATUS[g.status]}
                {g.gm === me && (
                  <>
                    {' · '}
                    <span class="tag">you are the gamesmaster</span>
                  </>
                )}
                {' · created '}
                <time dateTime={new Date(g.createdAt).toISOString()}>
                  {new Date(g.createdAt).toLocaleDateString()}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
