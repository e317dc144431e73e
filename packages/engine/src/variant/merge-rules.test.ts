// mergeMovementRules: several modules' combat rules as one; owned strength keeps its payers.
import { describe, expect, it } from 'vitest';
import type { Unit } from '../types.js';
import { mergeMovementRules } from './pipeline.js';

const army: Unit = { power: 'FRA', type: 'army', location: { province: 'bur' } };

describe('mergeMovementRules', () => {
  it('adds plain extra strength as a number while nobody owns any', () => {
    const merged = mergeMovementRules([{ extraSupport: () => 1 }, { extraSupport: () => 2 }]);
    expect(merged?.extraSupport?.(army, 'move', 'mun')).toBe(3);
  });

  it('keeps each payer’s entries, and the plain rest as one entry of no power', () => {
    const merged = mergeMovementRules([
      { extraSupport: () => [{ power: 'TUR', amount: 1, reason: 'dip support' }] },
      { extraSupport: () => 2 },
      { extraSupport: () => [{ power: 'ENG', amount: 2, reason: 'dip support' }] },
    ]);
    expect(merged?.extraSupport?.(army, 'move', 'mun')).toEqual([
      { power: 'TUR', amount: 1, reason: 'dip support' },
      { power: 'ENG', amount: 2, reason: 'dip support' },
      { power: null, amount: 2, reason: 'rules in force' },
    ]);
  });

  it('adds garrisons, keeping the first owner named', () => {
    const merged = mergeMovementRules([
      { garrison: (p) => (p === 'bur' ? { power: null, amount: 1, reason: 'fort' } : undefined) },
      {
        garrison: (p) =>
          p === 'bur' ? { power: 'FRA', amount: 2, reason: 'garrison' } : undefined,
      },
    ]);
    expect([merged?.garrison?.('bur'), merged?.garrison?.('par')]).toEqual([
      { power: 'FRA', amount: 3, reason: 'fort, garrison' },
      undefined,
    ]);
  });

  it('keeps combat-free spaces and convoy networks from every module', () => {
    const merged = mergeMovementRules([
      { combatFree: (p) => p === 'nao', convoyNetwork: (p) => p === 'nao' },
      { extraSupport: () => 1 },
    ]);
    expect([merged?.combatFree?.('nao'), merged?.convoyNetwork?.('nao')]).toEqual([true, true]);
    expect(merged?.convoyNetwork?.('mao')).toBe(false);
  });
});
