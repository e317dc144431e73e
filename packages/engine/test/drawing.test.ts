// The standard map's drawing: derived from Martin Asal's SVG by scripts/import-standard-map.mjs,
// it must fit the map exactly (a shape per province, an anchor per location), and a drawing that
// does not fit is told so, each problem with its code and where.
import { describe, expect, test } from 'vitest';
import {
  drawingProblems,
  loadMapDrawing,
  STANDARD_MAP_SPEC,
  type MapDrawing,
  type MapSpec,
} from '../src/index.js';

describe('the standard drawing', () => {
  test('loads through the map and fits it: 76 shapes (Switzerland too), no problem', async () => {
    const drawing = await loadMapDrawing(STANDARD_MAP_SPEC);
    expect(drawing).toBeDefined();
    expect(Object.keys(drawing!.provinces)).toHaveLength(76);
    expect(drawing!.viewBox).toEqual(STANDARD_MAP_SPEC.drawing?.viewBox);
    expect(drawingProblems(STANDARD_MAP_SPEC, drawing!)).toEqual([]);
    expect(drawing!.attribution).toContain('CC BY-SA 3.0');
    expect(drawing!.attribution).toContain('Martin Asal');
  });

  test('a split-coast province is one shape of two open halves, with no DTD entity left', async () => {
    const drawing = (await loadMapDrawing(STANDARD_MAP_SPEC))!;
    for (const id of ['spa', 'stp', 'bul']) {
      const path = drawing.provinces[id]!.path;
      expect(path.match(/M/g)).toHaveLength(2);
      expect(path).not.toContain('Z');
    }
    expect(JSON.stringify(drawing)).not.toMatch(/&\w+;/);
    expect(drawing.provinces['con']!.water).toMatch(/^M[\d, ]+Z$/);
  });
});

describe('a drawing that does not fit its map', () => {
  test('each problem is named with its code and where', async () => {
    const drawing = (await loadMapDrawing(STANDARD_MAP_SPEC))!;
    const rest = without(drawing.provinces, 'spa');
    const broken: MapDrawing = {
      ...drawing,
      map: 'pink',
      provinces: { ...rest, xyz: { path: 'M0,0 1,1Z' } },
    };
    const anchors = without(STANDARD_MAP_SPEC.drawing!.unitAnchors!, 'stp/nc');
    const spec: MapSpec = {
      ...STANDARD_MAP_SPEC,
      drawing: { ...STANDARD_MAP_SPEC.drawing, unitAnchors: anchors },
    };
    expect(drawingProblems(spec, broken).map((p) => [p.code, p.at])).toEqual([
      ['drawing/wrong-map', 'map'],
      ['drawing/missing-shape', 'provinces.spa'],
      ['drawing/missing-anchor', 'unitAnchors.stp/nc'],
      ['drawing/unknown-province', 'provinces.xyz'],
    ]);
  });

  test('views: an id used twice, an empty box and a box beyond the viewBox are named', async () => {
    const drawing = (await loadMapDrawing(STANDARD_MAP_SPEC))!;
    const [x, y, w, h] = drawing.viewBox;
    const spec: MapSpec = {
      ...STANDARD_MAP_SPEC,
      drawing: {
        ...STANDARD_MAP_SPEC.drawing,
        views: [
          { id: 'north', name: 'North', box: [x, y, w, h / 2] },
          { id: 'north', name: 'Also north', box: [x, y, w, h / 3] },
          { id: 'flat', name: 'Flat', box: [10, 10, 100, 0] },
          { id: 'beyond', name: 'Beyond', box: [x + w / 2, y, w / 2 + 1, h] },
        ],
      },
    };
    const problems = drawingProblems(spec, drawing);
    expect(problems.map((p) => [p.code, p.at])).toEqual([
      ['drawing/bad-view', 'drawing.views.1'],
      ['drawing/bad-view', 'drawing.views.2'],
      ['drawing/bad-view', 'drawing.views.3'],
    ]);
    expect(problems[0]!.message).toContain('a second view "north"');
    expect(problems[1]!.message).toContain('empty box');
    expect(problems[2]!.message).toContain('reaches outside');
    // The whole drawing is a view that fits.
    const whole: MapSpec = {
      ...spec,
      drawing: { ...spec.drawing, views: [{ id: 'all', name: 'All', box: [x, y, w, h] }] },
    };
    expect(drawingProblems(whole, drawing)).toEqual([]);
  });

  test('a map that names no drawing has none', async () => {
    const bare: MapSpec = { ...STANDARD_MAP_SPEC, drawing: {} };
    expect(await loadMapDrawing(bare)).toBeUndefined();
    expect(
      await loadMapDrawing({ ...bare, drawing: { shapes: 'no-such-drawing.json' } }),
    ).toBeUndefined();
  });
});

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}
