/**
 * A game's page: its name, phase and the board as the caller may see it (the public view, or
 * the logged-in player's or gamesmaster's).
 */
import { ErrorNote, useApi, useLoad } from '../app.js';

export function GamePage({ id }: { readonly id: string }) {
  const api = useApi();
  const game = useLoad(() => api.game(id), id);
  if (game.state === 'loading') return <p aria-live="polite">Loading the game…</p>;
  if (game.state === 'error') return <ErrorNote error={game.error} />;
  const g = game.value;
  return (
    <section>
      <h1>{g.name}</h1>
      <p class="meta">
        {g.variantName} · {g.phase?.name ?? g.status}
        {g.paused ? ' · paused' : ''}
      </p>
    </section>
  );
}
