// Tests of the order formatters, and the property that the parser reads every formatted order back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import type { Location, Order, PhaseType, PowerOrder, UnitRef, UnitType } from '../types.js';
import {
  formatOrder,
  formatOrderLong,
  formatPowerOrder,
  formatPowerOrderLong,
  formatUnit,
} from './format.js';
import { army, at, bare, fleet } from '../../test/support.js';
import { parseOrder, parseOrderForgiving, readCanonical } from './parse.js';

const examples: readonly [Order, string, string][] = [
  [{ kind: 'hold', unit: army('par') }, 'A par H', 'A Paris Holds'],
  [
    { kind: 'move', unit: army('par'), to: at('bur'), viaConvoy: false },
    'A par - bur',
    'A Paris - Burgundy',
  ],
  [
    { kind: 'move', unit: army('lon'), to: at('nwy'), viaConvoy: true },
    'A lon - nwy via',
    'A London - Norway via Convoy',
  ],
  [
    { kind: 'move', unit: fleet('stp/sc'), to: at('bot'), viaConvoy: false },
    'F stp/sc - bot',
    'F St Petersburg (south coast) - Gulf of Bothnia',
  ],
  [
    { kind: 'support-move', unit: army('lon'), supported: army('yor'), to: at('lvp') },
    'A lon S A yor - lvp',
    'A London Supports A Yorkshire - Liverpool',
  ],
  [
    { kind: 'support-move', unit: army('lon'), supported: bare('yor'), to: at('lvp') },
    'A lon S yor - lvp',
    'A London Supports Yorkshire - Liverpool',
  ],
  [
    { kind: 'support-hold', unit: army('mar'), supported: army('par') },
    'A mar S A par',
    'A Marseilles Supports A Paris',
  ],
  [
    { kind: 'convoy', unit: fleet('nth'), army: at('lon'), to: at('nwy') },
    'F nth C A lon - nwy',
    'F North Sea Convoys A London - Norway',
  ],
  [
    { kind: 'retreat', unit: army('par'), to: at('bur') },
    'A par R bur',
    'A Paris Retreats to Burgundy',
  ],
  [{ kind: 'disband', unit: army('par') }, 'A par D', 'A Paris Disbands'],
  [
    { kind: 'build', unit: { type: 'fleet', location: at('stp/sc') } },
    'Build F stp/sc',
    'Build F St Petersburg (south coast)',
  ],
  [{ kind: 'remove', unit: army('war') }, 'Remove A war', 'Remove A Warsaw'],
  [{ kind: 'waive' }, 'Waive', 'Waive'],
];

describe('formatOrder', () => {
  it.each(examples)('writes %j as %j', (order, short) => {
    expect(formatOrder(order)).toBe(short);
  });

  it('writes a unit whose type was not given as its bare location', () => {
    expect(formatUnit(bare('spa/nc'))).toBe('spa/nc');
    expect(formatUnit(fleet('spa/nc'))).toBe('F spa/nc');
    expect(formatOrder({ kind: 'hold', unit: bare('eng') })).toBe('eng H');
  });

  it('prefixes the power id', () => {
    const order: Order = { kind: 'move', unit: fleet('lon'), to: at('nth'), viaConvoy: false };
    expect(formatPowerOrder({ power: 'ENG', order })).toBe('ENG F lon - nth');
  });
});

describe('formatOrderLong', () => {
  it.each(examples)('writes %j as %j', (order, _short, long) => {
    expect(formatOrderLong(standardMap, order)).toBe(long);
  });

  it('prefixes the power name', () => {
    const order: Order = { kind: 'move', unit: fleet('lon'), to: at('nth'), viaConvoy: false };
    expect(formatPowerOrderLong(standardMap, { power: 'ENG', order })).toBe(
      'England: F London - North Sea',
    );
  });

  it('falls back to ids the map does not know', () => {
    const order: Order = { kind: 'hold', unit: { type: 'army', location: at('xyz/nc') } };
    expect(formatOrderLong(standardMap, order)).toBe('A xyz (north coast) Holds');
    expect(formatPowerOrderLong(standardMap, { power: 'XYZ', order })).toBe(
      'XYZ: A xyz (north coast) Holds',
    );
  });
});

// Every location of the standard map, coasts included, whether or not a unit could stand there:
// notation does not judge legality.
const location: fc.Arbitrary<Location> = fc.constantFrom(
  ...standardMap.locations.map((l) => l.location),
);
const unitType: fc.Arbitrary<UnitType> = fc.constantFrom('army', 'fleet');
const unitRef: fc.Arbitrary<UnitRef> = fc.record(
  { type: unitType, location },
  { requiredKeys: ['location'], noNullPrototype: true },
);

/** Plain objects, as the parser builds them (fast-check's default has a null prototype). */
function record<T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<T> {
  return fc.record(model, { noNullPrototype: true });
}

interface Case {
  readonly order: Order;
  /** A phase in which the canonical form means this order. */
  readonly phase: PhaseType;
}

const anyPhase = fc.constantFrom<PhaseType>('movement', 'retreat', 'adjustment');
const notAdjustment = fc.constantFrom<PhaseType>('movement', 'retreat');

const orderCase: fc.Arbitrary<Case> = fc.oneof(
  record({ order: record({ kind: fc.constant('hold'), unit: unitRef }), phase: anyPhase }),
  record({
    order: record({
      kind: fc.constant('move'),
      unit: unitRef,
      to: location,
      viaConvoy: fc.boolean(),
    }),
    phase: fc.constant<PhaseType>('movement'),
  }),
  record({
    order: record({ kind: fc.constant('support-hold'), unit: unitRef, supported: unitRef }),
    phase: anyPhase,
  }),
  record({
    order: record({
      kind: fc.constant('support-move'),
      unit: unitRef,
      supported: unitRef,
      to: location,
    }),
    phase: anyPhase,
  }),
  record({
    order: record({ kind: fc.constant('convoy'), unit: unitRef, army: location, to: location }),
    phase: anyPhase,
  }),
  record({
    order: record({ kind: fc.constant('retreat'), unit: unitRef, to: location }),
    phase: anyPhase,
  }),
  record({
    order: record({ kind: fc.constant('disband'), unit: unitRef }),
    phase: notAdjustment,
  }),
  record({
    order: record({
      kind: fc.constant('build'),
      unit: record({ type: unitType, location }),
    }),
    phase: anyPhase,
  }),
  record({ order: record({ kind: fc.constant('remove'), unit: unitRef }), phase: anyPhase }),
  record({ order: record({ kind: fc.constant('waive') }), phase: anyPhase }),
);

const power = fc.constantFrom(...standardMap.powers);

describe('parseOrder reads back what the formatters write', () => {
  it('reads back every canonical order unchanged', () => {
    fc.assert(
      fc.property(orderCase, ({ order, phase }) => {
        expect(parseOrder(standardMap, formatOrder(order), { phase })).toStrictEqual({
          ok: true,
          value: { order },
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every canonical order with its power', () => {
    fc.assert(
      fc.property(orderCase, power, ({ order, phase }, p) => {
        const powerOrder: PowerOrder = { power: p, order };
        expect(parseOrder(standardMap, formatPowerOrder(powerOrder), { phase })).toStrictEqual({
          ok: true,
          value: powerOrder,
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back every long-form order unchanged, with and without its power', () => {
    fc.assert(
      fc.property(orderCase, power, ({ order, phase }, p) => {
        expect(
          parseOrder(standardMap, formatOrderLong(standardMap, order), { phase }),
        ).toStrictEqual({ ok: true, value: { order } });
        const powerOrder: PowerOrder = { power: p, order };
        expect(
          parseOrder(standardMap, formatPowerOrderLong(standardMap, powerOrder), { phase }),
        ).toStrictEqual({ ok: true, value: powerOrder });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back every location of the map in both forms', () => {
    for (const { location: l } of standardMap.locations) {
      for (const unit of [{ type: 'fleet' as const, location: l }, { location: l }]) {
        const order: Order = { kind: 'hold', unit };
        expect(parseOrder(standardMap, formatOrder(order))).toStrictEqual({
          ok: true,
          value: { order },
        });
        expect(parseOrder(standardMap, formatOrderLong(standardMap, order))).toStrictEqual({
          ok: true,
          value: { order },
        });
      }
    }
  });
});

describe('the fast path for canonical notation', () => {
  it('reads every formatted order as the grammar does, in every phase, and takes it', () => {
    fc.assert(
      fc.property(orderCase, power, anyPhase, ({ order }, p, phase) => {
        for (const text of [formatOrder(order), formatPowerOrder({ power: p, order })]) {
          const slow = parseOrderForgiving(standardMap, text, { phase });
          const fast = readCanonical(standardMap, text, phase);
          // Orders naming a unit without its type (`yor H`) are left to the grammar.
          const typed = order.kind === 'waive' || order.unit.type !== undefined;
          const supportedTyped = !('supported' in order) || order.supported.type !== undefined;
          if (typed && supportedTyped && slow.ok) expect(fast).toStrictEqual(slow.value);
          if (fast !== undefined) expect({ ok: true, value: fast }).toStrictEqual(slow);
          expect(parseOrder(standardMap, text, { phase })).toStrictEqual(slow);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
