/**
 * Map drawings, loaded on demand: a drawing is a document of its own (`MapDrawing`), named by
 * its map's `drawing.shapes`, so the rules never carry it and a bundler puts each drawing in a
 * file of its own that a page fetches once. Add a map's drawing here with the map.
 */
import type { MapDrawing, MapRegion, MapSpec } from '../map/spec.js';

const DRAWINGS: Readonly<Record<string, () => Promise<MapDrawing>>> = {
  'standard-drawing.json': async () =>
    (await import('./standard-drawing.json', { with: { type: 'json' } }))
      .default as unknown as MapDrawing,
  'fin-de-siecle-drawing.json': async () =>
    (await import('./fin-de-siecle-drawing.json', { with: { type: 'json' } }))
      .default as unknown as MapDrawing,
  'pink-drawing.json': async () =>
    (await import('./pink-drawing.json', { with: { type: 'json' } }))
      .default as unknown as MapDrawing,
  'pink2-drawing.json': async () =>
    (await import('./pink2-drawing.json', { with: { type: 'json' } }))
      .default as unknown as MapDrawing,
};

/** The drawing a map names, or undefined when it names none or one this engine does not have. */
export async function loadMapDrawing(spec: {
  readonly drawing?: { readonly shapes?: string | undefined } | undefined;
}): Promise<MapDrawing | undefined> {
  const name = spec.drawing?.shapes;
  const load = name === undefined ? undefined : DRAWINGS[name];
  return load === undefined ? undefined : load();
}

/** A way a drawing does not fit its map; `at` names where (`provinces.spa`, `unitAnchors`). */
export interface DrawingProblem {
  readonly code:
    | 'drawing/wrong-map'
    | 'drawing/missing-shape'
    | 'drawing/unknown-province'
    | 'drawing/missing-anchor'
    | 'drawing/bad-view';
  readonly message: string;
  readonly at: string;
}

/**
 * Checks a drawing against its map: one shape per province and none for a province the map
 * lacks, a unit anchor for every location a unit may stand on (each coast of a split-coast
 * province included), a centre anchor for every supply centre, views with ids of their own and
 * boxes inside the drawing. Empty when it fits.
 */
export function drawingProblems(spec: MapSpec, drawing: MapDrawing): DrawingProblem[] {
  const problems: DrawingProblem[] = [];
  if (drawing.map !== spec.id) {
    problems.push({
      code: 'drawing/wrong-map',
      message: `the drawing is of map "${drawing.map}", not "${spec.id}"`,
      at: 'map',
    });
  }
  const ids = new Set(spec.provinces.map((p) => p.id));
  const units = spec.drawing?.unitAnchors ?? {};
  const centres = spec.drawing?.supplyCenterAnchors ?? {};
  for (const p of spec.provinces) {
    if (drawing.provinces[p.id] === undefined) {
      problems.push({
        code: 'drawing/missing-shape',
        message: `no shape for ${p.id} (${p.name})`,
        at: `provinces.${p.id}`,
      });
    }
    if (p.impassable === true) continue;
    const locations =
      p.coasts === undefined ? [p.id] : [p.id, ...p.coasts.map((c) => `${p.id}/${c}`)];
    for (const l of locations) {
      if (units[l] === undefined) {
        problems.push({
          code: 'drawing/missing-anchor',
          message: `no unit anchor for ${l}`,
          at: `unitAnchors.${l}`,
        });
      }
    }
    if (p.supplyCenter !== undefined && p.supplyCenter !== false && centres[p.id] === undefined) {
      problems.push({
        code: 'drawing/missing-anchor',
        message: `no supply-centre anchor for ${p.id}`,
        at: `supplyCenterAnchors.${p.id}`,
      });
    }
  }
  for (const id of Object.keys(drawing.provinces)) {
    if (!ids.has(id)) {
      problems.push({
        code: 'drawing/unknown-province',
        message: `a shape for ${id}, which the map does not have`,
        at: `provinces.${id}`,
      });
    }
  }
  problems.push(...viewProblems(spec.drawing?.views ?? [], drawing.viewBox));
  return problems;
}

/** Views with an id used twice, or a box that is empty or reaches outside the drawing. */
function viewProblems(
  views: readonly MapRegion[],
  [x0, y0, width, height]: readonly [number, number, number, number],
): DrawingProblem[] {
  const problems: DrawingProblem[] = [];
  const seen = new Set<string>();
  views.forEach((v, i) => {
    const at = `drawing.views.${i}`;
    if (seen.has(v.id)) {
      problems.push({ code: 'drawing/bad-view', message: `a second view "${v.id}"`, at });
    }
    seen.add(v.id);
    const [x, y, w, h] = v.box;
    if (!(w > 0 && h > 0)) {
      problems.push({
        code: 'drawing/bad-view',
        message: `view "${v.id}" has an empty box (${w} by ${h})`,
        at,
      });
    } else if (x < x0 || y < y0 || x + w > x0 + width || y + h > y0 + height) {
      problems.push({
        code: 'drawing/bad-view',
        message: `view "${v.id}" reaches outside the drawing's viewBox [${x0}, ${y0}, ${width}, ${height}]`,
        at,
      });
    }
  });
  return problems;
}
