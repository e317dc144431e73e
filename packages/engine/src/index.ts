/** @arbiter/engine: the pure, deterministic Diplomacy rules engine. */
export * from './types.js';
export * from './result.js';
export * from './errors.js';
export * from './map/spec.js';
export * from './map/game-map.js';
export * from './maps/index.js';
export * from './orders/index.js';
