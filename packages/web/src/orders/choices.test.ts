import { formatOrder, initialState, legalOrders, standardMap, type Order } from '@arbiter/engine';
import { describe, expect, test } from 'vitest';
import { click, nextSteps, subjectsOf, type LegalOrdersData, type Step } from './choices.js';

const state = initialState(standardMap);
const unitName = (o: Order): string =>
  o.kind === 'waive' ? '' : `${o.unit.type === 'fleet' ? 'F' : 'A'} ${o.unit.location.province}`;
const legal = (power: string): LegalOrdersData => {
  const orders = legalOrders(standardMap, state, power);
  const byUnit = new Map<string, { text: string; order: Order }[]>();
  for (const order of orders) {
    const key = order.kind === 'waive' ? '' : order.unit.location.province;
    byUnit.set(key, [...(byUnit.get(key) ?? []), { text: formatOrder(order), order }]);
  }
  return {
    powers: [
      {
        power,
        units: [...byUnit.values()].map((o) => ({ unit: unitName(o[0]!.order), orders: o })),
      },
    ],
  };
};
const orderOf = (step: Step): string => (step.kind === 'order' ? step.order.text : step.kind);

describe('ordering by clicking at the start of a standard game', () => {
  const subjects = subjectsOf(legal('FRA'));

  test('clicking a unit selects it in move mode and lights up its destinations', () => {
    const step = click(subjects, null, 'par');
    expect(step.kind).toBe('select');
    if (step.kind !== 'select') return;
    expect(step.selection).toEqual({ subject: 'par', mode: 'move', path: [] });
    // Brest too: a move onto one's own unit is legal (it bounces).
    expect([...nextSteps(subjects.get('par')!, step.selection)].sort()).toEqual([
      'bre',
      'bur',
      'gas',
      'pic',
    ]);
  });

  test('clicking a lit destination gives the move; the unit again gives a hold', () => {
    const sel = { subject: 'par', mode: 'move' as const, path: [] };
    expect(orderOf(click(subjects, sel, 'bur'))).toBe('A par - bur');
    expect(orderOf(click(subjects, sel, 'par'))).toBe('A par H');
  });

  test('a support is the supported unit, then where it goes (its own province: a hold)', () => {
    const start = { subject: 'par', mode: 'support' as const, path: [] };
    const first = click(subjects, start, 'bre');
    expect(first.kind).toBe('select');
    if (first.kind !== 'select') return;
    expect([...nextSteps(subjects.get('par')!, first.selection)].sort()).toEqual([
      'bre',
      'gas',
      'pic',
    ]);
    expect(orderOf(click(subjects, first.selection, 'pic'))).toBe('A par S F bre - pic');
    expect(orderOf(click(subjects, first.selection, 'bre'))).toBe('A par S F bre');
  });

  test('an unlit place is refused with a note naming the unit; another unit is switched to', () => {
    const sel = { subject: 'par', mode: 'move' as const, path: [] };
    const refused = click(subjects, sel, 'mun');
    expect(refused).toEqual({ kind: 'idle', note: 'A par cannot move there.' });
    const other = click(subjects, sel, 'mar');
    expect(other.kind === 'select' && other.selection.subject).toBe('mar');
    expect(click(subjects, null, 'mun')).toEqual({
      kind: 'idle',
      note: 'You have nothing to order there.',
    });
  });

  test('a move that ends on a split coast asks which coast', () => {
    const russia = subjectsOf(legal('RUS'));
    // F sev reaches only rum, bla, arm; StP's fleet can go to bot from stp/sc.
    const step = click(russia, { subject: 'stp', mode: 'move', path: [] }, 'bot');
    expect(orderOf(step)).toBe('F stp/sc - bot');
    const spain = subjectsOf({
      powers: [
        {
          power: 'FRA',
          units: [
            {
              unit: 'F gas',
              orders: [
                {
                  text: 'F gas - spa/nc',
                  order: {
                    kind: 'move',
                    unit: { type: 'fleet', location: { province: 'gas' } },
                    to: { province: 'spa', coast: 'nc' },
                    viaConvoy: false,
                  },
                },
                {
                  text: 'F gas - spa/sc',
                  order: {
                    kind: 'move',
                    unit: { type: 'fleet', location: { province: 'gas' } },
                    to: { province: 'spa', coast: 'sc' },
                    viaConvoy: false,
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    const ask = click(spain, { subject: 'gas', mode: 'move', path: [] }, 'spa');
    expect(ask.kind === 'ask' && ask.orders.map((o) => o.text)).toEqual([
      'F gas - spa/nc',
      'F gas - spa/sc',
    ]);
  });
});
