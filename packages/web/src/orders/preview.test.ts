import { initialState, parseOrder, standardMap, type Unit } from '@arbiter/engine';
import type { ApiGame } from '@arbiter/server/api-types';
import { describe, expect, test } from 'vitest';
import { previewLines, previewOutcomes } from './preview.js';
import { loadRules } from './rules.js';
import { readSheet } from './sheet.js';

/** A running game as player `player` (holding `power`) is shown it. */
function game(
  over: {
    units?: readonly Unit[];
    type?: 'movement' | 'adjustment';
    variant?: string;
    ruleSet?: readonly unknown[];
    rulebook?: string;
  } = {},
): ApiGame {
  const variant = over.variant ?? 'standard';
  return {
    variant,
    status: 'running',
    viewer: { kind: 'player', player: 'p' },
    phase: { id: 1, seq: 1, name: 'S1901M', openedAt: 0, deadline: null, ready: [] },
    state: {
      ...initialState(standardMap),
      ...(over.units === undefined ? {} : { units: over.units }),
      phase: { year: 1901, season: 'spring', type: over.type ?? 'movement' },
      variant,
      players: [{ id: 'p', powers: ['ITA'] }],
      ruleSet: over.ruleSet ?? [],
      phaseIndex: 1,
      winners: null,
      settings: variant === 'deviant2' ? { deviant: {} } : {},
      modules: {},
      ...(over.rulebook === undefined ? {} : { rulebook: over.rulebook }),
    },
  } as unknown as ApiGame;
}

const orders = (...texts: string[]) =>
  texts.map((t) => {
    const r = parseOrder(standardMap, t);
    if (!r.ok) throw new Error(`${t}: ${r.error.message}`);
    return { order: r.value.order };
  });

const army = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});
const fleet = (power: string, province: string): Unit => ({
  power,
  type: 'fleet',
  location: { province },
});

describe('the preview of a player’s moves, every other unit holding', () => {
  test('a move into an empty province succeeds; one into a holding unit bounces', () => {
    const notes = previewOutcomes(game(), orders('A ven - pie', 'F nap - ion', 'A rom - ven'));
    expect(notes?.map((n) => n?.result)).toEqual(['succeeds', 'succeeds', 'succeeds']);
    const bounce = previewOutcomes(game(), orders('A ven - tri'));
    expect(bounce?.[0]?.result).toBe('fails');
    expect(bounce?.[0]?.reason).toBe('bounced');
    expect(bounce?.[0]?.explanation).toMatch(/tri/);
  });

  test('a supported attack dislodges the holding unit; the support is given', () => {
    const units = [army('ITA', 'ven'), army('ITA', 'tyr'), fleet('AUS', 'tri')];
    const notes = previewOutcomes(game({ units }), orders('A ven - tri', 'A tyr S A ven - tri'));
    expect(notes?.map((n) => n?.result)).toEqual(['succeeds', 'given']);
  });

  test('a support of a foreign move fails to match, since that unit holds', () => {
    const units = [army('ITA', 'tyr'), army('AUS', 'vie'), army('GER', 'mun')];
    const notes = previewOutcomes(game({ units }), orders('A tyr S A vie - mun'));
    expect(notes?.[0]).toMatchObject({ result: 'invalid', reason: 'support-mismatch' });
  });

  test('an order for a unit the player may not order gets no preview', () => {
    const notes = previewOutcomes(game(), orders('A vie - gal', 'A ven - pie'));
    expect(notes?.[0]).toBeUndefined();
    expect(notes?.[1]?.result).toBe('succeeds');
  });

  test('a house rule in force is applied: under Armies Only a fleet may not move', async () => {
    // Deviant II's rules are not in the page's main part: no preview until they are loaded.
    expect(previewOutcomes(game({ variant: 'deviant2' }), orders('F nap - ion'))).toBeUndefined();
    await loadRules('deviant2', false);
    const free = previewOutcomes(game({ variant: 'deviant2' }), orders('F nap - ion'));
    expect(free?.[0]?.result).toBe('succeeds');
    const ruleSet = [{ module: 'armies-only', settings: {}, from: 0 }];
    const ruled = previewOutcomes(game({ variant: 'deviant2', ruleSet }), orders('F nap - ion'));
    expect(ruled?.[0]?.result).toBe('illegal');
  });

  test('the game’s rulebook edition is applied: in 1971 "via convoy" chooses no route', () => {
    const units = [army('ITA', 'apu'), fleet('ITA', 'ion')];
    const sheet = orders('A apu - nap via convoy');
    // 2023: the army goes by convoy or not at all, and no convoy is ordered.
    expect(previewOutcomes(game({ units }), sheet)?.[0]?.result).toBe('invalid');
    const old = previewOutcomes(game({ units, rulebook: '1971' }), sheet);
    expect(old?.[0]?.result).toBe('succeeds');
  });

  test('nothing is previewed outside a movement phase', () => {
    expect(previewOutcomes(game({ type: 'adjustment' }), [])).toBeUndefined();
  });

  test('the notes go to the sheet lines that hold orders, by line number', () => {
    const lines = readSheet(standardMap, 'A ven - tri\n\nA rom -\nF nap - ion', 'movement');
    const notes = previewLines(game(), lines);
    expect([...(notes?.keys() ?? [])]).toEqual([1, 4]);
    expect(notes?.get(1)?.result).toBe('fails');
    expect(notes?.get(4)?.result).toBe('succeeds');
  });
});
