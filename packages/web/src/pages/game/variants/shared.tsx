/**
 * What the variant panels share: their props, the names of powers and provinces, the viewer,
 * and the module events of every phase played (the public notices, and the viewer's own), read
 * once per processed phase.
 */
import type { GameMap, PhaseType } from '@arbiter/engine';
import type { ApiGame, ApiMap, ApiPhase } from '@arbiter/server/api-types';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../../../api.js';
import type { OrderSheet } from '../../../orders/use-order-sheet.js';
import { describePhase } from '../history.js';
import { phases } from '../play-api.js';

export interface VariantPanelProps {
  readonly api: ApiClient;
  readonly game: ApiGame;
  readonly map: ApiMap;
  readonly gameMap: GameMap;
  /** The player's sheet of the open phase; null when not ordering (public, gamesmaster, past). */
  readonly sheet: OrderSheet | null;
}

export interface Names {
  readonly power: (id: string) => string;
  readonly province: (id: string) => string;
}

export function namesOf(map: ApiMap): Names {
  return {
    power: (id) => map.powers.find((p) => p.id === id)?.name ?? id,
    province: (id) => map.provinces.find((p) => p.id === id)?.name ?? id,
  };
}

/** The viewer's player id, or null for the gamesmaster and the public. */
export function playerOf(game: ApiGame): string | null {
  return game.viewer.kind === 'player' ? game.viewer.player : null;
}

/** The open phase: its season and type, from the board. */
export function phaseOf(game: ApiGame): { season: string; type: PhaseType | 'module' } {
  const p = game.state?.phase as { season?: string; type?: PhaseType } | undefined;
  return { season: p?.season ?? '', type: p?.type ?? 'movement' };
}

export interface ModuleEvent {
  readonly phase: string;
  readonly type: string;
  readonly text: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * The events of every processed phase whose type starts with `prefix` (`fink/`), newest phase
 * first, as the server gives them to this caller. Read again when a phase has been processed.
 */
export function useModuleEvents(api: ApiClient, game: ApiGame, prefix: string): ModuleEvent[] {
  const [events, setEvents] = useState<ModuleEvent[]>([]);
  const last = game.lastPhase?.id ?? 0;
  useEffect(() => {
    if (last === 0) return;
    let alive = true;
    phases(api, game.id).then(
      (list) => {
        if (!alive) return;
        setEvents([...list].reverse().flatMap((p) => eventsOf(p, prefix)));
      },
      () => {
        // Without the history only the last phase's notices show (below).
      },
    );
    return () => {
      alive = false;
    };
  }, [api, game.id, last]);
  if (events.length > 0 || game.lastPhase === null) return events;
  return eventsOf(game.lastPhase, prefix);
}

/** A phase's events whose type starts with `prefix`, each with the phase's name. */
function eventsOf(
  phase: Pick<ApiPhase, 'name' | 'events'> | NonNullable<ApiGame['lastPhase']>,
  prefix: string,
): ModuleEvent[] {
  return phase.events
    .filter((e) => e.type.startsWith(prefix))
    .map((e) => ({
      phase: phase.name,
      type: e.type,
      text: e.text,
      ...(e.data === undefined ? {} : { data: e.data }),
    }));
}

/** A list of notices, each with its phase. */
export function Notices({
  events,
  empty,
}: {
  readonly events: readonly ModuleEvent[];
  readonly empty: string;
}) {
  if (events.length === 0) return <p class="hint">{empty}</p>;
  return (
    <ul class="variant-notices">
      {events.map((e, i) => (
        <li key={i} data-event={e.type}>
          <span class="when">{describePhase(e.phase)}:</span> {e.text}
        </li>
      ))}
    </ul>
  );
}

/** The button beside a line a panel put in the player's sheet, which takes it back out. */
export function TakeBack({ onClick }: { readonly onClick: () => void }) {
  return (
    <button type="button" onClick={onClick}>
      Take back
    </button>
  );
}

/** The lines a panel put in the player's sheet, as list items, each with its `TakeBack`. */
export function SheetLineItems({
  lines,
  onRemove,
}: {
  readonly lines: readonly { readonly line: number; readonly text: string }[];
  readonly onRemove: (line: number) => void;
}) {
  return (
    <>
      {lines.map((l) => (
        <li key={l.line}>
          <code>{l.text}</code>{' '}
          <TakeBack
            onClick={() => {
              onRemove(l.line);
            }}
          />
        </li>
      ))}
    </>
  );
}

/** The options of a select, one per value, shown as `label` gives it. */
export function Options({
  values,
  label,
}: {
  readonly values: readonly string[];
  readonly label: (value: string) => string;
}) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </>
  );
}

/**
 * A form that spends an allowance a part at a time, on one choice each time (Deviant votes for a
 * ballot label, Fiascomacy PF in a power): a whole amount up to what is `left`, checked here
 * before the line goes into the sheet, and the lines already there, each to take back.
 */
export function AllowanceForm({
  id,
  title,
  status,
  amountId,
  amountLabel,
  choiceId,
  choiceLabel,
  choices,
  choiceName,
  submitLabel,
  unit,
  left,
  tooMany,
  lines,
  listAttribute,
  onAdd,
  onRemove,
  children,
}: {
  /** The form's ids: `${id}-title`, `${id}-error`. */
  readonly id: string;
  readonly title: string;
  /** What is left to spend, shown under the title. */
  readonly status: ComponentChildren;
  readonly amountId: string;
  readonly amountLabel: string;
  readonly choiceId: string;
  readonly choiceLabel: string;
  readonly choices: readonly string[];
  readonly choiceName: (choice: string) => string;
  readonly submitLabel: string;
  /** What the amount counts, in words: `votes`, `PF`. */
  readonly unit: string;
  readonly left: number;
  /** Why `n`, more than `left`, is too many. */
  readonly tooMany: (n: number) => string;
  readonly lines: readonly { readonly line: number; readonly text: string }[];
  /** The `data-` attribute of the list of lines (`data-my-votes`). */
  readonly listAttribute: `data-${string}`;
  readonly onAdd: (amount: number, choice: string) => void;
  readonly onRemove: (line: number) => void;
  /** Shown at the end of the form. */
  readonly children?: ComponentChildren;
}) {
  const [choice, setChoice] = useState(choices[0] ?? '');
  const [amount, setAmount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="variant-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(amount);
        if (!Number.isInteger(n) || n < 1) {
          setError(
            `"${amount}" is not a number of ${unit}: give a whole number from 1 to ${left}.`,
          );
          return;
        }
        if (n > left) {
          setError(tooMany(n));
          return;
        }
        setError(null);
        onAdd(n, choice);
        setAmount('1');
      }}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {status}
      {left > 0 && (
        <div class="variant-row">
          <label for={amountId}>{amountLabel}</label>
          <input
            id={amountId}
            type="number"
            min={1}
            max={left}
            value={amount}
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : `${id}-error`}
            onInput={(e) => {
              setAmount(e.currentTarget.value);
            }}
          />
          <label for={choiceId}>{choiceLabel}</label>
          <select
            id={choiceId}
            value={choice}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
            }}
          >
            <Options values={choices} label={choiceName} />
          </select>
          <button type="submit">{submitLabel}</button>
        </div>
      )}
      {error !== null && (
        <p id={`${id}-error`} class="error" role="alert">
          {error}
        </p>
      )}
      {lines.length > 0 && (
        <ul {...{ [listAttribute]: true }}>
          <SheetLineItems lines={lines} onRemove={onRemove} />
        </ul>
      )}
      {children}
    </form>
  );
}

/** One field of a `LineForm`: a number, a choice among options, or a line of text. */
export interface LineField {
  /** Unique within the form; the element's id is `${form id}-${id}`. */
  readonly id: string;
  readonly label: string;
  readonly kind: 'number' | 'select' | 'text';
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly min?: number;
  readonly max?: number;
  readonly placeholder?: string;
}

/**
 * A small form that writes one line into the order sheet: its fields, what the line costs, and
 * the reason, beside the fields, when `make` refuses the values (the server still reads the line
 * when it arrives, and has the last word).
 */
export function LineForm({
  id,
  title,
  hint,
  fields,
  submitLabel,
  make,
  onAdd,
  empty,
}: {
  readonly id: string;
  readonly title: string;
  readonly hint?: ComponentChildren;
  /** Said instead of the fields when a choice has no option (nothing to build on). */
  readonly empty?: string;
  readonly fields: readonly LineField[];
  readonly submitLabel: string;
  /** The line for these values, or why there is none. */
  readonly make: (values: Readonly<Record<string, string>>) => string | { readonly error: string };
  readonly onAdd: (line: string) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const valueOf = (f: LineField): string => {
    const v = values[f.id];
    if (f.kind === 'select') {
      const opts = f.options ?? [];
      return v !== undefined && opts.some((o) => o.value === v) ? v : (opts[0]?.value ?? '');
    }
    return v ?? (f.kind === 'number' ? String(f.min ?? 1) : '');
  };
  const errorId = `${id}-error`;
  if (empty !== undefined && fields.some((f) => f.kind === 'select' && f.options?.length === 0)) {
    return (
      <div class="variant-form" data-line-form-empty={id}>
        <h4>{title}</h4>
        <p class="hint">{empty}</p>
      </div>
    );
  }
  return (
    <form
      class="variant-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const all = Object.fromEntries(fields.map((f) => [f.id, valueOf(f).trim()]));
        const line = make(all);
        if (typeof line !== 'string') {
          setError(line.error);
          return;
        }
        setError(null);
        onAdd(line);
      }}
    >
      <h4 id={`${id}-title`}>{title}</h4>
      {hint !== undefined && <p class="hint">{hint}</p>}
      <div class="variant-row">
        {fields.map((f) => {
          const fid = `${id}-${f.id}`;
          const common = {
            id: fid,
            'aria-invalid': error !== null,
            'aria-describedby': error === null ? undefined : errorId,
          };
          const set = (v: string): void => {
            setValues((x) => ({ ...x, [f.id]: v }));
          };
          return (
            <span key={f.id} class="variant-field">
              <label for={fid}>{f.label}</label>{' '}
              {f.kind === 'select' ? (
                <select
                  {...common}
                  value={valueOf(f)}
                  onChange={(e) => {
                    set(e.currentTarget.value);
                  }}
                >
                  {(f.options ?? []).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  {...(f.kind === 'number'
                    ? { type: 'number' as const, min: f.min ?? 1, max: f.max }
                    : { type: 'text' as const })}
                  placeholder={f.placeholder}
                  value={valueOf(f)}
                  onInput={(e) => {
                    set(e.currentTarget.value);
                  }}
                />
              )}
            </span>
          );
        })}
        <button type="submit">{submitLabel}</button>
      </div>
      {error !== null && (
        <p id={errorId} class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** A whole number written in a field, or null. */
export function wholeNumber(text: string | undefined): number | null {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isInteger(n) ? n : null;
}
