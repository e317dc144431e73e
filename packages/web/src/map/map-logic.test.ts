// The map's pure parts: where things are drawn and how results show, and the zoom arithmetic.
import {
  FIN_DE_SIECLE_MAP_SPEC,
  loadMapDrawing,
  PINK2_MAP_SPEC,
  PINK_MAP_SPEC,
  STANDARD_MAP_SPEC,
  type MapSpec,
} from '@arbiter/engine';
import { describe, expect, test } from 'vitest';
import {
  DISLODGED_OFFSET,
  orderShape,
  outcomeOf,
  NEW_CENTRE_OFFSET,
  openingRegion,
  placeCentres,
  placeUnits,
  SHARED_STEP,
  trim,
  unitScales,
} from './board.js';
import {
  frameAspect,
  framedView,
  PHONE_FRAME,
  reframe,
  markSize,
  pan,
  regionView,
  sameView,
  zoomAt,
  zoomLevel,
  MAX_ZOOM,
} from './zoom.js';

const map: MapSpec = STANDARD_MAP_SPEC;
const anchors = map.drawing!.unitAnchors!;

describe('placing the board', () => {
  test('a fleet on a split coast stands on its coast; a dislodged unit beside its province', () => {
    const placed = placeUnits(map, {
      units: [{ power: 'RUS', type: 'fleet', location: { province: 'stp', coast: 'sc' } }],
      supplyCenters: {},
      dislodged: [
        {
          unit: { power: 'AUS', type: 'army', location: { province: 'ser' } },
          attackerFrom: 'bud',
          retreats: [],
        },
      ],
    });
    expect(placed[0]).toMatchObject({ at: anchors['stp/sc'], dislodged: false });
    const ser = anchors['ser']!;
    expect(placed[1]).toMatchObject({
      at: [ser[0] + DISLODGED_OFFSET[0], ser[1] + DISLODGED_OFFSET[1]],
      dislodged: true,
    });
  });

  test('units sharing an ocean stand side by side; a Pink unit below full strength is marked', () => {
    const nao = anchors['nao']!;
    const fleet = (power: string) =>
      ({ power, type: 'fleet', location: { province: 'nao' } }) as const;
    const placed = placeUnits(map, {
      units: [
        fleet('ENG'),
        fleet('FRA'),
        fleet('GER'),
        {
          power: 'FRA',
          type: 'army',
          location: { province: 'par' },
          attrs: { 'pink-strength': { strength: 'half', standoffs: 0, attacks: 0 } },
        },
        {
          power: 'GER',
          type: 'army',
          location: { province: 'mun' },
          attrs: { 'pink-strength': { strength: 'unsupplied', standoffs: 0, attacks: 0 } },
        },
        {
          power: 'ITA',
          type: 'army',
          location: { province: 'rom' },
          attrs: { 'pink-strength': { strength: 'full', standoffs: 1, attacks: 0 } },
        },
      ],
      supplyCenters: {},
    });
    expect(placed.slice(0, 3).map((p) => p.at)).toEqual([
      [nao[0] - SHARED_STEP, nao[1]],
      [nao[0], nao[1]],
      [nao[0] + SHARED_STEP, nao[1]],
    ]);
    expect(placed.slice(3).map((p) => p.strength)).toEqual(['half', 'unsupplied', undefined]);
    expect(placed[3]!.at).toEqual(anchors['par']);
  });

  test.each([
    ['standard', map],
    ['pink', PINK_MAP_SPEC],
    ['pink2', PINK2_MAP_SPEC],
  ] as const)('no province name is drawn under a unit or a centre (%s)', async (_, map) => {
    const anchors = map.drawing!.unitAnchors!;
    const drawing = await loadMapDrawing(map);
    expect(drawing).toBeDefined();
    // The label's box at the page's 7 px font (baseline at y), as the import script reckons it.
    const covered: string[] = [];
    for (const [id, shape] of Object.entries(drawing!.provinces)) {
      if (shape.label === undefined) continue;
      const [x, y] = shape.label;
      const box = { x0: x, x1: x + (shape.text ?? id).length * 4.2, y0: y - 5, y1: y };
      const near = (at: readonly [number, number], r: number): boolean =>
        Math.hypot(
          at[0] - Math.max(box.x0, Math.min(at[0], box.x1)),
          at[1] - Math.max(box.y0, Math.min(at[1], box.y1)),
        ) < r;
      for (const [where, at] of Object.entries(anchors))
        if (near(at, 6.5)) covered.push(`${id} under the unit at ${where}`);
      for (const [where, at] of Object.entries(map.drawing!.supplyCenterAnchors!))
        if (near(at, 3.4)) covered.push(`${id} under the centre of ${where}`);
    }
    expect(covered).toEqual([]);
  });

  test('every one of the 34 centres is placed, owned or not', () => {
    const centres = placeCentres(map, { units: [], supplyCenters: { par: 'FRA' } });
    expect(centres).toHaveLength(34);
    expect(centres.find((c) => c.province === 'par')?.owner).toBe('FRA');
    expect(centres.find((c) => c.province === 'bel')?.owner).toBeUndefined();
  });

  test('centres made and unmade by rules: a new one beside its unit, a removed one not at all', () => {
    const ids = [
      ...map.provinces.filter((p) => p.supplyCenter === true).map((p) => p.id),
      'ruh',
    ].filter((p) => p !== 'mun');
    const centres = placeCentres(map, {
      units: [],
      supplyCenters: { ruh: 'GER' },
      centres: ids,
    });
    expect(centres).toHaveLength(34);
    expect(centres.find((c) => c.province === 'mun')).toBeUndefined();
    const ruhr = centres.find((c) => c.province === 'ruh');
    const unit = map.drawing!.unitAnchors!['ruh']!;
    expect(ruhr).toEqual({
      province: 'ruh',
      at: [unit[0] + NEW_CENTRE_OFFSET[0], unit[1] + NEW_CENTRE_OFFSET[1]],
      owner: 'GER',
    });
  });
});

describe('orders as shapes', () => {
  test('a supported move is a line from the supporter to the middle of the move', () => {
    const s = orderShape(map, {
      power: 'FRA',
      order: {
        kind: 'support-move',
        unit: { location: { province: 'mar' } },
        supported: { location: { province: 'par' } },
        to: { province: 'bur' },
      },
      result: 'cut',
    });
    const [par, bur] = [anchors['par']!, anchors['bur']!];
    expect(s).toEqual({
      kind: 'support',
      power: 'FRA',
      from: anchors['mar'],
      to: [(par[0] + bur[0]) / 2, (par[1] + bur[1]) / 2],
      outcome: 'failed',
    });
  });

  test('results read as done, failed or not yet adjudicated', () => {
    expect(['succeeds', 'given', 'stands', 'available'].map((r) => outcomeOf(r as never))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    expect(['fails', 'cut', 'dislodged', 'disrupted'].map((r) => outcomeOf(r as never))).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(outcomeOf(undefined)).toBe('pending');
  });

  test('a line is trimmed at both ends, and left whole when too short to trim', () => {
    expect(trim([0, 0], [10, 0], 2, 3)).toEqual([
      [2, 0],
      [7, 0],
    ]);
    expect(trim([0, 0], [4, 0], 2, 3)).toEqual([
      [0, 0],
      [4, 0],
    ]);
  });
});

describe('zoom and pan', () => {
  const full = framedView([0, 0, 610, 560], 610 / 560);

  test('zooming keeps the point under the pointer in place, and stays within 1 and the maximum', () => {
    const v = zoomAt(full, full, 2, [100, 100]);
    expect(zoomLevel(v, full)).toBe(2);
    // (100 - x) / width is the same fraction before and after.
    expect((100 - v.x) / v.width).toBeCloseTo(100 / 610);
    expect(zoomLevel(zoomAt(full, full, 0.5, [0, 0]), full)).toBe(1);
    expect(zoomLevel(zoomAt(full, full, 1000, [0, 0]), full)).toBe(MAX_ZOOM);
  });

  test('panning never leaves the drawing', () => {
    const v = zoomAt(full, full, 2, [305, 280]);
    const far = pan(v, full, 10_000, 10_000);
    expect(far.x + far.width).toBeCloseTo(610);
    expect(far.y + far.height).toBeCloseTo(560);
    expect(pan(full, full, 50, 50)).toEqual(full);
  });
});

describe('views of a part of the map', () => {
  const full = framedView([0, 0, 1000, 522], 1000 / 522);

  test("a region is fitted whole, centred, at the drawing's proportions", () => {
    // Taller than the drawing's proportions: its height decides the zoom.
    const v = regionView(full, [440, 100, 170, 150]);
    expect(zoomLevel(v, full)).toBeCloseTo(522 / 150);
    expect(v.width / v.height).toBeCloseTo(1000 / 522);
    expect(v.x + v.width / 2).toBeCloseTo(525);
    expect(v.y + v.height / 2).toBeCloseTo(175);
    expect(v.x).toBeLessThanOrEqual(440);
    expect(v.x + v.width).toBeGreaterThanOrEqual(610);
    // Wider than them: its width decides.
    expect(zoomLevel(regionView(full, [0, 0, 500, 100]), full)).toBeCloseTo(2);
  });

  test('a region at an edge is shown inside the drawing; a tiny one at most at the maximum zoom, a huge one whole', () => {
    const corner = regionView(full, [0, 0, 50, 50]);
    expect(corner.x).toBe(0);
    expect(corner.y).toBe(0);
    const speck = regionView(full, [500, 200, 1, 1]);
    expect(zoomLevel(speck, full)).toBe(MAX_ZOOM);
    expect(sameView(regionView(full, [-10, -10, 5000, 5000]), full)).toBe(true);
  });

  test('sameView tells views apart to a hundredth of a unit', () => {
    const v = regionView(full, [0, 70, 430, 440]);
    expect(sameView(v, { ...v, x: v.x + 0.001 })).toBe(true);
    expect(sameView(v, { ...v, x: v.x + 0.5 })).toBe(false);
    expect(sameView(v, full)).toBe(false);
  });

  test('a phone frames a wide map taller: sea above and below, the drawing in the middle', () => {
    const phone = framedView([0, 0, 1000, 522], 1.1);
    expect(phone.width).toBe(1000);
    expect(phone.height).toBeCloseTo(1000 / 1.1);
    expect(phone.y).toBeCloseTo(-(1000 / 1.1 - 522) / 2);
    // A frame wider than the drawing widens it instead; the drawing's own shape leaves it be.
    const wide = framedView([0, 0, 610, 560], 2);
    expect(wide).toMatchObject({ y: 0, height: 560, width: 1120, x: -255 });
    expect(framedView([5, 6, 100, 50], 2)).toEqual({ x: 5, y: 6, width: 100, height: 50 });
    // Europe fills more of the taller frame: the height no longer decides its zoom.
    const europe = [440, 100, 170, 150] as const;
    expect(zoomLevel(regionView(phone, europe), phone)).toBeCloseTo(1000 / 170);
    expect(zoomLevel(regionView(full, europe), full)).toBeCloseTo(522 / 150);
  });

  test('a frame is the drawing’s shape, narrower on a phone, and never taller than square', () => {
    expect(frameAspect(1000, 522, false)).toBeCloseTo(1000 / 522);
    expect(frameAspect(1000, 522, true)).toBe(PHONE_FRAME);
    expect(frameAspect(610, 560, true)).toBeCloseTo(610 / 560);
    // Pink II's three boards stacked: square, with sea beside them; a level's view fills it.
    for (const narrow of [false, true]) expect(frameAspect(600, 1848, narrow)).toBe(1);
    const full = framedView([0, 0, 600, 1848], frameAspect(600, 1848, false));
    expect(full).toMatchObject({ x: -624, y: 0, width: 1848, height: 1848 });
    const level1 = regionView(full, [0, 1248, 600, 600]);
    expect(level1).toMatchObject({ x: 0, y: 1248 });
    expect(level1.width).toBeCloseTo(600);
    expect(level1.height).toBeCloseTo(600);
    // A picture of it (a printed report) keeps its own shape: a level is then the whole map.
    const own = framedView([0, 0, 600, 1848], frameAspect(600, 1848, false, 0));
    expect(own).toEqual({ x: 0, y: 0, width: 600, height: 1848 });
    expect(sameView(regionView(own, [0, 1248, 600, 600]), own)).toBe(true);
  });

  test('turning the frame keeps the centre and the zoom, inside the new frame', () => {
    const phone = framedView([0, 0, 1000, 522], 1.1);
    const v = regionView(full, [440, 100, 170, 150]);
    const turned = reframe(v, full, phone);
    expect(zoomLevel(turned, phone)).toBeCloseTo(zoomLevel(v, full));
    expect(turned.x + turned.width / 2).toBeCloseTo(v.x + v.width / 2);
    expect(turned.y + turned.height / 2).toBeCloseTo(v.y + v.height / 2);
    expect(turned.width / turned.height).toBeCloseTo(1.1);
    // The whole map stays the whole map.
    expect(sameView(reframe(full, full, phone), phone)).toBe(true);
  });

  test('marks grow with the square root of the zoom, in quarter steps', () => {
    expect(markSize(1)).toBe(1);
    expect(markSize(0.5)).toBe(1);
    expect(markSize(4)).toBe(0.5);
    expect(markSize(4.1)).toBe(0.5);
    expect(markSize(9)).toBeCloseTo(1 / 3);
  });

  test("a page opens on the view with most of the viewer's units, else the first", () => {
    const fds = FIN_DE_SIECLE_MAP_SPEC;
    const ids = fds.drawing!.views!.map((v) => v.id);
    expect(ids[0]).toBe('europe');
    const board = {
      supplyCenters: {},
      units: fds.startingUnits.map((u) => ({
        power: u.power,
        type: u.type === 'A' ? ('army' as const) : ('fleet' as const),
        location: { province: u.location },
      })),
    };
    expect(openingRegion(fds, board, ['USA'])?.id).toBe('americas');
    expect(openingRegion(fds, board, ['MEX', 'BRA'])?.id).toBe('americas');
    expect(openingRegion(fds, board, ['JAP'])?.id).toBe('asia');
    expect(openingRegion(fds, board, ['CHN'])?.id).toBe('asia');
    // Britain: two units in Europe, one each in the Americas and Asia.
    expect(openingRegion(fds, board, ['GBR'])?.id).toBe('europe');
    expect(openingRegion(fds, board, ['FRA'])?.id).toBe('europe');
    // The gamesmaster and the public: the first view.
    expect(openingRegion(fds, board, [])?.id).toBe('europe');
    // A unit the drawing cannot place counts nowhere; a map without views opens whole.
    const lost = {
      supplyCenters: {},
      units: [{ power: 'USA', type: 'army' as const, location: { province: 'xyz' } }],
    };
    expect(openingRegion(fds, lost, ['USA'])?.id).toBe('europe');
    expect(openingRegion(map, board, ['USA'])).toBeUndefined();
  });
});

describe('unitScales', () => {
  test('leaves units that stand apart whole and shrinks those standing close, never below the least', () => {
    const s = unitScales(
      [
        [0, 0],
        [100, 0],
        [110, 0],
        [200, 0],
        [201, 0],
      ],
      14,
    );
    expect(s[0]).toBe(1);
    expect(s[1]).toBeCloseTo(10 / 14);
    expect(s[2]).toBeCloseTo(10 / 14);
    expect(s[3]).toBe(0.45);
  });
});
