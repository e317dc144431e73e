/**
 * Pink Diplomacy's panel (variants pink and pink2): the player's own books as the module's view
 * gives them (the purse, stores by centre against capacity, emergency stores by home centre, the
 * income and interest to expect, friendliness), forms that write the winter's budget lines and
 * the movement phases' MOVEPTS into the one order sheet with their costs and a running total,
 * the server's refusals of those lines, and every unit's strength (public). The books are the
 * server's: what is shown here only helps write the lines; the server's reading decides.
 */
import type { GameMap, Unit } from '@arbiter/engine';
import {
  armyNeighbours,
  COSTS,
  distanceTo,
  interestOn,
  pinkEconomy,
  type Ledger,
} from '@arbiter/rules';
import { useMemo } from 'preact/hooks';
import { boardOf, viewerPowers } from '../../game-data.js';
import { actionLines, withLine, withoutLine, type ActionLine } from './lines.js';
import {
  LineForm,
  namesOf,
  Notices,
  playerOf,
  SheetLineItems,
  useModuleEvents,
  wholeNumber,
  type Names,
  type VariantPanelProps,
} from './shared.js';

interface Books {
  readonly ledgers: Readonly<Record<string, Ledger>>;
  readonly capacity: Readonly<Record<string, number>>;
}

function booksOf(raw: unknown): Books {
  const m = (raw ?? {}) as Partial<Books>;
  return { ledgers: m.ledgers ?? {}, capacity: m.capacity ?? {} };
}

/** A unit's strength from its public attributes: full unless the module says otherwise. */
export function strengthOfUnit(u: Unit): 'full' | 'half' | 'unsupplied' {
  const s = (u.attrs?.['pink-strength'] as { strength?: unknown } | undefined)?.strength;
  return s === 'half' || s === 'unsupplied' ? s : 'full';
}

/**
 * What the budget lines in the sheet cost, in the order written, as the module prices them
 * (RULINGS §2.4): the transfer fee once a winter, the store fee once per centre a winter.
 */
export function costOf(
  lines: readonly ActionLine[],
  ledger: Pick<Ledger, 'transferPaid' | 'storedIn'>,
): { readonly total: number; readonly each: ReadonlyMap<number, number> } {
  let transferPaid = ledger.transferPaid;
  const storedIn = new Set(ledger.storedIn);
  const each = new Map<number, number>();
  let total = 0;
  for (const l of lines) {
    const d = l.action.data;
    const n = typeof d['n'] === 'number' ? d['n'] : 0;
    let cost = 0;
    switch (l.action.type) {
      case 'transfer':
        cost = transferPaid ? 0 : COSTS.transfer;
        transferPaid = true;
        break;
      case 'movehome':
        cost = COSTS.moveHome;
        break;
      case 'newhome':
        cost = COSTS.newHome;
        break;
      case 'field':
        cost = COSTS.field;
        break;
      case 'field-half':
        cost = COSTS.half;
        break;
      case 'build':
        cost = COSTS.build;
        break;
      case 'store': {
        const at = String(d['at']);
        cost = n + (storedIn.has(at) ? 0 : COSTS.store);
        storedIn.add(at);
        break;
      }
      case 'replenish':
        cost = n;
        break;
      default:
        cost = 0;
    }
    each.set(l.line, cost);
    total += cost;
  }
  return { total, each };
}

const sum = (r: Readonly<Record<string, number>>): number =>
  Object.values(r).reduce((a, b) => a + b, 0);

export function PinkPanel({ api, game, map, gameMap, sheet }: VariantPanelProps) {
  const names = namesOf(map);
  const me = playerOf(game);
  const mine = viewerPowers(game);
  const power = mine[0];
  const books = booksOf(
    (game.state?.modules as Record<string, unknown> | undefined)?.['pink-economy'],
  );
  const options = game.options['pink-economy'] ?? {};
  const emergencyFull =
    typeof options['EMERGENCY_STORE'] === 'number' ? options['EMERGENCY_STORE'] : 5;
  const defaultCapacity =
    typeof options['DEFAULT_CAPACITY'] === 'number' ? options['DEFAULT_CAPACITY'] : 5;
  const capacity = (p: string): number =>
    books.capacity[p] ?? gameMap.province(p)?.capacity ?? defaultCapacity;
  const board = useMemo(() => boardOf(game), [game]);
  const events = useModuleEvents(api, game, 'pink/');
  const ledger = power === undefined ? undefined : books.ledgers[power];
  const phase = game.state?.phase as { type?: string; step?: string } | undefined;
  const step =
    phase?.type === 'module' ? phase.step : phase?.type === 'movement' ? 'movement' : undefined;
  const lines = useMemo(
    () => (sheet === null ? [] : actionLines(pinkEconomy, gameMap, sheet.text)),
    [sheet?.text, gameMap],
  );

  return (
    <section class="variant-panel" aria-labelledby="pink-title" data-variant="pink">
      <h2 id="pink-title">Points and strengths</h2>
      {ledger !== undefined && power !== undefined ? (
        <>
          <BooksView
            power={power}
            ledger={ledger}
            names={names}
            gameMap={gameMap}
            capacity={capacity}
            emergencyFull={emergencyFull}
            centres={game.state?.supplyCenters ?? {}}
            units={board.units}
          />
          {sheet !== null && step !== undefined && (
            <Budget
              step={step}
              power={power}
              ledger={ledger}
              lines={lines}
              names={names}
              gameMap={gameMap}
              capacity={capacity}
              emergencyFull={emergencyFull}
              centres={game.state?.supplyCenters ?? {}}
              units={board.units}
              powers={map.powers.map((p) => p.id).filter((p) => p !== power)}
              refusals={(sheet.saved?.lines ?? []).flatMap((l) =>
                l.ok || !l.code.startsWith('pink') ? [] : [`${l.text}: ${l.message}`],
              )}
              onSet={(old, line) => {
                let text = sheet.text;
                if (old !== null) text = withoutLine(text, old);
                if (line !== null) text = withLine(text, line);
                sheet.edit(text, true);
              }}
            />
          )}
        </>
      ) : me === null && Object.keys(books.ledgers).length > 0 ? (
        <AllBooks books={books} names={names} />
      ) : (
        <p class="hint">Each power's points are secret to its players and the gamesmaster.</p>
      )}
      <Strengths units={board.units} names={names} />
      <details>
        <summary>Your notices about points ({events.length})</summary>
        <Notices events={events} empty="No notice yet." />
      </details>
    </section>
  );
}

function BooksView({
  power,
  ledger,
  names,
  gameMap,
  capacity,
  emergencyFull,
  centres,
  units,
}: {
  readonly power: string;
  readonly ledger: Ledger;
  readonly names: Names;
  readonly gameMap: GameMap;
  readonly capacity: (p: string) => number;
  readonly emergencyFull: number;
  readonly centres: Readonly<Record<string, string>>;
  readonly units: readonly Unit[];
}) {
  const owned = ownedBy(centres, power);
  const income = owned.reduce((s, p) => s + capacity(p), 0);
  const working = ledger.homes.filter(
    (h) => centres[h] === power && (ledger.emergency[h] ?? 0) >= emergencyFull,
  );
  const passable = (p: string): boolean => {
    const u = units.find((x) => x.location.province === p);
    return u === undefined || u.power === power || ledger.friendly.includes(u.power);
  };
  const shown = [...new Set([...owned, ...Object.keys(ledger.stores)])].sort((a, b) =>
    names.province(a).localeCompare(names.province(b)),
  );
  const interestAt = (p: string): number => {
    if (!owned.includes(p)) return 0;
    const n = ledger.stores[p] ?? 0;
    const cap = capacity(p);
    const low = Math.min(ledger.low[p] ?? 0, n, cap);
    const homes = working.length > 0 ? working : ledger.homes;
    return interestOn(low, cap, distanceTo(gameMap, p, homes, passable));
  };
  const interest = shown.reduce((s, p) => s + interestAt(p), 0);
  return (
    <div data-pink-books={power}>
      <dl class="pink-figures">
        <div>
          <dt>Purse</dt>
          <dd data-pink-purse>{ledger.purse}</dd>
        </div>
        <div>
          <dt>Stored</dt>
          <dd data-pink-stored>{sum(ledger.stores)}</dd>
        </div>
        <div>
          <dt>Emergency</dt>
          <dd>{sum(ledger.emergency)}</dd>
        </div>
        <div>
          <dt>Income next winter</dt>
          <dd data-pink-income>{income}</dd>
        </div>
        <div>
          <dt>Interest expected</dt>
          <dd data-pink-interest>{interest}</dd>
        </div>
      </dl>
      <p class="hint">
        Income is the capacity of the {owned.length} centres you own now; interest is paid on the
        smallest balance each centre held since last winter (an estimate here: it assumes no other
        power is friendly to you).
      </p>
      <div class="table-scroll">
        <table class="invest-table" data-pink-stores>
          <caption>Stores by centre</caption>
          <thead>
            <tr>
              <th scope="col">Province</th>
              <th scope="col">Points / capacity</th>
              <th scope="col">Interest</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => (
              <tr key={p} data-store={p}>
                <th scope="row">{names.province(p)}</th>
                <td>
                  {ledger.stores[p] ?? 0}
                  {gameMap.province(p)?.isSupplyCenter === true ? ` / ${capacity(p)}` : ''}
                </td>
                <td>{interestAt(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Home centres</h3>
      <ul data-pink-homes>
        {ledger.homes.map((h) => (
          <li key={h}>
            {names.province(h)}: emergency store {ledger.emergency[h] ?? 0} of {emergencyFull}
            {centres[h] !== power
              ? ' — not yours now'
              : working.includes(h)
                ? ''
                : ' — replenish it to build there and draw on it'}
          </li>
        ))}
      </ul>
      <p>
        Friendly to:{' '}
        {ledger.friendly.length === 0 ? 'nobody' : ledger.friendly.map(names.power).join(', ')}.
      </p>
    </div>
  );
}

/** The gamesmaster's summary of every power's books. */
function AllBooks({ books, names }: { readonly books: Books; readonly names: Names }) {
  return (
    <div class="table-scroll">
      <table class="invest-table" data-pink-all-books>
        <caption>Every power's points (you alone see them all)</caption>
        <thead>
          <tr>
            <th scope="col">Power</th>
            <th scope="col">Purse</th>
            <th scope="col">Stored</th>
            <th scope="col">Emergency</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(books.ledgers).map(([p, l]) => (
            <tr key={p}>
              <th scope="row">{names.power(p)}</th>
              <td>{l.purse}</td>
              <td>{sum(l.stores)}</td>
              <td>{sum(l.emergency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Strengths({ units, names }: { readonly units: readonly Unit[]; readonly names: Names }) {
  const byPower = new Map<string, Unit[]>();
  for (const u of units) byPower.set(u.power, [...(byPower.get(u.power) ?? []), u]);
  return (
    <>
      <h3>Units and their strengths</h3>
      <ul data-pink-strengths>
        {[...byPower]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([p, list]) => (
            <li key={p}>
              <strong>{names.power(p)}</strong>:{' '}
              {list
                .map((u) => {
                  const s = strengthOfUnit(u);
                  return `A ${names.province(u.location.province)}${s === 'full' ? '' : ` (${s})`}`;
                })
                .join(', ')}
            </li>
          ))}
      </ul>
    </>
  );
}

/** The centres `power` owns, sorted by id. */
function ownedBy(centres: Readonly<Record<string, string>>, power: string): string[] {
  return Object.keys(centres)
    .filter((p) => centres[p] === power)
    .sort();
}

const STEP_NAME: Readonly<Record<string, string>> = {
  'budget-a': 'Winter budget (a): transfers, home centres, disbanding',
  'budget-b': 'Winter budget (b): fielding, building, storing, replenishing, friendliness',
  movement: 'Moving stored points',
};

function Budget({
  step,
  power,
  ledger,
  lines,
  names,
  gameMap,
  capacity,
  emergencyFull,
  centres,
  units,
  powers,
  refusals,
  onSet,
}: {
  readonly step: string;
  readonly power: string;
  readonly ledger: Ledger;
  readonly lines: readonly ActionLine[];
  readonly names: Names;
  readonly gameMap: GameMap;
  readonly capacity: (p: string) => number;
  readonly emergencyFull: number;
  readonly centres: Readonly<Record<string, string>>;
  readonly units: readonly Unit[];
  readonly powers: readonly string[];
  readonly refusals: readonly string[];
  /** Takes line `old` (1-based) out of the sheet and adds `line`, in one edit. */
  readonly onSet: (old: number | null, line: string | null) => void;
}) {
  const onAdd = (line: string): void => {
    onSet(null, line);
  };
  const onRemove = (line: number): void => {
    onSet(line, null);
  };
  const title = STEP_NAME[step];
  if (title === undefined) return null;
  const costs = costOf(lines, ledger);
  const available = ledger.purse + sum(ledger.stores);
  const myUnits = units.filter((u) => u.power === power);
  const owned = ownedBy(centres, power);
  const otherCentres = owned.filter((p) => !ledger.homes.includes(p));
  const prov = (ids: readonly string[]) => ids.map((p) => ({ value: p, label: names.province(p) }));
  const stored = Object.keys(ledger.stores).filter((p) => (ledger.stores[p] ?? 0) > 0);
  const amount = (v: Readonly<Record<string, string>>, max: number): number | { error: string } => {
    const n = wholeNumber(v['n']);
    if (n === null || n < 1) return { error: 'Give a whole number of points, 1 or more.' };
    if (n > max) return { error: `${n} is too many: at most ${max} here.` };
    return n;
  };
  const fielded = new Map<string, { line: number; half: boolean }>();
  for (const l of lines) {
    if (l.action.type === 'field' || l.action.type === 'field-half')
      fielded.set(String(l.action.data['at']), {
        line: l.line,
        half: l.action.type === 'field-half',
      });
  }
  const fieldLine = (p: string, how: string): void => {
    const line =
      how === 'full'
        ? `FIELD A ${p.toUpperCase()}`
        : how === 'half'
          ? `FIELD A ${p.toUpperCase()} HALF`
          : null;
    onSet(fielded.get(p)?.line ?? null, line);
  };
  return (
    <div class="pink-budget" role="group" aria-labelledby="pink-budget-title">
      <h3 id="pink-budget-title">{title}</h3>
      {step !== 'movement' && (
        <p data-pink-total class={costs.total > available ? 'error' : undefined} role="status">
          Your lines cost <strong>{costs.total}</strong> of the <strong>{available}</strong> points
          in your purse and stores
          {costs.total > available ? ': more than you have, some will be refused.' : '.'}
        </p>
      )}
      {step === 'budget-a' && (
        <>
          <LineForm
            id="pink-transfer"
            empty="You have no stored points to transfer."
            title={`Transfer stored points (${COSTS.transfer} a winter for any number)`}
            fields={[
              { id: 'n', label: 'Points', kind: 'number' },
              { id: 'from', label: 'from', kind: 'select', options: prov(stored) },
              { id: 'to', label: 'to', kind: 'select', options: prov(owned) },
              { id: 'via', label: 'via', kind: 'text', placeholder: 'provinces, in order' },
            ]}
            submitLabel="Transfer"
            make={(v) => {
              // A choice with no option shows `empty` instead of the form: values are never ''.
              const from = v['from'] ?? '';
              const n = amount(v, ledger.stores[from] ?? 0);
              if (typeof n !== 'number') return n;
              const via = (v['via'] ?? '').trim();
              return `TRANSFER ${n} ${from.toUpperCase()}-${(v['to'] ?? '').toUpperCase()}${via === '' ? '' : ` VIA ${via.toUpperCase()}`}`;
            }}
            onAdd={onAdd}
          />
          <LineForm
            id="pink-movehome"
            empty="You own no other centre to move a home centre to."
            title={`Move a home centre (${COSTS.moveHome})`}
            fields={[
              { id: 'from', label: 'Home', kind: 'select', options: prov(ledger.homes) },
              {
                id: 'to',
                label: 'to',
                kind: 'select',
                options: prov(otherCentres),
              },
            ]}
            submitLabel="Move home"
            make={(v) =>
              `MOVEHOME ${(v['from'] ?? '').toUpperCase()}-${(v['to'] ?? '').toUpperCase()}`
            }
            onAdd={onAdd}
          />
          <LineForm
            id="pink-newhome"
            empty="You own no centre that is not already a home centre."
            title={`New home centre (${COSTS.newHome}; yours for two years)`}
            fields={[
              {
                id: 'at',
                label: 'Centre',
                kind: 'select',
                options: prov(otherCentres),
              },
            ]}
            submitLabel="Make it home"
            make={(v) => `NEWHOME ${(v['at'] ?? '').toUpperCase()}`}
            onAdd={onAdd}
          />
          <LineForm
            id="pink-disband"
            empty="You have no full unit to disband."
            title="Disband a full unit (free)"
            fields={[
              {
                id: 'at',
                label: 'Army in',
                kind: 'select',
                options: prov(
                  myUnits
                    .filter((u) => strengthOfUnit(u) === 'full')
                    .map((u) => u.location.province),
                ),
              },
            ]}
            submitLabel="Disband"
            make={(v) => `DISBAND A ${(v['at'] ?? '').toUpperCase()}`}
            onAdd={onAdd}
          />
        </>
      )}
      {step === 'budget-b' && (
        <>
          <fieldset class="variant-choice pink-field">
            <legend>
              Field your units (full {COSTS.field}, half {COSTS.half}); units without a line are
              fielded by the upkeep with what is left
            </legend>
            {myUnits.map((u) => {
              const p = u.location.province;
              const f = fielded.get(p);
              const id = `pink-field-${p}`;
              return (
                <div key={p} class="variant-row">
                  <label for={id}>
                    A {names.province(p)} (now {strengthOfUnit(u)})
                  </label>
                  <select
                    id={id}
                    value={f === undefined ? '' : f.half ? 'half' : 'full'}
                    onChange={(e) => {
                      fieldLine(p, e.currentTarget.value);
                    }}
                  >
                    <option value="">left to the upkeep</option>
                    <option value="full">full ({COSTS.field})</option>
                    <option value="half">half ({COSTS.half})</option>
                  </select>
                </div>
              );
            })}
          </fieldset>
          <LineForm
            id="pink-build"
            empty="No empty working home centre to build in."
            title={`Build an army (${COSTS.build}, fielded full)`}
            fields={[
              {
                id: 'at',
                label: 'In',
                kind: 'select',
                options: prov(
                  ledger.homes.filter(
                    (h) =>
                      centres[h] === power &&
                      (ledger.emergency[h] ?? 0) >= emergencyFull &&
                      !units.some((u) => u.location.province === h),
                  ),
                ),
              },
            ]}
            submitLabel="Build"
            make={(v) => `BUILD A ${(v['at'] ?? '').toUpperCase()}`}
            onAdd={onAdd}
          />
          <LineForm
            id="pink-store"
            empty="You own no centre to store points in."
            title={`Store points (the points, plus ${COSTS.store} per centre a winter)`}
            fields={[
              { id: 'n', label: 'Points', kind: 'number' },
              {
                id: 'at',
                label: 'in',
                kind: 'select',
                options: owned.map((p) => ({
                  value: p,
                  label: `${names.province(p)} (${ledger.stores[p] ?? 0}/${capacity(p)})`,
                })),
              },
            ]}
            submitLabel="Store"
            make={(v) => {
              const at = v['at'] ?? '';
              const n = amount(v, capacity(at) - (ledger.stores[at] ?? 0));
              return typeof n === 'number' ? `STORE ${n} IN ${at.toUpperCase()}` : n;
            }}
            onAdd={onAdd}
          />
          <LineForm
            id="pink-replenish"
            empty="Every emergency store is full."
            title="Replenish an emergency store"
            fields={[
              {
                id: 'at',
                label: 'Home',
                kind: 'select',
                options: ledger.homes
                  .filter((h) => (ledger.emergency[h] ?? 0) < emergencyFull)
                  .map((h) => ({
                    value: h,
                    label: `${names.province(h)} (${ledger.emergency[h] ?? 0}/${emergencyFull})`,
                  })),
              },
              { id: 'n', label: 'Points', kind: 'number' },
            ]}
            submitLabel="Replenish"
            make={(v) => {
              const at = v['at'] ?? '';
              const n = amount(v, emergencyFull - (ledger.emergency[at] ?? 0));
              return typeof n === 'number' ? `REPLENISH ${at.toUpperCase()} ${n}` : n;
            }}
            onAdd={onAdd}
          />
          <LineForm
            id="pink-friendly"
            empty="You are friendly to every power already."
            title="Friendly to a power (free: its transfers may pass your units)"
            fields={[
              {
                id: 'power',
                label: 'Power',
                kind: 'select',
                options: powers
                  .filter((p) => !ledger.friendly.includes(p))
                  .map((p) => ({ value: p, label: names.power(p) })),
              },
            ]}
            submitLabel="Be friendly"
            make={(v) => `FRIENDLY TO ${v['power'] ?? ''}`}
            onAdd={onAdd}
          />
        </>
      )}
      {step === 'movement' && (
        <MovePoints stored={stored} ledger={ledger} gameMap={gameMap} names={names} onAdd={onAdd} />
      )}
      {lines.length > 0 && (
        <>
          <h4>Your budget lines</h4>
          <ul data-pink-lines>
            <SheetLineItems
              lines={lines.map((l) => ({
                line: l.line,
                text: `${l.text} — ${costs.each.get(l.line) ?? 0}`,
              }))}
              onRemove={onRemove}
            />
          </ul>
        </>
      )}
      {refusals.length > 0 && (
        <div role="alert" data-pink-refused>
          <p class="error">The server refuses:</p>
          <ul>
            {refusals.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function MovePoints({
  stored,
  ledger,
  gameMap,
  names,
  onAdd,
}: {
  readonly stored: readonly string[];
  readonly ledger: Ledger;
  readonly gameMap: GameMap;
  readonly names: Names;
  readonly onAdd: (line: string) => void;
}) {
  const moves = stored.flatMap((from) =>
    armyNeighbours(gameMap, from).map((to) => ({
      value: `${from}-${to}`,
      label: `${names.province(from)} → ${names.province(to)}`,
    })),
  );
  if (moves.length === 0)
    return <p class="hint">You have no stored points to move one province this phase.</p>;
  return (
    <LineForm
      id="pink-movepts"
      title="Move stored points one province (free)"
      fields={[
        { id: 'n', label: 'Points', kind: 'number' },
        { id: 'move', label: 'from → to', kind: 'select', options: moves },
      ]}
      submitLabel="Move points"
      make={(v) => {
        const [from = '', to = ''] = (v['move'] ?? '').split('-');
        const n = wholeNumber(v['n']);
        const max = ledger.stores[from] ?? 0;
        if (n === null || n < 1 || n > max)
          return { error: `Give a whole number of points from 1 to ${max}.` };
        return `MOVEPTS ${n} ${from.toUpperCase()}-${to.toUpperCase()}`;
      }}
      onAdd={onAdd}
    />
  );
}
