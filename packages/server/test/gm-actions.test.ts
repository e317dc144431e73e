/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * The gamesmaster's own sheet of actions (`POST|GET /games/{id}/gm/actions`): only the
 * gamesmaster may send or read it, unit orders are refused on it as such, it is kept whole like
 * a player's sheet, and nothing else changes when it is refused.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { harness, seatedGame, STANDARD_SEATS, type Harness } from './helpers.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe("the gamesmaster's actions", () => {
  test('unit orders are refused as such; players and strangers may not send or read the sheet', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const path = `/games/${g.gameId}/gm/actions`;
    const sent = await h.call('POST', path, { token: g.gm, body: { text: 'A par - bur' } });
    expect(sent.status).toBe(200);
    expect(sent.body.lines).toEqual([
      expect.objectContaining({ text: 'A par - bur', ok: false, code: 'gm/not-an-action' }),
    ]);
    const read = await h.call('GET', path, { token: g.gm });
    expect(read.body.submission).toMatchObject({ player: 'gm', text: 'A par - bur' });
    for (const token of [g.players['fra']!, g.outsider]) {
      expect((await h.call('POST', path, { token, body: { text: 'x' } })).body.code).toBe(
        'game/not-gm',
      );
      expect((await h.call('GET', path, { token })).body.code).toBe('game/not-gm');
    }
    // The sheet is not a player's: France's own sheet is still empty.
    const mine = await h.call('GET', `/games/${g.gameId}/orders`, { token: g.players['fra']! });
    expect(mine.body.submission).toBeNull();
    // Processed with the gamesmaster's sheet among the submissions: it moves no unit.
    const processed = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
    expect(processed.status).toBe(200);
    const board = await h.call('GET', `/games/${g.gameId}`, { token: g.gm });
    expect(JSON.stringify(board.body)).toContain('F1901M');
    const audit = await h.call('GET', `/games/${g.gameId}/audit`, { token: g.gm });
    expect(audit.body.ok).toBe(true);
  });

  test('a sheet sent to a game that is not running is refused and nothing is stored', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, start: false });
    const r = await h.call('POST', `/games/${g.gameId}/gm/actions`, {
      token: g.gm,
      body: { text: 'BONUS 5 TO FRA' },
    });
    expect(r.body.code).toBe('game/not-running');
    const bad = await h.call('POST', `/games/${g.gameId}/gm/actions`, {
      token: g.gm,
      body: { text: 'a\u0000b' },
    });
    expect(bad.status).toBe(400);
  });
});
