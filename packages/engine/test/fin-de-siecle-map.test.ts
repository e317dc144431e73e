// The Fin de Siecle world of 1880 (docs/maps/fin-de-siecle.md): built by
// scripts/build-fds-map.mjs from data/maps/fin-de-siecle/, it loads without a problem, its
// drawing fits it, it has every place the rules name, and the committed files are what the
// build makes of the data.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  FIN_DE_SIECLE_MAP_SPEC,
  GameMap,
  MAPS,
  drawingProblems,
  finDeSiecleMap,
  loadMapDrawing,
} from '../src/index.js';

const spec = FIN_DE_SIECLE_MAP_SPEC;
const province = (id: string) => spec.provinces.find((p) => p.id === id);

describe('the Fin de Siecle map', () => {
  test('loads with no problem and is registered as fin-de-siecle', () => {
    const loaded = GameMap.load(spec);
    expect(loaded.ok ? [] : loaded.error).toEqual([]);
    expect(MAPS['fin-de-siecle']).toBe(finDeSiecleMap);
    expect(spec.id).toBe('fin-de-siecle');
    expect(spec.startYear).toBe(1880);
  });

  test('its drawing fits it, credits Natural Earth and stays small', async () => {
    const drawing = await loadMapDrawing(spec);
    expect(drawing).toBeDefined();
    expect(drawingProblems(spec, drawing!)).toEqual([]);
    expect(drawing!.attribution).toContain('Natural Earth');
    expect(drawing!.attribution).toContain('public domain');
    expect(JSON.stringify(drawing).length).toBeLessThan(300_000);
  });

  test('has every place the rules name, as the kind of space they say', () => {
    const land = ['mon', 'wal', 'gab', 'lua', 'syd', 'wau', 'wel', 'mex', 'ply', 'lon', 'con'];
    for (const id of [...land, 'sue']) expect(province(id)?.terrain).toBe('coast');
    for (const id of ['gsl', 'stm', 'tas', 'cor', 'eme', 'red'])
      expect([id, province(id)?.terrain, province(id)?.ocean]).toEqual([id, 'sea', undefined]);
    for (const id of ['nao', 'sao', 'ind', 'npo', 'spo'])
      expect([id, province(id)?.ocean]).toEqual([id, true]);
    for (const id of ['csp', 'yuk', 'sah', 'him', 'grn'])
      expect([id, province(id)?.impassable]).toEqual([id, true]);
    // Names as the text writes them.
    const m = finDeSiecleMap;
    expect(m.findProvince('Gulf of St Lawrence')?.id).toBe('gsl');
    expect(m.findProvince('Sao Tome')?.id).toBe('stm');
    expect(m.findProvince('Tasman Bay')?.id).toBe('tas');
    expect(m.findProvince('Eastern Med')?.id).toBe('eme');
    expect(m.findProvince('South Pacific Ocean')?.id).toBe('spo');
    // Canal spaces: a fleet passes through Suez and Constantinople; split coasts do not.
    expect(m.movesFrom('fleet', 'sue').sort()).toEqual(
      expect.arrayContaining(['eme', 'red']) as string[],
    );
    expect(m.movesFrom('fleet', 'con')).toEqual(expect.arrayContaining(['aeg', 'bla']) as string[]);
    expect(province('mex')?.coasts).toEqual(['wc', 'ec']);
    expect(m.movesFrom('fleet', 'mex/wc')).not.toContain('gom');
  });

  test('every power has a class, home centres and a default army on each', () => {
    expect(spec.powers.filter((p) => p.class === 'major').map((p) => p.id)).toEqual([
      'GBR',
      'FRA',
      'GER',
      'RUS',
      'AUH',
      'ITA',
      'OTT',
      'USA',
    ]);
    expect(spec.powers.filter((p) => p.class === 'minor').map((p) => p.id)).toEqual([
      'HOL',
      'SPA',
      'POR',
      'CHL',
      'MEX',
      'BRA',
      'JAP',
      'CHN',
    ]);
    for (const p of spec.powers) {
      const homes = spec.provinces.filter((q) => q.home === p.id).map((q) => q.id);
      expect(homes.length).toBeGreaterThanOrEqual(p.class === 'major' ? 3 : 2);
      const starts = spec.startingUnits.filter((u) => u.power === p.id);
      expect(starts.map((u) => u.location).sort()).toEqual(homes.sort());
      expect(starts.every((u) => u.type === 'A')).toBe(true);
    }
  });

  test('the oceans form one network and border no land', () => {
    const oceans = ['nao', 'sao', 'ind', 'npo', 'spo'];
    for (const o of oceans) {
      const moves = finDeSiecleMap.movesFrom('fleet', o);
      expect(moves).toEqual(expect.arrayContaining(oceans.filter((x) => x !== o)) as string[]);
      for (const to of moves)
        expect([o, to, province(to.split('/')[0]!)?.terrain]).toEqual([o, to, 'sea']);
    }
  });

  test('the committed files are what the build makes of the data', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    expect(() =>
      execFileSync('node', ['scripts/build-fds-map.mjs', '--check'], { cwd: root, stdio: 'pipe' }),
    ).not.toThrow();
  });
});
