/**
 * Ordering on the page: `useOrdering` turns clicks on the map (or on the menu's buttons, for
 * keyboards and small screens) into orders of the sheet, through the click machine of
 * `choices.ts`; `OrderMenu` says what to choose next and offers the modes; `OrderText` is the
 * same sheet as text, with each line's parse error marked and the server's warnings beside it.
 */
import type { GameMap, PhaseType } from '@arbiter/engine';
import { useMemo, useState } from 'preact/hooks';
import {
  choose,
  click,
  MODE_NAMES,
  modesOf,
  nextSteps,
  prompt,
  subjectsOf,
  type LegalOrder,
  type LegalOrdersData,
  type Mode,
  type Selection,
  type Step,
  type Subject,
} from './choices.js';
import type { PreviewNote } from './preview.js';
import { markError, matchServerLines, readSheet, withOrder, type SheetLine } from './sheet.js';
import type { OrderSheet } from './use-order-sheet.js';

export interface Ordering {
  readonly subjects: ReadonlyMap<string, Subject>;
  readonly selection: Selection | null;
  /** Orders that end at the same click, to choose from. */
  readonly asking: readonly LegalOrder[] | null;
  readonly note: string | null;
  readonly highlighted: ReadonlySet<string>;
  readonly onProvinceClick: (province: string) => void;
  readonly setMode: (mode: Mode) => void;
  readonly give: (order: LegalOrder) => void;
  readonly cancel: () => void;
}

export function useOrdering(
  map: GameMap,
  phase: PhaseType,
  legal: LegalOrdersData,
  sheet: OrderSheet,
): Ordering {
  const subjects = useMemo(() => subjectsOf(legal), [legal]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [asking, setAsking] = useState<readonly LegalOrder[] | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const give = (order: LegalOrder): void => {
    sheet.edit(withOrder(map, sheet.text, phase, order), true);
    setSelection(null);
    setAsking(null);
    setNote(`Ordered ${order.text}.`);
  };
  const apply = (step: Step): void => {
    switch (step.kind) {
      case 'idle':
        setSelection(null);
        setAsking(null);
        setNote(step.note ?? null);
        return;
      case 'select':
        setSelection(step.selection);
        setAsking(null);
        setNote(null);
        return;
      case 'order':
        give(step.order);
        return;
      case 'ask':
        setSelection(step.selection);
        setAsking(step.orders);
        setNote(null);
        return;
    }
  };
  const subject = selection === null ? undefined : subjects.get(selection.subject);
  const highlighted = useMemo(
    () =>
      subject === undefined || selection === null || asking !== null
        ? new Set<string>()
        : nextSteps(subject, selection),
    [subject, selection, asking],
  );
  return {
    subjects,
    selection,
    asking,
    note,
    highlighted,
    onProvinceClick: (province) => {
      apply(click(subjects, asking === null ? selection : null, province));
    },
    setMode: (mode) => {
      if (subject !== undefined) apply(choose(subject, mode));
    },
    give,
    cancel: () => {
      apply({ kind: 'idle' });
    },
  };
}

/** What to do next: the chosen unit, its modes, the places to choose (as buttons too). */
export function OrderMenu({
  ordering,
  provinceName,
}: {
  readonly ordering: Ordering;
  readonly provinceName: (id: string) => string;
}) {
  const { selection, asking, subjects, note } = ordering;
  const subject = selection === null ? undefined : subjects.get(selection.subject);
  const waive = subjects.get('waive');
  if (subject === undefined || selection === null) {
    return (
      <div class="order-menu" aria-live="polite">
        <p class="hint">
          {subjects.size === 0
            ? 'No unit of yours takes an order on the map in this phase.'
            : 'Choose one of your units (or a build site) on the map: click, tap, or Tab to it and press Enter.'}
        </p>
        {note !== null && <p class="order-note">{note}</p>}
        {waive !== undefined && (
          <button
            type="button"
            onClick={() => {
              const order = waive.orders[0];
              if (order !== undefined) ordering.give(order);
            }}
          >
            Waive a build
          </button>
        )}
      </div>
    );
  }
  const modes = modesOf(subject);
  const places = [...ordering.highlighted].sort((a, b) =>
    provinceName(a).localeCompare(provinceName(b)),
  );
  return (
    <div class="order-menu" role="group" aria-label={`Order for ${subject.unit ?? subject.key}`}>
      <p class="order-subject">
        <strong>{subject.unit ?? `Build site ${provinceName(subject.key)}`}</strong>:{' '}
        <span aria-live="polite">
          {asking === null ? prompt(subject, selection) : 'Which one?'}
        </span>
      </p>
      {asking === null && modes.length > 1 && (
        <div class="order-modes">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={m === selection.mode}
              onClick={() => {
                ordering.setMode(m);
              }}
            >
              {MODE_NAMES[m]}
            </button>
          ))}
        </div>
      )}
      {asking !== null && (
        <div class="order-choices">
          {asking.map((o) => (
            <button
              key={o.text}
              type="button"
              onClick={() => {
                ordering.give(o);
              }}
            >
              {o.text}
            </button>
          ))}
        </div>
      )}
      {asking === null && places.length > 0 && (
        <details class="order-places">
          <summary>Or choose from a list ({places.length})</summary>
          <div class="order-choices">
            {places.map((p) => (
              <button
                key={p}
                type="button"
                onClick={() => {
                  ordering.onProvinceClick(p);
                }}
              >
                {provinceName(p)}
              </button>
            ))}
          </div>
        </details>
      )}
      <button type="button" class="order-cancel" onClick={ordering.cancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * The sheet as text: edited freely, each line read as it is typed, saved a moment after. With a
 * `preview` (`preview.ts`), each order's predicted outcome is shown small beside it.
 */
export function OrderText({
  map,
  phase,
  sheet,
  preview,
}: {
  readonly map: GameMap;
  readonly phase: PhaseType;
  readonly sheet: OrderSheet;
  readonly preview?: (lines: readonly SheetLine[]) => ReadonlyMap<number, PreviewNote> | undefined;
}) {
  const lines = useMemo(() => readSheet(map, sheet.text, phase), [map, sheet.text, phase]);
  const server = matchServerLines(lines, sheet.saved?.lines);
  // A line the page cannot read may be a rule module's (`FINK ION`, `VOTE 3 FOR A`): the
  // server, which knows the variant, has the last word on it once the sheet is saved.
  const bad = lines.some((l, i) => l.error !== undefined && server[i]?.ok !== true);
  const predicted = useMemo(() => preview?.(lines), [preview, lines]);
  return (
    <div class="order-text">
      <label for="order-text">Your orders, one per line</label>
      <textarea
        id="order-text"
        rows={Math.max(4, lines.length + 1)}
        spellcheck={false}
        autocomplete="off"
        value={sheet.text}
        aria-invalid={bad}
        aria-describedby="order-lines order-status"
        onInput={(e) => {
          sheet.edit(e.currentTarget.value, false);
        }}
        onBlur={() => {
          sheet.flush();
        }}
      />
      {predicted !== undefined && predicted.size > 0 && (
        <p class="preview-note" id="order-preview">
          Preview: what each order would do if every other unit held. Not a result.
        </p>
      )}
      <ul id="order-lines" class="order-lines">
        {lines.map((l, i) => {
          const s = server[i];
          if (l.error !== undefined && s?.ok !== true) {
            const m = markError(l.text, l.error);
            return (
              <li key={l.line} class="line-error" data-line={l.line}>
                <span class="line-no">Line {l.line}:</span>{' '}
                <code>
                  {m.before}
                  <mark>{m.bad === '' ? '\u00a0' : m.bad}</mark>
                  {m.after}
                </code>{' '}
                <span class="why">— {l.error.message}</span>
              </li>
            );
          }
          if (s !== undefined && !s.ok) {
            return (
              <li key={l.line} class="line-error" data-line={l.line}>
                <span class="line-no">Line {l.line}:</span> <code>{l.text}</code>{' '}
                <span class="why">— {s.message}</span>
              </li>
            );
          }
          const warnings = s?.ok === true ? s.warnings : [];
          return (
            <li
              key={l.line}
              class={warnings.length > 0 ? 'line-warning' : 'line-ok'}
              data-line={l.line}
            >
              <code>{s?.ok === true ? s.canonical : l.text}</code>
              {warnings.map((w) => (
                <span key={w.code} class="why" data-warning={w.code}>
                  {' '}
                  — ⚠ {w.message}
                </span>
              ))}
              <PreviewTag note={predicted?.get(l.line)} />
            </li>
          );
        })}
      </ul>
      <SaveNote sheet={sheet} />
    </div>
  );
}

/**
 * One order's predicted outcome, small, named as a preview for screen readers too; the reason only
 * when it does not go as written (a success's sentence only repeats the order).
 */
function PreviewTag({ note }: { readonly note: PreviewNote | undefined }) {
  if (note === undefined) return null;
  return (
    <span class={`preview ${note.result}`} data-preview={note.result}>
      {' '}
      <span class="visually-hidden">preview: </span>
      {PREVIEW_WORDS[note.result]}
      {note.explanation === undefined || note.result === 'succeeds' || note.result === 'given'
        ? ''
        : ` (${note.explanation})`}
    </span>
  );
}

/** How a predicted result reads beside its order. */
const PREVIEW_WORDS: Readonly<Record<PreviewNote['result'], string>> = {
  succeeds: '→ would succeed',
  fails: '→ would fail',
  stands: '→ would stand',
  dislodged: '→ would be dislodged',
  given: '→ support given',
  cut: '→ support cut',
  available: '→ convoy available',
  disrupted: '→ convoy disrupted',
  illegal: '→ illegal',
  invalid: '→ no effect',
};

function SaveNote({ sheet }: { readonly sheet: OrderSheet }) {
  const { status } = sheet;
  let text: string;
  switch (status.kind) {
    case 'saved':
      text = sheet.saved === null ? 'No orders saved yet.' : 'All orders saved.';
      break;
    case 'unsaved':
      text = 'Not saved yet…';
      break;
    case 'saving':
      text = 'Saving…';
      break;
    case 'failed':
      text =
        status.error.code === 'phase/closed'
          ? 'The deadline has passed: this phase takes no more orders, so your latest changes were not saved. The orders you saved before the deadline count.'
          : `Your latest changes were not saved: ${status.error.message} The orders saved before are kept.`;
      break;
  }
  return (
    <p
      id="order-status"
      class={status.kind === 'failed' ? 'save-note error' : 'save-note'}
      role={status.kind === 'failed' ? 'alert' : 'status'}
    >
      {text}
      {status.kind === 'failed' && status.error.code !== 'phase/closed' && (
        <>
          {' '}
          <button type="button" onClick={sheet.flush}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
