/**
 * A started game's page: the phase, its deadline and the ready toggle on top; the map, where a
 * player orders by clicking, with the history slider under it; beside it the orders (menu and
 * text), the last results with their explanations, the centre counts and the press. The game
 * is kept up to date from the event stream, and a lost stream says so.
 */
import {
  formatOrder,
  GameMap,
  type MapDrawing,
  type MapSpec,
  type PhaseType,
} from '@arbiter/engine';
import type { ApiGame, ApiMap, ApiMessage, ApiPhase } from '@arbiter/server/api-types';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, type ApiClient } from '../../api.js';
import { ErrorNote, useApi } from '../../app.js';
import type { Board, MapOrder } from '../../map/board.js';
import { powerColours } from '../../map/colours.js';
import { MapView } from '../../map/map-view.js';
import type { LegalOrdersData } from '../../orders/choices.js';
import { pageLegalOrders } from '../../orders/legal.js';
import { OrderMenu, OrderText, useOrdering } from '../../orders/ordering.js';
import { previewLines } from '../../orders/preview.js';
import { readSheet, type SheetLine } from '../../orders/sheet.js';
import { useOrderSheet } from '../../orders/use-order-sheet.js';
import { boardOf, centreCounts, lastOrdersOf, viewerPowers } from '../game-data.js';
import { boardOfExport, describePhase, drawnOutcomes, outcomesOf } from './history.js';
import { useGameEvents, type StreamEvent } from './live.js';
import { Deadline, PhaseTitle, ReadyToggle } from './phase-bar.js';
import { GmConsole } from './gm-console.js';
import { ProvinceNote } from '../province-note.js';
import { routePath } from '../../router.js';
import { Press } from './press.js';
import { exportedPhases, legalOrders, phases, type ExportPhase } from './play-api.js';
import { VariantPanel } from './variants/index.js';

interface Props {
  readonly game: ApiGame;
  readonly map: ApiMap;
  readonly drawing: MapDrawing;
}

export function PlayView(props: Props) {
  const api = useApi();
  const [game, setGame] = useState(props.game);
  const [incoming, setIncoming] = useState<readonly ApiMessage[]>([]);
  const [reloadError, setReloadError] = useState<ApiError | null>(null);
  const gameMap = useMemo(() => GameMap.loadOrThrow(props.map as unknown as MapSpec), [props.map]);
  const reload = (): void => {
    api.game(game.id).then(
      (g) => {
        setGame(g);
        setReloadError(null);
      },
      (e: unknown) => {
        setReloadError(e instanceof ApiError ? e : new ApiError('client/bug', String(e), 0));
      },
    );
  };
  const connection = useGameEvents(api, game.id, (e: StreamEvent) => {
    if (e.kind === 'message' && typeof e['message'] === 'object') {
      const m = e['message'] as ApiMessage;
      setIncoming((l) => [...l, m]);
    } else if (e.kind === 'phase' || e.kind === 'game' || e.kind === 'deadline') {
      reload();
    }
  });
  // A reconnection may have missed nothing or something: read the game again.
  useEffect(() => {
    if (connection === 'live') reload();
  }, [connection]);
  const phaseKey = `${game.phase?.name ?? game.status}#${game.lastPhase?.id ?? 0}`;
  return (
    <>
      {connection === 'lost' && (
        <p class="notice" role="alert">
          The connection for live updates is lost; trying again. The page may be out of date until
          it is back; your saved orders are safe.
        </p>
      )}
      {reloadError !== null && <ErrorNote error={reloadError} />}
      <PhaseView
        key={phaseKey}
        api={api}
        game={game}
        map={props.map}
        gameMap={gameMap}
        drawing={props.drawing}
        incoming={incoming}
        onChanged={reload}
      />
      {game.viewer.kind === 'gm' && <GmConsole game={game} onChanged={reload} />}
    </>
  );
}

function PhaseView({
  api,
  game,
  map,
  gameMap,
  drawing,
  incoming,
  onChanged,
}: Props & {
  readonly api: ApiClient;
  readonly gameMap: GameMap;
  readonly incoming: readonly ApiMessage[];
  readonly onChanged: () => void;
}) {
  const isPlayer = game.viewer.kind === 'player' && game.phase !== null;
  // The engine lists the legal orders in the page, with no round trip; the route is asked only
  // when the page cannot (a variant or house rule this build of the page does not know).
  const [legal, setLegal] = useState<LegalOrdersData | null>(() =>
    isPlayer ? (pageLegalOrders(game) ?? null) : null,
  );
  const [legalError, setLegalError] = useState<ApiError | null>(null);
  const [past, setPast] = useState<{
    phases: readonly ApiPhase[];
    boards: readonly ExportPhase[];
  } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  /** The province chosen when not ordering (the public, the gamesmaster, the past). */
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!isPlayer || legal !== null) return;
    legalOrders(api, game.id).then(setLegal, (e: unknown) => {
      setLegalError(e instanceof ApiError ? e : new ApiError('client/bug', String(e), 0));
    });
  }, []);
  useEffect(() => {
    Promise.all([phases(api, game.id), exportedPhases(api, game.id)]).then(
      ([p, b]) => {
        setPast({ phases: p, boards: b });
      },
      () => {
        // Without the history the slider is not shown; the game itself still is.
      },
    );
  }, []);
  const phaseType = (game.state?.phase as { type?: PhaseType } | undefined)?.type ?? 'movement';
  const sheet = useOrderSheet(
    api,
    game.id,
    game.phase?.name ?? '',
    game.paused ? null : (game.phase?.deadline ?? null),
    game.mySubmission == null
      ? null
      : { text: game.mySubmission.text, lines: game.mySubmission.lines },
  );
  const ordering = useOrdering(gameMap, phaseType, legal ?? { powers: [] }, sheet);
  const preview = useMemo(() => (lines: readonly SheetLine[]) => previewLines(game, lines), [game]);
  const colours = useMemo(() => powerColours(map.powers), [map]);
  const powerName = (p: string): string => map.powers.find((x) => x.id === p)?.name ?? p;
  const provinceName = (id: string): string => map.provinces.find((p) => p.id === id)?.name ?? id;

  const now = useMemo(() => boardOf(game), [game]);
  const count = past?.phases.length ?? 0;
  const index = shown ?? count;
  const historic = past !== null && index < count ? past.phases[index] : undefined;
  const historicBoard = useMemo((): Board | undefined => {
    if (historic === undefined || past === null) return undefined;
    const b = [...past.boards].reverse().find((x) => x.name === historic.name);
    return b === undefined ? undefined : boardOfExport(gameMap, b);
  }, [historic, past, gameMap]);
  const board = historicBoard ?? now;

  const myOrders = useMemo((): MapOrder[] => {
    const mine = viewerPowers(game)[0];
    return readSheet(gameMap, sheet.text, phaseType).flatMap((l) => {
      if (l.order === undefined) return [];
      const at = l.order.kind === 'waive' ? undefined : l.order.unit.location.province;
      const power =
        l.power ?? now.units.find((u) => u.location.province === at)?.power ?? mine ?? '';
      return [{ power, order: l.order }];
    });
  }, [gameMap, sheet.text, phaseType, now, game]);
  const orders: readonly MapOrder[] =
    historic !== undefined ? drawnOutcomes(historic) : isPlayer ? myOrders : lastOrdersOf(game);
  const resultsPhase = historic ?? game.lastPhase ?? undefined;
  const viewing =
    historic === undefined ? describePhase(game.phase?.name ?? '') : describePhase(historic.name);

  return (
    <>
      <div class="phase-bar">
        <PhaseTitle game={game} />
        <Deadline game={game} />
        <ReadyToggle
          game={game}
          onChange={() => {
            onChanged();
          }}
        />
      </div>
      <div class="game-layout">
        <div class="game-map">
          <MapView
            map={map}
            drawing={drawing}
            board={board}
            orders={orders}
            {...(historic === undefined && isPlayer
              ? {
                  highlighted: ordering.highlighted,
                  selected: ordering.selection?.subject ?? null,
                  onProvinceClick: ordering.onProvinceClick,
                }
              : {
                  selected: chosen,
                  onProvinceClick: (p: string) => {
                    setChosen((c) => (c === p ? null : p));
                  },
                })}
            label={`Map of ${game.name}, ${viewing}`}
            focus={viewerPowers(game)}
          />
          {past !== null && count > 0 && (
            <div class="history">
              <label for="history">
                Phase shown:{' '}
                <strong>
                  {historic === undefined
                    ? `now (${describePhase(game.phase?.name ?? game.status)})`
                    : describePhase(historic.name)}
                </strong>
              </label>
              <input
                id="history"
                type="range"
                min={0}
                max={count}
                value={index}
                aria-valuetext={historic === undefined ? 'now' : describePhase(historic.name)}
                onInput={(e) => {
                  const v = Number(e.currentTarget.value);
                  setShown(v >= count ? null : v);
                }}
              />
              <ReportLink game={game.id} phase={historic ?? past.phases[count - 1]!} />
            </div>
          )}
        </div>
        <aside class="game-side">
          {legalError !== null && <ErrorNote error={legalError} />}
          {!(isPlayer && historic === undefined) && (
            <ProvinceNote map={map} board={board} selected={chosen} powerName={powerName} />
          )}
          {isPlayer && historic === undefined && (
            <section aria-labelledby="orders-title">
              <h2 id="orders-title">Your orders</h2>
              {legal === null && legalError === null ? (
                <p aria-live="polite">Reading your units' orders…</p>
              ) : (
                <OrderMenu ordering={ordering} provinceName={provinceName} />
              )}
              <OrderText map={gameMap} phase={phaseType} sheet={sheet} preview={preview} />
            </section>
          )}
          <VariantPanel
            api={api}
            game={game}
            map={map}
            gameMap={gameMap}
            sheet={isPlayer && historic === undefined ? sheet : null}
          />
          {resultsPhase !== undefined && <Results phase={resultsPhase} powerName={powerName} />}
          <h2>Supply centres</h2>
          <ul class="counts">
            {centreCounts(board).map(([power, n]) => (
              <li key={power}>
                <span class="swatch" style={{ background: colours.get(power) }} />
                {powerName(power)} <strong data-centres={power}>{n}</strong>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <Press game={game} incoming={incoming} />
    </>
  );
}

/** Every order of a phase with its result and the sentence that explains it, by power. */
function Results({
  phase,
  powerName,
}: {
  readonly phase: ApiPhase;
  readonly powerName: (p: string) => string;
}) {
  const outcomes = outcomesOf(phase);
  const powers = [...new Set(outcomes.map((o) => o.power))].sort();
  return (
    <section class="results" aria-labelledby="results-title">
      <h2 id="results-title">Results of {describePhase(phase.name)}</h2>
      {outcomes.length === 0 && <p class="hint">No orders were given.</p>}
      {powers.map((p) => (
        <div key={p}>
          <h3>{powerName(p)}</h3>
          <ul>
            {outcomes
              .filter((o) => o.power === p)
              .map((o, i) => (
                <li
                  key={i}
                  class={`result ${o.result}`}
                  data-result={o.result}
                  data-order={formatOrder(o.order)}
                >
                  <code>{formatOrder(o.order)}</code>: {o.result}
                  {o.explanation === undefined ? '' : ` — ${o.explanation}`}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The printable report of the phase the slider shows (of the last played, when it shows now). */
function ReportLink({ game, phase }: { readonly game: string; readonly phase: ApiPhase }) {
  return (
    <a class="report-link" href={routePath({ kind: 'report', id: game, phase: phase.name })}>
      {`Report of ${describePhase(phase.name)}`}
    </a>
  );
}
