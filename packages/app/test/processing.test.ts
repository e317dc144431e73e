// Processing exactly once: two app instances on two stores over one database, a crash inside
// the processing transaction, and the audit that rebuilds every phase from the log.
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { randomText, Rng, type VariantState } from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { Arbiter } from '../src/index.js';
import { eachBackend, harness, startedGame, value, type Harness } from './helpers.js';

const HOUR = 3600_000;

async function processedEvents(h: Harness, gameId: string): Promise<number[]> {
  const events = await h.store.read((tx) => tx.events(gameId));
  return events
    .filter((e) => e.type === 'phase/processed')
    .map((e) => (e.data as { phaseId: number }).phaseId);
}

eachBackend(
  'processing exactly once',
  (db) => {
    it('processes each due phase once when two instances on two stores call processDue at once', async () => {
      const database = db();
      const h = await harness(database);
      const other = new Arbiter({ store: await database.open(), clock: h.clock });
      const games = [];
      for (let i = 0; i < 6; i++) games.push(await startedGame(h, { count: 2, seed: i + 1 }));
      h.clock.advance(HOUR + 1);
      const counts = await Promise.all([
        h.app.processDue(),
        other.processDue(),
        h.app.processDue(),
        other.processDue(),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
      for (const g of games) {
        const processed = await processedEvents(h, g.gameId);
        expect(processed).toHaveLength(1);
        const phases = await h.store.read((tx) => tx.phases(g.gameId, { includeRolledBack: true }));
        expect(phases.map((p) => [p.name, p.status])).toEqual([
          ['S1901M', 'processed'],
          ['F1901M', 'open'],
        ]);
      }
      expect(await other.processDue()).toBe(0);
    });

    it('lets a second instance find nothing to do while the first is in the middle of processing', async () => {
      const database = db();
      let second: Promise<number> | undefined;
      const others: Arbiter[] = [];
      const h = await harness(database, {
        duringProcessing: async () => {
          // Mid-way through the first instance's transaction, the second one tries.
          second ??= others[0]!.processDue();
          await sleep(100);
        },
      });
      others.push(new Arbiter({ store: await database.open(), clock: h.clock }));
      const g = await startedGame(h, { count: 2 });
      h.clock.advance(HOUR + 1);
      expect(await h.app.processDue()).toBe(1);
      expect(await second).toBe(0);
      expect(await processedEvents(h, g.gameId)).toHaveLength(1);
    });

    it('leaves the phase open and no next phase when processing throws, and processes it later', async () => {
      let crash = true;
      const h = await harness(db(), {
        duringProcessing: () =>
          crash ? Promise.reject(new Error('crash mid-way')) : Promise.resolve(),
      });
      const g = await startedGame(h, { count: 2 });
      const [a, b] = g.players;
      value(await h.app.submitOrders(a!.account, g.gameId, 'A Vie-Gal'));
      const before = value(await h.app.getGame(g.gm, g.gameId));
      h.clock.advance(HOUR + 1);
      await expect(h.app.processDue()).rejects.toThrow('crash mid-way');
      const phases = await h.store.read((tx) => tx.phases(g.gameId, { includeRolledBack: true }));
      expect(phases.map((p) => [p.name, p.status, p.result])).toEqual([['S1901M', 'open', null]]);
      expect(await processedEvents(h, g.gameId)).toEqual([]);
      expect(value(await h.app.getGame(g.gm, g.gameId))).toEqual(before);
      // The same when readiness triggers it. The ready flag stays: it was stored and committed
      // on its own before the phase was found ready and processed (`readyAtOnce`).
      h.clock.set(before.phase!.openedAt);
      value(await h.app.setReady(a!.account, g.gameId, true));
      await expect(h.app.setReady(b!.account, g.gameId, true)).rejects.toThrow('crash mid-way');
      const after = await h.store.read((tx) => tx.phases(g.gameId, { includeRolledBack: true }));
      expect(after.map((p) => [p.name, p.status, p.result])).toEqual([['S1901M', 'open', null]]);
      expect(await processedEvents(h, g.gameId)).toEqual([]);
      expect(value(await h.app.getGame(g.gm, g.gameId)).phase!.ready).toEqual([
        a!.playerId,
        b!.playerId,
      ]);
      crash = false;
      expect(value(await h.app.setReady(b!.account, g.gameId, true)).processed).toBe(true);
      const view = value(await h.app.getGame(undefined, g.gameId));
      expect(view.phase!.name).toBe('F1901M');
      expect(view.state!.units).toContainEqual(
        expect.objectContaining({
          power: 'AUS',
          type: 'army',
          location: { province: 'gal' },
        }),
      );
    });

    it('audits a finished game with a rollback as matching its log, and finds a tampered state or result', async () => {
      const database = db();
      const h = await harness(database);
      const g = await startedGame(h, { seed: 4 });
      const rng = new Rng(99);
      let rolledBack = false;
      for (let n = 0; ; n++) {
        const view = value(await h.app.getGame(g.gm, g.gameId));
        if (view.status === 'finished') break;
        if (n === 12 && !rolledBack) {
          const back = value(await h.app.history(g.gm, g.gameId))[8]!.name;
          value(await h.app.rollback(g.gm, g.gameId, { toPhase: back }));
          rolledBack = true;
          continue;
        }
        const state = view.state as VariantState;
        for (const p of g.players) {
          const text = randomText(VARIANTS['standard']!, state, p.playerId, rng, CATALOGUE);
          value(await h.app.submitOrders(p.account, g.gameId, text));
        }
        value(await h.app.forceProcess(g.gm, g.gameId));
        expect(n).toBeLessThan(1000);
      }
      const processed = await processedEvents(h, g.gameId);
      const audit = value(await h.app.audit(g.gm, g.gameId));
      expect(audit).toEqual({ ok: true, phasesChecked: processed.length, mismatches: [] });
      expect(audit.phasesChecked).toBeGreaterThan(20);

      // Tamper with a stored state, in the database itself: one army moved.
      const line = await h.store.read((tx) => tx.phases(g.gameId));
      const victim = line[5]!;
      const units = victim.state.units.map((u, i) =>
        i === 0 ? { ...u, location: { province: 'boh' } } : u,
      );
      const text = JSON.stringify({ ...victim.state, units }).replaceAll("'", "''");
      if (database.raw !== null) {
        await database.raw(`UPDATE phases SET state = '${text}' WHERE id = ${victim.id}`);
        // The audit comes as a request of its own, in a later turn of the event loop (on SQLite
        // the reads of one turn share a snapshot).
        await nextTurn();
        const tampered = value(await h.app.audit(g.gm, g.gameId));
        expect(tampered.ok).toBe(false);
        expect(tampered.mismatches).toEqual([
          expect.objectContaining({ phaseId: victim.id, phase: victim.name, what: 'state' }),
        ]);
        await database.raw(
          `UPDATE phases SET state = '${JSON.stringify(victim.state).replaceAll("'", "''")}' WHERE id = ${victim.id}`,
        );
        await nextTurn();
        expect(value(await h.app.audit(g.gm, g.gameId)).ok).toBe(true);
      }
      // Tamper with a stored result: one outcome's result changed.
      const judged = line[3]!;
      const result = judged.result as { report: { outcomes: { result: string }[] } };
      const outcomes = result.report.outcomes.map((o, i) =>
        i === 0 ? { ...o, result: o.result === 'fails' ? 'succeeds' : 'fails' } : o,
      );
      await h.store.transaction((tx) =>
        tx.updatePhase(judged.id, {
          result: { ...result, report: { ...result.report, outcomes } },
        }),
      );
      const tampered = value(await h.app.audit(g.gm, g.gameId));
      expect(tampered.mismatches).toEqual([
        expect.objectContaining({ phaseId: judged.id, phase: judged.name, what: 'report' }),
      ]);
    });
  },
  { shared: true },
);
