/**
 * The gamesmaster's own actions in the open phase, for a variant whose rules give the
 * gamesmaster some (Pink Diplomacy's bonus, `BONUS 5 TO A`): the notation the modules declare,
 * a sheet sent whole to `POST /games/{id}/gm/actions` (the last one counts when the phase is
 * processed), and each line as the server read it, refused lines with their reasons.
 */
import type { ApiGame, ApiSubmissionResult } from '@arbiter/server/api-types';
import { useEffect, useState } from 'preact/hooks';
import { ErrorNote, useApi, useLoad } from '../../app.js';
import { useCommand } from './gm-command.js';
import { gmActions, sendGmActions } from './gm-api.js';

export function GmActions({ game }: { readonly game: ApiGame }) {
  const api = useApi();
  const variants = useLoad(() => api.variants(), 'variants');
  const last = useLoad(() => gmActions(api, game.id), `gm-actions-${game.phase?.name ?? ''}`);
  const command = useCommand();
  const [text, setText] = useState('');
  const [read, setRead] = useState<ApiSubmissionResult['lines'] | null>(null);
  useEffect(() => {
    if (last.state !== 'ok' || last.value === null) return;
    setText(last.value.text);
    setRead(last.value.lines);
  }, [last.state]);
  if (variants.state !== 'ok') return null;
  const notation = (variants.value.find((v) => v.id === game.variant)?.modules ?? []).flatMap(
    (m) => m.gamesmasterActions,
  );
  if (notation.length === 0) return null;
  const submit = (e: Event): void => {
    e.preventDefault();
    let answer: ApiSubmissionResult | undefined;
    command.run(
      async () => {
        answer = await sendGmActions(api, game.id, text);
      },
      () => {
        setRead(answer?.lines ?? null);
      },
    );
  };
  return (
    <form class="gm-panel gm-actions" onSubmit={submit} aria-labelledby="gm-actions-title">
      <h3 id="gm-actions-title">Your actions this phase</h3>
      <p class="hint" id="gm-actions-hint">
        One a line: {notation.join('; ')}. The last sheet you send counts when the phase is
        processed.
      </p>
      <label for="gm-actions-text">Actions</label>
      <textarea
        id="gm-actions-text"
        rows={3}
        value={text}
        aria-describedby="gm-actions-hint"
        onInput={(e) => {
          setText(e.currentTarget.value);
        }}
      />
      {command.error !== null && <ErrorNote error={command.error} />}
      {read !== null && read.length > 0 && (
        <ul class="gm-actions-lines" aria-label="How the server read your actions">
          {read.map((l, i) => (
            <li key={i} class={l.ok ? 'ok' : 'error'}>
              {l.ok ? `✓ ${l.canonical}` : `✗ ${l.text}: ${l.message}`}
            </li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="submit" class="button" disabled={command.busy}>
          Send the actions
        </button>
      </div>
    </form>
  );
}
