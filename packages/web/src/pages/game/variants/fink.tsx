/**
 * The Fink's panel. Everyone: whether there is a Fink and the public notices ("There is a new
 * Fink.", "A unit was dislodged by the Fink: ...", "The Fink has been eliminated."), and in a
 * winter adjustment phase the request to turn Fink against a power. The Fink alone (the server
 * sends the rest to nobody else): his victim and since when, the spring fink, the retreat he
 * chooses for the finked unit, and his history. The gamesmaster sees who the Fink is.
 */
import { finkModule } from '@arbiter/rules';
import { formatOrder, type Location } from '@arbiter/engine';
import { useMemo, useState } from 'preact/hooks';
import { readSheet } from '../../../orders/sheet.js';
import { boardOf, viewerPowers } from '../../game-data.js';
import { describePhase } from '../history.js';
import { actionLines, finkTargets, withAction, withLine, withoutLine } from './lines.js';
import {
  namesOf,
  Notices,
  Options,
  phaseOf,
  playerOf,
  SheetLineItems,
  TakeBack,
  useModuleEvents,
  type VariantPanelProps,
} from './shared.js';

interface Seat {
  readonly player: string;
  readonly victim: string;
  readonly since: string;
  readonly victimEliminated?: boolean;
}
interface FinkRecord {
  readonly phase: string;
  readonly province: string;
  readonly result: 'dislodged' | 'destroyed' | 'no-effect';
}
interface RequestRecord {
  readonly phase: string;
  readonly against: string;
  readonly result: 'became-fink' | 'new-victim' | 'failed';
}

/** The module's state as this viewer has it: a player's view, or the gamesmaster's whole. */
interface Seen {
  readonly exists: boolean;
  readonly fink: Seat | null;
  readonly history: readonly string[];
  readonly orders: readonly FinkRecord[];
  readonly requests: readonly RequestRecord[];
  readonly pending: { readonly province: string; readonly power: string } | null;
  readonly isGm: boolean;
}

function seen(raw: unknown, me: string | null): Seen {
  const m = (raw ?? {}) as Record<string, unknown>;
  if (!('exists' in m)) {
    // The gamesmaster's FinkState: every player's lists, by player.
    const fink = (m['fink'] ?? null) as Seat | null;
    const who = fink?.player ?? '';
    const by = <T,>(k: string): T[] => ((m[k] ?? {}) as Record<string, T[]>)[who] ?? [];
    return {
      exists: fink !== null,
      fink,
      history: by<string>('history'),
      orders: by<FinkRecord>('orders'),
      requests: [],
      pending: (m['pending'] ?? null) as Seen['pending'],
      isGm: me === null,
    };
  }
  return {
    exists: m['exists'] === true,
    fink: (m['fink'] ?? null) as Seat | null,
    history: (m['history'] ?? []) as string[],
    orders: (m['orders'] ?? []) as FinkRecord[],
    requests: (m['requests'] ?? []) as RequestRecord[],
    pending: (m['pending'] ?? null) as Seen['pending'],
    isGm: false,
  };
}

const RESULT: Record<FinkRecord['result'], string> = {
  dislodged: 'dislodged a unit',
  destroyed: 'dislodged a unit, which was destroyed',
  'no-effect': 'did nothing',
};
const REQUEST: Record<RequestRecord['result'], string> = {
  'became-fink': 'you became the Fink',
  'new-victim': 'you turned against a new victim',
  failed: 'it failed',
};

export function FinkPanel({ api, game, map, gameMap, sheet }: VariantPanelProps) {
  const names = namesOf(map);
  const me = playerOf(game);
  const view = seen((game.state?.modules as Record<string, unknown> | undefined)?.['fink'], me);
  const isFink = me !== null && view.fink?.player === me;
  const phase = phaseOf(game);
  const events = useModuleEvents(api, game, 'fink/');
  const board = useMemo(() => boardOf(game), [game]);
  const finkLines = useMemo(
    () => (sheet === null ? [] : actionLines(finkModule, gameMap, sheet.text)),
    [sheet?.text, gameMap],
  );
  const mine = new Set(viewerPowers(game));
  const seatName = (id: string): string => game.seats.find((s) => s.playerId === id)?.name ?? id;

  return (
    <section class="variant-panel" aria-labelledby="fink-title" data-variant="fink">
      <h2 id="fink-title">The Fink</h2>
      <p data-fink-exists={view.exists}>
        {view.exists ? 'There is a Fink.' : 'There is no Fink at present.'}
      </p>
      {view.fink !== null && (isFink || view.isGm) && (
        <p class="fink-role" data-fink-role>
          <strong>
            {isFink ? 'You are the Fink' : `The Fink is ${seatName(view.fink.player)}`}
          </strong>
          , turned against <strong>{names.power(view.fink.victim)}</strong> since{' '}
          {describePhase(view.fink.since)}.
          {view.fink.victimEliminated === true &&
            ` ${names.power(view.fink.victim)} is eliminated: there is nothing left to fink on.`}
          {isFink && ' Nobody else is told who you are. You never build.'}
        </p>
      )}
      {view.isGm && <PendingFinkLines game={game} gameMap={gameMap} seatName={seatName} />}
      {sheet !== null && phase.season === 'winter' && phase.type === 'adjustment' && (
        <RequestForm
          sheetText={sheet.text}
          current={finkLines.filter((l) => l.action.type === 'request')}
          powers={map.powers.filter((p) => !mine.has(p.id)).map((p) => p.id)}
          powerName={names.power}
          onChange={(text) => {
            sheet.edit(text, true);
          }}
          module={{ gameMap }}
        />
      )}
      {sheet !== null && isFink && phase.season === 'spring' && phase.type === 'movement' && (
        <FinkForm
          targets={finkTargets(board.units, view.fink.victim, view.history)}
          history={view.history}
          provinces={map.provinces
            .map((p) => p.id)
            .filter((p) => !view.history.includes(p))
            .sort((a, b) => names.province(a).localeCompare(names.province(b)))}
          provinceName={names.province}
          current={finkLines.filter((l) => l.action.type === 'fink')}
          onFink={(province) => {
            sheet.edit(
              withAction(finkModule, gameMap, sheet.text, 'fink', `FINK ${province}`),
              true,
            );
          }}
          onRemove={(line) => {
            sheet.edit(withoutLine(sheet.text, line), true);
          }}
        />
      )}
      {sheet !== null && isFink && view.pending !== null && phase.type === 'retreat' && (
        <RetreatChoice
          pending={view.pending}
          dislodged={board.dislodged ?? []}
          sheetText={sheet.text}
          gameMap={gameMap}
          powerName={names.power}
          provinceName={names.province}
          onChange={(text) => {
            sheet.edit(text, true);
          }}
        />
      )}
      {(isFink || view.isGm || view.history.length > 0 || view.orders.length > 0) && (
        <>
          <h3>{isFink || !view.isGm ? 'Your finks' : "The Fink's finks"}</h3>
          {view.orders.length === 0 ? (
            <p class="hint">No fink yet.</p>
          ) : (
            <ul data-fink-history>
              {view.orders.map((o, i) => (
                <li key={i}>
                  {describePhase(o.phase)}: on {names.province(o.province)} — {RESULT[o.result]}
                </li>
              ))}
            </ul>
          )}
          {view.history.length > 0 && (
            <p class="hint">
              Successful finks cannot be repeated:{' '}
              {view.history.map((p) => names.province(p)).join(', ')}.
            </p>
          )}
        </>
      )}
      {view.requests.length > 0 && (
        <>
          <h3>Your requests</h3>
          <ul>
            {view.requests.map((r, i) => (
              <li key={i}>
                {describePhase(r.phase)}: against {names.power(r.against)} — {REQUEST[r.result]}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Notices</h3>
      <Notices events={events} empty="No notice about the Fink yet." />
    </section>
  );
}

/**
 * The gamesmaster's view of this phase's Fink lines (requests, the fink), from every player's
 * latest sheet, which the server gives him alone.
 */
function PendingFinkLines({
  game,
  gameMap,
  seatName,
}: {
  readonly game: VariantPanelProps['game'];
  readonly gameMap: VariantPanelProps['gameMap'];
  readonly seatName: (id: string) => string;
}) {
  const lines = (game.pendingSubmissions ?? []).flatMap((s) =>
    actionLines(finkModule, gameMap, s.text).map((l) => ({ player: s.player, text: l.text })),
  );
  if (lines.length === 0) return null;
  return (
    <>
      <h3>Fink lines sent this phase</h3>
      <ul data-fink-pending>
        {lines.map((l, i) => (
          <li key={i}>
            {seatName(l.player)}: <code>{l.text}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

function RequestForm({
  current,
  powers,
  powerName,
  onChange,
  sheetText,
  module,
}: {
  readonly current: readonly { readonly line: number; readonly text: string }[];
  readonly powers: readonly string[];
  readonly powerName: (id: string) => string;
  readonly onChange: (text: string) => void;
  readonly sheetText: string;
  readonly module: { readonly gameMap: VariantPanelProps['gameMap'] };
}) {
  const [against, setAgainst] = useState(powers[0] ?? '');
  return (
    <form
      class="variant-form"
      aria-labelledby="fink-request-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (against === '') return;
        onChange(
          withAction(finkModule, module.gameMap, sheetText, 'request', `FINK AGAINST ${against}`),
        );
      }}
    >
      <h3 id="fink-request-title">Turn Fink</h3>
      <p class="hint">
        Ask to become the Fink, secretly turned against one power. If nobody is the Fink, you become
        it (among several, the one with the fewest centres). Nobody else is told you asked.
      </p>
      <label for="fink-against">Ask to turn Fink against</label>{' '}
      <select
        id="fink-against"
        value={against}
        onChange={(e) => {
          setAgainst(e.currentTarget.value);
        }}
      >
        <Options values={powers} label={powerName} />
      </select>{' '}
      <button type="submit">{current.length > 0 ? 'Change the request' : 'Ask'}</button>
      {current.length > 0 && (
        <p data-fink-request>
          In your orders: <code>{current[0]!.text}</code>{' '}
          <button
            type="button"
            onClick={() => {
              onChange(withAction(finkModule, module.gameMap, sheetText, 'request', null));
            }}
          >
            Withdraw
          </button>
        </p>
      )}
    </form>
  );
}

function FinkForm({
  targets,
  provinces,
  provinceName,
  current,
  onFink,
  onRemove,
}: {
  readonly targets: readonly string[];
  readonly history: readonly string[];
  readonly provinces: readonly string[];
  readonly provinceName: (id: string) => string;
  readonly current: readonly { readonly line: number; readonly text: string }[];
  readonly onFink: (province: string) => void;
  readonly onRemove: (line: number) => void;
}) {
  const [province, setProvince] = useState(targets[0] ?? provinces[0] ?? '');
  const others = provinces.filter((p) => !targets.includes(p));
  return (
    <form
      class="variant-form"
      aria-labelledby="fink-order-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (province !== '') onFink(province);
      }}
    >
      <h3 id="fink-order-title">This spring's fink</h3>
      <p class="hint">
        After the moves, a unit of your victim in the province you name is dislodged, and you choose
        its retreat.
      </p>
      <label for="fink-on">Fink on</label>{' '}
      <select
        id="fink-on"
        value={province}
        onChange={(e) => {
          setProvince(e.currentTarget.value);
        }}
      >
        {targets.length > 0 && (
          <optgroup label="Where your victim has a unit">
            <Options values={targets} label={provinceName} />
          </optgroup>
        )}
        <optgroup label="Other provinces">
          <Options values={others} label={provinceName} />
        </optgroup>
      </select>{' '}
      <button type="submit">{current.length > 0 ? 'Change the fink' : 'Fink'}</button>
      {current.map((c) => (
        <p key={c.line} data-fink-order>
          In your orders: <code>{c.text}</code>{' '}
          <TakeBack
            onClick={() => {
              onRemove(c.line);
            }}
          />
        </p>
      ))}
    </form>
  );
}

function RetreatChoice({
  pending,
  dislodged,
  sheetText,
  gameMap,
  powerName,
  provinceName,
  onChange,
}: {
  readonly pending: { readonly province: string; readonly power: string };
  readonly dislodged: readonly {
    readonly unit: { readonly type: 'army' | 'fleet'; readonly location: Location };
    readonly retreats: readonly Location[];
  }[];
  readonly sheetText: string;
  readonly gameMap: VariantPanelProps['gameMap'];
  readonly powerName: (id: string) => string;
  readonly provinceName: (id: string) => string;
  readonly onChange: (text: string) => void;
}) {
  const d = dislodged.find((x) => x.unit.location.province === pending.province);
  if (d === undefined) return null;
  const unit = { type: d.unit.type, location: d.unit.location };
  const chosen = readSheet(gameMap, sheetText, 'retreat').filter(
    (l) => l.order?.kind === 'retreat' && l.order.unit.location.province === pending.province,
  );
  const name = `${powerName(pending.power)}'s ${d.unit.type === 'army' ? 'A' : 'F'} ${pending.province}`;
  return (
    <div class="variant-form" role="group" aria-labelledby="fink-retreat-title">
      <h3 id="fink-retreat-title">The retreat of {name}</h3>
      {d.retreats.length === 0 ? (
        <p>It has nowhere to go and is destroyed.</p>
      ) : (
        <>
          <p class="hint">
            You choose where the unit you finked retreats. Give several in order of preference: the
            first one left free counts. You cannot disband it.
          </p>
          <div class="order-choices">
            {d.retreats.map((to) => {
              const text = formatOrder({ kind: 'retreat', unit, to });
              const has = chosen.some((c) => c.text.trim() === text);
              return (
                <button
                  key={text}
                  type="button"
                  disabled={has}
                  onClick={() => {
                    onChange(withLine(sheetText, text));
                  }}
                >
                  Retreat to {provinceName(to.province)}
                  {to.coast === undefined ? '' : ` (${to.coast})`}
                </button>
              );
            })}
          </div>
        </>
      )}
      {chosen.length > 0 && (
        <ol data-fink-retreats>
          <SheetLineItems
            lines={chosen}
            onRemove={(line) => {
              onChange(withoutLine(sheetText, line));
            }}
          />
        </ol>
      )}
    </div>
  );
}
