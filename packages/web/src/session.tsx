/**
 * Who is logged in. The token lives in localStorage through the API client; beside it the page
 * keeps the account's id and name, to say who is logged in and to tell the caller's games apart.
 * When the server refuses the token (it expired or was revoked), the session ends here too and
 * the user is sent to log in, with a note saying why and a way back to the page they were on.
 */
import type { ApiAccount, ApiCredentials } from '@arbiter/server/api-types';
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import type { ApiClient } from './api.js';
import { navigate } from './router.js';

/** The localStorage key of the logged-in account (`{ id, name }`). */
export const ACCOUNT_KEY = 'arbiter.account';

export interface Session {
  /** The logged-in account, or null. */
  readonly account: ApiAccount | null;
  login(credentials: ApiCredentials): Promise<ApiAccount>;
  register(credentials: ApiCredentials): Promise<ApiAccount>;
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside <SessionProvider>');
  return session;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedAccount(api: ApiClient): ApiAccount | null {
  if (api.token === null) return null;
  try {
    const value = JSON.parse(storage()?.getItem(ACCOUNT_KEY) ?? 'null') as Partial<ApiAccount>;
    if (typeof value.id === 'string' && typeof value.name === 'string') {
      return { id: value.id, name: value.name };
    }
  } catch {
    // A damaged entry is as good as none.
  }
  // A token without a known account cannot say whose it is: start again from the login page.
  api.setToken(null);
  return null;
}

function keep(account: ApiAccount | null): void {
  if (account === null) storage()?.removeItem(ACCOUNT_KEY);
  else storage()?.setItem(ACCOUNT_KEY, JSON.stringify({ id: account.id, name: account.name }));
}

/** The login page's path that comes back to `here` once logged in; `expired` says why. */
export function loginPath(here: string, expired: boolean): string {
  const next = here === '/' ? '' : `next=${encodeURIComponent(here)}`;
  const query = [next, expired ? 'expired=1' : ''].filter((p) => p !== '').join('&');
  return query === '' ? '/login' : `/login?${query}`;
}

export function SessionProvider({
  api,
  children,
}: {
  readonly api: ApiClient;
  readonly children: ComponentChildren;
}) {
  const [account, setAccount] = useState<ApiAccount | null>(() => storedAccount(api));
  useEffect(() => {
    const lost = (): void => {
      keep(null);
      setAccount(null);
      const here = window.location.pathname + window.location.search;
      if (!/^\/(login|register)\b/.test(here)) navigate(loginPath(here, true));
    };
    // Another tab logged in or out.
    const other = (e: StorageEvent): void => {
      if (e.key === ACCOUNT_KEY || e.key === null) setAccount(storedAccount(api));
    };
    window.addEventListener('storage', other);
    const unsubscribe = api.onSessionLost(lost);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', other);
    };
  }, [api]);
  const session = useMemo<Session>(
    () => ({
      account,
      login: async (credentials) => {
        const s = await api.login(credentials);
        keep(s.account);
        setAccount(s.account);
        return s.account;
      },
      register: async (credentials) => {
        const s = await api.register(credentials);
        keep(s.account);
        setAccount(s.account);
        return s.account;
      },
      logout: async () => {
        keep(null);
        setAccount(null);
        await api.logout();
      },
    }),
    [api, account],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The header's corner: who is logged in and a log-out button, or the ways in. */
export function SessionBar() {
  const session = useSession();
  const { account } = session;
  const [busy, setBusy] = useState(false);
  if (account === null) {
    return (
      <nav class="session" aria-label="Account">
        <a href="/login">Log in</a>
        <a href="/register">Register</a>
      </nav>
    );
  }
  return (
    <div class="session">
      <span>
        Logged in as <strong>{account.name}</strong>
      </span>
      <button
        type="button"
        class="link-button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          // Logging out cannot fail for the page: the token is forgotten whatever the server says.
          session
            .logout()
            .catch(() => undefined)
            .finally(() => {
              setBusy(false);
              navigate('/');
            });
        }}
      >
        Log out
      </button>
    </div>
  );
}
