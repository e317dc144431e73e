/**
 * The home page: the games the server lists, plainly, each linking to its map. (The lobby,
 * with accounts and game creation, builds on this page.)
 */
import type { ApiGameSummary } from '@arbiter/server/api-types';
import { ErrorNote, useApi, useLoad } from '../app.js';

export function HomePage() {
  const api = useApi();
  const games = useLoad(() => api.games(), 'games');
  return (
    <section>
      <h1>Games</h1>
      {games.state === 'loading' && <p aria-live="polite">Loading the games…</p>}
      {games.state === 'error' && <ErrorNote error={games.error} />}
      {games.state === 'ok' &&
        (games.value.length === 0 ? <p>No games yet.</p> : <GameTable games={games.value} />)}
    </section>
  );
}

function GameTable({ games }: { readonly games: readonly ApiGameSummary[] }) {
  return (
    <div class="table-wrap">
      <table class="games">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Variant</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => (
            <tr key={g.id}>
              <td>
                <a href={`/games/${encodeURIComponent(g.id)}`}>{g.name}</a>
              </td>
              <td>{g.variant}</td>
              <td>{g.paused ? `${g.status} (paused)` : g.status}</td>
              <td>
                <time dateTime={new Date(g.createdAt).toISOString()}>
                  {new Date(g.createdAt).toLocaleDateString()}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
