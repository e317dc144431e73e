/**
 * The player's order sheet on the page, saved on the server as it is made: a clicked order is
 * sent at once, typing a moment after the last key (or when the box loses focus), and one save
 * at a time, always of the latest text. A failed save keeps the text on the page and says what
 * happened; what was saved before stays saved (the server keeps every submission).
 */
import type { ApiLineResult } from '@arbiter/server/api-types';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type ApiClient } from '../api.js';
import { submitOrders } from '../pages/game/play-api.js';

export type SaveStatus =
  | { readonly kind: 'saved' }
  | { readonly kind: 'unsaved' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'failed'; readonly error: ApiError };

/** What the server last accepted: the text and its reading, line by line. */
export interface Saved {
  readonly text: string;
  readonly lines: readonly ApiLineResult[];
}

export interface OrderSheet {
  readonly text: string;
  readonly saved: Saved | null;
  readonly status: SaveStatus;
  /** Changes the text; `now` saves at once (a click), else after a pause in typing. */
  readonly edit: (text: string, now: boolean) => void;
  /** Saves what is not saved yet, now (on blur, on retry). */
  readonly flush: () => void;
}

/** How long typing must pause before the sheet is saved, in milliseconds. */
const TYPING_PAUSE = 700;

/**
 * The sheet of the open phase `phase`, whose deadline is `deadline` (null: none running). The
 * orders route takes no phase, so the page itself refuses to send once the deadline has passed:
 * the sheet would otherwise land in the next phase.
 */
export function useOrderSheet(
  api: ApiClient,
  gameId: string,
  phase: string,
  deadline: number | null,
  initial: Saved | null,
): OrderSheet {
  const [text, setText] = useState(initial?.text ?? '');
  const [saved, setSaved] = useState<Saved | null>(initial);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const inFlight = useRef(false);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const flush = (): void => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (inFlight.current || next === null) return;
    if (deadline !== null && Date.now() > deadline) {
      setStatus({
        kind: 'failed',
        error: new ApiError('phase/closed', `the deadline of ${phase} has passed`, 0),
      });
      return;
    }
    pending.current = null;
    inFlight.current = true;
    if (alive.current) setStatus({ kind: 'saving' });
    submitOrders(api, gameId, next).then(
      (r) => {
        inFlight.current = false;
        if (!alive.current) return;
        if (r.phase !== phase) {
          setStatus({
            kind: 'failed',
            error: new ApiError(
              'phase/closed',
              `${phase} was played before these orders arrived; reload the page`,
              0,
            ),
          });
          return;
        }
        setSaved({ text: next, lines: r.lines });
        if (pending.current === null) setStatus({ kind: 'saved' });
        else flush();
      },
      (e: unknown) => {
        inFlight.current = false;
        const error =
          e instanceof ApiError ? e : new ApiError('client/bug', String(e), 0, undefined);
        // The text stays on the page and is sent again on the next change or retry.
        pending.current ??= next;
        if (alive.current) setStatus({ kind: 'failed', error });
      },
    );
  };

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      // Nothing is sent after this: the phase may have changed (the text box saves on blur).
      clearTimeout(timer.current);
    };
  }, [api, gameId]);

  return {
    text,
    saved,
    status,
    edit: (next, now) => {
      setText(next);
      pending.current = next;
      if (status.kind !== 'saving') setStatus({ kind: 'unsaved' });
      clearTimeout(timer.current);
      if (now) flush();
      else timer.current = setTimeout(flush, TYPING_PAUSE);
    },
    flush,
  };
}
