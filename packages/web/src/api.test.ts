// The API client: the token kept and sent, ETag revalidation, and every failure a readable
// ApiError with a stable code.
import { describe, expect, test } from 'vitest';
import { ApiClient, ApiError, TOKEN_KEY } from './api.js';

function memoryStorage(): Map<string, string> &
  Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const m = new Map<string, string>();
  return Object.assign(m, {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  });
}

type Call = { url: string; headers: Record<string, string> };

function fakeFetch(answers: (() => Response)[], calls: Call[]): typeof fetch {
  return (input, init) => {
    calls.push({ url: input as string, headers: (init?.headers ?? {}) as Record<string, string> });
    const next = answers.shift();
    if (next === undefined) return Promise.reject(new TypeError('offline'));
    return Promise.resolve(next());
  };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

describe('the API client', () => {
  test('sends the stored token, and revalidates a read with its ETag (304 gives the cached value)', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, 'tok');
    const calls: Call[] = [];
    const api = new ApiClient({
      storage,
      fetch: fakeFetch(
        [
          json({ games: [{ id: 'g1' }] }, 200, { etag: '"v1"' }),
          () => new Response(null, { status: 304 }),
        ],
        calls,
      ),
    });
    const first = await api.games();
    const second = await api.games();
    expect(second).toEqual(first);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/games', '/api/v1/games']);
    expect(calls[0]!.headers['authorization']).toBe('Bearer tok');
    expect(calls[0]!.headers['if-none-match']).toBeUndefined();
    expect(calls[1]!.headers['if-none-match']).toBe('"v1"');
  });

  test('a problem becomes an ApiError with its code and detail; an invalid token is forgotten', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, 'old');
    const problem = (code: string, detail: string, status: number) =>
      json({ type: 'about:blank', title: 't', status, code, detail }, status);
    const api = new ApiClient({
      storage,
      fetch: fakeFetch(
        [problem('game/not-found', 'No game x.', 404), problem('auth/invalid-token', 'bad', 401)],
        [],
      ),
    });
    await expect(api.game('x')).rejects.toMatchObject({
      code: 'game/not-found',
      message: 'No game x.',
      status: 404,
    });
    const expired = await api.game('y').catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(ApiError);
    expect((expired as ApiError).message).toContain('Log in again');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  test('no answer and a non-JSON answer are errors of their own, said plainly', async () => {
    const api = new ApiClient({
      storage: null,
      fetch: fakeFetch([() => new Response('<html>proxy</html>', { status: 502 })], []),
    });
    await expect(api.games()).rejects.toMatchObject({ code: 'client/bad-answer', status: 502 });
    await expect(api.games()).rejects.toMatchObject({ code: 'client/network', status: 0 });
  });

  test('logging out forgets the token before the server answers, and revokes that token', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, 'tok');
    const calls: Call[] = [];
    let answer: (r: Response) => void = () => undefined;
    const api = new ApiClient({
      storage,
      fetch: (input, init) => {
        calls.push({
          url: input as string,
          headers: (init?.headers ?? {}) as Record<string, string>,
        });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const out = api.logout();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(api.token).toBeNull();
    answer(new Response(null, { status: 204 }));
    await out;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/sessions');
    expect(calls[0]!.headers['authorization']).toBe('Bearer tok');
  });
});
