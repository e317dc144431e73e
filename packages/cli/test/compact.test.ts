// The compact record written straight into bytes: exactly the UTF-8 of `JSON.stringify` of the
// record's object, for games of every variant and for orders the map's tables do not hold.
import { describe, expect, it } from 'vitest';
import {
  formatPowerOrder,
  gameSeed,
  playRandomGame,
  playVariantGame,
  standardMap,
  type GameMap,
  type Location,
  type OrderOutcome,
  type PhaseReport,
} from '@arbiter/engine';
import { CATALOGUE, VARIANTS } from '@arbiter/rules';
import { seats } from '../src/commands/play.js';
import { ByteWriter } from '../src/byte-writer.js';
import { CompactWriter } from '../src/selfplay/compact.js';
import { playGame, type GamesSpec } from '../src/selfplay/game.js';

/** The record of a phase as it was made before: objects, then `JSON.stringify`. */
function stringified(name: string, outcomes: readonly OrderOutcome[]): string {
  return JSON.stringify({
    name,
    orders: outcomes.map((o) => formatPowerOrder(o)),
    results: outcomes.map((o) => o.result),
  });
}

function written(map: GameMap, name: string, outcomes: readonly OrderOutcome[]): string {
  const out = new ByteWriter();
  new CompactWriter(map).phase(out, name, outcomes);
  return Buffer.from(out.take()).toString('utf8');
}

function reportsOfVariant(id: string, seed: number, lastYear: number): PhaseReport[] {
  const variant = VARIANTS[id]!;
  const setup = { variant: id, seed, players: seats(variant, variant.map.powers.length) };
  const reports: PhaseReport[] = [];
  for (const step of playVariantGame(variant, setup, { lastYear, catalogue: CATALOGUE }))
    reports.push(step.report);
  return reports;
}

describe('CompactWriter', () => {
  it('writes every phase of random standard games as JSON.stringify of its record does', () => {
    const writer = new CompactWriter(standardMap);
    let phases = 0;
    let kinds = new Set<string>();
    for (let i = 0; i < 25; i++) {
      for (const { report } of playRandomGame(standardMap, {
        seed: gameSeed(3, i),
        lastYear: 1920,
      })) {
        const out = new ByteWriter();
        writer.phase(out, report.name, report.outcomes);
        expect(Buffer.from(out.take()).toString('utf8')).toBe(
          stringified(report.name, report.outcomes),
        );
        for (const o of report.outcomes) kinds.add(o.order.kind);
        phases++;
      }
    }
    expect(phases).toBeGreaterThan(1000);
    // Every kind a random game gives (waives come only from a player who builds nothing).
    kinds = new Set([...kinds].filter((k) => k !== 'waive'));
    expect([...kinds].sort()).toEqual(
      [
        'build',
        'convoy',
        'disband',
        'hold',
        'move',
        'remove',
        'retreat',
        'support-hold',
        'support-move',
      ].sort(),
    );
  });

  it('writes the phases of every variant’s games as JSON.stringify does', () => {
    const ids = ['fink', 'deviant2', 'fiascomacy', 'pink', 'pink2', 'pink3', 'fin-de-siecle'];
    for (const id of ids) {
      const map = VARIANTS[id]!.map;
      const reports = reportsOfVariant(id, 11, (map.spec.startYear ?? 1901) + 2);
      expect(reports.length).toBeGreaterThan(3);
      for (const report of reports)
        expect(written(map, report.name, report.outcomes)).toBe(
          stringified(report.name, report.outcomes),
        );
    }
  });

  it('formats orders whose parts the tables do not hold as before, and every kind of order', () => {
    const at = (key: string): Location =>
      standardMap.locations[standardMap.locationIndex(key)]!.location;
    const outcome = (power: string, order: OrderOutcome['order']): OrderOutcome => ({
      power,
      order,
      result: 'fails',
      reason: 'bounced',
    });
    const outcomes: OrderOutcome[] = [
      // Objects equal to the map's but not its own, a coast, a unit without a type.
      outcome('FRA', {
        kind: 'move',
        unit: { type: 'fleet', location: { province: 'mao' } },
        to: { province: 'spa', coast: 'nc' },
        viaConvoy: false,
      }),
      outcome('ENG', {
        kind: 'move',
        unit: { type: 'army', location: at('lon') },
        to: at('nwy'),
        viaConvoy: true,
      }),
      outcome('ENG', { kind: 'hold', unit: { location: at('yor') } }),
      outcome('ENG', {
        kind: 'support-hold',
        unit: { type: 'fleet', location: at('nth') },
        supported: { location: at('yor') },
      }),
      outcome('RUS', {
        kind: 'support-move',
        unit: { type: 'fleet', location: at('stp/sc') },
        supported: { type: 'army', location: at('fin') },
        to: at('swe'),
      }),
      outcome('ENG', {
        kind: 'convoy',
        unit: { type: 'fleet', location: at('nth') },
        army: at('lon'),
        to: at('nwy'),
      }),
      outcome('TUR', {
        kind: 'retreat',
        unit: { type: 'army', location: at('bul') },
        to: at('con'),
      }),
      outcome('TUR', { kind: 'disband', unit: { type: 'fleet', location: at('bul/ec') } }),
      outcome('GER', { kind: 'build', unit: { type: 'army', location: at('kie') } }),
      outcome('GER', { kind: 'remove', unit: { type: 'fleet', location: at('kie') } }),
      outcome('GER', { kind: 'waive' }),
      // Not the map's: an unknown province, a coast the province lacks, an empty coast, a power
      // the map does not know, with characters JSON must escape, and one outside the BMP.
      outcome('ITA', {
        kind: 'move',
        unit: { type: 'army', location: at('ven') },
        to: { province: 'atlantis' },
        viaConvoy: false,
      }),
      outcome('ITA', {
        kind: 'move',
        unit: { type: 'fleet', location: at('nap') },
        to: { province: 'rom', coast: 'nc' },
        viaConvoy: false,
      }),
      outcome('ITA', {
        kind: 'hold',
        unit: { type: 'army', location: { province: 'ven', coast: '' } },
      }),
      outcome('Zo"ë\\', { kind: 'hold', unit: { type: 'army', location: at('par') } }),
      outcome('𝔛', { kind: 'waive' }),
    ];
    expect(written(standardMap, 'W1901A "quoted" ✓', outcomes)).toBe(
      stringified('W1901A "quoted" ✓', outcomes),
    );
    expect(written(standardMap, 'S1901M', [])).toBe(stringified('S1901M', []));
  });
});

describe('ByteWriter', () => {
  it('grows past its first buffer, writes UTF-8, drops a tail and starts again when taken', () => {
    const out = new ByteWriter();
    const long = 'é'.repeat(50_000); // 100,000 bytes: past the first 64 KiB
    out.text(long);
    out.bytes(new Uint8Array([0x21, 0x22]));
    out.byte(0x0a);
    const keep = out.length;
    out.text('dropped');
    out.truncate(keep);
    expect(Buffer.from(out.take()).toString('utf8')).toBe(`${long}!"\n`);
    expect(out.length).toBe(0);
    out.bytes(new Uint8Array(40).fill(0x61));
    expect(Buffer.from(out.take()).toString('utf8')).toBe('a'.repeat(40));
  });

  it('hands out bytes that later writes leave alone, each in an ArrayBuffer it can transfer', () => {
    const out = new ByteWriter();
    out.text('first');
    const first = out.take();
    out.text('second!');
    const second = out.take();
    out.text('third');
    expect(Buffer.from(first).toString('utf8')).toBe('first');
    expect(Buffer.from(second).toString('utf8')).toBe('second!');
    expect(first.buffer).not.toBe(second.buffer);
    // As a self-play worker sends its chunk: the view's bytes arrive, its buffer is gone here.
    const moved = structuredClone(first, { transfer: [first.buffer as ArrayBuffer] });
    expect(Buffer.from(moved).toString('utf8')).toBe('first');
    expect(first.byteLength).toBe(0);
    expect(Buffer.from(out.take()).toString('utf8')).toBe('third');
  });
});

describe('playGame', () => {
  const spec: GamesSpec = { variant: 'standard', seed: 9, years: 2, format: 'arbiter' };

  it('writes a line that is the game’s record as JSON', () => {
    const out = new ByteWriter();
    const game = playGame(spec, 4, out);
    const text = Buffer.from(out.take()).toString('utf8');
    expect(text.endsWith('}\n')).toBe(true);
    const record = JSON.parse(text) as { game: number; seed: number; phases: unknown[] };
    expect(record).toMatchObject({ game: 4, seed: gameSeed(9, 4), variant: 'standard' });
    expect(Object.keys(record)).toEqual([
      'game',
      'seed',
      'variant',
      'phases',
      'winners',
      'centers',
    ]);
    expect(record.phases).toHaveLength(game.phases);
  });

  it('leaves the writer as it found it when a game fails half-way', () => {
    const out = new ByteWriter();
    playGame(spec, 0, out);
    const before = out.length;
    // A setting the module does not have: refused when the game starts, after the record's head.
    const bad: GamesSpec = { ...spec, variant: 'fink', options: { fink: { bogus: 1 } } };
    expect(() => playGame(bad, 1, out)).toThrow(/bogus/);
    expect(out.length).toBe(before);
    playGame(spec, 2, out);
    const lines = Buffer.from(out.take()).toString('utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { game: number }).game)).toEqual([0, 2]);
  });
});
