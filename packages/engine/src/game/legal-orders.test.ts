// Legal orders: DATC legality cases by hand, then properties over positions of seeded random
// games, in every phase kind and under several rule modules: every listed order is accepted by
// the adjudicator, and every order the adjudicator accepts is listed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, unit } from '../../test/support.js';
import { adjudicateAdjustments } from '../adjudicate/adjustment.js';
import { adjudicateMovement } from '../adjudicate/movement.js';
import type { OrderOutcome } from '../adjudicate/outcome.js';
import { adjudicateRetreats } from '../adjudicate/retreat.js';
import { rulebookChoices } from '../adjudicate/rulebook.js';
import type { AdjustmentRules, MovementRules } from '../adjudicate/rules.js';
import { standardMap } from '../maps/index.js';
import { formatOrder } from '../orders/format.js';
import { Rng } from '../random.js';
import type { Location, Order, Power, PowerOrder, Unit, UnitRef } from '../types.js';
import {
  legalOrders,
  legalOrdersByPower,
  legalOrdersByUnit,
  legalUnitOrders,
} from './legal-orders.js';
import { playRandomGame } from './play.js';
import { initialState, type GameState, type PhaseRules } from './state.js';

const map = standardMap;

function board(units: readonly string[], type: GameState['phase']['type'] = 'movement'): GameState {
  return {
    ...initialState(map),
    phase: { year: 1901, season: type === 'adjustment' ? 'winter' : 'spring', type },
    units: units.map(unit),
  };
}

const texts = (orders: readonly Order[]): string[] => orders.map(formatOrder);

describe('legal orders, by hand', () => {
  it('lists holds, moves, supports of holds and of moves for the opening board', () => {
    const eng = texts(legalOrders(map, initialState(map), 'ENG'));
    expect(eng).toEqual([
      'F lon H',
      'F lon - eng',
      'F lon - nth',
      'F lon - wal',
      'F lon - yor',
      'F lon S F bre - eng',
      'F lon S F edi - nth',
      'F lon S A lvp - wal',
      'F lon S F edi - yor',
      'F lon S A lvp - yor',
      'F edi H',
      'F edi - cly',
      'F edi - nth',
      'F edi - nwg',
      'F edi - yor',
      'F edi S A lvp - cly',
      'F edi S F lon - nth',
      'F edi S F lon - yor',
      'F edi S A lvp - yor',
      'A lvp H',
      'A lvp - cly',
      'A lvp - edi',
      'A lvp - wal',
      'A lvp - yor',
      'A lvp S F edi',
      'A lvp S F edi - cly',
      'A lvp S F lon - wal',
      'A lvp S F lon - yor',
      'A lvp S F edi - yor',
    ]);
  });

  it('lists each coast a fleet reaches, and only those (DATC 6.B.2)', () => {
    const mao = texts(legalUnitOrders(map, board(['FRA F mao']), unit('FRA F mao')));
    expect(mao).toContain('F mao - spa/nc');
    expect(mao).toContain('F mao - spa/sc');
    const gas = texts(legalUnitOrders(map, board(['FRA F gas']), unit('FRA F gas')));
    expect(gas).toContain('F gas - spa/nc');
    expect(gas).not.toContain('F gas - spa/sc');
    expect(gas.filter((t) => t.includes('spa'))).toEqual(['F gas - spa/nc']);
  });

  it('lists a move by convoy only where fleets make a route (DATC 6.D.32)', () => {
    const s = board(['ENG F edi', 'ENG A lvp', 'FRA F lon', 'GER A yor']);
    expect(texts(legalOrders(map, s, 'GER')).filter((t) => t.startsWith('A yor - '))).toEqual([
      'A yor - edi',
      'A yor - lon',
      'A yor - lvp',
      'A yor - wal',
    ]);
    const withFleet = board(['ENG F nth', 'GER A yor']);
    const ger = texts(legalOrders(map, withFleet, 'GER'));
    expect(ger).toContain('A yor - nwy via');
    expect(ger).toContain('A yor - hol via');
    expect(ger).toContain('A yor - edi via');
    expect(texts(legalOrders(map, withFleet, 'ENG'))).toContain('F nth C A yor - nwy');
  });

  it('does not offer a fleet support of the convoy it must make itself (DATC 6.D.31)', () => {
    const s = board(['AUS A rum', 'TUR F bla']);
    expect(texts(legalOrders(map, s, 'AUS'))).toContain('A rum - arm via');
    const tur = texts(legalOrders(map, s, 'TUR'));
    expect(tur).toContain('F bla C A rum - arm');
    expect(tur).toContain('F bla S A rum - sev');
    expect(tur).not.toContain('F bla S A rum - arm');
  });

  it('offers such a support when the army may also walk there', () => {
    // A bel - hol walks; F nth is on every sea route from Belgium to Holland.
    const eng = texts(legalOrders(map, board(['ENG F nth', 'FRA A bel']), 'ENG'));
    expect(eng).toContain('F nth S A bel - hol');
  });

  it('offers convoys only along proper routes (DATC 6.G.19)', () => {
    const s = board(['FRA A mar', 'FRA F wes', 'ITA F lyo', 'ITA A spa']);
    expect(texts(legalOrders(map, s, 'FRA'))).not.toContain('F wes C A mar - spa');
    expect(texts(legalOrders(map, s, 'ITA'))).toContain('F lyo C A mar - spa');
    // Through the Western Mediterranean, the army reaches North Africa.
    expect(texts(legalOrders(map, s, 'FRA'))).toContain('F wes C A mar - naf');
  });

  it('never offers a support into the supporter’s own province, or of itself', () => {
    const s = board(['FRA A bur', 'GER A mun', 'FRA A par']);
    const fra = texts(legalOrders(map, s, 'FRA'));
    expect(fra).not.toContain('A bur S A mun - bur');
    expect(fra).toContain('A par S A mun - bur');
    expect(fra).toContain('A bur S A par - pic');
    expect(fra.some((t) => t.startsWith('A bur S A bur'))).toBe(false);
  });

  it('lists nothing for another power’s units, or for a unit not on the board', () => {
    const s = initialState(map);
    expect(legalUnitOrders(map, s, unit('ENG A par'))).toEqual([]);
    const all = legalOrdersByPower(map, s);
    for (const p of map.powers) expect(all[p]).toEqual(legalOrders(map, s, p));
  });

  it('lists retreats to each option, and disband, for dislodged units only', () => {
    const s: GameState = {
      ...board(['TUR A bul', 'RUS F sev'], 'retreat'),
      dislodged: [
        {
          unit: unit('RUS F rum'),
          attackerFrom: 'bul',
          retreats: [at('bla'), at('sev')].slice(0, 1),
        },
        { unit: unit('AUS F gre'), attackerFrom: 'alb', retreats: [at('bul/sc'), at('aeg')] },
      ],
    };
    expect(texts(legalOrders(map, s, 'RUS'))).toEqual(['F rum R bla', 'F rum D']);
    expect(texts(legalOrders(map, s, 'AUS'))).toEqual(['F gre R bul/sc', 'F gre R aeg', 'F gre D']);
    expect(legalOrders(map, s, 'TUR')).toEqual([]);
    expect(legalUnitOrders(map, s, unit('TUR A bul'))).toEqual([]);
  });

  it('lists builds in open owned home centres, fleets on each coast, and a waive', () => {
    const s: GameState = {
      ...board(['RUS A mos'], 'adjustment'),
      supplyCenters: { mos: 'RUS', stp: 'RUS', war: 'RUS', sev: 'RUS', swe: 'RUS' },
    };
    expect(texts(legalOrders(map, s, 'RUS'))).toEqual([
      'Build A sev',
      'Build F sev',
      'Build A stp',
      'Build F stp/nc',
      'Build F stp/sc',
      'Build A war',
      'Waive',
    ]);
    const armiesOnly: AdjustmentRules = { mayBuildType: (t) => t === 'army' };
    expect(texts(legalOrders(map, s, 'RUS', { adjustmentRules: armiesOnly }))).toEqual([
      'Build A sev',
      'Build A stp',
      'Build A war',
      'Waive',
    ]);
    expect(legalOrders(map, s, 'RUS', { adjustmentRules: { mayBuild: () => false } })).toEqual([]);
    expect(legalOrders(map, s, 'ENG')).toEqual([]);
  });

  it('lists removals when removals are owed', () => {
    const s: GameState = {
      ...board(['ENG F lon', 'ENG F nth', 'ENG A yor'], 'adjustment'),
      supplyCenters: { lon: 'ENG', edi: 'ENG' },
    };
    expect(texts(legalOrders(map, s, 'ENG'))).toEqual([
      'Remove F lon',
      'Remove F nth',
      'Remove A yor',
    ]);
    expect(texts(legalUnitOrders(map, s, unit('ENG A yor')))).toEqual(['Remove A yor']);
  });

  it('groups orders by unit in the order first listed, builds and the waive under null', () => {
    const grouped = (orders: readonly Order[]) =>
      legalOrdersByUnit(orders).map((g) => [g.unit, g.orders.map((o) => o.text)]);
    const moves = board(['ENG F nth', 'ENG A yor']);
    const listed = legalOrders(map, moves, 'ENG');
    expect(grouped(listed).map(([u]) => u)).toEqual(['F nth', 'A yor']);
    const byUnit = legalOrdersByUnit(listed);
    expect(byUnit.flatMap((g) => g.orders.map((o) => o.order))).toEqual(listed);
    expect(byUnit.flatMap((g) => g.orders.map((o) => o.text))).toEqual(texts(listed));
    const builds: GameState = {
      ...board(['RUS A mos'], 'adjustment'),
      supplyCenters: { mos: 'RUS', war: 'RUS', sev: 'RUS' },
    };
    expect(grouped(legalOrders(map, builds, 'RUS'))).toEqual([
      [null, ['Build A sev', 'Build F sev', 'Build A war', 'Waive']],
    ]);
    const removals: GameState = {
      ...board(['ENG F lon', 'ENG A yor'], 'adjustment'),
      supplyCenters: { lon: 'ENG' },
    };
    expect(grouped(legalOrders(map, removals, 'ENG'))).toEqual([
      ['F lon', ['Remove F lon']],
      ['A yor', ['Remove A yor']],
    ]);
  });

  it('lists no convoys, and no moves by convoy, under a rule that forbids convoys', () => {
    const noConvoys: MovementRules = {
      illegal: (o) => (o.kind === 'convoy' ? 'forbidden-by-rule' : undefined),
    };
    const s = board(['ENG F nth', 'ENG A yor']);
    const eng = texts(legalOrders(map, s, 'ENG', { movementRules: noConvoys }));
    expect(eng.filter((t) => t.includes(' C ') || t.endsWith('via'))).toEqual([]);
    expect(eng).toContain('A yor - lon');
    expect(texts(legalOrders(map, s, 'ENG'))).toContain('F nth C A yor - nwy');
  });

  it('needs fleets the rules let convoy for a move by convoy', () => {
    // Only English fleets may not convoy: the army goes over the French fleet, not the English.
    const rules: MovementRules = {
      illegal: (o, u) =>
        o.kind === 'convoy' && u.power === 'ENG' ? 'forbidden-by-rule' : undefined,
    };
    const s = board(['ENG F nth', 'FRA F eng', 'GER A bel']);
    const ger = texts(legalOrders(map, s, 'GER', { movementRules: rules }));
    expect(ger).toContain('A bel - lon via');
    expect(ger).toContain('A bel - bre via');
    expect(ger).not.toContain('A bel - edi via');
    expect(texts(legalOrders(map, s, 'GER'))).toContain('A bel - edi via');
  });

  it('leaves out supports a rule does not let count', () => {
    const rules: MovementRules = { supportCounts: (s, t) => s.power === t.power };
    const eng = texts(legalOrders(map, initialState(map), 'ENG', { movementRules: rules }));
    expect(eng).toContain('F lon S F edi - nth');
    expect(eng).not.toContain('F lon S F bre - eng');
  });

  it('lists a unit in a shared combat-free space once, and supports into it', () => {
    const oceans: MovementRules = { combatFree: (p) => p === 'mao' };
    const s = board(['FRA F mao', 'FRA F mao', 'ENG F mao', 'FRA F bre']);
    const fra = texts(legalOrders(map, s, 'FRA', { movementRules: oceans }));
    expect(fra.filter((t) => t === 'F mao H')).toHaveLength(1);
    expect(fra.filter((t) => t === 'F bre S F mao')).toHaveLength(1);
    expect(fra).toContain('F bre S F mao - gas');
    expect(fra).not.toContain('F mao S F mao - gas');
    expect(texts(legalOrders(map, s, 'ENG', { movementRules: oceans }))).toContain(
      'F mao S F bre - gas',
    );
  });

  it('lists nothing in a module phase', () => {
    const s: GameState = {
      ...initialState(map),
      phase: { year: 1901, season: 'winter', type: 'module', module: 'x', step: 'y' },
    };
    expect(legalOrders(map, s, 'ENG')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random positions.

/** Positions of seeded random games, by phase kind. */
const positions: Record<'movement' | 'retreat' | 'adjustment', GameState[]> = {
  movement: [],
  retreat: [],
  adjustment: [],
};
for (let seed = 1; seed <= 6; seed++) {
  positions.movement.push(initialState(map));
  for (const step of playRandomGame(map, { seed, lastYear: 1912, explain: false })) {
    const t = step.state.phase.type;
    if (step.state.winner === null && t !== 'module') positions[t].push(step.state);
  }
}

const RULES: readonly (readonly [string, PhaseRules])[] = [
  ['standard', {}],
  [
    'no convoys',
    { movementRules: { illegal: (o) => (o.kind === 'convoy' ? 'forbidden-by-rule' : undefined) } },
  ],
  [
    'English fleets may not convoy, fleets may not support moves',
    {
      movementRules: {
        illegal: (o, u) =>
          (o.kind === 'convoy' && u.power === 'ENG') ||
          (o.kind === 'support-move' && u.type === 'fleet')
            ? 'forbidden-by-rule'
            : undefined,
      },
    },
  ],
  ['oceans', { movementRules: { combatFree: (p) => ['mao', 'nao', 'ion', 'bla'].includes(p) } }],
  ['own supports only', { movementRules: { supportCounts: (s, t) => s.power === t.power } }],
  // Older rulebook editions: "via convoy" means nothing in 1971, and its convoys and civil
  // disorder follow other rules (docs/editions.md).
  ['the 1971 rulebook', { choices: rulebookChoices('1971') }],
  ['the 1982 rulebook', { choices: rulebookChoices('1982') }],
  [
    'armies only, one build, France may not build, anywhere owned',
    {
      adjustmentRules: {
        mayBuildType: (t) => t === 'army',
        maxBuilds: 1,
        mayBuild: (p) => p !== 'FRA',
        buildSites: (power, owners, occupied) =>
          Object.keys(owners).filter((id) => owners[id] === power && !occupied.has(id)),
      },
    },
  ],
];

/** The adjudicator's outcomes for orders given in this order, in the state's phase. */
function judge(state: GameState, orders: readonly PowerOrder[], rules: PhaseRules): OrderOutcome[] {
  switch (state.phase.type) {
    case 'movement':
      return [
        ...adjudicateMovement(map, state.units, orders, {
          explain: false,
          ...(rules.movementRules === undefined ? {} : { rules: rules.movementRules }),
          ...(rules.choices === undefined ? {} : { choices: rules.choices }),
        }).outcomes,
      ];
    case 'retreat':
      return [
        ...adjudicateRetreats(map, state.units, state.dislodged, orders, {
          explain: false,
          ...(rules.movementRules === undefined ? {} : { rules: rules.movementRules }),
        }).outcomes,
      ];
    case 'adjustment':
      return [
        ...adjudicateAdjustments(map, state.units, state.supplyCenters, orders, {
          explain: false,
          ...(rules.adjustmentRules === undefined ? {} : { rules: rules.adjustmentRules }),
          ...(rules.choices === undefined ? {} : { choices: rules.choices }),
        }).outcomes,
      ];
    case 'module':
      return [];
  }
}

/** Accepted: neither illegal nor invalid (nor the illegal order DATC 6.B.11 calls failed). */
const accepted = (o: OrderOutcome): boolean =>
  o.result !== 'illegal' && o.result !== 'invalid' && o.reason !== 'unit-coast-mismatch';

const isSea = (p: string): boolean => map.province(p)?.terrain === 'sea';

function unitAt(state: GameState, province: string, power?: Power): Unit | undefined {
  return state.units.find(
    (u) => u.location.province === province && (power === undefined || u.power === power),
  );
}

/** Convoy orders of every fleet at sea for the army in `from` to `to`, by their owners. */
function everyConvoy(state: GameState, from: Location, to: Location): PowerOrder[] {
  return state.units
    .filter((u) => u.type === 'fleet' && isSea(u.location.province))
    .map((u) => ({
      power: u.power,
      order: { kind: 'convoy', unit: { type: 'fleet', location: u.location }, army: from, to },
    }));
}

const ref = (u: Unit): UnitRef => ({ type: u.type, location: u.location });

/**
 * Orders that let `o` (given first, by `power`) do what it says: the supported unit's move, the
 * convoyed army's move, the convoys a convoyed move needs. Each returned list is one try.
 */
function helpers(state: GameState, power: Power, o: Order): PowerOrder[][] {
  if (state.phase.type !== 'movement') return [[]];
  const move = (u: Unit, to: Location, viaConvoy: boolean): PowerOrder => ({
    power: u.power,
    order: { kind: 'move', unit: ref(u), to, viaConvoy },
  });
  switch (o.kind) {
    case 'move': {
      const u = unitAt(state, o.unit.location.province, power);
      if (u?.type !== 'army') return [[]];
      return [[], everyConvoy(state, u.location, o.to)];
    }
    case 'support-move': {
      const t = unitAt(state, o.supported.location.province);
      if (t === undefined) return [[]];
      // A fleet's move into a split-coast province names a coast: try each.
      const coasts = map.province(o.to.province)?.coasts ?? [];
      const places =
        t.type === 'fleet' && coasts.length > 0 && o.to.coast === undefined
          ? coasts.map((coast) => ({ province: o.to.province, coast }))
          : [o.to];
      return [
        ...places.map((to) => [move(t, to, false)]),
        [move(t, o.to, true), ...everyConvoy(state, t.location, o.to)],
      ];
    }
    case 'convoy': {
      const a = unitAt(state, o.army.province);
      return a === undefined
        ? [[]]
        : [[move(a, o.to, true), ...everyConvoy(state, a.location, o.to)]];
    }
    default:
      return [[]];
  }
}

/**
 * Whether the adjudicator accepts `o` from `power` with some helping orders; a support of a move
 * or a convoy only if the move it names is accepted too (not a move that can never happen).
 */
function acceptedWithHelp(state: GameState, power: Power, o: Order, rules: PhaseRules): boolean {
  const named = o.kind === 'support-move' || o.kind === 'convoy';
  return helpers(state, power, o).some((extra) => {
    const outcomes = judge(state, [{ power, order: o }, ...extra], rules);
    return accepted(outcomes[0]!) && (!named || accepted(outcomes[1]!));
  });
}

const split = (p: string): boolean => (map.province(p)?.coasts.length ?? 0) > 0;

/** Whether `c` (an order the adjudicator accepted) means the same as the listed order `l`. */
function sameOrder(state: GameState, c: Order, l: Order, listed: readonly Order[]): boolean {
  const sameUnit = (a: UnitRef, b: UnitRef): boolean =>
    a.location.province === b.location.province && (a.type === undefined || a.type === b.type);
  /** The same place, coasts compared only where they matter: a fleet on a split coast. */
  const samePlace = (a: Location, b: Location, fleet: boolean): boolean =>
    a.province === b.province &&
    (!fleet || !split(a.province) || a.coast === undefined || a.coast === b.coast);
  if (c.kind === 'waive' || l.kind === 'waive') return c.kind === l.kind;
  if (!sameUnit(c.unit, l.unit)) return false;
  const fleet = l.unit.type === 'fleet';
  switch (c.kind) {
    case 'hold':
    case 'disband':
      return l.kind === (state.phase.type === 'adjustment' ? 'remove' : c.kind);
    case 'remove':
      return l.kind === 'remove';
    case 'move':
      if (state.phase.type === 'retreat') {
        return !c.viaConvoy && l.kind === 'retreat' && samePlace(c.to, l.to, fleet);
      }
      if (l.kind !== 'move' || !samePlace(c.to, l.to, fleet)) return false;
      if (c.viaConvoy === l.viaConvoy) return true;
      // Beyond the neighbours, with or without "via" alike: listed once, as "via".
      return (
        !c.viaConvoy &&
        !listed.some(
          (x) =>
            x.kind === 'move' &&
            !x.viaConvoy &&
            x.unit.location.province === c.unit.location.province &&
            x.to.province === c.to.province,
        )
      );
    case 'retreat':
      return l.kind === 'retreat' && samePlace(c.to, l.to, fleet);
    case 'support-hold':
      // The supported unit is whatever stands there (DATC 6.D.35).
      return (
        l.kind === 'support-hold' && c.supported.location.province === l.supported.location.province
      );
    case 'support-move':
      return (
        l.kind === 'support-move' &&
        c.supported.location.province === l.supported.location.province &&
        c.to.province === l.to.province
      );
    case 'convoy':
      return (
        l.kind === 'convoy' &&
        c.army.province === l.army.province &&
        c.to.province === l.to.province
      );
    case 'build':
      return (
        l.kind === 'build' &&
        c.unit.type === l.unit.type &&
        samePlace(c.unit.location, l.unit.location, c.unit.type === 'fleet')
      );
  }
}

/** A random element of a list that is not empty. */
const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)]!;

/** A random location: any province, and for a split-coast one, maybe a coast. */
function randomLocation(rng: Rng, near: readonly string[]): Location {
  const ids = rng.next() < 0.6 && near.length > 0 ? near : map.provinces.map((p) => p.id);
  const province = pick(rng, ids);
  const coasts = map.province(province)!.coasts;
  const r = rng.next();
  if (coasts.length > 0 && r < 0.7) return { province, coast: pick(rng, coasts) };
  if (r < 0.05) return { province, coast: 'nc' };
  return { province };
}

/** Provinces within two steps of `p`. */
function nearby(p: string): string[] {
  const np = map.provinces.length;
  const i = map.provinceIndex(p);
  const out = new Set<string>();
  for (let a = 0; a < np; a++) {
    if (map.provinceAdjacent[i * np + a] !== 1) continue;
    out.add(map.provinces[a]!.id);
    for (let b = 0; b < np; b++)
      if (map.provinceAdjacent[a * np + b] === 1) out.add(map.provinces[b]!.id);
  }
  return [...out];
}

/** A candidate order, drawn broadly: random unit, kind, places, power; mostly nonsense. */
function candidate(state: GameState, rng: Rng): { power: Power; order: Order } {
  const pool = state.phase.type === 'retreat' ? state.dislodged.map((d) => d.unit) : state.units;
  const u =
    pool.length > 0 && rng.next() < 0.95
      ? pick(rng, pool)
      : unit(`ENG A ${pick(rng, map.provinces).id}`);
  const power = rng.next() < 0.85 ? u.power : pick(rng, map.powers);
  const r = rng.next();
  const type = r < 0.8 ? u.type : r < 0.9 ? undefined : u.type === 'army' ? 'fleet' : 'army';
  const location = rng.next() < 0.2 ? { province: u.location.province } : u.location;
  const me: UnitRef = type === undefined ? { location } : { type, location };
  const near = nearby(u.location.province);
  const other = (): Unit =>
    state.units.length > 0 && rng.next() < 0.9
      ? pick(rng, state.units)
      : unit(`FRA A ${pick(rng, map.provinces).id}`);
  switch (state.phase.type) {
    case 'retreat': {
      const k = rng.int(3);
      const to = randomLocation(rng, near);
      if (k === 0) return { power, order: { kind: 'retreat', unit: me, to } };
      if (k === 1)
        return { power, order: { kind: 'move', unit: me, to, viaConvoy: rng.next() < 0.1 } };
      return { power, order: { kind: 'disband', unit: me } };
    }
    case 'adjustment': {
      const k = rng.int(4);
      if (k === 0) return { power, order: { kind: 'waive' } };
      if (k === 1) return { power, order: { kind: 'remove', unit: me } };
      const centres = map.provinces.filter((p) => p.isSupplyCenter).map((p) => p.id);
      return {
        power: rng.next() < 0.7 ? pick(rng, map.powers) : power,
        order: {
          kind: 'build',
          unit: {
            type: rng.next() < 0.5 ? 'army' : 'fleet',
            location: randomLocation(rng, centres),
          },
        },
      };
    }
    default: {
      const k = rng.int(5);
      if (k === 0) return { power, order: { kind: 'hold', unit: me } };
      if (k === 1) {
        const far = rng.next() < 0.3 ? map.provinces.map((p) => p.id) : near;
        return {
          power,
          order: {
            kind: 'move',
            unit: me,
            to: randomLocation(rng, far),
            viaConvoy: rng.next() < 0.3,
          },
        };
      }
      const t = other();
      const supported: UnitRef =
        rng.next() < 0.9 ? ref(t) : { location: { province: t.location.province } };
      if (k === 2) return { power, order: { kind: 'support-hold', unit: me, supported } };
      const to = randomLocation(rng, rng.next() < 0.5 ? near : nearby(t.location.province));
      if (k === 3) return { power, order: { kind: 'support-move', unit: me, supported, to } };
      // A convoy: mostly of an army near the fleet, to a place near the fleet.
      const armies = state.units.filter(
        (a) => a.type === 'army' && near.includes(a.location.province),
      );
      const army = armies.length > 0 && rng.next() < 0.7 ? pick(rng, armies) : t;
      const dest = rng.next() < 0.7 ? randomLocation(rng, near) : to;
      return {
        power,
        order: { kind: 'convoy', unit: me, army: { province: army.location.province }, to: dest },
      };
    }
  }
}

describe.each(RULES)('legal orders under rules: %s', (_, rules) => {
  for (const kind of ['movement', 'retreat', 'adjustment'] as const) {
    const states = positions[kind];

    it(`has ${kind} positions to test`, () => {
      expect(states.length).toBeGreaterThan(kind === 'movement' ? 100 : 10);
    });

    it(`every listed ${kind} order is accepted by the adjudicator`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: states.length - 1 }), (i) => {
          const state = states[i]!;
          const all = legalOrdersByPower(map, state, rules);
          for (const power of map.powers) {
            for (const o of all[power]!) {
              const ok = acceptedWithHelp(state, power, o, rules);
              if (!ok) throw new Error(`${power} ${formatOrder(o)} listed but not accepted`);
            }
          }
        }),
        { numRuns: kind === 'movement' ? 15 : 10 },
      );
    });

    it(`every ${kind} order the adjudicator accepts is listed`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: states.length - 1 }),
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          (i, seed) => {
            const state = states[i]!;
            const rng = new Rng(seed);
            const all = legalOrdersByPower(map, state, rules);
            for (let n = 0; n < 150; n++) {
              const { power, order } = candidate(state, rng);
              if (!acceptedWithHelp(state, power, order, rules)) continue;
              const listed = all[power]!;
              if (!listed.some((l) => sameOrder(state, order, l, listed))) {
                throw new Error(
                  `${power} ${formatOrder(order)} accepted but not listed; ` +
                    `units ${state.units.map((u) => `${u.power} ${formatOrder({ kind: 'hold', unit: ref(u) })}`).join(', ')}`,
                );
              }
            }
          },
        ),
        { numRuns: kind === 'movement' ? 20 : 10 },
      );
    });
  }
});

describe('the completeness check itself', () => {
  it('finds accepted orders among the candidates, of every movement kind', () => {
    const seen = new Set<string>();
    const rng = new Rng(7);
    for (const state of positions.movement.slice(0, 40)) {
      for (let n = 0; n < 150; n++) {
        const { power, order } = candidate(state, rng);
        if (acceptedWithHelp(state, power, order, {}))
          seen.add(order.kind + (order.kind === 'move' && order.viaConvoy ? ' via' : ''));
      }
    }
    expect([...seen].sort()).toEqual([
      'convoy',
      'hold',
      'move',
      'move via',
      'support-hold',
      'support-move',
    ]);
  });

  it('would notice a missing order', () => {
    const state = initialState(map);
    const listed = legalOrders(map, state, 'ENG').filter(
      (o) => formatOrder(o) !== 'F lon S F edi - nth',
    );
    const wanted: Order = {
      kind: 'support-move',
      unit: { type: 'fleet', location: at('lon') },
      supported: { type: 'fleet', location: at('edi') },
      to: at('nth'),
    };
    expect(acceptedWithHelp(state, 'ENG', wanted, {})).toBe(true);
    expect(listed.some((l) => sameOrder(state, wanted, l, listed))).toBe(false);
  });
});
