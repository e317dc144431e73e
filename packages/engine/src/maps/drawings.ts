/**
 * Map drawings, loaded on demand: a drawing is a document of its own (`MapDrawing`), named by
 * its map's `drawing.shapes`, so the rules never carry it and a bundler puts each drawing in a
 * file of its own that a page fetches once. Add a map's drawing here with the map.
 */
import type { MapDrawing, MapSpec } from '../map/spec.js';

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
    | 'drawing/missing-anchor';
  readonly message: string;
  readonly at: string;
}

/**
 * Checks a drawing against its map: one shape per province and none for a province the map
 * lacks, a unit anchor for every location a unit may stand on (each coast of a split-coast
 * province included), a centre anchor for every supply centre. Empty when it fits.
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
  return problems;
}
