/** The standard map (a module of its own, so a bundle that needs only it leaves the others). */
import { GameMap } from '../map/game-map.js';
import type { MapSpec } from '../map/spec.js';
import standardSpec from './standard.json' with { type: 'json' };

/** The standard map's data, in the map format (docs/map-format.md). */
export const STANDARD_MAP_SPEC = standardSpec as unknown as MapSpec;

/** The standard map, validated and compiled. */
export const standardMap: GameMap = GameMap.loadOrThrow(STANDARD_MAP_SPEC);
