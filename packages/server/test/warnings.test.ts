/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * Warnings at submission: each accepted line says at once when the adjudicator will ignore the
 * order or it will change nothing, and the sheet is still stored exactly as written (DATC 4.E.1).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { harness, seatedGame, STANDARD_SEATS, type Harness, type Seated } from './helpers.js';

let h: Harness;
let g: Seated;
beforeEach(async () => {
  h = await harness();
  g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { phaseSeconds: 600 } });
});
afterEach(async () => {
  await h.close();
});

async function submit(player: string, text: string): Promise<{ text: string; codes: string[] }[]> {
  const r = await h.call('POST', `/games/${g.gameId}/orders`, {
    token: g.players[player]!,
    body: { text },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.lines.map((l: { text: string; warnings?: { code: string }[] }) => ({
    text: l.text,
    codes: (l.warnings ?? []).map((w) => w.code),
  }));
}

async function forceProcess(): Promise<void> {
  const r = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe('warnings at submission', () => {
  test("the issue's examples: no unit, wrong unit type, a duplicate; a clean sheet has none", async () => {
    const text = 'F Nth - Nwy\nA Lon - Wal\nF Edi - Nwg\nF Edi - Nth\nA Lvp - Yor';
    expect(await submit('eng', text)).toEqual([
      { text: 'F Nth - Nwy', codes: ['warn/no-unit'] },
      { text: 'A Lon - Wal', codes: ['warn/wrong-unit-type'] },
      { text: 'F Edi - Nwg', codes: [] },
      { text: 'F Edi - Nth', codes: ['warn/duplicate'] },
      { text: 'A Lvp - Yor', codes: [] },
    ]);
    // Stored as written, and read back with the same warnings.
    const mine = await h.call('GET', `/games/${g.gameId}/orders`, { token: g.players['eng']! });
    expect(mine.body.submission.text).toBe(text);
    expect(mine.body.submission.lines[0].warnings[0]).toEqual({
      code: 'warn/no-unit',
      message: expect.stringContaining('nth'),
    });
    expect(await submit('eng', 'F Lon - Nth\nA Lvp - Yor\nF Edi - Nwg')).toEqual([
      { text: 'F Lon - Nth', codes: [] },
      { text: 'A Lvp - Yor', codes: [] },
      { text: 'F Edi - Nwg', codes: [] },
    ]);
  });

  test("a support that does not match the supported unit's order changes nothing", async () => {
    expect(await submit('fra', 'A Mar S A Par - Bur\nA Par - Pic')).toEqual([
      { text: 'A Mar S A Par - Bur', codes: ['warn/mismatch'] },
      { text: 'A Par - Pic', codes: [] },
    ]);
    expect(await submit('fra', 'A Mar S A Par - Bur\nA Par - Bur')).toEqual([
      { text: 'A Mar S A Par - Bur', codes: [] },
      { text: 'A Par - Bur', codes: [] },
    ]);
  });

  test('a fourth build when three are allowed', async () => {
    // Germany takes Denmark, Belgium and Holland in 1901 and leaves all three home centres empty.
    await submit('ger', 'F Kie - Den\nA Mun - Ruh\nA Ber - Kie');
    await forceProcess();
    await submit('ger', 'F Den H\nA Ruh - Bel\nA Kie - Hol');
    await forceProcess();
    const game = await h.call('GET', `/games/${g.gameId}`, { token: g.players['ger']! });
    expect(game.body.phase.name).toBe('W1901A');
    expect(
      await submit('ger', 'Build A Ber\nBuild A Mun\nBuild F Kie\nBuild A Ber\nBuild A Ruh'),
    ).toEqual([
      { text: 'Build A Ber', codes: [] },
      { text: 'Build A Mun', codes: [] },
      { text: 'Build F Kie', codes: [] },
      { text: 'Build A Ber', codes: expect.arrayContaining([expect.stringMatching(/^warn\//)]) },
      { text: 'Build A Ruh', codes: expect.arrayContaining([expect.stringMatching(/^warn\//)]) },
    ]);
    const waive = await submit('ger', 'Build A Ber\nBuild A Mun\nBuild F Kie\nWaive');
    expect(waive.at(-1)).toEqual({ text: 'Waive', codes: ['warn/too-many-builds'] });
    // And a removal from a power that owes none.
    const fra = await submit('fra', 'Remove A Par');
    expect(fra).toEqual([{ text: 'Remove A Par', codes: ['warn/removal-not-owed'] }]);
  });
});
