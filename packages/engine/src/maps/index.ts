/** The maps shipped with the engine. */
import { GameMap } from '../map/game-map.js';
import type { MapSpec } from '../map/spec.js';
import fdsSpec from './fin-de-siecle.json' with { type: 'json' };
import standardSpec from './standard.json' with { type: 'json' };

/** The standard map's data, in the map format (docs/map-format.md). */
export const STANDARD_MAP_SPEC = standardSpec as unknown as MapSpec;

/** The standard map, validated and compiled. */
export const standardMap: GameMap = GameMap.loadOrThrow(STANDARD_MAP_SPEC);
/**
 * The Fin de Siecle world of 1880 (map id `fin-de-siecle`), built by scripts/build-fds-map.mjs
 * from data/maps/fin-de-siecle/ (docs/maps/fin-de-siecle.md).
 */
export const FIN_DE_SIECLE_MAP_SPEC = fdsSpec as unknown as MapSpec;

/** The Fin de Siecle map, validated and compiled. */
export const finDeSiecleMap: GameMap = GameMap.loadOrThrow(FIN_DE_SIECLE_MAP_SPEC);

/** The maps shipped with the engine, by id. */
export const MAPS: Readonly<Record<string, GameMap>> = {
  standard: standardMap,
  'fin-de-siecle': finDeSiecleMap,
};
export { drawingProblems, loadMapDrawing, type DrawingProblem } from './drawings.js';
