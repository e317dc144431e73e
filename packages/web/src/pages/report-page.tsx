/**
 * A phase's report, in the manner of a postal zine: the game and the phase on top, the map as a
 * picture with the phase's orders and results drawn, every order by power with its result and
 * the sentence that explains it, the retreats and adjustments, the public notices and press
 * headlines of the phase, and the centre counts after it. What it shows is the caller's view
 * (the public's when logged out): notices and press addressed to someone are left out, so a
 * printed report holds no secret. Printing gives one clean A4 page or a few (`report.css`).
 */
import {
  formatLocationLong,
  formatOrderLong,
  formatUnitLong,
  GameMap,
  loadMapDrawing,
  removalWords,
  type DislodgedUnit,
  type MapDrawing,
  type MapSpec,
  type OrderOutcome,
  type Removal,
  type Unit,
} from '@arbiter/engine';
import type { ApiGame, ApiMap, ApiMessage, ApiPhase } from '@arbiter/server/api-types';
import { useMemo } from 'preact/hooks';
import { ApiError } from '../api.js';
import { ErrorNote, useApi, useLoad, useMapCredit } from '../app.js';
import { powerColours } from '../map/colours.js';
import { MapView } from '../map/map-view.js';
import { routePath } from '../router.js';
import { boardOf, viewerPowers } from './game-data.js';
import { describePhase, drawnOutcomes, outcomesOf } from './game/history.js';
import { exportedPhases, messages, phases, type ExportPhase } from './game/play-api.js';
import {
  boardBefore,
  centreChanges,
  centresAround,
  headline,
  phaseIndex,
  publicNotices,
  publicPress,
  signed,
} from './report-data.js';
import './report.css';

interface Loaded {
  readonly game: ApiGame;
  readonly map: ApiMap;
  readonly drawing: MapDrawing;
  readonly phases: readonly ApiPhase[];
  /** Each phase's board; null where the game has no export (maps other than the standard). */
  readonly exported: readonly ExportPhase[] | null;
  readonly messages: readonly ApiMessage[];
}

export function ReportPage({ id, phase }: { readonly id: string; readonly phase: string }) {
  const api = useApi();
  const loaded = useLoad(async (): Promise<Loaded> => {
    const game = await api.game(id);
    const [map, played, exported, press] = await Promise.all([
      api.variantMap(game.variant),
      game.status === 'forming' ? Promise.resolve([]) : phases(api, id),
      // The export holds standard-map games only; the others are drawn from their orders.
      game.status === 'forming' ? Promise.resolve(null) : exportedPhases(api, id).catch(() => null),
      // Press may be switched off or unreadable: the report goes without its headlines.
      messages(api, id).catch(() => []),
    ]);
    const drawing = await loadMapDrawing(map);
    if (drawing === undefined) {
      throw new ApiError(
        'client/no-drawing',
        `The map "${map.name}" has no drawing this page knows, so it cannot be shown.`,
        0,
      );
    }
    // The centres after each phase are walked back from the game's board through the phases
    // read: a phase processed between the two reads is read again, so both hold it.
    const last = played[played.length - 1];
    if (last !== undefined && game.lastPhase?.id !== last.id) {
      const again = await phases(api, id);
      const now = await api.game(id);
      return { game: now, map, drawing, phases: again, exported, messages: press };
    }
    return { game, map, drawing, phases: played, exported, messages: press };
  }, id);
  if (loaded.state === 'loading') return <p aria-live="polite">Loading the report…</p>;
  if (loaded.state === 'error') {
    return (
      <section>
        <h1>Report of {describePhase(phase)}</h1>
        <ErrorNote error={loaded.error} />
        <p>
          <a href={routePath({ kind: 'game', id })}>Back to the game</a> ·{' '}
          <a href="/">See the games</a>
        </p>
      </section>
    );
  }
  const index = phaseIndex(loaded.value.phases, phase);
  if (index < 0) return <NoSuchPhase {...loaded.value} phase={phase} />;
  return <Report {...loaded.value} index={index} />;
}

/** A phase that was not played (yet): said plainly, with the phases there are. */
function NoSuchPhase({ game, phases, phase }: Loaded & { readonly phase: string }) {
  return (
    <section class="report">
      <h1>No report of {phase}</h1>
      <p class="error" role="alert">
        {phases.length === 0
          ? `${game.name} has no phase played yet, so there is no report.`
          : `${game.name} has played no phase named “${phase}”. Phase names read like S1901M (Spring 1901, movement).`}
      </p>
      {phases.length > 0 && (
        <>
          <h2>The phases played</h2>
          <ul class="report-index">
            {phases.map((p) => (
              <li key={p.id}>
                <a href={routePath({ kind: 'report', id: game.id, phase: p.name })}>
                  {describePhase(p.name)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={routePath({ kind: 'game', id: game.id })}>Back to the game</a>
      </p>
    </section>
  );
}

function Report({
  game,
  map,
  drawing,
  phases,
  exported,
  messages: press,
  index,
}: Loaded & { readonly index: number }) {
  const phase = phases[index]!;
  useMapCredit(drawing.attribution);
  const gameMap = useMemo(() => GameMap.loadOrThrow(map as unknown as MapSpec), [map]);
  const colours = useMemo(() => powerColours(map.powers), [map]);
  const powerName = (p: string): string => map.powers.find((x) => x.id === p)?.name ?? p;
  const centres = useMemo(
    () => centresAround(boardOf(game).supplyCenters, phases, index),
    [game, phases, index],
  );
  const board = useMemo(
    () => boardBefore(gameMap, phase, exported, centres.before),
    [gameMap, phase, exported, centres],
  );
  const outcomes = outcomesOf(phase);
  const byPower = [...new Set(outcomes.map((o) => o.power))].sort();
  const notices = publicNotices(phase);
  const headlines = publicPress(press, phase.name);
  const counts = centreChanges(centres.before, centres.after);
  const title = describePhase(phase.name);
  const previous = phases[index - 1];
  const next = phases[index + 1];
  const link = (p: ApiPhase): string => routePath({ kind: 'report', id: game.id, phase: p.name });
  const unitText = (u: Unit): string => `${powerName(u.power)}: ${formatUnitLong(gameMap, u)}`;
  const dislodged = phase.report.dislodged as unknown as readonly DislodgedUnit[];
  // Each removed unit with why it left the board (phases stored before reasons were recorded
  // give only the units).
  const removed: readonly Removal[] =
    (phase.report.removals as unknown as readonly Removal[] | undefined) ??
    (phase.report.removed as unknown as readonly Unit[]).map((unit) => ({
      unit,
      why: 'removed' as const,
    }));
  const built = phase.report.built as unknown as readonly Unit[];
  const declined = Object.entries(phase.report.declined);
  const captured = phase.report.captured;
  const sender = (m: ApiMessage): string => {
    if (m.from === null) return 'Anonymous';
    if (m.from === 'gm') return 'The gamesmaster';
    const seat = game.seats.find((s) => s.playerId === m.from);
    if (seat === undefined) return m.from;
    const powers = seat.powers.map(powerName).join(', ');
    return powers === '' ? seat.name : `${seat.name} (${powers})`;
  };

  const nav = (where: string) => (
    <nav class="report-nav" aria-label={`Phases (${where})`}>
      {previous === undefined ? (
        <span class="report-nav-none">First phase</span>
      ) : (
        <a href={link(previous)} rel="prev">
          ← {describePhase(previous.name)}
        </a>
      )}
      <a href={routePath({ kind: 'game', id: game.id })}>Back to the game</a>
      {next === undefined ? (
        <span class="report-nav-none">Latest phase</span>
      ) : (
        <a href={link(next)} rel="next">
          {describePhase(next.name)} →
        </a>
      )}
    </nav>
  );

  return (
    <article class="report" aria-labelledby="report-title">
      {nav('top')}
      <header class="report-head">
        <p class="report-game">
          {game.name} · {game.variantName}
        </p>
        <h1 id="report-title">{title}</h1>
        <p class="meta">
          Phase {phase.name}
          {phase.processedAt === null ? '' : `, processed ${dateText(phase.processedAt)}`}
          {game.viewer.kind === 'public' ? ' · the public view' : ''}
        </p>
        <button
          type="button"
          class="report-print"
          onClick={() => {
            window.print();
          }}
        >
          Print this report
        </button>
      </header>

      <div class="report-map">
        <MapView
          map={map}
          drawing={drawing}
          board={board}
          orders={drawnOutcomes(phase)}
          label={`Map of ${game.name}, ${title}, with its orders and results`}
          focus={viewerPowers(game)}
          isStatic
        />
        <p class="report-caption">
          {exported?.some((x) => x.name === phase.name) !== true
            ? `The units ordered in ${title}, with their orders (this game's history has no board of each phase to draw from, so units without orders are not shown)`
            : `The board at the start of ${title}, with its orders`}
          : an arrow is a move or a retreat, a line ending in a dot a support or a convoy, a ring a
          hold, a red cross a failure.
        </p>
      </div>

      <section class="report-orders" aria-labelledby="orders-title">
        <h2 id="orders-title">Orders and results</h2>
        {outcomes.length === 0 ? (
          <p>No orders were given.</p>
        ) : (
          <div class="report-powers">
            {byPower.map((p) => (
              <section class="report-power" key={p} aria-labelledby={`orders-${p}`}>
                <h3 id={`orders-${p}`}>
                  <span class="swatch" style={{ background: colours.get(p) }} />
                  {powerName(p)}
                </h3>
                <ul>
                  {outcomes
                    .filter((o) => o.power === p)
                    .map((o, i) => (
                      <li
                        key={i}
                        class={`result ${o.result}`}
                        data-result={o.result}
                        data-order={formatOrderLong(gameMap, o.order)}
                      >
                        <span class="report-order">{formatOrderLong(gameMap, o.order)}</span>:{' '}
                        {sentence(o)}
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        {phase.missed.length > 0 && (
          <p class="report-missed">
            No orders arrived from{' '}
            {phase.missed
              .map((m) => {
                const name = game.seats.find((s) => s.playerId === m.player)?.name ?? m.player;
                const powers = m.powers.map(powerName).join(', ');
                return powers === '' ? name : `${name} (${powers})`;
              })
              .join('; ')}
            .
          </p>
        )}
      </section>

      {(dislodged.length > 0 ||
        removed.length > 0 ||
        built.length > 0 ||
        declined.length > 0 ||
        captured.length > 0) && (
        <section class="report-changes" aria-labelledby="changes-title">
          <h2 id="changes-title">{CHANGES_TITLE[phase.report.phase.type]}</h2>
          <ul>
            {dislodged.map((d, i) => (
              <li key={`d${i}`}>
                {unitText(d.unit)}, dislodged from{' '}
                {formatLocationLong(gameMap, { province: d.attackerFrom })},{' '}
                {d.retreats.length === 0
                  ? 'is destroyed: it has nowhere to retreat.'
                  : `may retreat to ${d.retreats.map((l) => formatLocationLong(gameMap, l)).join(', ')}.`}
              </li>
            ))}
            {removed
              // A movement phase's units destroyed for want of a retreat are in the list above.
              .filter((r) => phase.report.phase.type !== 'movement' || r.why !== 'no-retreat')
              .map((r, i) => (
                <li key={`r${i}`}>
                  {unitText(r.unit)} is {r.detail ?? removalWords(r.why)}.
                </li>
              ))}
            {built.map((u, i) => (
              <li key={`b${i}`}>{unitText(u)} is built.</li>
            ))}
            {declined.map(([p, n]) => (
              <li key={`w${p}`}>
                {powerName(p)} declines {n} build{n === 1 ? '' : 's'}.
              </li>
            ))}
            {captured.map((c) => (
              <li key={`c${c.province}`}>
                {powerName(c.to)} takes {formatLocationLong(gameMap, { province: c.province })}
                {c.from === null ? '' : ` from ${powerName(c.from)}`}.
              </li>
            ))}
          </ul>
        </section>
      )}

      {notices.length > 0 && (
        <section class="report-notices" aria-labelledby="notices-title">
          <h2 id="notices-title">Notices</h2>
          <ul>
            {notices.map((e, i) => (
              <li key={i} data-event={e.type}>
                {e.text}
              </li>
            ))}
          </ul>
        </section>
      )}

      {headlines.length > 0 && (
        <section class="report-press" aria-labelledby="press-title">
          <h2 id="press-title">Press</h2>
          <ul>
            {headlines.map((m) => (
              <li key={m.id}>
                <strong>{headline(m.text)}</strong> <span class="from">— {sender(m)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section class="report-centres" aria-labelledby="centres-title">
        <h2 id="centres-title">Supply centres after {title}</h2>
        <table class="report-counts">
          <thead>
            <tr>
              <th scope="col">Power</th>
              <th scope="col">Centres</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {counts.map((c) => (
              <tr key={c.power} data-power={c.power}>
                <th scope="row">
                  <span class="swatch" style={{ background: colours.get(c.power) }} />
                  {powerName(c.power)}
                </th>
                <td data-centres={c.power}>{c.count}</td>
                <td>{signed(c.change)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {phase.report.winner !== null && (
          <p class="report-end">
            <strong>{powerName(phase.report.winner)} has won.</strong>
          </p>
        )}
      </section>
      {nav('bottom')}
    </article>
  );
}

const CHANGES_TITLE: Readonly<Record<string, string>> = {
  movement: 'Retreats to make and centres taken',
  retreat: 'Retreats',
  adjustment: 'Adjustments',
  module: 'Changes to the board',
};

/** An order's result with the engine's sentence: `fails: bounced with F ank, 1 against 1`. */
function sentence(o: OrderOutcome): string {
  const fate = o.dislodged === undefined ? '' : ` (the unit was ${o.dislodged})`;
  const why = o.explanation === undefined || o.explanation === '' ? '' : `: ${o.explanation}`;
  return `${o.result}${fate}${why}`;
}

function dateText(ms: number): string {
  return (
    new Date(ms).toLocaleString('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }) + ' UTC'
  );
}
