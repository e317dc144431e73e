/**
 * The event stream of the real server program: events reach a client over the network as they
 * happen, and SIGTERM ends every open stream, so the program stops instead of waiting for its
 * clients to leave.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  buildServer,
  playableGame,
  startServer,
  stopServer,
  type ServerProcess,
} from './process-helpers.js';
import { SseReader } from './sse-client.js';

const running = new Set<ServerProcess>();
// A stale dist/ takes longer to build than a hook's default 10 s.
beforeAll(() => {
  buildServer();
}, 120_000);
afterAll(async () => {
  for (const s of running) await stopServer(s);
});

test('a stream over the network gets events live, and SIGTERM ends it and the program', async () => {
  const s = await startServer(['--db', 'sqlite::memory:']);
  running.add(s);
  const g = await playableGame(s.url, 3600, 'events');
  const res = await fetch(`${s.url}api/v1/games/${g.gameId}/events?token=${g.players['fra']!}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const stream = new SseReader(res);
  await stream.caughtUp();

  const sent = await s.api('POST', `/games/${g.gameId}/messages`, {
    token: g.players['eng']!,
    body: { to: 'public', text: 'Over the wire' },
  });
  expect(sent.status).toBe(201);
  const [message] = await stream.until((e) => e.event === 'message');
  expect(message!.data).toMatchObject({ kind: 'message', message: { text: 'Over the wire' } });

  s.child.kill('SIGTERM');
  await stream.end();
  expect(stream.done).toBe(true);
  expect(await s.exited).toBe(0);
  expect(s.output()).toContain('stopped');
});
