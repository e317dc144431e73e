// Which of a power's stores may be spent (ruling 8: a path to a working home centre through
// provinces free of units not friendly to it). The answers are kept for the last few boards, so
// these ask of one board under two sets of friendliness, and of two powers, in turn.
import { describe, expect, it } from 'vitest';
import {
  Rng,
  settingDefaults,
  standardMap,
  type HookContext,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import {
  ECONOMY_SETTINGS,
  reachableFor,
  type EconomyState,
} from '../../src/pink-economy/economy.js';
import type { Ledger } from '../../src/pink-economy/ledger.js';

const army = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});

function ledger(homes: string[], friendly: string[]): Ledger {
  const emergency = Object.fromEntries(homes.map((h) => [h, 100]));
  return {
    purse: 0,
    stores: {},
    low: {},
    emergency,
    homes,
    friendly,
    transferPaid: false,
    storedIn: [],
  };
}

describe('reachableFor', () => {
  it('follows the friendliness in force and the power asked about, on one board', () => {
    // German armies in Gascony and Marseilles stand between Portugal and Paris.
    const units = [army('GER', 'gas'), army('GER', 'mar')];
    const state = {
      supplyCenters: { par: 'FRA', mun: 'GER', bel: 'FRA' },
      units,
    } as unknown as VariantState;
    const ctx = (germanFriends: string[]): HookContext<unknown, unknown> => ({
      map: standardMap,
      state,
      own: {
        ledgers: {
          FRA: ledger(['par'], []),
          GER: ledger(['mun'], germanFriends),
        },
        capacity: {},
        heldSince: {},
      } satisfies EconomyState,
      settings: settingDefaults(ECONOMY_SETTINGS),
      rng: new Rng(1),
    });
    const cold = ctx([]);
    const warm = ctx(['FRA']);
    const french = (c: HookContext<unknown, unknown>): ((p: string) => boolean) =>
      reachableFor(
        c as Parameters<typeof reachableFor>[0],
        'FRA',
        (c.own as EconomyState).ledgers['FRA']!,
        units,
      );
    for (let round = 0; round < 3; round++) {
      expect(french(cold)('por')).toBe(false);
      expect(french(warm)('por')).toBe(true);
      expect(french(cold)('bre')).toBe(true);
      // Germany's own units never stop it: Spain reaches Munich through Gascony.
      const german = reachableFor(
        cold as Parameters<typeof reachableFor>[0],
        'GER',
        (cold.own as EconomyState).ledgers['GER']!,
        units,
      );
      expect(german('spa')).toBe(true);
      expect(german('por')).toBe(true);
    }
  });
});
