/**
 * The page's client of the JSON API: one `request` that sends the bearer token kept in
 * localStorage, revalidates cached reads with their ETag (a 304 returns the cached value), and
 * turns every failure (a problem+json answer, a non-JSON answer, no answer at all) into an
 * `ApiError` with a stable code and a message fit to show as it is.
 */
import type {
  ApiAssignPowers,
  ApiCreateGame,
  ApiCredentials,
  ApiGame,
  ApiGameSummary,
  ApiJoinGame,
  ApiMap,
  ApiProblem,
  ApiSeat,
  ApiSession,
  ApiStartGame,
  ApiVariant,
} from '@arbiter/server/api-types';

/** Where the API lives, relative to the page's origin. */
export const API_BASE = '/api/v1';

/** The localStorage key of the session token. */
export const TOKEN_KEY = 'arbiter.token';

/** A failed call: `code` is the server's stable problem code, or one of the client's own. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** `game/not-found`, ... or `client/network` (no answer), `client/bad-answer` (not JSON). */
    readonly code: string,
    message: string,
    /** The HTTP status; 0 when the server did not answer. */
    readonly status: number,
    readonly problem?: ApiProblem,
  ) {
    super(message);
  }
}

/** What the client needs from the page; tests pass their own. */
export interface ApiClientDeps {
  readonly fetch: typeof fetch;
  /** Where the token is kept (localStorage in the page); null when there is none. */
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The API prefix (default `/api/v1`). */
  readonly base?: string;
}

interface Cached {
  readonly etag: string;
  readonly value: unknown;
}

export interface RequestOptions {
  readonly body?: unknown;
  /** The token to send instead of the stored one (logging out, once it is forgotten). */
  readonly token?: string;
}

export class ApiClient {
  private readonly base: string;
  /** Reads answered with an ETag, by token and path: revalidated, never trusted blindly. */
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly deps: ApiClientDeps) {
    this.base = deps.base ?? API_BASE;
  }

  /** The session token, if the user is logged in. */
  get token(): string | null {
    return this.deps.storage?.getItem(TOKEN_KEY) ?? null;
  }

  /** Who hears that the server refused the stored token (expired or revoked). */
  private readonly sessionLost = new Set<() => void>();

  /** Calls `listener` each time the server refuses the stored token; returns the unsubscriber. */
  onSessionLost(listener: () => void): () => void {
    this.sessionLost.add(listener);
    return () => {
      this.sessionLost.delete(listener);
    };
  }

  /** Keeps (or, with null, forgets) the session token, and drops what was read with the old one. */
  setToken(token: string | null): void {
    if (token === null) this.deps.storage?.removeItem(TOKEN_KEY);
    else this.deps.storage?.setItem(TOKEN_KEY, token);
    this.cache.clear();
  }

  /**
   * One call. GETs answered with an ETag are kept and revalidated with `If-None-Match`. An
   * `auth/invalid-token` answer forgets the stored token (the session expired or was revoked).
   */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const token = options.token ?? this.token;
    const key = `${token ?? ''} ${path}`;
    const cached = method === 'GET' ? this.cache.get(key) : undefined;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    if (cached !== undefined) headers['if-none-match'] = cached.etag;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.deps.fetch(this.base + path, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    } catch {
      throw new ApiError(
        'client/network',
        'Could not reach the server. Check your connection and try again.',
        0,
      );
    }
    if (res.status === 304 && cached !== undefined) return cached.value as T;
    const text = await res.text();
    let value: unknown;
    try {
      value = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError(
        'client/bad-answer',
        `The server answered ${res.status} ${res.statusText} with something that is not JSON.`,
        res.status,
      );
    }
    if (!res.ok) {
      const problem = asProblem(value);
      if (problem === undefined) {
        throw new ApiError(
          'client/bad-answer',
          `The server answered ${res.status} ${res.statusText}.`,
          res.status,
        );
      }
      if (problem.code === 'auth/invalid-token') {
        this.setToken(null);
        for (const l of this.sessionLost) l();
      }
      throw new ApiError(problem.code, problemMessage(problem), res.status, problem);
    }
    const etag = res.headers.get('etag');
    if (method === 'GET' && etag !== null) this.cache.set(key, { etag, value });
    return value as T;
  }

  /** The games anyone may see (with a token: the caller's own too). */
  async games(): Promise<readonly ApiGameSummary[]> {
    return (await this.request<{ games: ApiGameSummary[] }>('GET', '/games')).games;
  }

  /** A game as the caller may see it: the public view without a token. */
  game(id: string): Promise<ApiGame> {
    return this.request<ApiGame>('GET', `/games/${encodeURIComponent(id)}`);
  }

  async variants(): Promise<readonly ApiVariant[]> {
    return (await this.request<{ variants: ApiVariant[] }>('GET', '/variants')).variants;
  }

  /** A variant's map: provinces, adjacencies, drawing anchors (cached by its ETag). */
  variantMap(variant: string): Promise<ApiMap> {
    return this.request<ApiMap>('GET', `/variants/${encodeURIComponent(variant)}/map`);
  }

  /** Logs in and keeps the token. */
  async login(credentials: ApiCredentials): Promise<ApiSession> {
    const session = await this.request<ApiSession>('POST', '/sessions', { body: credentials });
    this.setToken(session.token);
    return session;
  }

  /** Registers an account and keeps the token of its first session. */
  async register(credentials: ApiCredentials): Promise<ApiSession> {
    const session = await this.request<ApiSession>('POST', '/accounts', { body: credentials });
    this.setToken(session.token);
    return session;
  }

  /**
   * Logs out: the page forgets the token at once (so nothing it does next is sent as the user),
   * then the server revokes it; if the server cannot be told, the token expires there.
   */
  async logout(): Promise<void> {
    const token = this.token;
    if (token === null) return;
    this.setToken(null);
    await this.request('DELETE', '/sessions', { token });
  }

  /** The games the caller plays in or runs (needs a token). */
  async myGames(): Promise<readonly ApiGameSummary[]> {
    return (await this.request<{ games: ApiGameSummary[] }>('GET', '/games?mine=true')).games;
  }

  /** Creates a game; the caller is its gamesmaster. */
  createGame(input: ApiCreateGame): Promise<ApiGame> {
    return this.request<ApiGame>('POST', '/games', { body: input });
  }

  /** Takes a seat in a forming game. */
  joinGame(id: string, input: ApiJoinGame = {}): Promise<ApiSeat> {
    return this.request<ApiSeat>('POST', `/games/${encodeURIComponent(id)}/players`, {
      body: input,
    });
  }

  /** The gamesmaster gives players their powers before the start. */
  assignPowers(id: string, input: ApiAssignPowers): Promise<ApiGame> {
    return this.request<ApiGame>('PUT', `/games/${encodeURIComponent(id)}/powers`, {
      body: input,
    });
  }

  /**
   * The gamesmaster starts the game (`version`: the game as they saw it; `allowPowerless`: they
   * confirmed that a seat starts without a power).
   */
  startGame(id: string, body: ApiStartGame): Promise<ApiGame> {
    return this.request<ApiGame>('POST', `/games/${encodeURIComponent(id)}/start`, { body });
  }
}

function asProblem(value: unknown): ApiProblem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const p = value as Partial<ApiProblem>;
  return typeof p.code === 'string' && typeof p.title === 'string' ? (p as ApiProblem) : undefined;
}

/** A problem in words: its detail (which names what was wrong and where), else its title. */
export function problemMessage(problem: ApiProblem): string {
  if (problem.code === 'auth/invalid-token') {
    return 'Your session has expired or was ended. Log in again.';
  }
  const detail = problem.detail.trim();
  return detail === '' ? problem.title : detail;
}

/** The client of this page: same origin, the token in localStorage. */
export function browserClient(): ApiClient {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be switched off; then nobody stays logged in, and reading still works.
  }
  return new ApiClient({ fetch: window.fetch.bind(window), storage });
}
