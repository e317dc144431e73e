/**
 * The maps shipped with the engine. Each is built in a module of its own, and the package says
 * it has no side effects (`package.json`), so that a bundle that uses only the standard map (the
 * web page's main part) leaves the others out.
 */
import type { GameMap } from '../map/game-map.js';
import { finDeSiecleMap } from './fin-de-siecle.js';
import { pink2Map, pinkMap } from './pink.js';
import { standardMap } from './standard.js';

export { STANDARD_MAP_SPEC, standardMap } from './standard.js';
export { FIN_DE_SIECLE_MAP_SPEC, finDeSiecleMap } from './fin-de-siecle.js';
export { PINK_MAP_SPEC, PINK2_MAP_SPEC, pinkMap, pink2Map } from './pink.js';

/** Every map the engine ships, by map id. */
export const MAPS: Readonly<Record<string, GameMap>> = {
  standard: standardMap,
  'fin-de-siecle': finDeSiecleMap,
  pink: pinkMap,
  pink2: pink2Map,
};
export { drawingProblems, loadMapDrawing, type DrawingProblem } from './drawings.js';
