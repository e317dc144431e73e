/**
 * The top of a game in play: the phase in words, the deadline counting down (or why there is
 * none), and the player's ready toggle, which plays the phase at once when everyone is ready.
 */
import type { ApiGame } from '@arbiter/server/api-types';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api.js';
import { useApi } from '../../app.js';
import { describePhase } from './history.js';
import { setReady } from './play-api.js';

/** `2 d 3 h`, `3 h 12 min`, `4 min 05 s`, `9 s`: what is left, to the second near the end. */
export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${String(sec).padStart(2, '0')} s`;
  return `${sec} s`;
}

/** The current time, once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(t);
    };
  }, []);
  return now;
}

export function Deadline({ game }: { readonly game: ApiGame }) {
  const now = useNow();
  const phase = game.phase;
  if (phase === null) return null;
  if (game.paused || phase.deadline === null) {
    return <span class="deadline paused">Paused: the clock is stopped.</span>;
  }
  const left = phase.deadline - now;
  const when = new Date(phase.deadline).toLocaleString();
  if (left <= 0) {
    return (
      <span class="deadline passed" role="status">
        The deadline ({when}) has passed: the phase is being played.
      </span>
    );
  }
  return (
    <span class="deadline">
      <span class="visually-hidden">Deadline: </span>
      <time dateTime={new Date(phase.deadline).toISOString()} title={when}>
        {formatLeft(left)} left
      </time>
    </span>
  );
}

/** The player's "ready" switch; `onProcessed` when it made the phase play. */
export function ReadyToggle({
  game,
  onChange,
}: {
  readonly game: ApiGame;
  readonly onChange: (processed: boolean) => void;
}) {
  const api = useApi();
  const me = game.viewer.kind === 'player' ? game.viewer.player : null;
  const ready = me !== null && (game.phase?.ready.includes(me) ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  if (me === null || game.phase === null) return null;
  const toggle = (): void => {
    setBusy(true);
    setError(null);
    setReady(api, game.id, !ready).then(
      (r) => {
        setBusy(false);
        onChange(r.processed);
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof ApiError ? e : new ApiError('client/bug', String(e), 0));
      },
    );
  };
  return (
    <span class="ready">
      <button type="button" aria-pressed={ready} disabled={busy} onClick={toggle}>
        {ready ? '✓ Ready' : 'Ready?'}
      </button>
      {error !== null && (
        <span class="error" role="alert">
          {error.code === 'phase/closed'
            ? ' The deadline has passed: the phase is being played.'
            : ` ${error.message}`}
        </span>
      )}
    </span>
  );
}

export function PhaseTitle({ game }: { readonly game: ApiGame }) {
  if (game.phase === null) {
    return (
      <span class="phase-name">{game.status === 'finished' ? 'Game over' : 'Not started'}</span>
    );
  }
  return <span class="phase-name">{describePhase(game.phase.name)}</span>;
}
