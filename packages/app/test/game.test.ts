// A whole game through the app, against the engine playing the same game on its own; deadlines,
// readiness, missing orders, and which submission counts.
import { expect, it } from 'vitest';
import { playVariantGame, randomText, Rng, type VariantState, type Unit } from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { canonicalJson } from '../src/phases.js';
import { code, eachBackend, harness, startedGame, value } from './helpers.js';

const standard = VARIANTS['standard']!;
const HOUR = 3600 * 1000;

function where(units: readonly Unit[], power: string): string[] {
  return units
    .filter((u) => u.power === power)
    .map((u) => `${u.type} ${u.location.province}`)
    .sort();
}

eachBackend('a whole standard game', (db) => {
  it('plays to a solo, phase by phase equal to the engine playing it alone, by deadline and by readiness', async () => {
    const h = await harness(db());
    const seed = 4;
    const g = await startedGame(h, {
      seed,
      settings: { phaseSeconds: 3600, shortPhaseSeconds: 600, press: 'full' },
    });
    const gmStart = value(await h.app.getGame(g.gm, g.gameId)).state as VariantState;
    const reference = playVariantGame(
      standard,
      { variant: 'standard', seed, players: gmStart.players },
      { catalogue: CATALOGUE },
    );
    const rng = new Rng(seed ^ 0x5eed);
    let phases = 0;
    let byDeadline = 0;
    let byReady = 0;
    for (;;) {
      const view = value(await h.app.getGame(g.gm, g.gameId));
      if (view.status === 'finished') break;
      const state = view.state as VariantState;
      const expected = reference.next();
      if (expected.done === true) throw new Error('the app plays on after the engine stopped');
      expect(view.phase!.name).toBe(expected.value.report.name);
      // Retreat and adjustment phases are shorter.
      const length = state.phase.type === 'movement' ? HOUR : 600 * 1000;
      expect(view.phase!.deadline).toBe(view.phase!.openedAt + length);
      for (const p of g.players) {
        const text = randomText(standard, state, p.playerId, rng, CATALOGUE);
        const r = value(await h.app.submitOrders(p.account, g.gameId, text));
        expect(r.lines.filter((l) => !l.ok)).toEqual([]);
      }
      if (phases % 2 === 0) {
        // Everyone ready: processed at once, by the last one (in retreat phases, the last
        // one with a unit to retreat).
        let at = -1;
        for (const [i, p] of g.players.entries()) {
          if (value(await h.app.setReady(p.account, g.gameId, true)).processed) {
            at = i;
            break;
          }
        }
        if (state.phase.type === 'retreat') expect(at).toBeGreaterThanOrEqual(0);
        else expect(at).toBe(g.players.length - 1);
        byReady++;
      } else {
        expect(await h.app.processDue()).toBe(0);
        h.clock.set(view.phase!.deadline! - 1);
        expect(await h.app.processDue()).toBe(0);
        h.clock.advance(1);
        expect(await h.app.processDue()).toBe(1);
        expect(await h.app.processDue()).toBe(0);
        byDeadline++;
      }
      const history = value(await h.app.history(g.gm, g.gameId));
      const last = history[history.length - 1]!;
      expect(last.name).toBe(expected.value.report.name);
      expect(canonicalJson(last.report)).toBe(canonicalJson(expected.value.report));
      expect(canonicalJson(last.orders)).toBe(canonicalJson(expected.value.orders));
      phases++;
      h.clock.advance(1000);
    }
    const final = reference.next();
    expect(final.done).toBe(true);
    const view = value(await h.app.getGame(undefined, g.gameId));
    expect(view.status).toBe('finished');
    expect(view.phase).toBeNull();
    expect(view.state?.winner).toBe((final.value as VariantState).winner);
    expect(view.state?.winner).not.toBeNull();
    expect(phases).toBeGreaterThan(50);
    expect(byDeadline).toBeGreaterThan(20);
    expect(byReady).toBeGreaterThan(20);
    const history = value(await h.app.history(undefined, g.gameId));
    expect(history).toHaveLength(phases);
    // A finished game takes no more orders.
    expect(code(await h.app.submitOrders(g.players[0]!.account, g.gameId, 'A Vie H'))).toBe(
      'game/not-running',
    );
    const audit = value(await h.app.audit(g.gm, g.gameId));
    expect(audit).toEqual({ ok: true, phasesChecked: phases, mismatches: [] });
  });
});

eachBackend('deadlines and submissions', (db) => {
  it('lets units without orders hold when the deadline passes', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    const [aus, eng] = g.players; // AUS, ENG
    expect(aus!.powers).toEqual(['AUS']);
    expect(eng!.powers).toEqual(['ENG']);
    value(await h.app.submitOrders(aus!.account, g.gameId, 'A Vie-Gal\nA Bud-Rum\nF Tri-Alb'));
    const before = value(await h.app.getGame(g.gm, g.gameId)).state!.units;
    h.clock.advance(HOUR + 1);
    expect(await h.app.processDue()).toBe(1);
    const after = value(await h.app.getGame(undefined, g.gameId));
    expect(after.phase!.name).toBe('F1901M');
    expect(where(after.state!.units, 'AUS')).toEqual(['army gal', 'army rum', 'fleet alb']);
    for (const power of ['ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'])
      expect(where(after.state!.units, power)).toEqual(where(before, power));
    const report = after.lastPhase!.report;
    expect(report.outcomes.filter((o) => o.power === 'AUS').map((o) => o.result)).toEqual([
      'succeeds',
      'succeeds',
      'succeeds',
    ]);
  });

  it('ends the game drawn when the year after its end year would begin', async () => {
    const h = await harness(db());
    const g = await startedGame(h, {
      settings: { phaseSeconds: 3600, press: 'full', endYear: 1901 },
    });
    const aus = g.players[0]!;
    // Austria takes Serbia and Greece, so the winter has builds: S1901M, F1901M, W1901A.
    value(await h.app.submitOrders(aus.account, g.gameId, 'A Bud-Ser\nF Tri-Alb\nA Vie-Gal'));
    const names: string[] = [];
    for (let i = 0; i < 10; i++) {
      const view = value(await h.app.getGame(g.gm, g.gameId));
      if (view.status === 'finished') break;
      names.push(view.phase!.name);
      if (view.phase!.name === 'F1901M')
        value(await h.app.submitOrders(aus.account, g.gameId, 'F Alb-Gre\nA Ser H'));
      h.clock.advance(HOUR + 1);
      expect(await h.app.processDue()).toBe(1);
    }
    expect(names).toEqual(['S1901M', 'F1901M', 'W1901A']);
    const end = value(await h.app.getGame(undefined, g.gameId));
    expect(end.status).toBe('finished');
    expect(end.phase).toBeNull();
    expect(end.state!.supplyCenters['gre']).toBe('AUS');
    expect(code(await h.app.submitOrders(aus.account, g.gameId, 'A Ser H'))).toBe(
      'game/not-running',
    );
  });

  it('counts the last submission at or before the deadline and keeps the earlier ones', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    const fra = g.players.find((p) => p.powers[0] === 'FRA')!;
    const first = value(await h.app.submitOrders(fra.account, g.gameId, 'A Par-Bur'));
    h.clock.advance(10_000);
    const second = value(await h.app.submitOrders(fra.account, g.gameId, 'A Par-Pic\nA Mar-Spa'));
    expect(second.submissionId).toBeGreaterThan(first.submissionId);
    const deadline = value(await h.app.getGame(g.gm, g.gameId)).phase!.deadline!;
    h.clock.set(deadline); // exactly at the deadline still counts
    const third = value(await h.app.submitOrders(fra.account, g.gameId, 'A Par-Gas\nA Mar-Bur'));
    expect(third.lines.every((l) => l.ok)).toBe(true);
    // The player sees their own last submission.
    const mine = value(await h.app.mySubmission(fra.account, g.gameId));
    expect(mine?.text).toBe('A Par-Gas\nA Mar-Bur');
    h.clock.advance(1);
    const late = await h.app.submitOrders(fra.account, g.gameId, 'A Par-Bur');
    expect(code(late)).toBe('phase/closed');
    expect(code(await h.app.setReady(fra.account, g.gameId, true))).toBe('phase/closed');
    const phaseId = value(await h.app.getGame(g.gm, g.gameId)).phase!.id;
    const kept = await h.store.read((tx) => tx.submissions(phaseId));
    expect(kept.map((s) => s.text)).toEqual([
      'A Par-Bur',
      'A Par-Pic\nA Mar-Spa',
      'A Par-Gas\nA Mar-Bur',
    ]);
    expect(await h.app.processDue()).toBe(1);
    const view = value(await h.app.getGame(undefined, g.gameId));
    expect(where(view.state!.units, 'FRA')).toEqual(['army bur', 'army gas', 'fleet bre']);
    const history = value(await h.app.history(g.gm, g.gameId));
    expect(history[0]!.submissions).toEqual([
      { submissionId: third.submissionId, player: fra.playerId, text: 'A Par-Gas\nA Mar-Bur' },
    ]);
  });

  it('answers each line of a submission at once, stores it whole, and refuses a closed phase with nothing stored', async () => {
    const h = await harness(db());
    const g = await startedGame(h);
    const ger = g.players.find((p) => p.powers[0] === 'GER')!;
    const r = value(
      await h.app.submitOrders(ger.account, g.gameId, 'A Ber - Kiel\n\nA Xyz-Mun\nF Bre-MAO\n  '),
    );
    expect(r.phase).toBe('S1901M');
    expect(r.lines).toHaveLength(3);
    expect(r.lines[0]).toEqual({
      text: 'A Ber - Kiel',
      ok: true,
      canonical: 'GER A ber - kie',
      warnings: [],
    });
    expect(r.lines[1]).toMatchObject({ text: 'A Xyz-Mun', ok: false });
    expect(!r.lines[1]!.ok && r.lines[1]!.code).toMatch(/^parse\//);
    expect(r.lines[2]).toMatchObject({
      text: 'F Bre-MAO',
      ok: false,
      code: 'command/not-your-unit',
    });
    const phaseId = value(await h.app.getGame(g.gm, g.gameId)).phase!.id;
    const kept = await h.store.read((tx) => tx.submissions(phaseId));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.text).toBe('A Ber - Kiel\n\nA Xyz-Mun\nF Bre-MAO\n  ');
    // After the deadline: refused, and nothing more stored or logged.
    h.clock.advance(HOUR + 1);
    const events = await h.store.read((tx) => tx.events(g.gameId));
    expect(code(await h.app.submitOrders(ger.account, g.gameId, 'A Ber-Kie'))).toBe('phase/closed');
    expect(await h.store.read((tx) => tx.submissions(phaseId))).toHaveLength(1);
    expect(await h.store.read((tx) => tx.events(g.gameId))).toEqual(events);
  });

  it('processes as soon as everyone is ready, and not before; ready can be taken back', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 3 });
    const [a, b, c] = g.players;
    expect(value(await h.app.setReady(a!.account, g.gameId, true))).toEqual({
      ready: true,
      processed: false,
    });
    expect(value(await h.app.setReady(b!.account, g.gameId, true)).processed).toBe(false);
    // Private by default: the gamesmaster sees both, a player himself only, the public nobody.
    expect(value(await h.app.getGame(g.gm, g.gameId)).phase!.ready).toEqual([
      a!.playerId,
      b!.playerId,
    ]);
    expect(value(await h.app.getGame(b!.account, g.gameId)).phase!.ready).toEqual([b!.playerId]);
    expect(value(await h.app.getGame(c!.account, g.gameId)).phase!.ready).toEqual([]);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.ready).toEqual([]);
    expect(value(await h.app.setReady(b!.account, g.gameId, false)).processed).toBe(false);
    expect(value(await h.app.setReady(c!.account, g.gameId, true)).processed).toBe(false);
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.name).toBe('S1901M');
    expect(value(await h.app.setReady(b!.account, g.gameId, true)).processed).toBe(true);
    const view = value(await h.app.getGame(undefined, g.gameId));
    expect(view.phase!.name).toBe('F1901M');
    expect(view.phase!.ready).toEqual([]);
    expect(view.lastPhase!.name).toBe('S1901M');
  });

  it('shows everyone who is ready when the game settings make readiness public', async () => {
    const h = await harness(db());
    const g = await startedGame(h, {
      count: 3,
      settings: { phaseSeconds: 3600, press: 'full', publicReadiness: true },
    });
    const [a, b] = g.players;
    value(await h.app.setReady(a!.account, g.gameId, true));
    expect(value(await h.app.getGame(undefined, g.gameId)).phase!.ready).toEqual([a!.playerId]);
    expect(value(await h.app.getGame(b!.account, g.gameId)).phase!.ready).toEqual([a!.playerId]);
    expect(value(await h.app.getGame(g.gm, g.gameId)).settings.publicReadiness).toBe(true);
  });

  it('in a retreat phase, waits only for players with a unit to retreat', async () => {
    const h = await harness(db());
    const g = await startedGame(h, { count: 7 });
    const by = (power: string): (typeof g.players)[number] =>
      g.players.find((p) => p.powers[0] === power)!;
    const play = async (orders: Record<string, string>): Promise<void> => {
      for (const [power, text] of Object.entries(orders))
        value(await h.app.submitOrders(by(power).account, g.gameId, text));
      for (const p of g.players) await h.app.setReady(p.account, g.gameId, true);
    };
    await play({ AUS: 'A Bud-Rum', RUS: 'A War-Ukr' });
    await play({ AUS: 'A Rum H', RUS: 'F Sev-Rum\nA Ukr S F Sev-Rum' });
    let view = value(await h.app.getGame(undefined, g.gameId));
    expect(view.phase!.name).toBe('F1901R');
    expect(view.state!.dislodged.map((d) => d.unit.power)).toEqual(['AUS']);
    // Everyone but Austria ready: nothing happens; Austria is the one who must act.
    for (const p of g.players.filter((x) => x.powers[0] !== 'AUS'))
      expect(value(await h.app.setReady(p.account, g.gameId, true)).processed).toBe(false);
    value(await h.app.setReady(by('RUS').account, g.gameId, false));
    value(await h.app.submitOrders(by('AUS').account, g.gameId, 'A Rum-Ser'));
    // Austria alone is enough: Russia, with nothing to retreat, counts as ready.
    expect(value(await h.app.setReady(by('AUS').account, g.gameId, true)).processed).toBe(true);
    view = value(await h.app.getGame(undefined, g.gameId));
    expect(view.phase!.name).toBe('W1901A');
    expect(where(view.state!.units, 'AUS')).toEqual(['army ser', 'army vie', 'fleet tri']);
  });
});
