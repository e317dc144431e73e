// How a game that play finished says it ended: each variant's victory rule becomes its GameEnd.
import { describe, expect, it } from 'vitest';
import {
  newGame,
  victoryAtEnd,
  type GameEvent,
  type Variant,
  type VariantState,
} from '@arbiter/engine';
import { onePlayerPerPower, VARIANTS } from '@arbiter/rules';
import { naturalEnd, survivors } from '../src/ends.js';
import { code, eachBackend, harness, startedGame, value } from './helpers.js';

const standard = VARIANTS['standard']!;
const fiascomacy = VARIANTS['fiascomacy']!;
const settings = { phaseSeconds: 60, press: 'full' as const };

function start(variant = standard, investors = false): VariantState {
  const players = investors
    ? ['alf', 'bert', 'cardew'].map((id) => ({ id, powers: [] }))
    : onePlayerPerPower(variant);
  const made = newGame(variant, { variant: variant.id, seed: 1, players });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const spring1901 = { year: 1901, season: 'spring', type: 'movement' } as const;
const victory = (text: string): GameEvent => ({
  type: 'game/victory',
  audience: { kind: 'public' },
  text,
});

describe('naturalEnd', () => {
  it('a power at the solo count is a solo, won by its players', () => {
    const state = { ...start(), winner: 'FRA' };
    expect(naturalEnd(standard, state, settings, spring1901)).toEqual({
      kind: 'solo',
      phase: 'S1901M',
      winner: 'FRA',
      winners: ['FRA'],
      centres: { AUS: 3, ENG: 3, FRA: 3, GER: 3, ITA: 3, RUS: 4, TUR: 3 },
    });
  });

  it("a module naming one power's players (Deviant's majority) is that power's solo", () => {
    const state = { ...start(), winners: ['ENG'] };
    const end = naturalEnd(standard, state, settings, spring1901, [victory('ENG wins.')]);
    expect(end).toMatchObject({
      kind: 'solo',
      winner: 'ENG',
      winners: ['ENG'],
      reason: 'ENG wins.',
    });
  });

  it('a module choosing players who hold no power (Fiascomacy by Score) is a victory', () => {
    const state = { ...start(fiascomacy, true), winners: ['bert'] };
    const end = naturalEnd(fiascomacy, state, settings, spring1901, [victory('Score decides')]);
    expect(end).toMatchObject({ kind: 'victory', winners: ['bert'], reason: 'Score decides' });
    expect(end.winner).toBeUndefined();
  });

  it('the end year played out is a last-year end with every centre count', () => {
    const base = start();
    const state = { ...base, phase: { year: 1902, season: 'spring', type: 'movement' } as const };
    expect(naturalEnd(standard, state, { ...settings, endYear: 1901 }, spring1901)).toMatchObject({
      kind: 'last-year',
      reason: 'the last year (1901) has been played',
      centres: { RUS: 4, FRA: 3 },
    });
  });
});

describe('a Fiascomacy game ended from outside', () => {
  // Bert backs Russia (4 centres) with 5 PF, Alf France (3) with 5, Cardew nothing: Scores 20, 15, 0.
  const invested = { alf: { FRA: 5 }, bert: { RUS: 5 }, cardew: {} };
  const played = (): VariantState => {
    const s = start(fiascomacy, true);
    const own = s.modules['fiascomacy'] as Record<string, unknown>;
    return {
      ...s,
      phase: { year: 1902, season: 'spring', type: 'movement' },
      modules: { ...s.modules, fiascomacy: { ...own, invested } },
    };
  };

  it('at its last year names the winner by Score', () => {
    const end = naturalEnd(fiascomacy, played(), { ...settings, endYear: 1901 }, spring1901);
    expect(end).toMatchObject({
      kind: 'victory',
      winners: ['bert'],
      reason:
        'The game ends: the last year (1901) has been played; Score decides: alf 15, bert 20, ' +
        'cardew 0; bert wins',
    });
  });

  it('by a declared draw names the winner by Score too', () => {
    const end = victoryAtEnd(fiascomacy, played(), 'The game is ended by agreement');
    expect(end).toEqual({
      winners: ['bert'],
      reason: 'The game is ended by agreement; Score decides: alf 15, bert 20, cardew 0; bert wins',
    });
    // Standard Diplomacy has no such rule: its draw names no winner.
    expect(victoryAtEnd(standard, start(), 'The game is ended by agreement')).toBeUndefined();
  });
});

describe('survivors', () => {
  it('are the powers with a centre or a unit', () => {
    const base = start();
    const supplyCenters = Object.fromEntries(
      Object.entries(base.supplyCenters).filter(([, p]) => p !== 'AUS' && p !== 'ENG'),
    );
    const units = base.units.filter((u) => u.power !== 'AUS');
    expect(survivors(standard, { ...base, supplyCenters, units })).toEqual([
      'ENG',
      'FRA',
      'GER',
      'ITA',
      'RUS',
      'TUR',
    ]);
  });
});

eachBackend('draws in a game of investors', (db) => {
  // Seated as the rules mean it: investors who control no power (the lobby's default seating
  // gives one power each, so the variant here seats investors itself).
  const investors: Variant = {
    ...fiascomacy,
    seats: (count) =>
      Array.from({ length: count }, (_, i) => ({ id: `i${String(i)}`, powers: [] })),
  };

  it('refuses players’ proposals (only the gamesmaster ends it), and takes the gamesmaster’s', async () => {
    const h = await harness(db(), { variants: { ...VARIANTS, fiascomacy: investors } });
    const g = await startedGame(h, { variant: 'fiascomacy', count: 3, powers: 'drawn' });
    expect(g.players.map((p) => p.powers)).toEqual([[], [], []]);
    const p = g.players[0]!;
    expect(code(await h.app.proposeEnd(p.account, g.gameId, { kind: 'draw' }))).toBe('end/gm-only');
    const ended = value(await h.app.declareEnd(g.gm, g.gameId, { kind: 'draw' }));
    expect(ended.end).toMatchObject({
      kind: 'draw',
      by: 'gm',
      members: survivors(fiascomacy, g.view.state as VariantState),
    });
    expect(ended.status).toBe('finished');
  });
});
