// The gamesmaster's tools: pause, resume, extend, force, rollback; optimistic versions, so a
// second action racing the first is refused with game/conflict and changes nothing.
import { expect, it } from 'vitest';
import { canonicalJson } from '../src/phases.js';
import { account, code, eachBackend, harness, startedGame, value } from './helpers.js';

const HOUR = 3600_000;

eachBackend('the gamesmaster', (db) => {
  it('pauses (the clock stops, orders are still taken) and resumes with the time that was left', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const [a, b] = g.players;
    const opened = value(await h.app.getGame(g.gm, g.gameId));
    h.clock.advance(HOUR / 4);
    const paused = value(await h.app.pause(g.gm, g.gameId));
    expect(paused.paused).toBe(true);
    expect(paused.phase!.deadline).toBeNull();
    expect(paused.pausedRemaining).toBe((HOUR * 3) / 4);
    expect(paused.version).toBe(opened.version + 1);
    expect(code(await h.app.pause(g.gm, g.gameId))).toBe('game/paused');
    h.clock.advance(10 * HOUR);
    expect(await h.app.processDue()).toBe(0);
    value(await h.app.submitOrders(a!.account, g.gameId, 'A Vie-Gal'));
    // Everyone ready while paused: not processed until the game runs again.
    expect(value(await h.app.setReady(a!.account, g.gameId, true)).processed).toBe(false);
    expect(value(await h.app.setReady(b!.account, g.gameId, false)).processed).toBe(false);
    const resumed = value(await h.app.resume(g.gm, g.gameId));
    expect(resumed.paused).toBe(false);
    expect(resumed.pausedRemaining).toBeNull();
    expect(resumed.phase!.deadline).toBe(h.clock.now() + (HOUR * 3) / 4);
    expect(code(await h.app.resume(g.gm, g.gameId))).toBe('game/not-paused');
    h.clock.advance((HOUR * 3) / 4);
    expect(await h.app.processDue()).toBe(1);
    const events = (await h.store.read((tx) => tx.events(g.gameId))).map((e) => e.type);
    expect(events).toContain('gm/paused');
    expect(events).toContain('gm/resumed');
  });

  it('processes at once on resuming when everyone was ready while paused', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    value(await h.app.pause(g.gm, g.gameId));
    for (const p of g.players)
      expect(value(await h.app.setReady(p.account, g.gameId, true)).processed).toBe(false);
    const resumed = value(await h.app.resume(g.gm, g.gameId));
    expect(resumed.phase!.name).toBe('F1901M');
    expect(resumed.lastPhase!.name).toBe('S1901M');
  });

  it('extends the deadline by seconds or to a time, never into the past', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const first = value(await h.app.getGame(g.gm, g.gameId)).phase!.deadline!;
    const by = value(await h.app.extend(g.gm, g.gameId, { seconds: 600 }));
    expect(by.phase!.deadline).toBe(first + 600_000);
    const to = value(await h.app.extend(g.gm, g.gameId, { deadline: h.clock.now() + 5000 }));
    expect(to.phase!.deadline).toBe(h.clock.now() + 5000);
    expect(code(await h.app.extend(g.gm, g.gameId, { deadline: h.clock.now() }))).toBe(
      'input/invalid',
    );
    expect(code(await h.app.extend(g.gm, g.gameId, { seconds: 0 }))).toBe('input/invalid');
    // Past the deadline but not yet processed: extended from now.
    h.clock.advance(10_000);
    const late = value(await h.app.extend(g.gm, g.gameId, { seconds: 60 }));
    expect(late.phase!.deadline).toBe(h.clock.now() + 60_000);
    value(await h.app.pause(g.gm, g.gameId));
    expect(code(await h.app.extend(g.gm, g.gameId, { seconds: 60 }))).toBe('game/paused');
    expect(code(await h.app.extend(g.players[0]!.account, g.gameId, { seconds: 60 }))).toBe(
      'game/not-gm',
    );
  });

  it('forces processing before the deadline, even while paused', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    value(await h.app.submitOrders(g.players[0]!.account, g.gameId, 'A Vie-Gal'));
    const forced = value(await h.app.forceProcess(g.gm, g.gameId));
    expect(forced.phase!.name).toBe('F1901M');
    expect(forced.state!.units).toContainEqual(
      expect.objectContaining({
        power: 'AUS',
        type: 'army',
        location: { province: 'gal' },
      }),
    );
    value(await h.app.pause(g.gm, g.gameId));
    const again = value(await h.app.forceProcess(g.gm, g.gameId));
    // The next phase opens paused, with its whole length kept for later (no winter: nobody
    // gained or lost a centre).
    expect(again.phase!.name).toBe('S1902M');
    expect(again.phase!.deadline).toBeNull();
    expect(again.paused).toBe(true);
    expect(again.pausedRemaining).toBe(HOUR);
    expect(code(await h.app.forceProcess(g.players[0]!.account, g.gameId))).toBe('game/not-gm');
  });

  it('rolls back: later phases kept as rolled-back, orders carried over, and the phase replays the same', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 7 });
    const by = (power: string): (typeof g.players)[number] =>
      g.players.find((p) => p.powers[0] === power)!;
    value(await h.app.submitOrders(by('FRA').account, g.gameId, 'A Par-Bur'));
    value(await h.app.submitOrders(by('FRA').account, g.gameId, 'A Par-Pic\nA Mar-Bur'));
    value(await h.app.submitOrders(by('GER').account, g.gameId, 'A Mun-Bur'));
    value(await h.app.forceProcess(g.gm, g.gameId));
    value(await h.app.submitOrders(by('ITA').account, g.gameId, 'A Ven-Tyr'));
    value(await h.app.forceProcess(g.gm, g.gameId));
    const before = value(await h.app.history(g.gm, g.gameId));
    expect(before.map((p) => p.name)).toEqual(['S1901M', 'F1901M']);
    const oldPhases = await h.store.read((tx) => tx.phases(g.gameId));
    const oldSpring = oldPhases.find((p) => p.name === 'S1901M')!;

    expect(code(await h.app.rollback(g.gm, g.gameId, { toPhase: 'S1905M' }))).toBe(
      'phase/not-found',
    );
    expect(code(await h.app.rollback(by('FRA').account, g.gameId, { toPhase: 'S1901M' }))).toBe(
      'game/not-gm',
    );
    h.clock.advance(5000);
    const back = value(await h.app.rollback(g.gm, g.gameId, { toPhase: 'S1901M' }));
    expect(back.phase!.name).toBe('S1901M');
    expect(back.phase!.deadline).toBe(h.clock.now() + HOUR);
    expect(back.lastPhase).toBeNull();
    expect(value(await h.app.history(g.gm, g.gameId))).toEqual([]);
    const all = await h.store.read((tx) => tx.phases(g.gameId, { includeRolledBack: true }));
    expect(all.map((p) => [p.name, p.status])).toEqual([
      ['S1901M', 'rolled-back'],
      ['S1901M', 'open'],
      ['F1901M', 'rolled-back'],
      ['S1902M', 'rolled-back'],
    ]);
    const fresh = all.find((p) => p.status === 'open')!;
    expect(canonicalJson(fresh.state)).toBe(canonicalJson(oldSpring.state));
    // The rolled-back orders stay; each player's last one is carried over.
    const old = await h.store.read((tx) => tx.submissions(oldSpring.id));
    expect(old.map((s) => s.text)).toEqual(['A Par-Bur', 'A Par-Pic\nA Mar-Bur', 'A Mun-Bur']);
    const carried = await h.store.read((tx) => tx.submissions(fresh.id));
    expect(carried.map((s) => s.text).sort()).toEqual(['A Mun-Bur', 'A Par-Pic\nA Mar-Bur']);
    const fraMine = value(await h.app.mySubmission(by('FRA').account, g.gameId));
    expect(fraMine?.text).toBe('A Par-Pic\nA Mar-Bur');
    // Played again unchanged, it gives the same result.
    const replayed = value(await h.app.forceProcess(g.gm, g.gameId));
    expect(canonicalJson(replayed.lastPhase!.report)).toBe(canonicalJson(before[0]!.report));
    expect(replayed.phase!.name).toBe('F1901M');
    const events = (await h.store.read((tx) => tx.events(g.gameId))).map((e) => e.type);
    expect(events.filter((t) => t === 'gm/rolled-back')).toHaveLength(1);
    expect(value(await h.app.audit(g.gm, g.gameId)).ok).toBe(true);
  });

  it('previews a rollback without changing anything, a finished game’s end included', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const [a, b] = g.players;
    value(await h.app.submitOrders(a!.account, g.gameId, 'A Vie-Gal'));
    value(await h.app.forceProcess(g.gm, g.gameId));
    value(await h.app.submitOrders(b!.account, g.gameId, 'F Lon-Nth'));
    const ended = value(await h.app.declareEnd(g.gm, g.gameId, { kind: 'draw' }));
    expect(ended.status).toBe('finished');
    const preview = value(await h.app.rollbackPreview(g.gm, g.gameId, 'S1901M'));
    expect(preview.toPhase).toBe('S1901M');
    expect(preview.phases.map((p) => [p.name, p.status])).toEqual([
      ['S1901M', 'processed'],
      ['F1901M', 'processed'],
    ]);
    expect(preview.orders).toEqual([
      { phase: 'S1901M', player: a!.playerId, text: 'A Vie-Gal', carried: true },
      { phase: 'F1901M', player: b!.playerId, text: 'F Lon-Nth', carried: false },
    ]);
    expect(preview.endUndone).toBe(true);
    expect(value(await h.app.rollbackPreview(g.gm, g.gameId)).toPhase).toBe('F1901M');
    expect(code(await h.app.rollbackPreview(a!.account, g.gameId, 'S1901M'))).toBe('game/not-gm');
    expect(code(await h.app.rollbackPreview(g.gm, g.gameId, 'S1950M'))).toBe('phase/not-found');
    expect(value(await h.app.getGame(g.gm, g.gameId)).version).toBe(ended.version);
    // What it said: the game runs again from Spring 1901 with its orders carried over.
    const back = value(await h.app.rollback(g.gm, g.gameId, { toPhase: 'S1901M' }));
    expect(back.status).toBe('running');
    expect(back.pendingSubmissions?.map((s) => s.text)).toEqual(['A Vie-Gal']);
  });

  it('lets only one of two racing gamesmaster actions through; the other gets game/conflict and changes nothing', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const seen = value(await h.app.getGame(g.gm, g.gameId));
    const eventsBefore = await h.store.read((tx) => tx.events(g.gameId));
    const [p, e] = await Promise.all([
      h.app.pause(g.gm, g.gameId, { version: seen.version }),
      h.app.extend(g.gm, g.gameId, { seconds: 600 }, { version: seen.version }),
    ]);
    expect([p.ok, e.ok].filter(Boolean)).toHaveLength(1);
    const loser = p.ok ? e : p;
    expect(code(loser)).toBe('game/conflict');
    const after = value(await h.app.getGame(g.gm, g.gameId));
    expect(after.version).toBe(seen.version + 1);
    const events = await h.store.read((tx) => tx.events(g.gameId));
    expect(events).toHaveLength(eventsBefore.length + 1);
    if (p.ok) {
      expect(after.paused).toBe(true);
    } else {
      expect(after.paused).toBe(false);
      expect(after.phase!.deadline).toBe(seen.phase!.deadline! + 600_000);
    }
    // A stale version is refused outright.
    expect(code(await h.app.forceProcess(g.gm, g.gameId, { version: seen.version }))).toBe(
      'game/conflict',
    );
    expect(value(await h.app.getGame(g.gm, g.gameId))).toEqual(after);
  });

  it('without a version, applies two actions sent at once one after the other or refuses one, never losing one', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const seen = value(await h.app.getGame(g.gm, g.gameId));
    for (let round = 0; round < 5; round++) {
      const before = value(await h.app.getGame(g.gm, g.gameId));
      const results = await Promise.all([
        h.app.extend(g.gm, g.gameId, { seconds: 60 }),
        h.app.extend(g.gm, g.gameId, { seconds: 120 }),
      ]);
      const applied = [60, 120].filter((_, i) => results[i]!.ok);
      expect(applied.length).toBeGreaterThan(0);
      for (const r of results.filter((x) => !x.ok)) expect(code(r)).toBe('game/conflict');
      const after = value(await h.app.getGame(g.gm, g.gameId));
      expect(after.version).toBe(before.version + applied.length);
      const added = applied.reduce((sum, n) => sum + n * 1000, 0);
      expect(after.phase!.deadline).toBe(before.phase!.deadline! + added);
    }
    expect(value(await h.app.getGame(g.gm, g.gameId)).version).toBeGreaterThan(seen.version);
  });

  it('refuses gamesmaster actions from anyone else, changing nothing', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 2 });
    const outsider = await account(h.store, 'outsider');
    const before = value(await h.app.getGame(g.gm, g.gameId));
    for (const who of [g.players[0]!.account, outsider]) {
      expect(code(await h.app.pause(who, g.gameId))).toBe('game/not-gm');
      expect(code(await h.app.resume(who, g.gameId))).toBe('game/not-gm');
      expect(code(await h.app.forceProcess(who, g.gameId))).toBe('game/not-gm');
      expect(code(await h.app.rollback(who, g.gameId, { toPhase: 'S1901M' }))).toBe('game/not-gm');
      expect(code(await h.app.audit(who, g.gameId))).toBe('game/not-gm');
    }
    expect(value(await h.app.getGame(g.gm, g.gameId))).toEqual(before);
  });
});
