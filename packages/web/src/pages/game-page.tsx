/**
 * A game's page: its name, phase and the board as the caller may see it (the public view, or
 * the logged-in player's or gamesmaster's).
 */
import type { ApiGame } from '@arbiter/server/api-types';
import { useState } from 'preact/hooks';
import { ErrorNote, useApi, useLoad } from '../app.js';
import { FormingPanel } from './forming-panel.js';

export function GamePage({ id }: { readonly id: string }) {
  const api = useApi();
  const game = useLoad(() => api.game(id), id);
  // The game as changed on this page (joined, started), newer than the one loaded.
  const [changed, setChanged] = useState<ApiGame | null>(null);
  if (game.state === 'loading') return <p aria-live="polite">Loading the game…</p>;
  if (game.state === 'error') return <ErrorNote error={game.error} />;
  const g = changed ?? game.value;
  return (
    <section>
      <h1>{g.name}</h1>
      <p class="meta">
        {g.variantName} · {g.phase?.name ?? g.status}
        {g.paused ? ' · paused' : ''}
      </p>
      {g.status === 'forming' && <FormingPanel game={g} onChange={setChanged} />}
    </section>
  );
}
