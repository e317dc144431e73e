/**
 * A forming game's panel on its page: who has joined, a button to join, and for the gamesmaster
 * how the powers are given out (drawn at random by the server at the start, the default, or
 * assigned here seat by seat) and the start. A start that would leave a seat without a power is
 * named before it is sent.
 */
import type { ApiGame, ApiVariant } from '@arbiter/server/api-types';
import { useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { useApi, useLoad } from '../app.js';
import { needsLogin, sentence } from '../forms.js';
import { loginPath, useSession } from '../session.js';

/** The powers chosen per seat (player id -> power id, '' for none). */
export type Choice = Readonly<Record<string, string>>;

/** Seats left with no power by a choice, and powers chosen twice. */
export function choiceProblems(
  seats: readonly { readonly playerId: string; readonly name: string }[],
  choice: Choice,
): { readonly powerless: readonly string[]; readonly twice: readonly string[] } {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const s of seats) {
    const p = choice[s.playerId] ?? '';
    if (p === '') continue;
    if (seen.has(p)) twice.add(p);
    seen.add(p);
  }
  return {
    powerless: seats.filter((s) => (choice[s.playerId] ?? '') === '').map((s) => s.name),
    twice: [...twice],
  };
}

export function FormingPanel({
  game,
  onChange,
}: {
  readonly game: ApiGame;
  /** The game as it is after a change made here. */
  readonly onChange: (game: ApiGame) => void;
}) {
  const api = useApi();
  const variants = useLoad(() => api.variants(), 'variants');
  const variant =
    variants.state === 'ok' ? variants.value.find((v) => v.id === game.variant) : undefined;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (what: () => Promise<ApiGame>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      onChange(await what());
    } catch (err) {
      // A lost session goes to the login page, which brings the user back here.
      if (!needsLogin(err)) setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  const { min, max } = variant?.players ?? { min: 1, max: null };
  const needed = max === null ? `${min} or more` : min === max ? `${min}` : `${min} to ${max}`;
  return (
    <section class="panel" aria-labelledby="forming-title">
      <h2 id="forming-title">Waiting for players</h2>
      <p class="meta">
        {game.seats.length} joined; this variant takes {needed} players.
      </p>
      {game.seats.length === 0 ? (
        <p class="empty">Nobody has joined yet.</p>
      ) : (
        <ul class="seats">
          {game.seats.map((s) => (
            <li key={s.playerId}>
              <strong>{s.name}</strong>
              {s.powers.length > 0 && (
                <span class="meta"> · {s.powers.map((p) => powerName(variant, p)).join(', ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div class="actions">
        <JoinPart game={game} busy={busy} act={act} />
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => void act(() => api.game(game.id))}
        >
          Refresh the list
        </button>
      </div>
      {error !== null && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      {game.viewer.kind === 'gm' && (
        <GmPart
          key={game.version}
          game={game}
          variant={variant}
          busy={busy}
          act={act}
          setError={setError}
        />
      )}
    </section>
  );
}

function JoinPart({
  game,
  busy,
  act,
}: {
  readonly game: ApiGame;
  readonly busy: boolean;
  readonly act: (what: () => Promise<ApiGame>) => Promise<void>;
}) {
  const api = useApi();
  const { account } = useSession();
  const here = `/games/${encodeURIComponent(game.id)}`;
  if (account === null) {
    return (
      <p>
        <a href={loginPath(here, false)}>Log in</a> to join this game.
      </p>
    );
  }
  if (game.viewer.kind === 'gm') return null;
  if (game.viewer.kind === 'player') {
    const me = game.seats.find((s) => s.playerId === (game.viewer as { player: string }).player);
    return (
      <p role="status">
        You have joined{me === undefined ? '' : ` as ${me.name}`}. The gamesmaster starts the game.
      </p>
    );
  }
  return (
    <button
      type="button"
      class="primary"
      disabled={busy}
      onClick={() =>
        void act(async () => {
          await api.joinGame(game.id);
          return api.game(game.id);
        })
      }
    >
      Join this game
    </button>
  );
}

function GmPart({
  game,
  variant,
  busy,
  act,
  setError,
}: {
  readonly game: ApiGame;
  readonly variant: ApiVariant | undefined;
  readonly busy: boolean;
  readonly act: (what: () => Promise<ApiGame>) => Promise<void>;
  readonly setError: (message: string | null) => void;
}) {
  const api = useApi();
  const assigned = game.seats.some((s) => s.powers.length > 0);
  // A variant with no upper bound on players seats them itself (Fiascomacy's investors).
  const seatsItself = variant !== undefined && variant.players.max === null;
  const [mode, setMode] = useState<'draw' | 'assign'>(assigned ? 'assign' : 'draw');
  const [choice, setChoice] = useState<Choice>(() =>
    Object.fromEntries(game.seats.map((s) => [s.playerId, s.powers[0] ?? ''])),
  );
  const problems = choiceProblems(game.seats, choice);
  // Starting with a seat that has no power is allowed only once the gamesmaster says so.
  const [confirmed, setConfirmed] = useState(false);
  const powerless = mode === 'assign' && problems.powerless.length > 0;
  const blocked =
    game.seats.length === 0 ||
    (mode === 'assign' && problems.twice.length > 0) ||
    (powerless && !confirmed);

  const start = (): void => {
    if (blocked) return;
    setError(null);
    void act(async () => {
      let version = game.version;
      if (mode === 'assign') {
        const after = await api.assignPowers(game.id, {
          assignments: game.seats.map((s) => ({
            playerId: s.playerId,
            powers: choice[s.playerId] ? [choice[s.playerId]!] : [],
          })),
          version,
        });
        version = after.version;
      }
      return api.startGame(game.id, { version, ...(powerless ? { allowPowerless: true } : {}) });
    });
  };

  return (
    <div class="gm">
      <h3>Start the game</h3>
      {seatsItself ? (
        <p class="hint">This variant seats its players itself when the game starts.</p>
      ) : (
        <fieldset class="options">
          <legend>How the powers are given out</legend>
          <div class="field check">
            <input
              type="radio"
              id="powers-draw"
              name="powers"
              checked={mode === 'draw'}
              disabled={assigned}
              aria-describedby="powers-draw-hint"
              onChange={() => {
                setMode('draw');
              }}
            />
            <label for="powers-draw">Draw them at random when the game starts (the default)</label>
            <p class="hint" id="powers-draw-hint">
              {assigned
                ? 'Powers have been given out already; change them below.'
                : 'The server draws one power per player from the game’s seed; with fewer players than powers, the rest are not played.'}
            </p>
          </div>
          <div class="field check">
            <input
              type="radio"
              id="powers-assign"
              name="powers"
              checked={mode === 'assign'}
              onChange={() => {
                setMode('assign');
              }}
            />
            <label for="powers-assign">Assign them myself</label>
          </div>
          {mode === 'assign' &&
            game.seats.map((s) => {
              const id = `power-${s.playerId}`;
              return (
                <div class="field" key={s.playerId}>
                  <label for={id}>Power of {s.name}</label>
                  <select
                    id={id}
                    value={choice[s.playerId] ?? ''}
                    onChange={(e) => {
                      setChoice({ ...choice, [s.playerId]: e.currentTarget.value });
                    }}
                  >
                    <option value="">No power</option>
                    {(variant?.powers ?? []).map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
        </fieldset>
      )}
      {mode === 'assign' && problems.twice.length > 0 && (
        <p class="form-error" role="alert">
          {problems.twice.map((p) => powerName(variant, p)).join(', ')}{' '}
          {problems.twice.length === 1 ? 'is' : 'are'} given to more than one player: give each
          power to one player only.
        </p>
      )}
      {powerless && (
        <div class="warning">
          <p id="powerless-note">
            {problems.powerless.join(', ')} would start without a power and could only talk. Give{' '}
            {problems.powerless.length === 1 ? 'that player' : 'each of them'} a power, or confirm
            below.
          </p>
          <div class="field check">
            <input
              type="checkbox"
              id="powerless-confirm"
              checked={confirmed}
              aria-describedby="powerless-note"
              onChange={(e) => {
                setConfirmed(e.currentTarget.checked);
              }}
            />
            <label for="powerless-confirm">
              Start anyway, with {problems.powerless.join(', ')} holding no power
            </label>
          </div>
        </div>
      )}
      <div class="actions">
        <button type="button" class="primary" disabled={busy || blocked} onClick={start}>
          Start the game
        </button>
      </div>
    </div>
  );
}

function powerName(variant: ApiVariant | undefined, id: string): string {
  return variant?.powers.find((p) => p.id === id)?.name ?? id;
}

function refusal(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Try again.';
  if (err.code === 'game/conflict') {
    return 'The game changed while you were looking at it: refresh the list and try again.';
  }
  return sentence(err.message);
}
