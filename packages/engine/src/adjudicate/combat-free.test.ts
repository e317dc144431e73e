/*
 * Combat-free spaces (`MovementRules.combatFree`; Fin de Siecle's oceans, RULINGS 2.5 rulings
 * 7-8), on the standard map with mao, nao and nwg declared combat-free by the rule.
 *
 * Semantics as built: any number of units, of any powers, may stand in a combat-free space.
 * A move into one is not an attack: it succeeds whenever it is legal, cuts no support, causes
 * no standoff or head-to-head battle, opposes no other move, and dislodges nobody; supports of
 * it are legal and given but change nothing. A unit in one is never dislodged and its support
 * is never cut; it may hold, support, convoy and move out. A move out of one into a normal
 * province is an ordinary attack (strength, supports, standoffs, dislodging), but nothing can
 * come back at it head to head, and a unit that bounces stays where it was. A dislodged unit
 * may retreat into a combat-free space (occupied or not; several units may), except, as
 * usual, into the province its attacker came from. Orders for units in a combat-free space
 * go, per power, to that power's units there in the order the orders are given (of the named
 * type): each order takes the first unit no earlier order was bound to, even if that order was
 * illegal. An order finding none is illegal: `duplicate-order` when all of that power's units
 * there already have one, `wrong-unit-type`, `foreign-unit` when only other powers' units are
 * there, `no-unit` when none is. A support or convoy naming a unit there matches the first one
 * whose order fits it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orders, unit } from '../../test/support.js';
import { playRandomGame } from '../game/play.js';
import { initialState, processPhase, type GameState } from '../game/state.js';
import { standardMap } from '../maps/index.js';
import type { PowerOrder, Unit } from '../types.js';
import type { MovementRules } from './rules.js';
import { adjudicateAdjustments } from './adjustment.js';
import { adjudicateMovement } from './movement.js';
import { adjudicateRetreats } from './retreat.js';

const OCEANS = new Set(['mao', 'nao', 'nwg']);
const oceans: MovementRules = { combatFree: (p) => OCEANS.has(p) };

const run = (units: string[], texts: string[], rules?: MovementRules) =>
  adjudicateMovement(
    standardMap,
    units.map(unit),
    orders('movement', ...texts),
    rules === undefined ? {} : { rules },
  );
const show = (u: Unit): string =>
  `${u.power} ${u.type === 'army' ? 'A' : 'F'} ${u.location.province}` +
  (u.location.coast === undefined ? '' : `/${u.location.coast}`);
const board = (units: readonly Unit[]): string[] => units.map(show).sort();
const results = (r: { outcomes: readonly { result: string; reason: string }[] }): string[] =>
  r.outcomes.map((o) => `${o.result} ${o.reason}`);

describe('combat-free spaces', () => {
  it('hold fleets of several powers in one space; elsewhere still one unit per province', () => {
    const units = ['ENG F mao', 'FRA F mao', 'ENG F mao', 'GER F mao', 'ENG F nao', 'RUS F nao'];
    // Without the rule the board is impossible.
    expect(() => run(units, [])).toThrow(RangeError);
    const r = run(units, ['FRA F mao H', 'GER F mao - por', 'RUS F nao - nwg'], oceans);
    expect(results(r)).toEqual(['stands held', 'succeeds moved', 'succeeds moved']);
    expect(board(r.units)).toEqual(
      board(
        ['ENG F mao', 'FRA F mao', 'ENG F mao', 'GER F por', 'ENG F nao', 'RUS F nwg'].map(unit),
      ),
    );
    expect(r.dislodged).toEqual([]);
    expect(() => run(['ENG F eng', 'FRA F eng'], [], oceans)).toThrow(/shares a province/);
  });

  it('a move into a space with a fleet standing there succeeds and dislodges nothing', () => {
    const units = ['ENG F mao', 'FRA F bre'];
    const texts = ['ENG F mao H', 'FRA F bre - mao'];
    expect(results(run(units, texts))).toEqual(['stands held', 'fails bounced']);
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual(['stands held', 'succeeds moved']);
    expect(board(r.units)).toEqual(['ENG F mao', 'FRA F mao']);
    expect(r.dislodged).toEqual([]);
    expect(r.outcomes[1]!.explanation).toBe('entered combat-free mao');
  });

  it('a fleet in the space, attacked with support, is not dislodged', () => {
    const units = ['ENG F mao', 'FRA F bre', 'FRA F gas'];
    const texts = ['ENG F mao H', 'FRA F bre - mao', 'FRA F gas S F bre - mao'];
    expect(run(units, texts).dislodged.map((d) => show(d.unit))).toEqual(['ENG F mao']);
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual(['stands held', 'succeeds moved', 'given support-given']);
    expect(r.dislodged).toEqual([]);
    expect(board(r.units)).toEqual(['ENG F mao', 'FRA F gas', 'FRA F mao']);
  });

  it('two moves into one space both succeed, even against a supported one: no standoff', () => {
    const units = ['FRA F bre', 'FRA F gas', 'ENG F iri', 'GER F nwg'];
    const texts = [
      'FRA F bre - mao',
      'FRA F gas S F bre - mao',
      'ENG F iri - mao',
      'GER F nwg - nao',
    ];
    const plain = run(units, texts.slice(0, 3));
    expect(results(plain)[2]).toBe('fails bounced');
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual([
      'succeeds moved',
      'given support-given',
      'succeeds moved',
      'succeeds moved',
    ]);
    expect(board(r.units)).toEqual(['ENG F mao', 'FRA F gas', 'FRA F mao', 'GER F nao']);
    expect(r.contested).toEqual([]);
    // Unsupported, two powers into one space: still no standoff.
    const even = run(['FRA F bre', 'ENG F iri'], ['FRA F bre - mao', 'ENG F iri - mao'], oceans);
    expect(results(even)).toEqual(['succeeds moved', 'succeeds moved']);
    expect(even.contested).toEqual([]);
  });

  it('a swap between bre and mao succeeds both ways: no head-to-head battle', () => {
    const units = ['FRA F bre', 'ENG F mao'];
    const texts = ['FRA F bre - mao', 'ENG F mao - bre'];
    expect(results(run(units, texts))).toEqual(['fails bounced', 'fails bounced']);
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual(['succeeds moved', 'succeeds moved']);
    expect(board(r.units)).toEqual(['ENG F bre', 'FRA F mao']);
    // Supported, France would win the battle and dislodge the English fleet in the standard game.
    const supported = ['FRA F bre - mao', 'ENG F mao - bre', 'FRA F gas S F bre - mao'];
    const units3 = [...units, 'FRA F gas'];
    expect(run(units3, supported).dislodged.map((d) => show(d.unit))).toEqual(['ENG F mao']);
    const s = run(units3, supported, oceans);
    expect(s.dislodged).toEqual([]);
    expect(board(s.units)).toEqual(['ENG F bre', 'FRA F gas', 'FRA F mao']);
  });

  it('a move into the space cuts no support: F mao S A gas - spa still dislodges A spa', () => {
    const units = ['FRA A gas', 'ENG F mao', 'GER A spa', 'ITA F wes'];
    const texts = ['FRA A gas - spa', 'ENG F mao S A gas - spa', 'GER A spa H', 'ITA F wes - mao'];
    const plain = run(units, texts);
    expect(results(plain).slice(0, 2)).toEqual(['fails bounced', 'cut support-cut']);
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual([
      'succeeds moved',
      'given support-given',
      'dislodged beaten',
      'succeeds moved',
    ]);
    expect(r.dislodged.map((d) => show(d.unit))).toEqual(['GER A spa']);
    expect(board(r.units)).toEqual(['ENG F mao', 'FRA A spa', 'ITA F mao']);
  });

  it('a move into the space cuts no support of a unit elsewhere and is never stopped there', () => {
    // F mao supports F eng - bre, a unit elsewhere; F gas - mao would cut that in the standard
    // game. And F bre, leaving for mao, is not bounced by the fleet there: F eng follows it in.
    const units = ['ENG F eng', 'ENG F mao', 'FRA F bre', 'FRA F gas', 'GER F nth'];
    const texts = [
      'ENG F eng - bre',
      'ENG F mao S F eng - bre',
      'FRA F bre - mao',
      'FRA F gas - mao',
      'GER F nth - eng',
    ];
    expect(results(run(units, texts))).toEqual([
      'fails bounced',
      'cut support-cut',
      'fails bounced',
      'fails bounced',
      'fails bounced',
    ]);
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual([
      'succeeds moved',
      'given support-given',
      'succeeds moved',
      'succeeds moved',
      'succeeds moved',
    ]);
    expect(board(r.units)).toEqual([
      'ENG F bre',
      'ENG F mao',
      'FRA F mao',
      'FRA F mao',
      'GER F eng',
    ]);
    // F bre holding instead: the support from the ocean, not cut, dislodges it.
    const held = run(
      units,
      ['ENG F eng - bre', 'ENG F mao S F eng - bre', 'FRA F gas - mao'],
      oceans,
    );
    expect(held.dislodged.map((d) => show(d.unit))).toEqual(['FRA F bre']);
    expect(
      run(units, ['ENG F eng - bre', 'ENG F mao S F eng - bre', 'FRA F gas - mao']).dislodged,
    ).toEqual([]);
  });

  it('a move out of the space attacks normally: it dislodges with support, and bounces back', () => {
    const units = ['ENG F mao', 'ENG F eng', 'FRA F bre'];
    const attack = run(
      units,
      ['ENG F mao - bre', 'ENG F eng S F mao - bre', 'FRA F bre H'],
      oceans,
    );
    expect(results(attack)).toEqual(['succeeds moved', 'given support-given', 'dislodged beaten']);
    expect(attack.dislodged).toHaveLength(1);
    const d = attack.dislodged[0]!;
    expect(show(d.unit)).toBe('FRA F bre');
    expect(d.attackerFrom).toBe('mao');
    // Not back to where the attacker came from, as in the standard game.
    expect(d.retreats.map((l) => l.province).sort()).toEqual(['gas', 'pic']);

    const bounce = run(['ENG F mao', 'FRA F bre'], ['ENG F mao - bre', 'FRA F bre H'], oceans);
    expect(bounce.outcomes[0]).toMatchObject({ result: 'fails', reason: 'bounced', by: 'bre' });
    expect(board(bounce.units)).toEqual(['ENG F mao', 'FRA F bre']);
  });

  it('two fleets leaving one space for one province stand off there, and stay in the space', () => {
    const units = ['ENG F mao', 'FRA F mao'];
    const r = run(units, ['ENG F mao - por', 'FRA F mao - por'], oceans);
    expect(results(r)).toEqual(['fails bounced', 'fails bounced']);
    expect(r.contested).toEqual(['por']);
    expect(board(r.units)).toEqual(['ENG F mao', 'FRA F mao']);
    // With support one of them gets through; the other is not harmed.
    const s = run(
      [...units, 'ENG F spa/nc'],
      ['ENG F mao - por', 'FRA F mao - por', 'ENG F spa/nc S F mao - por'],
      oceans,
    );
    expect(results(s)).toEqual(['succeeds moved', 'fails bounced', 'given support-given']);
    expect(board(s.units)).toEqual(['ENG F por', 'ENG F spa/nc', 'FRA F mao']);
    expect(s.contested).toEqual([]);
  });

  it("binds a power's orders to its units in the space in the order given", () => {
    const units = ['ENG F mao', 'FRA F mao', 'ENG F mao'];
    const r = run(
      units,
      [
        'ENG F mao - bre',
        'FRA F mao H',
        'ENG F mao - iri',
        'ENG F mao H',
        'GER F mao H',
        'ENG A mao H',
      ],
      oceans,
    );
    expect(results(r)).toEqual([
      'succeeds moved',
      'stands held',
      'succeeds moved',
      'illegal duplicate-order',
      'illegal foreign-unit',
      'illegal wrong-unit-type',
    ]);
    expect(board(r.units)).toEqual(['ENG F bre', 'ENG F iri', 'FRA F mao']);
    expect(results(run(units, ['ENG F nao H'], oceans))).toEqual(['illegal no-unit']);
    // An illegal order still takes its fleet, which holds; the next order goes to the next one.
    const skip = run(units, ['ENG F mao - mos', 'ENG F mao - bre'], oceans);
    expect(results(skip)).toEqual(['illegal unreachable', 'succeeds moved']);
    expect(board(skip.units)).toEqual(['ENG F bre', 'ENG F mao', 'FRA F mao']);
  });

  it('matches a support of a move out of the space to the fleet making that move', () => {
    const units = ['FRA F mao', 'ENG F mao', 'GER F por', 'ENG F spa/nc'];
    const texts = ['FRA F mao H', 'ENG F mao - por', 'GER F por H', 'ENG F spa/nc S F mao - por'];
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual([
      'stands held',
      'succeeds moved',
      'dislodged beaten',
      'given support-given',
    ]);
    expect(board(r.units)).toEqual(['ENG F por', 'ENG F spa/nc', 'FRA F mao']);
    // Nobody in mao moves to por: the support does not match.
    const none = run(units, ['ENG F spa/nc S F mao - por'], oceans);
    expect(results(none)).toEqual(['invalid support-mismatch']);
  });

  it('forgets the fleet a vetoed support named in the space: the next order counts as given', () => {
    const noOceanSupport: MovementRules = {
      ...oceans,
      illegal: (o) =>
        o.kind === 'support-move' && o.supported.location.province === 'mao'
          ? 'forbidden-by-rule'
          : undefined,
    };
    const r = run(
      ['ENG F bre', 'ENG A par', 'FRA F mao', 'GER A gas'],
      ['ENG F bre S F mao - gas', 'ENG F bre S A par - gas', 'ENG A par - gas', 'FRA F mao - gas'],
      noOceanSupport,
    );
    expect(results(r)).toEqual([
      'illegal forbidden-by-rule',
      'given support-given',
      'succeeds moved',
      'fails bounced',
    ]);
    expect(r.dislodged.map((d) => show(d.unit))).toEqual(['GER A gas']);
  });

  it('lets fleets in the space convoy, and an attack on the space does not disrupt them', () => {
    const units = ['ENG A bre', 'ENG F mao', 'GER F wes', 'GER F spa/sc'];
    const texts = [
      'ENG A bre - por via convoy',
      'ENG F mao C A bre - por',
      'GER F wes - mao',
      'GER F spa/sc S F wes - mao',
    ];
    // The standard game: the convoying fleet is dislodged and the army stays.
    expect(results(run(units, texts)).slice(0, 2)).toEqual([
      'fails convoy-disrupted',
      'disrupted convoy-dislodged',
    ]);
    const r = run([...units, 'FRA F mao'], texts, oceans);
    expect(results(r)).toEqual([
      'succeeds moved',
      'available convoy-given',
      'succeeds moved',
      'given support-given',
    ]);
    expect(board(r.units)).toEqual([
      'ENG A por',
      'ENG F mao',
      'FRA F mao',
      'GER F mao',
      'GER F spa/sc',
    ]);
  });

  it('lets a fleet support an army that another fleet in its space convoys (no 6.D.31 veto)', () => {
    const units = ['ENG A bre', 'FRA F mao', 'ENG F mao', 'GER A por'];
    const texts = [
      'ENG A bre - por via convoy',
      'FRA F mao C A bre - por',
      'ENG F mao S A bre - por',
    ];
    const r = run(units, texts, oceans);
    expect(results(r)).toEqual(['succeeds moved', 'available convoy-given', 'given support-given']);
    expect(r.dislodged.map((d) => show(d.unit))).toEqual(['GER A por']);
    // With one fleet there, the route needs the supporting fleet itself: illegal (DATC 6.D.31).
    const alone = run(['ENG A bre', 'ENG F mao'], ['ENG A bre - por', 'ENG F mao S A bre - por']);
    expect(results(alone)).toContain('illegal support-needs-own-convoy');
  });

  it('lets several dislodged units retreat into one space, through processPhase', () => {
    const state: GameState = {
      ...initialState(standardMap),
      units: [
        'FRA F bre',
        'FRA F gas',
        'ENG F mao',
        'ENG F eng',
        'ENG A pic',
        'ITA A bur',
        'ITA A mar',
      ].map(unit),
    };
    const moves = orders(
      'movement',
      'ENG F eng - bre',
      'ENG A pic S F eng - bre',
      'ITA A bur - gas',
      'ITA A mar S A bur - gas',
    );
    const moved = processPhase(standardMap, state, moves, { movementRules: oceans });
    expect(moved.state.phase.type).toBe('retreat');
    for (const d of moved.report.dislodged) {
      expect(d.retreats.map((l) => l.province)).toContain('mao');
    }
    const retreats = orders('retreat', 'FRA F bre - mao', 'FRA F gas - mao');
    const after = processPhase(standardMap, moved.state, retreats, { movementRules: oceans });
    expect(results(after.report)).toEqual(['succeeds retreated', 'succeeds retreated']);
    expect(after.report.removed).toEqual([]);
    expect(board(after.state.units).filter((u) => u.endsWith('mao'))).toEqual([
      'ENG F mao',
      'FRA F mao',
      'FRA F mao',
    ]);
    // Without the rule the two retreats clash and both fleets are disbanded.
    const plain = adjudicateRetreats(
      standardMap,
      moved.state.units,
      moved.state.dislodged,
      retreats,
    );
    expect(results(plain)).toEqual(['fails retreat-clash', 'fails retreat-clash']);
    expect(plain.disbanded).toHaveLength(2);
  });

  it("removes the ordering power's own fleet from a shared space in the winter", () => {
    const units = ['FRA F mao', 'ENG F mao', 'ENG F nao', 'ENG A lon'].map(unit);
    const r = adjudicateAdjustments(
      standardMap,
      units,
      { par: 'FRA', lon: 'ENG' },
      orders('adjustment', 'ENG: Remove F mao', 'ENG: Remove F mao'),
    );
    expect(results(r)).toEqual(['succeeds removed', 'illegal duplicate-order']);
    expect(r.removed.map(show)).toEqual(['ENG F mao']);
    expect(board(r.units)).toEqual(['ENG A lon', 'FRA F mao']);
  });

  it('with combatFree always false, adjudicates exactly as without rules (random games)', () => {
    const never: MovementRules = { combatFree: () => false };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1901, max: 1912 }),
        (seed, last) => {
          let before = initialState(standardMap);
          for (const { orders: given, state } of playRandomGame(standardMap, {
            seed,
            lastYear: last,
          })) {
            if (before.phase.type === 'movement') {
              const a = adjudicateMovement(standardMap, before.units, given);
              const b = adjudicateMovement(standardMap, before.units, given, { rules: never });
              expect(JSON.stringify(b)).toBe(JSON.stringify(a));
            }
            before = state;
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('in random games with every sea combat-free: no fighting at sea, the rest unchanged', () => {
    const seas = new Set(standardMap.provinces.filter((p) => p.terrain === 'sea').map((p) => p.id));
    const free: MovementRules = { combatFree: (p) => seas.has(p) };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1901, max: 1910 }),
        (seed, last) => {
          let before = initialState(standardMap);
          for (const { orders: given, state } of playRandomGame(standardMap, {
            seed,
            lastYear: last,
          })) {
            if (before.phase.type === 'movement') checkSeas(before.units, given, free, seas);
            before = state;
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** Invariants of a combat-free board, on one phase's units and orders. */
function checkSeas(
  units: readonly Unit[],
  given: readonly PowerOrder[],
  free: MovementRules,
  seas: ReadonlySet<string>,
): void {
  const r = adjudicateMovement(standardMap, units, given, { rules: free });
  for (const d of r.dislodged) expect(seas.has(d.unit.location.province)).toBe(false);
  for (const p of r.contested) expect(seas.has(p)).toBe(false);
  for (const o of r.outcomes) {
    if (o.order.kind === 'move' && seas.has(o.order.to.province) && o.result !== 'illegal') {
      expect(o.result, JSON.stringify(o)).toBe('succeeds');
    }
    const from = 'unit' in o.order ? o.order.unit.location.province : '';
    if (seas.has(from)) expect(o.result).not.toBe('cut');
  }
  // Where no unit is at sea and nobody moves to sea, nothing differs from the standard game.
  const touchesSea = given.some((g) => g.order.kind === 'move' && seas.has(g.order.to.province));
  if (!touchesSea && !units.some((u) => seas.has(u.location.province))) {
    expect(JSON.stringify(r)).toBe(JSON.stringify(adjudicateMovement(standardMap, units, given)));
  }
}
