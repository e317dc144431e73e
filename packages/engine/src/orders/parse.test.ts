// Tests of the order parser: every notation players use, and the errors for what it cannot read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { GameMap } from '../map/game-map.js';
import type { MapSpec } from '../map/spec.js';
import type { Order, PhaseType, UnitRef } from '../types.js';
import { army, at, bare, fleet } from '../../test/support.js';
import {
  parseOrder,
  parseOrderForgiving,
  parseOrders,
  readCanonical,
  type ParseErrorCode,
} from './parse.js';

const hold = (unit: UnitRef): Order => ({ kind: 'hold', unit });
const move = (unit: UnitRef, to: string, viaConvoy = false): Order => ({
  kind: 'move',
  unit,
  to: at(to),
  viaConvoy,
});
const supportHold = (unit: UnitRef, supported: UnitRef): Order => ({
  kind: 'support-hold',
  unit,
  supported,
});
const supportMove = (unit: UnitRef, supported: UnitRef, to: string): Order => ({
  kind: 'support-move',
  unit,
  supported,
  to: at(to),
});
const convoy = (unit: UnitRef, from: string, to: string): Order => ({
  kind: 'convoy',
  unit,
  army: at(from),
  to: at(to),
});
const retreat = (unit: UnitRef, to: string): Order => ({ kind: 'retreat', unit, to: at(to) });
const disband = (unit: UnitRef): Order => ({ kind: 'disband', unit });
const remove = (unit: UnitRef): Order => ({ kind: 'remove', unit });
const build = (type: 'army' | 'fleet', key: string): Order => ({
  kind: 'build',
  unit: { type, location: at(key) },
});
const waive: Order = { kind: 'waive' };

function parsed(text: string, phase?: PhaseType) {
  return parseOrder(standardMap, text, phase === undefined ? {} : { phase });
}

describe('parseOrder reads the movement notations', () => {
  it.each<[string, Order]>([
    ['A Par-Bur', move(army('par'), 'bur')],
    ['A PAR - BUR', move(army('par'), 'bur')],
    ['a par - bur', move(army('par'), 'bur')],
    ['  A   Par   -   Bur  ', move(army('par'), 'bur')],
    ['A Par -> Bur', move(army('par'), 'bur')],
    ['A Par => Bur', move(army('par'), 'bur')],
    ['A Par – Bur', move(army('par'), 'bur')],
    ['A Par to Bur', move(army('par'), 'bur')],
    ['A Par moves to Bur', move(army('par'), 'bur')],
    ['A Par - Bur.', move(army('par'), 'bur')],
    ['Army Paris - Burgundy', move(army('par'), 'bur')],
    ['A Paris - Burgundy', move(army('par'), 'bur')],
    ['Par - Bur', move(bare('par'), 'bur')],
    ['F(StP)sc-GoB', move(fleet('stp/sc'), 'bot')],
    ['F StP/sc - GOB', move(fleet('stp/sc'), 'bot')],
    ['F stp(sc) -> bot', move(fleet('stp/sc'), 'bot')],
    ['F StP (sc) - Bot', move(fleet('stp/sc'), 'bot')],
    ['F StP/s - Bot', move(fleet('stp/sc'), 'bot')],
    ['F StP sc - Bot', move(fleet('stp/sc'), 'bot')],
    ['F StP (south coast) - Bot', move(fleet('stp/sc'), 'bot')],
    ['F StP/south - Bot', move(fleet('stp/sc'), 'bot')],
    ['F St. Petersburg south coast - Gulf of Bothnia', move(fleet('stp/sc'), 'bot')],
    ['F(StP/sc) - Bot', move(fleet('stp/sc'), 'bot')],
    ['Fleet St Petersburg(nc) - Barents Sea', move(fleet('stp/nc'), 'bar')],
    ['F St Petersburg(nc) - Barents Sea', move(fleet('stp/nc'), 'bar')],
    ['F Gascony - Spain', move(fleet('gas'), 'spa')],
    ['A Gascony - Spain(nc)', move(army('gas'), 'spa/nc')],
    ['F Mid-Atlantic Ocean - Spain(nc)', move(fleet('mao'), 'spa/nc')],
    ['F Mid Atlantic - Spain (north coast)', move(fleet('mao'), 'spa/nc')],
    ['F Gulf of Lyon - Spain(sc)', move(fleet('lyo'), 'spa/sc')],
    ['F Western Mediterranean - North Africa', move(fleet('wes'), 'naf')],
    ['A Liverpool - Irish Sea', move(army('lvp'), 'iri')],
    ['F North Atlantic Ocean-Norwegian Sea', move(fleet('nao'), 'nwg')],
    ['F spa/nc - mao', move(fleet('spa/nc'), 'mao')],
    ['F spa nc - mao', move(fleet('spa/nc'), 'mao')],
    ['F Swe-Den', move(fleet('swe'), 'den')],
    ['A Lon-Nwy via convoy', move(army('lon'), 'nwy', true)],
    ['A Lon - Nwy via', move(army('lon'), 'nwy', true)],
    ['A Lon - Nwy by convoy', move(army('lon'), 'nwy', true)],
    ['A Albania - Trieste via Convoy', move(army('alb'), 'tri', true)],
    ['A Mun H', hold(army('mun'))],
    ['A Mun Hold', hold(army('mun'))],
    ['A Mun Holds', hold(army('mun'))],
    ['A Mun Stand', hold(army('mun'))],
    ['F(StP)sc Std.', hold(fleet('stp/sc'))],
    ['F Spain(nc)', hold(fleet('spa/nc'))],
    ['spa nc', hold(bare('spa/nc'))],
    ['eng H', hold(bare('eng'))],
    ['A Lon S A Yor-Lvp', supportMove(army('lon'), army('yor'), 'lvp')],
    ['A Lon S Yor-Lvp', supportMove(army('lon'), bare('yor'), 'lvp')],
    ['A Lon Supports A Yorkshire - Liverpool', supportMove(army('lon'), army('yor'), 'lvp')],
    ['A Yor S A Yor - Yor', supportMove(army('yor'), army('yor'), 'yor')],
    [
      'F Spain(nc) Supports F Marseilles - Gulf of Lyon',
      supportMove(fleet('spa/nc'), fleet('mar'), 'lyo'),
    ],
    ['A Mar S A Par', supportHold(army('mar'), army('par'))],
    ['A Mar S A Par H', supportHold(army('mar'), army('par'))],
    ['F Trieste Supports F Trieste', supportHold(fleet('tri'), fleet('tri'))],
    ['F mar S F spa/sc', supportHold(fleet('mar'), fleet('spa/sc'))],
    ['F NTH C A LON-NWY', convoy(fleet('nth'), 'lon', 'nwy')],
    ['F North Sea Convoys A Yorkshire - Yorkshire', convoy(fleet('nth'), 'yor', 'yor')],
    ['F nth convoys yor -> nwy', convoy(fleet('nth'), 'yor', 'nwy')],
    ['A Par R Bur', retreat(army('par'), 'bur')],
    ['A Par retreat to Bur', retreat(army('par'), 'bur')],
    ['A Par retreats - Bur', retreat(army('par'), 'bur')],
    ['Retreat A Par to Bur', retreat(army('par'), 'bur')],
    ['F spa/nc R mao', retreat(fleet('spa/nc'), 'mao')],
    ['A tyr R boh', retreat(army('tyr'), 'boh')],
    ['A War disband', disband(army('war'))],
    ['Disband A War', disband(army('war'))],
    ['A Par D', disband(army('par'))],
    ['F lyo disband', disband(fleet('lyo'))],
    ['Build F StP(sc)', build('fleet', 'stp/sc')],
    ['build A war', build('army', 'war')],
    ['Build A Moscow', build('army', 'mos')],
    ['A war build', build('army', 'war')],
    ['Remove A War', remove(army('war'))],
    ['waive', waive],
    ['Build waive', waive],
  ])('reads %j', (text, order) => {
    expect(parsed(text)).toStrictEqual({ ok: true, value: { order } });
  });
});

describe('parseOrder lets the phase decide what some notations mean', () => {
  it.each<[string, PhaseType, Order]>([
    ['A Par - Bur', 'retreat', retreat(army('par'), 'bur')],
    ['F spa/nc - mao', 'retreat', retreat(fleet('spa/nc'), 'mao')],
    ['A Par R Bur', 'retreat', retreat(army('par'), 'bur')],
    ['A Par D', 'retreat', disband(army('par'))],
    ['A Par disband', 'retreat', disband(army('par'))],
    ['A Par disband', 'adjustment', remove(army('par'))],
    ['Disband A Par', 'adjustment', remove(army('par'))],
    ['A Par D', 'adjustment', remove(army('par'))],
    ['Remove A Par', 'adjustment', remove(army('par'))],
    ['Remove A Par', 'movement', remove(army('par'))],
    ['A war build', 'adjustment', build('army', 'war')],
    ['Build A War', 'adjustment', build('army', 'war')],
    ['A Par - Bur', 'movement', move(army('par'), 'bur')],
    ['A Par - Bur via', 'retreat', move(army('par'), 'bur', true)],
  ])('reads %j in a %s phase', (text, phase, order) => {
    expect(parsed(text, phase)).toStrictEqual({ ok: true, value: { order } });
  });

  it('reads a unit alone as a hold only in a movement phase', () => {
    expect(parsed('A Par')).toStrictEqual({ ok: true, value: { order: hold(army('par')) } });
    expect(parsed('A Par', 'retreat')).toMatchObject({
      ok: false,
      error: { code: 'parse/expected-order' },
    });
    expect(parsed('A Par', 'adjustment')).toMatchObject({
      ok: false,
      error: { code: 'parse/expected-order' },
    });
  });
});

describe('parseOrder reads a power prefix', () => {
  it.each<[string, string, Order]>([
    ['FRA A mar S A par - bur', 'FRA', supportMove(army('mar'), army('par'), 'bur')],
    ['ENG: F lon - nth', 'ENG', move(fleet('lon'), 'nth')],
    ['ENG F lon - nth', 'ENG', move(fleet('lon'), 'nth')],
    ['eng: F lon - nth', 'ENG', move(fleet('lon'), 'nth')],
    ['England: F London - North Sea', 'ENG', move(fleet('lon'), 'nth')],
    ['English F lon - nth', 'ENG', move(fleet('lon'), 'nth')],
    ['AUS A alb - gre via', 'AUS', move(army('alb'), 'gre', true)],
    ['TUR A con S F rum - bul/ec', 'TUR', supportMove(army('con'), fleet('rum'), 'bul/ec')],
    ['FRA F mar S F spa/sc', 'FRA', supportHold(fleet('mar'), fleet('spa/sc'))],
    ['RUS: Build waive', 'RUS', waive],
    ['Russia waive', 'RUS', waive],
    ['ENG eng - bre', 'ENG', move(bare('eng'), 'bre')],
    ['GER Build A kie', 'GER', build('army', 'kie')],
  ])('reads %j as an order of %s', (text, power, order) => {
    expect(parsed(text)).toStrictEqual({ ok: true, value: { power, order } });
  });

  it.each<[string, Order]>([
    ['eng - bre', move(bare('eng'), 'bre')],
    ['English Channel - Brest', move(bare('eng'), 'bre')],
    ['english H', hold(bare('eng'))],
  ])('reads %j as a province that sounds like a power', (text, order) => {
    expect(parsed(text)).toStrictEqual({ ok: true, value: { order } });
  });
});

describe('parseOrder explains what it cannot read', () => {
  it.each<[string, ParseErrorCode, string, number]>([
    ['', 'parse/empty', '', 0],
    ['   ', 'parse/empty', '', 0],
    ['A Par - Bxl', 'parse/unknown-province', 'Bxl', 8],
    ['A Bxl - Par', 'parse/unknown-province', 'Bxl', 2],
    ['Bxl - Par', 'parse/unknown-province', 'Bxl', 0],
    ['A Par - New York via', 'parse/unknown-province', 'New York', 8],
    ['A Lon S A Yrk - Lvp', 'parse/unknown-province', 'Yrk', 10],
    ['hello world', 'parse/expected-order', 'hello', 0],
    ['A Par Bur', 'parse/expected-order', 'Bur', 6],
    ['A Par foo', 'parse/expected-order', 'foo', 6],
    ['A Par - Bur foo', 'parse/unexpected', 'foo', 12],
    ['A Par - Bur; A Mar H', 'parse/unexpected', ';', 11],
    ['A Par H H', 'parse/unexpected', 'H', 8],
    ['A Par -', 'parse/expected-location', '', 7],
    ['A Par - via', 'parse/expected-location', 'via', 8],
    ['A Lon S A Yor -', 'parse/expected-location', '', 15],
    ['F nth C A lon', 'parse/expected-location', '', 13],
    ['F nth C F lon - nwy', 'parse/expected-army', 'F', 8],
    ['F spa/xx - mao', 'parse/unknown-coast', 'xx', 6],
    ['F spa/ec - mao', 'parse/unknown-coast', 'ec', 6],
    ['F Spain (east coast) - mao', 'parse/unknown-coast', 'east coast', 9],
    ['F mao - bul/wc', 'parse/unknown-coast', 'wc', 12],
    ['F par/nc H', 'parse/unknown-coast', 'nc', 6],
    ['F spa/ - mao', 'parse/expected-coast', '-', 7],
    ['XYZ: A par - bur', 'parse/unknown-power', 'XYZ', 0],
    ['Ruritania A par H', 'parse/unknown-power', 'Ruritania', 0],
    ['Holy Roman Empire: A par H', 'parse/unknown-power', 'Holy Roman Empire', 0],
    ['ENG: H', 'parse/expected-order', 'H', 5],
    ['ENG:', 'parse/expected-order', '', 4],
    ['Build war', 'parse/expected-unit-type', 'war', 6],
    ['war build', 'parse/expected-unit-type', 'war', 0],
    ['F(StP sc - bot', 'parse/unexpected', '-', 9],
  ])('rejects %j with %s', (text, code, input, at) => {
    const result = parsed(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code, input, at });
    expect(result.error.message).not.toBe('');
  });

  it('reports the bad piece where it stands in the text', () => {
    const text = 'England: F London - Nort Sea';
    const result = parsed(text);
    expect(result).toMatchObject({ ok: false, error: { code: 'parse/unknown-province' } });
    if (result.ok) return;
    const { input, at: offset } = result.error;
    expect(text.slice(offset, offset + input.length)).toBe(input);
    expect(input).toBe('Nort Sea');
  });

  it('parses orders that are understood but illegal', () => {
    expect(parsed('F Par - Mun')).toStrictEqual({
      ok: true,
      value: { order: move(fleet('par'), 'mun') },
    });
    expect(parsed('A nth C A lon - nwy')).toStrictEqual({
      ok: true,
      value: { order: convoy(army('nth'), 'lon', 'nwy') },
    });
    expect(parsed('F Swi H')).toStrictEqual({ ok: true, value: { order: hold(fleet('swi')) } });
  });
});

describe('parseOrders', () => {
  it('parses each non-empty line on its own, numbering lines from 1', () => {
    const text = 'A Par - Bur\n\n  \nA Mar - Bxl\r\nF Bre H\n';
    const lines = parseOrders(standardMap, text);
    expect(lines.map((l) => [l.line, l.text, l.result.ok])).toStrictEqual([
      [1, 'A Par - Bur', true],
      [4, 'A Mar - Bxl', false],
      [5, 'F Bre H', true],
    ]);
    expect(lines[1]!.result).toMatchObject({
      ok: false,
      error: { code: 'parse/unknown-province', input: 'Bxl', at: 8 },
    });
    expect(lines[2]!.result).toStrictEqual({ ok: true, value: { order: hold(fleet('bre')) } });
  });

  it('passes the phase to every line', () => {
    const lines = parseOrders(standardMap, 'A Par - Bur\nA Mar D', { phase: 'retreat' });
    expect(lines.map((l) => (l.result.ok ? l.result.value.order.kind : 'error'))).toStrictEqual([
      'retreat',
      'disband',
    ]);
  });

  it('returns nothing for an empty block', () => {
    expect(parseOrders(standardMap, '')).toStrictEqual([]);
    expect(parseOrders(standardMap, '\n \n')).toStrictEqual([]);
  });
});

describe('parseOrder on another map', () => {
  const spec: MapSpec = {
    id: 'tiny',
    name: 'Tiny',
    powers: [{ id: 'HRE', name: 'Holy Roman Empire', adjective: 'Imperial' }],
    provinces: [
      { id: 'aaa', name: 'Upper Alpha Land', terrain: 'land', supplyCenter: true, home: 'HRE' },
      { id: 'bbb', name: 'Bcoast', terrain: 'coast', coasts: ['ec', 'wc'] },
      { id: 'sss', name: 'Sea', terrain: 'sea' },
    ],
    adjacencies: [
      ['aaa', 'bbb', 'army'],
      ['bbb/ec', 'sss', 'fleet'],
    ],
    startingUnits: [{ power: 'HRE', type: 'A', location: 'aaa' }],
  };
  const tiny = GameMap.loadOrThrow(spec);

  it('reads the map’s own multi-word names, powers and coasts', () => {
    expect(parseOrder(tiny, 'Holy Roman Empire: A Upper Alpha Land - Bcoast')).toStrictEqual({
      ok: true,
      value: { power: 'HRE', order: move(army('aaa'), 'bbb') },
    });
    expect(parseOrder(tiny, 'Imperial F Bcoast (west coast) H')).toStrictEqual({
      ok: true,
      value: { power: 'HRE', order: hold(fleet('bbb/wc')) },
    });
    expect(parseOrder(tiny, 'F bbb/nc H')).toMatchObject({
      ok: false,
      error: { code: 'parse/unknown-coast', input: 'nc' },
    });
  });
});

describe('parseOrder on arbitrary text', () => {
  const pieces = [
    'A',
    'F',
    'par',
    'Bur',
    'StP',
    'St',
    'Petersburg',
    'Mid',
    'Atlantic',
    'Ocean',
    'Gulf',
    'of',
    'Lyon',
    'spa',
    'nc',
    'sc',
    'north',
    'coast',
    'S',
    'C',
    'H',
    'R',
    'D',
    'via',
    'by',
    'convoy',
    'to',
    'Build',
    'Remove',
    'Disband',
    'waive',
    'ENG',
    'England',
    'English',
    'eng',
    'xyz',
    '-',
    '->',
    '(',
    ')',
    '/',
    ':',
    '.',
    ',',
    ';',
    ' ',
    '  ',
  ];
  const phrase = fc
    .array(fc.constantFrom(...pieces), { maxLength: 12 })
    .map((words) => words.join(' '));
  const phase = fc.constantFrom<PhaseType | undefined>(
    undefined,
    'movement',
    'retreat',
    'adjustment',
  );

  it('never throws, and an error points at its own input in the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), phrase), phase, (text, ph) => {
        const result = parseOrder(standardMap, text, ph === undefined ? {} : { phase: ph });
        if (result.ok) return;
        const { input, at: offset, message } = result.error;
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(text.length);
        expect(text.slice(offset, offset + input.length)).toBe(input);
        expect(message).not.toBe('');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the fast path for canonical notation', () => {
  const phases: PhaseType[] = ['movement', 'retreat', 'adjustment'];

  it.each([
    'AUS A bud - ser',
    'ENG F nth C A lon - nwy',
    'RUS F stp/sc S A fin - bot',
    'TUR A con S F bla',
    'ENG A lon - nwy via',
    'FRA Build F bre',
    'FRA Remove A par',
    'FRA Waive',
    'ENG F eng - bre',
    'A par H',
    'A par D',
    'F spa/nc R mao',
  ])('takes %s and reads it as the grammar does', (text) => {
    for (const phase of phases) {
      const slow = parseOrderForgiving(standardMap, text, { phase });
      expect(slow.ok).toBe(true);
      expect(readCanonical(standardMap, text, phase)).toStrictEqual(slow.ok && slow.value);
    }
  });

  it.each([
    'AUS A bud - ser ',
    ' AUS A bud - ser',
    'AUS  A bud - ser',
    'aus A bud - ser',
    'AUS a bud - ser',
    'AUS A Bud - ser',
    'AUS A bud-ser',
    'AUS A bud -ser',
    'AUS A bud - ser via convoy',
    'AUS A bud - ser VIA',
    'AUS: A bud - ser',
    'AUS A bud - xyz',
    'AUS',
    'A',
    '',
    'F spa/xc - mao',
    'F spa/ - mao',
    'A par/nc H',
    'A par H H',
    'A par S',
    'A par S A',
    'A par S A bur -',
    'A par S A bur H',
    'A par S bur',
    'F nth C F lon - nwy',
    'F nth C A lon -',
    'F nth C A lon nwy',
    'Build par',
    'FRA Build',
    'FRA Waive A',
    'A par R',
    'A par - bur.',
    'XYZ A par H',
    'English Channel - Brest',
    'ENG eng - bre',
    'England: F London - North Sea',
    'A par – bur',
  ])('leaves %j to the grammar, which reads it as before', (text) => {
    for (const phase of phases) {
      expect(readCanonical(standardMap, text, phase)).toBeUndefined();
      expect(parseOrder(standardMap, text, { phase })).toStrictEqual(
        parseOrderForgiving(standardMap, text, { phase }),
      );
    }
  });

  it('is off on a map whose names would make it read a word differently', () => {
    // A coast called "s" would take the S of a support for a coast.
    const spec: MapSpec = {
      ...standardMap.spec,
      provinces: standardMap.spec.provinces.map((p) =>
        p.id === 'spa' ? { ...p, coasts: ['nc', 's'] } : p,
      ),
      adjacencies: standardMap.spec.adjacencies.map(([from, to, passage]) => [
        from === 'spa/sc' ? 'spa/s' : from,
        to === 'spa/sc' ? 'spa/s' : to,
        passage,
      ]),
    };
    const loaded = GameMap.load(spec);
    if (!loaded.ok) throw new Error(loaded.error.map((p) => p.message).join('; '));
    expect(readCanonical(loaded.value, 'FRA A par H', 'movement')).toBeUndefined();
    expect(parseOrder(loaded.value, 'FRA A par H')).toStrictEqual(
      parseOrderForgiving(loaded.value, 'FRA A par H'),
    );
  });
});
