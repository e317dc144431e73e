// An order sheet is stored by one statement that finds the open phase and the caller's seat
// itself (submitAtOnce), and only then read against that phase; when the statement stores
// nothing, the locked transaction decides. Whatever happened just before, the sheet lands where
// the transaction would have put it, or is refused as it would have been.
import { expect, it } from 'vitest';
import type { Arbiter, GameStore } from '../src/index.js';
import { Arbiter as App } from '../src/index.js';
import { VARIANTS } from '@arbiter/rules';
import { code, eachBackend, harness, startedGame, value, type Harness } from './helpers.js';

/** The harness's store, but `meanwhile` (once set) runs just before the next `single`. */
function interrupted(h: Harness): {
  app: Arbiter;
  meanwhile: (fn: () => Promise<void>) => void;
  /** The submission id each `single` stored, in order (undefined: it stored nothing). */
  singles: (number | undefined)[];
} {
  let pending: (() => Promise<void>) | undefined;
  const inner = h.store;
  const singles: (number | undefined)[] = [];
  const store: GameStore = {
    backend: inner.backend,
    transaction: (fn) => inner.transaction(fn),
    read: (fn) => inner.read(fn),
    close: () => inner.close(),
    single: async (fn) => {
      const run = pending;
      pending = undefined;
      if (run !== undefined) await run();
      const result = await inner.single(fn);
      singles.push((result as { submissionId?: number } | undefined)?.submissionId);
      return result;
    },
  };
  return {
    app: new App({ store, clock: h.clock }),
    meanwhile: (fn) => (pending = fn),
    singles,
  };
}

async function submissionsByPhase(h: Harness, gameId: string): Promise<Record<string, string[]>> {
  return h.store.read(async (tx) => {
    const out: Record<string, string[]> = {};
    for (const p of await tx.phases(gameId))
      out[p.name] = (await tx.submissions(p.id)).map((s) => s.text);
    return out;
  });
}

eachBackend('a sheet stored at once', (db) => {
  it('goes to the phase open when it is stored, read against it, if the phase was processed just before', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    const { app, meanwhile, singles } = interrupted(h);
    const aus = g.players.find((p) => p.powers.includes('AUS'))!;
    // Unhindered: stored at once (one single() that stored it), in the phase read.
    const first = value(await app.submitOrders(aus.account, g.gameId, 'A Vie H'));
    expect(first.phase).toBe('S1901M');
    expect(singles).toEqual([first.submissionId]);
    meanwhile(async () => {
      value(await app.forceProcess(g.gm, g.gameId));
    });
    const r = value(await app.submitOrders(aus.account, g.gameId, 'A Vie-Gal\nF Tri-Ven'));
    expect(r.phase).toBe('F1901M');
    // The statement found the new phase open and stored it there.
    expect(singles).toEqual([first.submissionId, r.submissionId]);
    expect(r.lines.map((l) => l.ok)).toEqual([true, true]);
    expect(await submissionsByPhase(h, g.gameId)).toEqual({
      S1901M: ['A Vie H'],
      F1901M: ['A Vie-Gal\nF Tri-Ven'],
    });
    const events = (await h.store.read((tx) => tx.events(g.gameId))).filter(
      (e) => e.type === 'orders/submitted',
    );
    expect(events).toHaveLength(2);
  });

  it('is refused as not a player if the seat was given to another account just before', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    const { app, meanwhile, singles } = interrupted(h);
    const eng = g.players.find((p) => p.powers.includes('ENG'))!;
    const newcomer = await h.store.transaction(async (tx) => {
      await tx.insertAccount({ id: 'acc-new', name: 'newcomer', passwordHash: 'x', createdAt: 0 });
      return 'newcomer';
    });
    meanwhile(async () => {
      value(await app.seatPlayer(g.gm, g.gameId, eng.playerId, { account: newcomer }));
    });
    expect(code(await app.submitOrders(eng.account, g.gameId, 'F Lon-NTH'))).toBe(
      'game/not-a-player',
    );
    // The statement found no seat and stored nothing; the transaction refused.
    expect(singles).toEqual([undefined]);
    expect(await submissionsByPhase(h, g.gameId)).toEqual({ S1901M: [] });
    // The newcomer's own sheet goes in at once.
    expect(value(await app.submitOrders('acc-new', g.gameId, 'F Lon-NTH')).phase).toBe('S1901M');
    expect(await submissionsByPhase(h, g.gameId)).toEqual({ S1901M: ['F Lon-NTH'] });
  });

  it('is taken up to its deadline and refused as closed after it', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    const { app } = interrupted(h);
    const fra = g.players.find((p) => p.powers.includes('FRA'))!;
    const deadline = g.view.phase!.deadline!;
    h.clock.set(deadline + 1);
    expect(code(await app.submitOrders(fra.account, g.gameId, 'A Par H'))).toBe('phase/closed');
    h.clock.set(deadline);
    expect(value(await app.submitOrders(fra.account, g.gameId, 'A Par H')).phase).toBe('S1901M');
    expect(await submissionsByPhase(h, g.gameId)).toEqual({ S1901M: ['A Par H'] });
  });
});

eachBackend('a sheet for a game this server cannot read', (db) => {
  it('is refused as an unknown variant, and nothing of it is stored', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    // Another server on the same database that plays no standard games.
    const others = Object.fromEntries(Object.entries(VARIANTS).filter(([id]) => id !== 'standard'));
    const elsewhere = new App({ store: h.store, clock: h.clock, variants: others });
    const aus = g.players.find((p) => p.powers.includes('AUS'))!;
    expect(code(await elsewhere.submitOrders(aus.account, g.gameId, 'A Vie H'))).toBe(
      'variant/unknown',
    );
    expect(await submissionsByPhase(h, g.gameId)).toEqual({ S1901M: [] });
  });
});
