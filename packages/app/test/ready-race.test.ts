// Saying ready is stored by one statement (readyAtOnce) and the phase's readiness is counted by a
// read after it commits. Two players saying ready at the same moment must still get the phase
// processed, exactly once: a statement sees only what was committed when it began, so counting
// inside it would let each of the two miss the other and leave the phase waiting for its deadline.
import { expect, it } from 'vitest';
import { Arbiter } from '../src/index.js';
import { code, eachBackend, harness, startedGame, value } from './helpers.js';

eachBackend('saying ready at once', (db) => {
  it('processes the phase exactly once when the last two players say ready at the same moment', async () => {
    const database = db();
    const h = await harness(database);
    const g = await startedGame(h, { count: 2 });
    const [a, b] = g.players;
    // On PostgreSQL another connection holds the game's row, so that both statements start,
    // take their snapshots and wait for it together; they then commit one after the other.
    const holder = h.store.backend === 'postgres' ? await database.open() : undefined;
    let release = (): void => undefined;
    const released = new Promise<void>((r) => (release = r));
    let locked = (): void => undefined;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = holder?.transaction(async (tx) => {
      await tx.game(g.gameId, { forUpdate: true });
      locked();
      await released;
    });
    if (holding === undefined) locked();
    await isLocked;
    const both = Promise.all([
      h.app.setReady(a!.account, g.gameId, true),
      h.app.setReady(b!.account, g.gameId, true),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await holding;
    await holder?.close();
    const results = (await both).map((r) => value(r));
    expect(results.map((r) => r.ready)).toEqual([true, true]);
    expect(results.filter((r) => r.processed)).toHaveLength(1);
    const view = value(await h.app.getGame(undefined, g.gameId));
    expect(view.phase!.name).toBe('F1901M');
    const events = await h.store.read((tx) => tx.events(g.gameId));
    expect(events.filter((e) => e.type === 'phase/processed')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'ready/set')).toHaveLength(2);
  });

  it('leaves the phase open when one of two says ready, and processes it at the second', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const [a, b] = g.players;
    expect(value(await h.app.setReady(a!.account, g.gameId, true))).toEqual({
      ready: true,
      processed: false,
    });
    // Not ready any more, then ready again: still waiting for the other.
    expect(value(await h.app.setReady(a!.account, g.gameId, false)).processed).toBe(false);
    expect(value(await h.app.setReady(b!.account, g.gameId, true)).processed).toBe(false);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('S1901M');
    expect(value(await h.app.setReady(a!.account, g.gameId, true)).processed).toBe(true);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('F1901M');
  });
});

eachBackend('seats read with the game', (db) => {
  it('shows a seat given to another account at once, to the view and to saying ready', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const [a, b] = g.players;
    // Both read the game and say where they stand: the seats are now cached for its version.
    expect(value(await h.app.getGame(a!.account, g.gameId)).viewer).toEqual({
      kind: 'player',
      player: a!.playerId,
    });
    expect(value(await h.app.setReady(b!.account, g.gameId, true)).processed).toBe(false);
    // Given through another server process (its own caches): this one's cached seats are of
    // the version before.
    const other = new Arbiter({ store: h.store, clock: h.clock });
    const newcomer = await h.store.transaction(async (tx) => {
      await tx.insertAccount({ id: 'acc-new', name: 'newcomer', passwordHash: 'x', createdAt: 0 });
      return 'newcomer';
    });
    value(await other.seatPlayer(g.gm, g.gameId, a!.playerId, { account: newcomer }));
    // The seat moved with the game's version: the old account is the public, the new one the
    // player, and the seat's name and account show so.
    expect(value(await h.app.getGame(a!.account, g.gameId)).viewer).toEqual({ kind: 'public' });
    const view = value(await h.app.getGame('acc-new', g.gameId));
    expect(view.viewer).toEqual({ kind: 'player', player: a!.playerId });
    expect(code(await h.app.setReady(a!.account, g.gameId, true))).toBe('game/not-a-player');
    // The newcomer's ready is the one that was missing.
    expect(value(await h.app.setReady('acc-new', g.gameId, true)).processed).toBe(true);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('F1901M');
  });

  it('counts a seat left vacant as not holding the phase up, at once', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const [a, b] = g.players;
    // b reads the game (the seats are cached for its version) and is not ready yet.
    expect(value(await h.app.getGame(b!.account, g.gameId)).seats).toHaveLength(2);
    expect(value(await h.app.setReady(b!.account, g.gameId, false)).processed).toBe(false);
    // a leaves through another server process (its own caches): this one's cached seats are
    // of the version before.
    const other = new Arbiter({ store: h.store, clock: h.clock });
    value(await other.leaveGame(a!.account, g.gameId));
    expect(value(await other.getGame(undefined, g.gameId)).phase!.name).toBe('S1901M');
    // Only b must act now: b's ready processes the phase.
    expect(value(await h.app.setReady(b!.account, g.gameId, true)).processed).toBe(true);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('F1901M');
  });
});
