/**
 * The gamesmaster's console on a game's page, shown to the gamesmaster only: the clock (pause,
 * resume, a later deadline), processing the phase now, every seat's pending orders and
 * readiness, seating a replacement, a rollback with what it will undo shown before it is
 * confirmed, the Deviant II approval queue, the gamesmaster's own actions where the rules give
 * some (Pink Diplomacy's bonus), and the audit with the game's log. Every command
 * sends the game's version as seen here, so a change made meanwhile is refused and named, never
 * overwritten; each success reloads the game.
 */
import type { ApiGame } from '@arbiter/server/api-types';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient, ApiError } from '../../api.js';
import { ErrorNote, useApi, useLoad } from '../../app.js';
import { fieldOf, sentence, type FieldErrors, type TimeUnit, UNIT_SECONDS } from '../../forms.js';
import { describedBy, DurationInput, Field, FormError } from '../form-parts.js';
import { asApiError, useCommand } from './gm-command.js';
import { GameLog } from './gm-log.js';
import { GmActions } from './gm-actions.js';
import { ApprovalQueue } from './gm-queue.js';
import { extendDeadline, gmCommand, previewRollback, rollback, seatPlayer } from './gm-api.js';
import { describePhase } from './history.js';
import { phases } from './play-api.js';
import './gm-console.css';

interface Props {
  readonly game: ApiGame;
  /** Reloads the game after a command. */
  readonly onChanged: () => void;
}

export function GmConsole({ game, onChanged }: Props) {
  const running = game.status === 'running' && game.phase !== null;
  return (
    <section class="gm-console" aria-labelledby="gm-console-title">
      <h2 id="gm-console-title">Gamesmaster’s console</h2>
      <div class="gm-grid">
        {running && <ClockPanel game={game} onChanged={onChanged} />}
        {game.status !== 'finished' && <ReplacePlayer game={game} onChanged={onChanged} />}
        <RollbackPanel game={game} onChanged={onChanged} />
        {running && <PendingOrders game={game} />}
        {running && <ApprovalQueue game={game} onChanged={onChanged} />}
        {running && <GmActions game={game} />}
        <GameLog game={game} onChanged={onChanged} />
      </div>
    </section>
  );
}

/**
 * A question to confirm before a command that cannot simply be taken back: announced, and the
 * focus moved to its question (its first child, focusable) so a keyboard user reads it first.
 */
function Confirm({
  labelledBy,
  children,
}: {
  readonly labelledBy: string;
  readonly children: ComponentChildren;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>(`#${labelledBy}`)?.focus();
  }, []);
  return (
    <div class="gm-confirm" role="alertdialog" aria-labelledby={labelledBy} ref={box}>
      {children}
    </div>
  );
}

// ---- the clock and processing -----------------------------------------------------------

/** `2026-01-01T12:30` in local time, as a datetime-local input wants it. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

function ClockPanel({ game, onChanged }: Props) {
  const api = useApi();
  const clock = useCommand();
  const force = useCommand();
  const [confirming, setConfirming] = useState(false);
  const deadline = game.phase?.deadline ?? null;
  return (
    <div class="gm-panel" role="group" aria-labelledby="gm-clock-title">
      <h3 id="gm-clock-title">Clock</h3>
      <p id="gm-clock-state" role="status">
        {game.paused ? (
          <>
            <strong>The game is paused.</strong>{' '}
            {game.pausedRemaining !== null &&
              `${Math.round(game.pausedRemaining / 60_000)} min will be left when it resumes.`}
          </>
        ) : deadline === null ? (
          'No deadline.'
        ) : (
          <>
            Running: the deadline is <strong>{new Date(deadline).toLocaleString()}</strong>.
          </>
        )}
      </p>
      <div class="actions">
        <button
          type="button"
          class="button"
          disabled={clock.busy}
          onClick={() => {
            clock.run(() => gmCommand(api, game, game.paused ? 'resume' : 'pause'), onChanged);
          }}
        >
          {game.paused ? 'Resume the clock' : 'Pause the game'}
        </button>
      </div>
      {clock.error !== null && <ErrorNote error={clock.error} />}
      {!game.paused && <ExtendForm game={game} onChanged={onChanged} />}
      <h3>Process now</h3>
      {!confirming ? (
        <button
          type="button"
          class="button"
          onClick={() => {
            force.clear();
            setConfirming(true);
          }}
        >
          Process {describePhase(game.phase?.name ?? '')} now…
        </button>
      ) : (
        <Confirm labelledBy="gm-force-question">
          <p id="gm-force-question" tabIndex={-1}>
            Process {describePhase(game.phase?.name ?? '')} now, whatever the deadline and
            readiness? Whoever sent no orders is treated as at the deadline. Only a rollback takes
            it back.
          </p>
          <div class="actions">
            <button
              type="button"
              class="button primary"
              disabled={force.busy}
              onClick={() => {
                force.run(
                  () => gmCommand(api, game, 'process'),
                  () => {
                    setConfirming(false);
                    onChanged();
                  },
                );
              }}
            >
              Yes, process it now
            </button>
            <button
              type="button"
              class="button"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancel
            </button>
          </div>
        </Confirm>
      )}
      {force.error !== null && <ErrorNote error={force.error} />}
    </div>
  );
}

function ExtendForm({ game, onChanged }: Props) {
  const api = useApi();
  const command = useCommand();
  const [mode, setMode] = useState<'by' | 'to'>('by');
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<TimeUnit>('hours');
  const [to, setTo] = useState(() => localInput((game.phase?.deadline ?? Date.now()) + 3_600_000));
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (e: Event): void => {
    e.preventDefault();
    let by: { seconds: number } | { deadline: number };
    if (mode === 'by') {
      const n = Number(amount);
      if (amount.trim() === '' || !Number.isInteger(n) || n < 1) {
        setErrors({ amount: 'Enter a whole number, 1 or more.' });
        return;
      }
      by = { seconds: n * UNIT_SECONDS[unit] };
    } else {
      const ms = to === '' ? NaN : new Date(to).getTime();
      if (Number.isNaN(ms)) {
        setErrors({ to: 'Enter a date and a time.' });
        return;
      }
      if (ms <= Date.now()) {
        setErrors({ to: 'The new deadline must be in the future.' });
        return;
      }
      by = { deadline: ms };
    }
    setErrors({});
    command.run(
      () => extendDeadline(api, game, by),
      onChanged,
      (err) => {
        // The server names the field it refused: seconds (the amount) or deadline (the time).
        const field = fieldOf(err);
        const bare = err.message.replace(/^(seconds|deadline): /, '');
        if (field === 'seconds') setErrors({ amount: sentence(bare) });
        else if (field === 'deadline') setErrors({ to: sentence(bare) });
        else setErrors({ form: sentence(err.message) });
      },
    );
  };
  return (
    <form class="gm-extend" onSubmit={submit} noValidate aria-labelledby="gm-extend-title">
      <h3 id="gm-extend-title">Move the deadline</h3>
      <div class="gm-modes" role="radiogroup" aria-label="How to move it">
        <label>
          <input
            type="radio"
            name="gm-extend-mode"
            checked={mode === 'by'}
            onChange={() => {
              setMode('by');
            }}
          />{' '}
          Later by
        </label>
        <label>
          <input
            type="radio"
            name="gm-extend-mode"
            checked={mode === 'to'}
            onChange={() => {
              setMode('to');
            }}
          />{' '}
          To a date and time
        </label>
      </div>
      {mode === 'by' ? (
        <Field id="gm-extend-amount" label="How much later" error={errors['amount']}>
          <DurationInput
            id="gm-extend-amount"
            amount={amount}
            unit={unit}
            unitLabel="Unit"
            hint={false}
            error={errors['amount']}
            onChange={(a, u) => {
              setAmount(a);
              setUnit(u);
            }}
          />
        </Field>
      ) : (
        <Field id="gm-extend-to" label="New deadline (your local time)" error={errors['to']}>
          <input
            id="gm-extend-to"
            type="datetime-local"
            value={to}
            aria-invalid={errors['to'] !== undefined}
            aria-describedby={describedBy('gm-extend-to', false, errors['to'])}
            onInput={(e) => {
              setTo(e.currentTarget.value);
            }}
          />
        </Field>
      )}
      <FormError message={errors['form']} />
      <div class="actions">
        <button type="submit" class="button" disabled={command.busy}>
          Move the deadline
        </button>
      </div>
    </form>
  );
}

// ---- seats and their orders --------------------------------------------------------------

function PendingOrders({ game }: { readonly game: ApiGame }) {
  const ready = new Set(game.phase?.ready ?? []);
  const pending = new Map((game.pendingSubmissions ?? []).map((s) => [s.player, s]));
  return (
    <div class="gm-panel gm-wide" role="group" aria-labelledby="gm-orders-title">
      <h3 id="gm-orders-title">Orders for {describePhase(game.phase?.name ?? '')}</h3>
      <table class="gm-orders">
        <thead>
          <tr>
            <th scope="col">Seat</th>
            <th scope="col">Player</th>
            <th scope="col">Ready</th>
            <th scope="col">Orders sent</th>
          </tr>
        </thead>
        <tbody>
          {game.seats.map((s) => {
            const sub = pending.get(s.playerId);
            return (
              <tr key={s.playerId} data-seat={s.playerId}>
                <th scope="row">
                  {s.playerId}
                  <span class="gm-powers">{s.powers.join(', ')}</span>
                </th>
                <td class="gm-seat-name">
                  {s.vacant ? <em>vacant</em> : s.name}
                  {s.civilDisorder && <span class="gm-flag"> civil disorder</span>}
                  {s.missed > 0 && <span class="gm-flag"> missed {s.missed}</span>}
                </td>
                <td class="gm-ready">{ready.has(s.playerId) ? '✓ ready' : 'not yet'}</td>
                <td class="gm-pending">
                  {sub === undefined ? (
                    <span class="hint">none sent</span>
                  ) : (
                    <ul>
                      {sub.lines.map((l, i) => (
                        <li key={i} class={l.ok ? '' : 'gm-bad-line'}>
                          <code>{l.ok ? l.canonical : l.text}</code>
                          {!l.ok && ` (not understood: ${l.message})`}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Where the server's refusal of a seating belongs. */
function seatingErrors(e: ApiError): FieldErrors {
  if (['account/not-found', 'game/already-joined', 'game/gm-cannot-play'].includes(e.code)) {
    return { account: sentence(e.message) };
  }
  const field = fieldOf(e);
  if (field === 'account' || field === 'player') {
    return { [field]: sentence(e.message.replace(/^(account|player): /, '')) };
  }
  return { form: sentence(e.message) };
}

function ReplacePlayer({ game, onChanged }: Props) {
  const api = useApi();
  const command = useCommand();
  const [player, setPlayer] = useState(game.seats[0]?.playerId ?? '');
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const accountRef = useRef<HTMLInputElement>(null);
  const submit = (e: Event): void => {
    e.preventDefault();
    setDone(null);
    const name = account.trim();
    if (name === '') {
      setErrors({ account: 'Enter the name of the account to seat.' });
      accountRef.current?.focus();
      return;
    }
    setErrors({});
    command.run(
      () => seatPlayer(api, game, player, name),
      () => {
        setDone(`${name} now plays seat ${player}.`);
        setAccount('');
        onChanged();
      },
      (err) => {
        setErrors(seatingErrors(err));
        accountRef.current?.focus();
      },
    );
  };
  return (
    <form class="gm-panel" onSubmit={submit} noValidate aria-labelledby="gm-replace-title">
      <h3 id="gm-replace-title">Replace a player</h3>
      <Field
        id="gm-replace-seat"
        label="Seat"
        hint="The new player takes the seat as it stands: its powers, orders and secrets."
        error={errors['player']}
      >
        <select
          id="gm-replace-seat"
          value={player}
          aria-invalid={errors['player'] !== undefined}
          aria-describedby={describedBy('gm-replace-seat', true, errors['player'])}
          onChange={(e) => {
            setPlayer(e.currentTarget.value);
          }}
        >
          {game.seats.map((s) => (
            <option key={s.playerId} value={s.playerId}>
              {s.playerId} ({s.powers.join(', ') || 'no power'}): {s.vacant ? 'vacant' : s.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="gm-replace-account"
        label="Account name of the new player"
        error={errors['account']}
      >
        <input
          id="gm-replace-account"
          ref={accountRef}
          value={account}
          autocomplete="off"
          aria-invalid={errors['account'] !== undefined}
          aria-describedby={describedBy('gm-replace-account', false, errors['account'])}
          onInput={(e) => {
            setAccount(e.currentTarget.value);
          }}
        />
      </Field>
      <FormError message={errors['form']} />
      {done !== null && (
        <p class="gm-done" role="status">
          {done}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="button" disabled={command.busy}>
          Seat this account
        </button>
      </div>
    </form>
  );
}

// ---- rollback ----------------------------------------------------------------------------

function RollbackPanel({ game, onChanged }: Props) {
  const api = useApi();
  const past = useLoad(() => phases(api, game.id), `${game.id}#${game.version}`);
  const names = [
    ...(past.state === 'ok' ? past.value.map((p) => p.name) : []),
    ...(game.phase === null ? [] : [game.phase.name]),
  ];
  const [target, setTarget] = useState('');
  // By default the last phase played: before the open one, or the last of a finished game.
  const lastPlayed = game.phase === null ? names.at(-1) : names.at(-2);
  const chosen = names.includes(target) ? target : (lastPlayed ?? names.at(-1) ?? '');
  const preview = useLoadOnDemand(api);
  const command = useCommand();
  return (
    <div class="gm-panel" role="group" aria-labelledby="gm-rollback-title">
      <h3 id="gm-rollback-title">Roll back</h3>
      {past.state === 'error' && <ErrorNote error={past.error} />}
      <Field
        id="gm-rollback-phase"
        label="Play again from"
        hint="That phase reopens with a new deadline; it and every later phase are undone (kept in the record)."
      >
        <select
          id="gm-rollback-phase"
          value={chosen}
          aria-describedby="gm-rollback-phase-hint"
          onChange={(e) => {
            setTarget(e.currentTarget.value);
            preview.reset();
          }}
        >
          {[...names].reverse().map((n) => (
            <option key={n} value={n}>
              {describePhase(n)} ({n})
            </option>
          ))}
        </select>
      </Field>
      <div class="actions">
        <button
          type="button"
          class="button"
          disabled={chosen === '' || preview.loading}
          onClick={() => {
            command.clear();
            preview.load(chosen, game.id);
          }}
        >
          Show what it undoes…
        </button>
      </div>
      {preview.error !== null && <ErrorNote error={preview.error} />}
      {preview.value !== null && (
        <Confirm labelledBy="gm-rollback-question">
          <p id="gm-rollback-question" tabIndex={-1}>
            <strong>Roll back to {describePhase(preview.value.toPhase)}?</strong> This undoes:
          </p>
          <ul class="gm-undo">
            {preview.value.phases.map((p) => (
              <li key={p.name} data-undone={p.name}>
                <strong>{describePhase(p.name)}</strong>:{' '}
                {p.status === 'open'
                  ? 'open now; closed unplayed'
                  : `played ${p.processedAt === null ? '' : new Date(p.processedAt).toLocaleString()}; its results (${p.orders} orders, ${p.events} events) are undone`}
                {p.name === preview.value?.toPhase && ', then it is played again'}
              </li>
            ))}
          </ul>
          {preview.value.orders.length > 0 && (
            <>
              <p>Orders in those phases:</p>
              <ul class="gm-undo-orders">
                {preview.value.orders.map((o, i) => (
                  <li key={i}>
                    {o.player} in {o.phase}: <code>{o.text.split('\n').join('; ')}</code>{' '}
                    {o.carried ? '(carried over to the replay)' : '(no longer count)'}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            {preview.value.messagesKept === 0
              ? 'No messages were sent since.'
              : `${preview.value.messagesKept} message${preview.value.messagesKept === 1 ? '' : 's'} sent since stay as they are.`}
            {preview.value.endUndone && ' The game’s end is undone: it runs again.'}
          </p>
          <div class="actions">
            <button
              type="button"
              class="button primary"
              disabled={command.busy}
              onClick={() => {
                const to = preview.value?.toPhase ?? chosen;
                command.run(
                  () => rollback(api, game, to),
                  () => {
                    preview.reset();
                    onChanged();
                  },
                );
              }}
            >
              Roll back to {describePhase(preview.value.toPhase)}
            </button>
            <button type="button" class="button" onClick={preview.reset}>
              Cancel
            </button>
          </div>
        </Confirm>
      )}
      {command.error !== null && <ErrorNote error={command.error} />}
    </div>
  );
}

/** A rollback preview read when asked for. */
function useLoadOnDemand(api: ApiClient) {
  const [value, setValue] = useState<Awaited<ReturnType<typeof previewRollback>> | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  return {
    value,
    error,
    loading,
    reset: () => {
      setValue(null);
      setError(null);
    },
    load: (to: string, id: string) => {
      setLoading(true);
      setError(null);
      previewRollback(api, id, to).then(
        (v) => {
          setLoading(false);
          setValue(v);
        },
        (e: unknown) => {
          setLoading(false);
          setValue(null);
          setError(asApiError(e));
        },
      );
    },
  };
}
