/**
 * The deal at the start, as the event log records it: drawn from the seed, given by the
 * gamesmaster, or the variant's own seating (Fiascomacy's investors hold no power, so their
 * seats need no flag); and the missed phases a phase's processing records.
 */
import { expect, it } from 'vitest';
import { eachBackend, harness, startedGame, value } from './helpers.js';

eachBackend('the deal', (db) => {
  async function started(variant: string, powers?: 'drawn') {
    const h = await harness(db());
    const g = await startedGame(h, {
      variant,
      count: 3,
      ...(powers === undefined ? {} : { powers }),
    });
    const events = await h.store.read((tx) => tx.events(g.gameId));
    const start = events.find((e) => e.type === 'game/started')!.data as {
      deal: string;
      setup: { players: { powers: string[] }[] };
    };
    return { g, start, h };
  }

  it('records a deal drawn from the seed, one power per seat, in the started event', async () => {
    const { g, start } = await started('standard', 'drawn');
    expect(start.deal).toBe('drawn');
    expect(start.setup.players.map((p) => p.powers)).toEqual(g.players.map((p) => p.powers));
    expect(g.players.every((p) => p.powers.length === 1)).toBe(true);
  });

  it('records an assignment as the gamesmaster gave it', async () => {
    const { g, start } = await started('standard');
    expect(start.deal).toBe('assigned');
    expect(g.players.map((p) => p.powers)).toEqual([['AUS'], ['ENG'], ['FRA']]);
  });

  it('deals Fiascomacy investors no power, and needs no flag for it', async () => {
    const { g, start } = await started('fiascomacy', 'drawn');
    expect(start.deal).toBe('variant');
    expect(g.players.map((p) => p.powers)).toEqual([[], [], []]);
  });

  it('records who missed a phase, and nobody for a seat that ordered', async () => {
    const { g, h } = await started('standard');
    value(await h.app.submitOrders(g.players[0]!.account, g.gameId, 'A Vie H'));
    const view = value(await h.app.forceProcess(g.gm, g.gameId));
    expect(view.lastPhase?.missed).toEqual([
      { player: 'player-2', powers: ['ENG'] },
      { player: 'player-3', powers: ['FRA'] },
    ]);
    expect(view.seats.map((s) => s.missed)).toEqual([0, 1, 1]);
  });
});
