/** The Fin de Siecle map (a module of its own: see `standard.ts`). */
import { GameMap } from '../map/game-map.js';
import type { MapSpec } from '../map/spec.js';
import fdsSpec from './fin-de-siecle.json' with { type: 'json' };

/**
 * The Fin de Siecle world of 1880 (map id `fin-de-siecle`), built by scripts/build-fds-map.mjs
 * from data/maps/fin-de-siecle/ (docs/maps/fin-de-siecle.md).
 */
export const FIN_DE_SIECLE_MAP_SPEC = fdsSpec as unknown as MapSpec;

/** The Fin de Siecle map, validated and compiled. */
export const finDeSiecleMap: GameMap = GameMap.loadOrThrow(FIN_DE_SIECLE_MAP_SPEC);
