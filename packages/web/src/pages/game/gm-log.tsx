/**
 * The audit in the gamesmaster's console: the check of every phase against the event log
 * (`GET /games/{id}/audit`), and the game's log as the gamesmaster reads it from the event
 * stream (phases played, messages, deadlines, pauses, seats, rollbacks, each player's orders
 * and readiness), in words, newest first, a page at a time.
 */
import type { ApiAudit, ApiGame } from '@arbiter/server/api-types';
import { useRef, useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { ErrorNote, useApi } from '../../app.js';
import { audit } from './gm-api.js';
import { asApiError } from './gm-command.js';
import { describePhase } from './history.js';
import { useGameEvents, type StreamEvent } from './live.js';

/** Entries shown per page. */
const PAGE = 10;

/** One event of the stream in words; undefined for what is no entry (`caught-up`). */
export function describeEvent(e: StreamEvent): string | undefined {
  const phase = typeof e['phase'] === 'string' ? e['phase'] : '';
  switch (e.kind) {
    case 'phase': {
      const p = e['phase'] as { name?: string } | undefined;
      const next = e['next'] as { name?: string } | null | undefined;
      return `${describePhase(p?.name ?? '?')} was played${
        next?.name === undefined ? '; the game is over' : `; ${describePhase(next.name)} opened`
      }.`;
    }
    case 'message': {
      const m = e['message'] as { from?: string | null; to?: unknown; text?: string } | undefined;
      const to = Array.isArray(m?.to) ? m.to.join(', ') : 'everyone';
      const text = m?.text ?? '';
      return `Message from ${m?.from ?? 'someone anonymous'} to ${to}: “${
        text.length > 80 ? `${text.slice(0, 80)}…` : text
      }”`;
    }
    case 'deadline': {
      const d = e['deadline'];
      return typeof d === 'number'
        ? `The deadline of ${phase} is now ${new Date(d).toLocaleString()}.`
        : `The clock of ${phase} stopped.`;
    }
    case 'game': {
      const change = String(e['change']);
      const at = phase === '' ? '' : ` (${describePhase(phase)})`;
      const words: Record<string, string> = {
        seats: 'The seats changed',
        started: 'The game started',
        paused: 'The game was paused',
        resumed: 'The game was resumed',
        'rolled-back': 'The game was rolled back',
        finished: 'The game ended',
      };
      return `${words[change] ?? `The game changed: ${change}`}${at}.`;
    }
    case 'orders':
      return `${String(e['player'])} sent orders for ${phase}.`;
    case 'ready':
      return `${String(e['player'])} is ${e['ready'] === true ? 'ready' : 'not ready'} in ${phase}.`;
    default:
      return undefined;
  }
}

interface Entry {
  readonly key: string;
  readonly at: number | undefined;
  readonly text: string;
}

/**
 * The audit and the log. Orders and readiness sent after the log caught up reload the game
 * (`onChanged`), so the pending orders beside it stay current; the page itself reloads on the
 * rest.
 */
export function GameLog({
  game,
  onChanged,
}: {
  readonly game: ApiGame;
  readonly onChanged: () => void;
}) {
  const api = useApi();
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const [page, setPage] = useState(0);
  const caughtUp = useRef(false);
  useGameEvents(api, game.id, (e) => {
    if (e.kind === 'caught-up') caughtUp.current = true;
    else if (caughtUp.current && (e.kind === 'orders' || e.kind === 'ready')) onChanged();
    const text = describeEvent(e);
    if (text === undefined) return;
    const at = typeof e['at'] === 'number' ? e['at'] : undefined;
    setEntries((l) => [{ key: `${String(e.id)}-${l.length}`, at, text }, ...l]);
  });
  const pages = Math.max(1, Math.ceil(entries.length / PAGE));
  const shown = entries.slice(page * PAGE, page * PAGE + PAGE);
  return (
    <div class="gm-panel gm-wide" role="group" aria-labelledby="gm-log-title">
      <h3 id="gm-log-title">Audit</h3>
      <AuditCheck gameId={game.id} />
      <h4>The game’s log, newest first</h4>
      {entries.length === 0 ? (
        <p class="hint">Reading the log…</p>
      ) : (
        <ol class="gm-log" aria-label="The game’s log">
          {shown.map((x) => (
            <li key={x.key}>
              {x.at !== undefined && (
                <time dateTime={new Date(x.at).toISOString()}>
                  {new Date(x.at).toLocaleString()}
                </time>
              )}{' '}
              {x.text}
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav class="actions gm-pager" aria-label="Pages of the log">
          <button
            type="button"
            class="button"
            disabled={page === 0}
            onClick={() => {
              setPage((p) => Math.max(0, p - 1));
            }}
          >
            Newer
          </button>
          <span>
            Page {Math.min(page, pages - 1) + 1} of {pages}
          </span>
          <button
            type="button"
            class="button"
            disabled={page >= pages - 1}
            onClick={() => {
              setPage((p) => Math.min(pages - 1, p + 1));
            }}
          >
            Older
          </button>
        </nav>
      )}
    </div>
  );
}

function AuditCheck({ gameId }: { readonly gameId: string }) {
  const api = useApi();
  const [report, setReport] = useState<ApiAudit | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <div class="actions">
        <button
          type="button"
          class="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            audit(api, gameId).then(
              (r) => {
                setBusy(false);
                setReport(r);
              },
              (e: unknown) => {
                setBusy(false);
                setError(asApiError(e));
              },
            );
          }}
        >
          Check the game against its event log
        </button>
      </div>
      {error !== null && <ErrorNote error={error} />}
      {report !== null && (
        <div class="gm-audit" role="status">
          {report.ok ? (
            <p>
              <strong>
                {report.phasesChecked === 1
                  ? 'The one phase matches'
                  : `All ${report.phasesChecked} phases match`}
              </strong>{' '}
              their rebuild from the event log.
            </p>
          ) : (
            <>
              <p>
                <strong>
                  {report.mismatches.length} mismatch{report.mismatches.length === 1 ? '' : 'es'}
                </strong>{' '}
                in {report.phasesChecked} phases rebuilt from the event log:
              </p>
              <ul>
                {report.mismatches.map((m, i) => (
                  <li key={i}>
                    {m.phase} ({m.what}): {m.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </>
  );
}
