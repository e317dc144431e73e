// phaseRules: the rule modules' changes in force for the current phase, for legalOrders (and
// submission warnings) in a variant game, including catalogue rules switched on by the rule set.
import { describe, expect, it } from 'vitest';
import { legalOrders } from '../game/legal-orders.js';
import { standardMap } from '../maps/index.js';
import { formatOrder } from '../orders/format.js';
import { defineModule, type Variant } from './module.js';
import { activeModules, newGame, phaseRules } from './pipeline.js';
import type { VariantState } from './state.js';

const noConvoys = defineModule({
  id: 'no-convoys',
  headline: 'No Convoy Rule: fleets may not convoy.',
  movementRules: () => ({
    illegal: (order) => (order.kind === 'convoy' ? 'forbidden-by-rule' : undefined),
  }),
});

const plain: Variant = {
  id: 'plain',
  name: 'Plain',
  map: standardMap,
  rulebook: '2023',
  modules: [],
  players: { min: 7, max: 7 },
};

function start(v: Variant): VariantState {
  const g = newGame(v, {
    variant: v.id,
    seed: 1,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!g.ok) throw new Error(g.error.message);
  // England's fleet in the North Sea can convoy the army in Yorkshire.
  return {
    ...g.value,
    units: [
      { power: 'ENG', type: 'fleet', location: { province: 'nth' } },
      { power: 'ENG', type: 'army', location: { province: 'yor' } },
    ],
  };
}

const convoying = (v: Variant, s: VariantState): string[] =>
  legalOrders(standardMap, s, 'ENG', phaseRules(v, s, { 'no-convoys': noConvoys }))
    .map(formatOrder)
    .filter((t) => t.includes(' C ') || t.endsWith(' via'));

describe('phaseRules', () => {
  it('gives no rules for a variant without modules', () => {
    expect(phaseRules(plain, start(plain))).toEqual({});
    expect(convoying(plain, start(plain))).toContain('F nth C A yor - nwy');
  });

  it('gives a variant module’s movement rules, which legalOrders follows', () => {
    const v: Variant = { ...plain, id: 'nc', modules: [noConvoys] };
    expect(phaseRules(v, start(v)).movementRules?.illegal).toBeDefined();
    expect(convoying(v, start(v))).toEqual([]);
  });

  it('gives a catalogue rule only while the rule set has it in force', () => {
    const s = start(plain);
    const voted = { ...s, ruleSet: [{ module: 'no-convoys', settings: {}, from: 1 }] };
    expect(convoying(plain, voted)).toContain('F nth C A yor - nwy');
    expect(convoying(plain, { ...voted, phaseIndex: 1 })).toEqual([]);
  });

  it('leaves out a module whose rules read secrets when asked for what players may see', () => {
    const secret = defineModule({ ...noConvoys, id: 'secret-no-convoys', secretRules: true });
    const v: Variant = { ...plain, id: 'secret', modules: [secret] };
    const s = start(v);
    expect(phaseRules(v, s).movementRules?.illegal).toBeDefined();
    expect(phaseRules(v, s, undefined, { publicOnly: true })).toEqual({});
    const shown = legalOrders(
      standardMap,
      s,
      'ENG',
      phaseRules(v, s, undefined, { publicOnly: true }),
    );
    expect(shown.map(formatOrder)).toContain('F nth C A yor - nwy');
  });

  it('answers activeModules for each state, variant and catalogue asked, states asked in turn', () => {
    // The answer is kept for the last few states: these ask of more states than it keeps, in
    // turn, with the catalogue given and not, and of another variant for the same state.
    const s = start(plain);
    const states = Array.from({ length: 12 }, (_, i) => ({
      ...s,
      phaseIndex: i,
      ruleSet: [{ module: 'no-convoys', settings: {}, from: (i % 3) * 5 }],
    }));
    const withModule: Variant = { ...plain, id: 'nc', modules: [noConvoys] };
    const ids = (v: Variant, st: VariantState, withCatalogue: boolean): string[] =>
      activeModules(v, st, withCatalogue ? { 'no-convoys': noConvoys } : undefined).map(
        (a) => a.module.id,
      );
    for (let round = 0; round < 3; round++) {
      for (const st of states) {
        const inForce = st.phaseIndex >= st.ruleSet[0]!.from ? ['no-convoys'] : [];
        expect(ids(plain, st, true)).toEqual(inForce);
        expect(ids(plain, st, false)).toEqual([]);
        expect(ids(withModule, st, false)).toEqual(['no-convoys']);
        expect(ids(withModule, st, true)).toEqual(['no-convoys', ...inForce]);
      }
    }
    // A rule in force from a later phase than the state's is not active.
    expect(
      ids(
        plain,
        { ...s, phaseIndex: 0, ruleSet: [{ module: 'no-convoys', settings: {}, from: 1 }] },
        true,
      ),
    ).toEqual([]);
  });
});
