/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * The rollback preview, `GET /games/{id}/rollback?to=PHASE`: what a rollback would undo (the
 * phases from the target on, the orders in them, the messages kept), for the gamesmaster only,
 * changing nothing; then the rollback itself does what the preview said.
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

describe('the rollback preview', () => {
  test('names the phases, orders and messages a rollback would undo, and changes nothing', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const id = g.gameId;
    await h.call('POST', `/games/${id}/orders`, {
      token: g.players['eng']!,
      body: { text: 'F Lon - Nth' },
    });
    const forced = await h.call('POST', `/games/${id}/process`, { token: g.gm });
    expect(forced.body.phase.name).toBe('F1901M');
    await h.call('POST', `/games/${id}/orders`, {
      token: g.players['fra']!,
      body: { text: 'A Par - Bur' },
    });
    const sent = await h.call('POST', `/games/${id}/messages`, {
      token: g.players['eng']!,
      body: { to: 'public', text: 'Onwards' },
    });
    expect(sent.status).toBe(201);
    const before = await h.call('GET', `/games/${id}`, { token: g.gm });

    const preview = await h.call('GET', `/games/${id}/rollback?to=S1901M`, { token: g.gm });
    expect(preview.status).toBe(200);
    expect(preview.body.toPhase).toBe('S1901M');
    expect(
      preview.body.phases.map((p: { name: string; status: string }) => [p.name, p.status]),
    ).toEqual([
      ['S1901M', 'processed'],
      ['F1901M', 'open'],
    ]);
    expect(preview.body.phases[0].orders).toBeGreaterThan(0);
    expect(preview.body.orders).toEqual([
      { phase: 'S1901M', player: 'eng', text: 'F Lon - Nth', carried: true },
      { phase: 'F1901M', player: 'fra', text: 'A Par - Bur', carried: false },
    ]);
    expect(preview.body.messagesKept).toBe(1);
    expect(preview.body.endUndone).toBe(false);

    // Without `to`, the last processed phase.
    const last = await h.call('GET', `/games/${id}/rollback`, { token: g.gm });
    expect(last.status).toBe(200);
    expect(last.body.toPhase).toBe('S1901M');

    // Nothing changed: the same version, the same open phase.
    const after = await h.call('GET', `/games/${id}`, { token: g.gm });
    expect(after.body.version).toBe(before.body.version);
    expect(after.body.phase.name).toBe('F1901M');

    // A preview of the open phase itself: only it, its pending orders carried.
    const open = await h.call('GET', `/games/${id}/rollback?to=F1901M`, { token: g.gm });
    expect(open.body.phases.map((p: { name: string }) => p.name)).toEqual(['F1901M']);
    expect(open.body.orders).toEqual([
      { phase: 'F1901M', player: 'fra', text: 'A Par - Bur', carried: true },
    ]);

    // The rollback does what the preview said.
    const back = await h.call('POST', `/games/${id}/rollback`, {
      token: g.gm,
      body: { toPhase: 'S1901M' },
    });
    expect(back.body.phase.name).toBe('S1901M');
    expect(back.body.pendingSubmissions.map((s: { player: string }) => s.player)).toEqual(['eng']);
  });

  test('is the gamesmaster only, of a phase in the line of play, of a started game', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const id = g.gameId;
    const player = await h.call('GET', `/games/${id}/rollback?to=S1901M`, {
      token: g.players['eng']!,
    });
    expect([player.status, player.body.code]).toEqual([403, 'game/not-gm']);
    const anonymous = await h.call('GET', `/games/${id}/rollback?to=S1901M`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'auth/required']);
    const unknown = await h.call('GET', `/games/${id}/rollback?to=F1950M`, { token: g.gm });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'phase/not-found']);
    const tooLong = await h.call('GET', `/games/${id}/rollback?to=${'S'.repeat(30)}`, {
      token: g.gm,
    });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'input/invalid']);
    const stray = await h.call('GET', `/games/${id}/rollback?phase=S1901M`, { token: g.gm });
    expect([stray.status, stray.body.code]).toEqual([400, 'input/invalid']);

    const forming = await seatedGame(h, { seats: STANDARD_SEATS, start: false });
    const early = await h.call('GET', `/games/${forming.gameId}/rollback`, { token: forming.gm });
    expect([early.status, early.body.code]).toEqual([409, 'game/not-running']);
  });
});
