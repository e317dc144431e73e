/**
 * The app shell: the header with Arbiter's name, the page the path names, and the footer with
 * the credits of the map drawing in view. Pages get the API client from `ApiContext` and set
 * the credit line through `CreditContext`, so they stay testable with a client of their own.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { browserClient, type ApiClient, ApiError } from './api.js';
import { GamePage } from './pages/game-page.js';
import { LobbyPage } from './pages/lobby-page.js';
import { LoginPage } from './pages/login-page.js';
import { NewGamePage } from './pages/new-game-page.js';
import { RegisterPage } from './pages/register-page.js';
import { describePhase } from './pages/game/history.js';
import { ReportPage } from './pages/report-page.js';
import { matchRoute, onLinkClick, routePath, usePath } from './router.js';
import { SessionBar, SessionProvider } from './session.js';

export const ApiContext = createContext<ApiClient | null>(null);

/** The API client of the page. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi outside <App>');
  return api;
}

/** Sets the footer's credit line (the map drawing's attribution) while a page shows a map. */
export const CreditContext = createContext<(credit: string | null) => void>(() => undefined);

/** Shows `credit` (a map drawing's attribution) in the footer while the calling page is shown. */
export function useMapCredit(credit: string): void {
  const setCredit = useContext(CreditContext);
  useEffect(() => {
    setCredit(credit);
    return () => {
      setCredit(null);
    };
  }, [credit, setCredit]);
}

/** The document title of each page but a game's. */
const TITLES: Readonly<Record<string, string>> = {
  home: 'Games · Arbiter',
  login: 'Log in · Arbiter',
  register: 'Register · Arbiter',
  'new-game': 'New game · Arbiter',
  'not-found': 'Not found · Arbiter',
};

export function App({ client }: { readonly client?: ApiClient }) {
  const api = useMemo(() => client ?? browserClient(), [client]);
  const path = usePath();
  const route = matchRoute(path);
  const [credit, setCredit] = useState<string | null>(null);
  useEffect(() => {
    document.title =
      route.kind === 'game'
        ? `Game ${route.id} · Arbiter`
        : route.kind === 'report'
          ? `Report of ${describePhase(route.phase)} · Game ${route.id} · Arbiter`
          : (TITLES[route.kind] ?? 'Arbiter');
  }, [route.kind, routePath(route)]);
  return (
    <ApiContext.Provider value={api}>
      <SessionProvider api={api}>
        <CreditContext.Provider value={setCredit}>
          <div class="shell" onClick={onLinkClick}>
            <header class="top">
              <a class="brand" href="/">
                Arbiter
              </a>
              <span class="tagline">a gamesmaster for Diplomacy and its variants</span>
              <SessionBar />
            </header>
            <main id="main">
              <Page route={route} />
            </main>
            <footer class="bottom">
              {credit !== null && <p class="credit">{linkify(credit)}</p>}
              <p>
                Arbiter is free software (MIT). The JSON API is described at{' '}
                <a href="/api/v1/openapi.json" target="_self">
                  /api/v1/openapi.json
                </a>
                .
              </p>
            </footer>
          </div>
        </CreditContext.Provider>
      </SessionProvider>
    </ApiContext.Provider>
  );
}

function Page({ route }: { readonly route: ReturnType<typeof matchRoute> }) {
  switch (route.kind) {
    case 'home':
      return <LobbyPage />;
    case 'login':
      return <LoginPage />;
    case 'register':
      return <RegisterPage />;
    case 'new-game':
      return <NewGamePage />;
    case 'game':
      return <GamePage key={route.id} id={route.id} />;
    case 'report':
      return <ReportPage key={route.id} id={route.id} phase={route.phase} />;
    case 'not-found':
      return (
        <section>
          <h1>Nothing here</h1>
          <p>
            There is no page at <code>{route.path}</code>. <a href="/">See the games</a>.
          </p>
        </section>
      );
  }
}

/** Turns the URLs in a credit line into links, the rest stays text. */
function linkify(text: string): ComponentChildren[] {
  return text.split(/(https?:\/\/[^\s)]+)/).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} rel="license noopener" target="_blank">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** What a load is doing: still going, done, or failed with a message to show. */
export type Load<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ok'; readonly value: T }
  | { readonly state: 'error'; readonly error: ApiError };

/** Runs `load` when `key` changes, ignoring answers that arrive after the key moved on. */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => {
        if (current) setResult({ state: 'ok', value });
      },
      (e: unknown) => {
        if (!current) return;
        const error =
          e instanceof ApiError
            ? e
            : new ApiError('client/bug', e instanceof Error ? e.message : String(e), 0);
        setResult({ state: 'error', error });
      },
    );
    return () => {
      current = false;
    };
    // `key` names what `load` reads: a new function with the same key is the same load.
  }, [key]);
  return result;
}

/** A failed load, said plainly, with its code for anyone reporting it. */
export function ErrorNote({ error }: { readonly error: ApiError }) {
  return (
    <p class="error" role="alert">
      {error.message} <span class="code">({error.code})</span>
    </p>
  );
}
