/**
 * A game's page: its name and phase, and its board on the map as the caller may see it (the
 * public view, or the logged-in player's or gamesmaster's), with the last phase's orders and
 * results. Choosing a province says what is there.
 */
import { loadMapDrawing, type MapDrawing } from '@arbiter/engine';
import type { ApiGame, ApiMap } from '@arbiter/server/api-types';
import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { ErrorNote, useApi, useLoad, useMapCredit } from '../app.js';
import { powerColours } from '../map/colours.js';
import { MapView } from '../map/map-view.js';
import { hasHouseRules, loadRules } from '../orders/rules.js';
import { FormingPanel } from './forming-panel.js';
import { boardOf, centreCounts, lastOrdersOf, viewerPowers } from './game-data.js';
import { useGameEvents } from './game/live.js';
import { PlayView } from './game/play-view.js';
import { ProvinceNote } from './province-note.js';

interface Loaded {
  readonly game: ApiGame;
  readonly map: ApiMap;
  readonly drawing: MapDrawing;
}

export function GamePage({ id }: { readonly id: string }) {
  const api = useApi();
  // The game as changed on this page (joined, started), newer than the one loaded.
  const [changed, setChanged] = useState<ApiGame | null>(null);
  const loaded = useLoad(async (): Promise<Loaded> => {
    const game = await api.game(id);
    const map = await api.variantMap(game.variant);
    // The variant's rules (for legal orders and previews in the page) load beside the drawing.
    const [drawing] = await Promise.all([
      loadMapDrawing(map),
      loadRules(game.variant, hasHouseRules(game.state)),
    ]);
    if (drawing === undefined) {
      throw new ApiError(
        'client/no-drawing',
        `The map "${map.name}" has no drawing this page knows, so it cannot be shown.`,
        0,
      );
    }
    return { game, map, drawing };
  }, id);
  if (loaded.state === 'loading') return <p aria-live="polite">Loading the game…</p>;
  if (loaded.state === 'error') {
    return (
      <section>
        <h1>Game {id}</h1>
        <ErrorNote error={loaded.error} />
        <p>
          <a href="/">Back to the games</a>
        </p>
      </section>
    );
  }
  return (
    <GameView {...loaded.value} game={changed ?? loaded.value.game} onGameChange={setChanged} />
  );
}

function GameView({
  game,
  map,
  drawing,
  onGameChange,
}: Loaded & { readonly onGameChange: (game: ApiGame) => void }) {
  useMapCredit(drawing.attribution);
  const board = useMemo(() => boardOf(game), [game]);
  const lastOrders = useMemo(() => lastOrdersOf(game), [game]);
  const [showOrders, setShowOrders] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);
  const colours = useMemo(() => powerColours(map.powers), [map]);
  const powerName = (p: string): string => map.powers.find((x) => x.id === p)?.name ?? p;
  const viewer =
    game.viewer.kind === 'gm'
      ? 'the gamesmaster'
      : game.viewer.kind === 'player'
        ? 'your'
        : 'the public';
  const phase = game.phase?.name ?? (game.status === 'forming' ? 'not started' : game.status);
  const last = game.lastPhase?.name;
  if (game.status !== 'forming') {
    return (
      <section class="game">
        <h1>{game.name}</h1>
        <p class="meta">
          {game.variantName}
          {game.paused ? ' · paused' : ''} · {viewer === 'your' ? 'your view' : `${viewer} view`}
        </p>
        <PlayView game={game} map={map} drawing={drawing} />
      </section>
    );
  }
  return (
    <section class="game">
      <h1>{game.name}</h1>
      <p class="meta">
        {game.variantName} · {phase}
        {game.paused ? ' · paused' : ''} · {viewer === 'your' ? 'your view' : `${viewer} view`}
      </p>
      <FormingLive id={game.id} onGameChange={onGameChange} />
      <FormingPanel game={game} onChange={onGameChange} />
      <div class="game-layout">
        <div class="game-map">
          <MapView
            map={map}
            drawing={drawing}
            board={board}
            orders={showOrders ? lastOrders : []}
            selected={selected}
            onProvinceClick={(p) => {
              setSelected((s) => (s === p ? null : p));
            }}
            label={`Map of ${game.name}, ${phase}`}
            focus={viewerPowers(game)}
          />
          {last !== undefined && lastOrders.length > 0 && (
            <label class="toggle">
              <input
                type="checkbox"
                checked={showOrders}
                onChange={(e) => {
                  setShowOrders(e.currentTarget.checked);
                }}
              />{' '}
              Show the orders of {last} and their results
            </label>
          )}
        </div>
        <aside class="game-side">
          <ProvinceNote map={map} board={board} selected={selected} powerName={powerName} />
          <h2>Supply centres</h2>
          {board.units.length === 0 && Object.keys(board.supplyCenters).length === 0 ? (
            <p>The game has not started: the board is empty.</p>
          ) : (
            <ul class="counts">
              {centreCounts(board).map(([power, n]) => (
                <li key={power}>
                  <span class="swatch" style={{ background: colours.get(power) }} />
                  {powerName(power)} <strong>{n}</strong>
                </li>
              ))}
            </ul>
          )}
          <Legend />
        </aside>
      </div>
    </section>
  );
}

/**
 * Keeps a forming game up to date from its event stream: a player joining or leaving, powers
 * assigned, the start. Without it the gamesmaster would wait on a page that never changes.
 */
function FormingLive({
  id,
  onGameChange,
}: {
  readonly id: string;
  readonly onGameChange: (game: ApiGame) => void;
}) {
  const api = useApi();
  useGameEvents(api, id, (e) => {
    if (e.kind !== 'game') return;
    api.game(id).then(onGameChange, () => {
      // The next event reads it again; the page keeps what it shows meanwhile.
    });
  });
  return null;
}

function Legend() {
  return (
    <details class="legend">
      <summary>Legend</summary>
      <ul>
        <li>Disc: army. Hull: fleet. Coloured by power.</li>
        <li>Small dot: supply centre, in its owner's colour (pale: nobody's).</li>
        <li>
          Arrow: move or retreat. Line ending in a dot: support (to the unit, or to the middle of
          the move it supports) or convoy (dotted).
        </li>
        <li>Ring: hold. Red cross: the order failed (bounced, cut, disrupted, dislodged).</li>
        <li>A unit drawn small beside its province was dislodged and must retreat.</li>
      </ul>
    </details>
  );
}
