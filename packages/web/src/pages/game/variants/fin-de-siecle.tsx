/**
 * Fin de Siecle's panel: for each power the player runs, the dips left this turn once the
 * sheet's spends are paid and the dip supports used in the quota window; forms that write a
 * bought support (`3 DIPS SUPPORT A(LON)-YOR`), a paid message (its cost live, 1 dip per 50
 * words or part), an interception and a protection into the one order sheet; in the setup step,
 * the type of the unit at each starting centre (`START F BRE`). Then the last turn's press as the
 * module's view gives it: messages sent, received and intercepted, and spends refused.
 */
import type { GameMap, ModuleAction, Unit } from '@arbiter/engine';
import {
  COST,
  messageCost,
  parsePress,
  parseStart,
  parseSupport,
  type DipStatus,
  type PaidMessage,
  type PowerClass,
  type Spend,
} from '@arbiter/rules';
import { useMemo, useState } from 'preact/hooks';
import { boardOf, viewerPowers } from '../../game-data.js';
import { describePhase } from '../history.js';
import { actionLines, withLine, withoutLine, type ActionLine } from './lines.js';
import {
  LineForm,
  namesOf,
  playerOf,
  SheetLineItems,
  type Names,
  type VariantPanelProps,
} from './shared.js';
import { RecipientChecks } from '../recipients.js';

/** Every line this panel writes, read as the modules read it. */
const SPENDS = {
  parseAction: (text: string, map: GameMap): ModuleAction | { error: string } | undefined =>
    parseSupport(text, map) ?? parsePress(text, map) ?? parseStart(text, map),
};

interface Seen {
  readonly classes: Readonly<Record<string, PowerClass>>;
  readonly status: readonly DipStatus[];
  readonly ledger: readonly Spend[];
  readonly pressPhase: string | null;
  readonly messages: readonly PaidMessage[];
  readonly intercepts: readonly { readonly by: string; readonly between: readonly string[] }[];
  readonly protections: readonly { readonly by: string; readonly against: string }[];
}

function seen(modules: Readonly<Record<string, unknown>> | undefined): Seen {
  const dips = (modules?.['fds-dips'] ?? {}) as Partial<Seen>;
  const press = (modules?.['fds-press'] ?? {}) as Partial<Seen> & { phase?: string | null };
  return {
    classes: dips.classes ?? {},
    status: dips.status ?? [],
    ledger: dips.ledger ?? [],
    pressPhase: press.phase ?? null,
    messages: press.messages ?? [],
    intercepts: press.intercepts ?? [],
    protections: press.protections ?? [],
  };
}

/** The power that pays a line: the one named at its head, else the rules' default. */
export function payerOf(
  a: ModuleAction,
  mine: readonly string[],
  classes: Readonly<Record<string, PowerClass>>,
): string | undefined {
  const named = a.data['payer'];
  if (typeof named === 'string') return named;
  if (a.type === 'support') return mine.find((p) => classes[p] !== 'minor');
  return mine[0];
}

const unitText = (u: Unit): string =>
  `${u.type === 'army' ? 'A' : 'F'}(${u.location.province.toUpperCase()})`;

export function FinDeSieclePanel({ game, map, gameMap, sheet }: VariantPanelProps) {
  const names = namesOf(map);
  const me = playerOf(game);
  const mine = viewerPowers(game);
  const view = seen(game.state?.modules);
  const board = useMemo(() => boardOf(game), [game]);
  const phase = game.state?.phase as { type?: string; step?: string } | undefined;
  const lines = useMemo(
    () => (sheet === null ? [] : actionLines(SPENDS, gameMap, sheet.text)),
    [sheet?.text, gameMap],
  );
  const options = game.options['fds-dips'] ?? {};
  const quota = {
    hold: typeof options['HOLD_QUOTA'] === 'number' ? options['HOLD_QUOTA'] : 5,
    move: typeof options['MOVE_QUOTA'] === 'number' ? options['MOVE_QUOTA'] : 2,
    turns: typeof options['QUOTA_TURNS'] === 'number' ? options['QUOTA_TURNS'] : 5,
  };
  const prefix = (payer: string): string => (mine.length > 1 ? `${payer}: ` : '');
  const edit = (text: string): void => {
    sheet?.edit(text, true);
  };
  const spends = lines.filter((l) => l.action.type !== 'start');

  return (
    <section class="variant-panel" aria-labelledby="fds-title" data-variant="fin-de-siecle">
      <h2 id="fds-title">Dips and press</h2>
      {me === null && (
        <p class="hint">
          Each power's dips, spends and paid messages are seen by its players and the gamesmaster
          only.
        </p>
      )}
      {sheet !== null && phase?.type === 'module' && phase.step === 'setup' && (
        <Setup
          units={board.units.filter((u) => mine.includes(u.power))}
          lines={lines.filter((l) => l.action.type === 'start')}
          gameMap={gameMap}
          names={names}
          onSet={(old, line) => {
            let text = sheet.text;
            if (old !== null) text = withoutLine(text, old);
            edit(withLine(text, line));
          }}
        />
      )}
      {mine.map((p) => {
        const st = view.status.find((s) => s.power === p);
        if (st === undefined) return null;
        const paid = spends.filter((l) => payerOf(l.action, mine, view.classes) === p);
        const spent = paid.reduce((n, l) => n + Number(l.action.data['dips'] ?? 0), 0);
        const holds = paid.filter(
          (l) => l.action.type === 'support' && l.action.data['kind'] === 'hold',
        ).length;
        const moves = paid.filter(
          (l) => l.action.type === 'support' && l.action.data['kind'] === 'move',
        ).length;
        const major = view.classes[p] !== 'minor';
        const holdUsed = quota.hold - st.holdLeft + holds;
        const moveUsed = quota.move - st.moveLeft + moves;
        return (
          <div key={p} class="fds-power" data-fds-power={p}>
            <h3>
              {names.power(p)} ({major ? 'major' : 'minor'})
            </h3>
            <p data-fds-dips={p}>
              <strong>{Math.max(0, st.dips - spent)}</strong> of {st.dips} dips left this turn
              {spent > st.dips ? ': your lines spend more than that, the last will be refused' : ''}
              .
            </p>
            {major && (
              <p data-fds-quota={p}>
                Dip supports in the window of {quota.turns} turns: hold {holdUsed}/{quota.hold},
                move {moveUsed}/{quota.move}.
              </p>
            )}
          </div>
        );
      })}
      {sheet !== null && phase?.type === 'movement' && view.status.length > 0 && (
        <Spending
          mine={mine}
          classes={view.classes}
          units={board.units}
          gameMap={gameMap}
          names={names}
          powers={map.powers.map((p) => p.id)}
          prefix={prefix}
          onAdd={(line) => {
            edit(withLine(sheet.text, line));
          }}
        />
      )}
      {spends.length > 0 && sheet !== null && (
        <>
          <h3>Your spends this turn</h3>
          <ul data-fds-lines>
            <SheetLineItems
              lines={spends.map((l) => ({
                line: l.line,
                text: `${l.text} — ${Number(l.action.data['dips'] ?? 0)} dips`,
              }))}
              onRemove={(line) => {
                edit(withoutLine(sheet.text, line));
              }}
            />
          </ul>
        </>
      )}
      {sheet !== null && (
        <Refusals
          refusals={(sheet.saved?.lines ?? []).flatMap((l) =>
            l.ok || !l.code.startsWith('fds-') ? [] : [`${l.text}: ${l.message}`],
          )}
        />
      )}
      <Press view={view} mine={mine} names={names} />
    </section>
  );
}

function Refusals({ refusals }: { readonly refusals: readonly string[] }) {
  if (refusals.length === 0) return null;
  return (
    <div role="alert" data-fds-refused>
      <p class="error">The server refuses (these cost nothing):</p>
      <ul>
        {refusals.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

function Setup({
  units,
  lines,
  gameMap,
  names,
  onSet,
}: {
  readonly units: readonly Unit[];
  readonly lines: readonly ActionLine[];
  readonly gameMap: GameMap;
  readonly names: Names;
  readonly onSet: (old: number | null, line: string) => void;
}) {
  return (
    <fieldset class="variant-choice" data-fds-setup>
      <legend>Your starting units: an army, or a fleet where one may stand (secret)</legend>
      {units.map((u) => {
        const p = u.location.province;
        const chosen = lines.find((l) => l.action.data['province'] === p);
        const coasts = (gameMap.province(p)?.fleetLocations ?? []).map(
          (i) => gameMap.locations[i]?.coast,
        );
        const value =
          chosen === undefined || chosen.action.data['unitType'] !== 'fleet'
            ? 'A'
            : `F${typeof chosen.action.data['coast'] === 'string' ? `/${chosen.action.data['coast']}` : ''}`;
        const id = `fds-start-${p}`;
        return (
          <div key={p} class="variant-row">
            <label for={id}>{names.province(p)}</label>
            <select
              id={id}
              value={value}
              onChange={(e) => {
                const v = e.currentTarget.value;
                const line =
                  v === 'A'
                    ? `START A ${p.toUpperCase()}`
                    : `START F ${p.toUpperCase()}${v.slice(1).toUpperCase()}`;
                onSet(chosen?.line ?? null, line);
              }}
            >
              <option value="A">army</option>
              {coasts.map((c) =>
                c === undefined ? (
                  <option key="F" value="F">
                    fleet
                  </option>
                ) : (
                  <option key={c} value={`F/${c}`}>
                    fleet ({c.toUpperCase()})
                  </option>
                ),
              )}
            </select>
          </div>
        );
      })}
    </fieldset>
  );
}

function Spending({
  mine,
  classes,
  units,
  gameMap,
  names,
  powers,
  prefix,
  onAdd,
}: {
  readonly mine: readonly string[];
  readonly classes: Readonly<Record<string, PowerClass>>;
  readonly units: readonly Unit[];
  readonly gameMap: GameMap;
  readonly names: Names;
  readonly powers: readonly string[];
  readonly prefix: (payer: string) => string;
  readonly onAdd: (line: string) => void;
}) {
  const majors = mine.filter((p) => classes[p] !== 'minor');
  const powerOptions = (ids: readonly string[]) =>
    ids.map((p) => ({ value: p, label: names.power(p) }));
  const payerField = (ids: readonly string[]) =>
    ids.length > 1
      ? [{ id: 'payer', label: 'Paid by', kind: 'select' as const, options: powerOptions(ids) }]
      : [];
  const payerIn = (v: Readonly<Record<string, string>>, ids: readonly string[]): string =>
    v['payer'] ?? ids[0] ?? '';
  const sorted = [...units].sort(
    (a, b) =>
      a.power.localeCompare(b.power) || a.location.province.localeCompare(b.location.province),
  );
  const [unitKey, setUnitKey] = useState('');
  const unit = sorted.find((u) => u.location.province === unitKey) ?? sorted[0];
  const targets =
    unit === undefined
      ? []
      : [
          ...new Set(
            gameMap
              .movesFrom(unit.type, gameMap.locations[gameMap.indexOf(unit.location)]?.key ?? '')
              .map((k) => k.split('/')[0]!),
          ),
        ].sort((a, b) => names.province(a).localeCompare(names.province(b)));
  return (
    <>
      {majors.length > 0 && unit !== undefined && (
        <div class="variant-form" role="group" aria-labelledby="fds-support-title">
          <h4 id="fds-support-title">Buy a dip support ({COST.support} dips: +1, never cut)</h4>
          <div class="variant-row">
            <label for="fds-support-unit">Unit</label>
            <select
              id="fds-support-unit"
              value={unit.location.province}
              onChange={(e) => {
                setUnitKey(e.currentTarget.value);
              }}
            >
              {sorted.map((u) => (
                <option key={u.location.province} value={u.location.province}>
                  {names.power(u.power)} {u.type === 'army' ? 'army' : 'fleet'} in{' '}
                  {names.province(u.location.province)}
                </option>
              ))}
            </select>
          </div>
          <LineForm
            key={unit.location.province}
            id="fds-support"
            title={`Support ${unitText(unit)}`}
            fields={[
              ...payerField(majors),
              {
                id: 'what',
                label: 'to',
                kind: 'select',
                options: [
                  { value: 'HOLD', label: 'hold (stay where it is)' },
                  ...targets.map((t) => ({ value: t, label: `move to ${names.province(t)}` })),
                ],
              },
            ]}
            submitLabel="Buy the support"
            make={(v) => {
              const what = v['what'] ?? 'HOLD';
              const tail = what === 'HOLD' ? ' HOLD' : `-${what.toUpperCase()}`;
              return `${prefix(payerIn(v, majors))}${COST.support} DIPS SUPPORT ${unitText(unit)}${tail}`;
            }}
            onAdd={onAdd}
          />
        </div>
      )}
      <MessageForm mine={mine} powers={powers} names={names} prefix={prefix} onAdd={onAdd} />
      <LineForm
        id="fds-intercept"
        title={`Intercept the messages between two powers (${COST.intercept} dips)`}
        fields={[
          ...payerField(mine),
          { id: 'x', label: 'Between', kind: 'select', options: powerOptions(powers) },
          { id: 'y', label: 'and', kind: 'select', options: powerOptions([...powers].reverse()) },
        ]}
        submitLabel="Intercept"
        make={(v) =>
          v['x'] === v['y']
            ? { error: 'Name two different powers.' }
            : `${prefix(payerIn(v, mine))}INTERCEPT ${v['x'] ?? ''} ${v['y'] ?? ''}`
        }
        onAdd={onAdd}
      />
      <LineForm
        id="fds-protect"
        title={`Protect your messages against a power's interception (${COST.protect} dip)`}
        fields={[
          ...payerField(mine),
          {
            id: 'against',
            label: 'Against',
            kind: 'select',
            options: powerOptions(powers.filter((p) => !mine.includes(p))),
          },
        ]}
        submitLabel="Protect"
        make={(v) => `${prefix(payerIn(v, mine))}PROTECT AGAINST ${v['against'] ?? ''}`}
        onAdd={onAdd}
      />
    </>
  );
}

function MessageForm({
  mine,
  powers,
  names,
  prefix,
  onAdd,
}: {
  readonly mine: readonly string[];
  readonly powers: readonly string[];
  readonly names: Names;
  readonly prefix: (payer: string) => string;
  readonly onAdd: (line: string) => void;
}) {
  const [to, setTo] = useState<readonly string[]>([]);
  const [text, setText] = useState('');
  const [payer, setPayer] = useState(mine[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  const words = text.trim() === '' ? 0 : text.trim().split(/\s+/).length;
  const cost = words === 0 ? 0 : messageCost(text);
  return (
    <form
      class="variant-form"
      aria-labelledby="fds-msg-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (to.length === 0) {
          setError('Choose at least one power to write to.');
          return;
        }
        if (words === 0) {
          setError('Write the message.');
          return;
        }
        setError(null);
        onAdd(`${prefix(payer)}MSG TO ${to.join(', ')}: ${text.replace(/\s+/g, ' ').trim()}`);
        setText('');
        setTo([]);
      }}
    >
      <h4 id="fds-msg-title">A message through the gamesmaster (1 dip per 50 words or part)</h4>
      {mine.length > 1 && (
        <div class="variant-row">
          <label for="fds-msg-payer">From</label>
          <select
            id="fds-msg-payer"
            value={payer}
            onChange={(e) => {
              setPayer(e.currentTarget.value);
            }}
          >
            {mine.map((p) => (
              <option key={p} value={p}>
                {names.power(p)}
              </option>
            ))}
          </select>
        </div>
      )}
      <RecipientChecks
        class="variant-choice fds-recipients"
        legend="To"
        options={powers.filter((p) => !mine.includes(p))}
        chosen={to}
        setChosen={setTo}
        nameOf={names.power}
      />
      <label for="fds-msg-text">Message</label>
      <textarea
        id="fds-msg-text"
        rows={3}
        value={text}
        aria-describedby="fds-msg-cost"
        onInput={(e) => {
          setText(e.currentTarget.value);
        }}
      />
      <p id="fds-msg-cost" class="hint" aria-live="polite" data-fds-msg-cost>
        {words} word{words === 1 ? '' : 's'}: costs {cost} dip{cost === 1 ? '' : 's'}. It arrives
        with the results, the sending power named, never the player.
      </p>
      {error !== null && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">Add the message to your orders</button>
    </form>
  );
}

function Press({
  view,
  mine,
  names,
}: {
  readonly view: Seen;
  readonly mine: readonly string[];
  readonly names: Names;
}) {
  const has = (p: string): boolean => mine.includes(p);
  const refused = view.ledger.filter((s) => s.refused !== undefined);
  const when = view.pressPhase === null ? '' : ` (${describePhase(view.pressPhase)})`;
  return (
    <>
      <h3>Last turn's press{when}</h3>
      {view.messages.length === 0 ? (
        <p class="hint">No paid message of yours, to you or intercepted by you.</p>
      ) : (
        <ul data-fds-messages>
          {view.messages.map((m, i) => {
            const copy = !has(m.from) && !m.to.some(has);
            return (
              <li key={i} data-intercepted={copy}>
                <strong>{copy ? 'Intercepted: ' : has(m.from) ? 'Sent: ' : 'Received: '}</strong>
                from {names.power(m.from)} to {m.to.map(names.power).join(', ')} — {m.text}
              </li>
            );
          })}
        </ul>
      )}
      {(view.intercepts.length > 0 || view.protections.length > 0) && (
        <ul>
          {view.intercepts.map((i, n) => (
            <li key={`i${n}`}>
              {names.power(i.by)} intercepted {i.between.map(names.power).join(' and ')}.
            </li>
          ))}
          {view.protections.map((p, n) => (
            <li key={`p${n}`}>
              {names.power(p.by)} was protected against {names.power(p.against)}.
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <>
          <h4>Refused last turn (no dips charged)</h4>
          <ul>
            {refused.map((s, i) => (
              <li key={i}>
                {s.text}: {s.refused?.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
