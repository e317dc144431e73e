/**
 * Press: the messages the player may read, in conversations (public, and each group of
 * players), each with its count of unread messages (what was read is remembered in the
 * browser), and a form to write to the open conversation or to a new group, as the game's press
 * rules allow (none, public only, full, or grey: every message anonymous).
 */
import type { ApiGame, ApiMessage } from '@arbiter/server/api-types';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../../api.js';
import { useApi } from '../../app.js';
import { messages as loadMessages, sendMessage } from './play-api.js';
import { RecipientChecks } from './recipients.js';

/** The conversation a message belongs to: `public`, or its players but the reader, sorted. */
export function conversationOf(m: ApiMessage, me: string | null): string {
  if (m.to === 'public') return 'public';
  const people = new Set(m.to);
  if (m.from !== null) people.add(m.from);
  if (me !== null) people.delete(me);
  return [...people].sort().join(',');
}

const readKey = (game: string, me: string | null): string => `arbiter.read.${game}.${me ?? ''}`;

function loadRead(key: string): Record<string, number> {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? {} : (JSON.parse(raw) as Record<string, number>);
  } catch {
    return {};
  }
}

export function Press({
  game,
  incoming,
}: {
  readonly game: ApiGame;
  /** Messages that arrived by the event stream since the page loaded. */
  readonly incoming: readonly ApiMessage[];
}) {
  const api = useApi();
  const me = game.viewer.kind === 'player' ? game.viewer.player : null;
  const [loaded, setLoaded] = useState<readonly ApiMessage[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [open, setOpen] = useState('public');
  const [read, setRead] = useState<Record<string, number>>(() => loadRead(readKey(game.id, me)));
  useEffect(() => {
    loadMessages(api, game.id).then(setLoaded, (e: unknown) => {
      setError(e instanceof ApiError ? e : new ApiError('client/bug', String(e), 0));
    });
  }, [api, game.id]);
  const all = useMemo(() => {
    const byId = new Map<number, ApiMessage>();
    for (const m of [...loaded, ...incoming]) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [loaded, incoming]);
  const names = new Map(game.seats.map((s) => [s.playerId, `${s.name} (${s.powers.join(', ')})`]));
  const nameOf = (id: string): string => (id === 'gm' ? 'the gamesmaster' : (names.get(id) ?? id));
  const conversations = new Map<string, ApiMessage[]>([['public', []]]);
  for (const m of all) {
    const key = conversationOf(m, me);
    conversations.set(key, [...(conversations.get(key) ?? []), m]);
  }
  const unread = (key: string): number =>
    (conversations.get(key) ?? []).filter((m) => m.id > (read[key] ?? 0) && m.from !== me).length;
  const shown = conversations.get(open) ?? [];
  useEffect(() => {
    const last = shown[shown.length - 1];
    if (last === undefined || (read[open] ?? 0) >= last.id) return;
    const next = { ...read, [open]: last.id };
    setRead(next);
    try {
      window.localStorage.setItem(readKey(game.id, me), JSON.stringify(next));
    } catch {
      // Without storage, unread counts last as long as the page.
    }
  }, [open, shown.length]);
  const label = (key: string): string =>
    key === 'public' ? 'Public' : key.split(',').map(nameOf).join(', ');
  const mode = game.settings.press;
  // Fin de Siecle's press module refuses free press (`fds-press/through-the-gm`): messages are
  // lines of the orders, paid in dips, and arrive with the results.
  const throughGm =
    (game.state?.modules as Record<string, unknown> | undefined)?.['fds-press'] !== undefined;
  return (
    <section class="press" aria-labelledby="press-title">
      <h2 id="press-title">Press</h2>
      {error !== null && (
        <p class="error" role="alert">
          {error.message}
        </p>
      )}
      <div class="conversations" role="tablist" aria-label="Conversations">
        {[...conversations.keys()].map((key) => {
          const n = key === open ? 0 : unread(key);
          return (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={key === open}
              onClick={() => {
                setOpen(key);
              }}
            >
              {label(key)}
              {n > 0 && (
                <span class="unread" aria-label={`${n} unread`}>
                  {' '}
                  {n}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" aria-label={label(open)}>
        <ol class="messages">
          {shown.length === 0 && <li class="hint">No messages here yet.</li>}
          {shown.map((m) => (
            <li key={m.id}>
              <span class="from">
                {m.from === null ? 'Anonymous' : m.from === me ? 'You' : nameOf(m.from)}
                {m.phase === null ? '' : ` · ${m.phase}`}
              </span>
              <p>{m.text}</p>
            </li>
          ))}
        </ol>
      </div>
      {throughGm && mode !== 'none' && (
        <p class="hint" data-press-through-gm>
          In this game every message goes through the gamesmaster and costs dips (1 per 50 words or
          part): write it with your orders, in the panel beside them (
          <code>MSG TO FRANCE, ITALY: your text</code>). It arrives with the results, the sending
          power named, never the player. Messages from the gamesmaster show here.
        </p>
      )}
      {me !== null && mode !== 'none' && !throughGm && (
        <Composer
          game={game}
          me={me}
          open={open}
          nameOf={nameOf}
          onSent={(m) => {
            setLoaded((l) => [...l, m]);
            setOpen(conversationOf(m, me));
          }}
        />
      )}
      {mode === 'none' && <p class="hint">This game has no press.</p>}
    </section>
  );
}

function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text === '') window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, text);
  } catch {
    // Without storage the draft lasts as long as the page.
  }
}

function Composer({
  game,
  me,
  open,
  nameOf,
  onSent,
}: {
  readonly game: ApiGame;
  readonly me: string;
  readonly open: string;
  readonly nameOf: (id: string) => string;
  readonly onSent: (m: ApiMessage) => void;
}) {
  const api = useApi();
  // The unsent text is kept for the browser tab, so an expired session (the login page and
  // back) or a reload does not lose it.
  const draftKey = `arbiter.press-draft.${game.id}.${me}`;
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const setText = (value: string): void => {
    setTextState(value);
    writeDraft(draftKey, value);
  };
  const [to, setTo] = useState<readonly string[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const privateAllowed = game.settings.press === 'full' || game.settings.press === 'grey';
  const others = game.seats.map((s) => s.playerId).filter((p) => p !== me);
  // Writing in an open private conversation goes to its people, unless others are ticked.
  const recipients = to.length > 0 ? to : open === 'public' ? [] : open.split(',');
  const send = (e: Event): void => {
    e.preventDefault();
    if (text.trim() === '') {
      setError(new ApiError('client/empty', 'Write something before sending.', 0));
      return;
    }
    sendMessage(api, game.id, {
      to: recipients.length === 0 ? 'public' : [...recipients],
      text,
      ...(game.settings.press === 'grey' ? { anonymous: true } : {}),
    }).then(
      (m) => {
        setText('');
        setTo([]);
        setError(null);
        onSent(m);
      },
      (err: unknown) => {
        // The text stays in the box to send again.
        setError(err instanceof ApiError ? err : new ApiError('client/bug', String(err), 0));
      },
    );
  };
  return (
    <form class="composer" onSubmit={send}>
      {privateAllowed && (
        <RecipientChecks
          legend={`To (none ticked: ${open === 'public' ? 'everyone' : 'this conversation'})`}
          options={others}
          chosen={to}
          setChosen={setTo}
          nameOf={nameOf}
        />
      )}
      <label for="press-text">
        Message to{' '}
        {recipients.length === 0 ? 'everyone' : recipients.map((r) => nameOf(r)).join(', ')}
        {game.settings.press === 'grey' ? ' (grey press: sent anonymously)' : ''}
      </label>
      <textarea
        id="press-text"
        rows={3}
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
        }}
      />
      {error !== null && (
        <p class="error" role="alert">
          Not sent: {error.message}
        </p>
      )}
      <button type="submit">Send</button>
    </form>
  );
}
