/** @arbiter/engine: the pure, deterministic Diplomacy rules engine. */
export * from './types.js';
export * from './result.js';
export * from './errors.js';
export * from './map/spec.js';
export * from './map/game-map.js';
export * from './maps/index.js';
export * from './orders/index.js';
export * from './adjudicate/outcome.js';
export * from './adjudicate/movement.js';
export * from './adjudicate/retreat.js';
export * from './adjudicate/adjustment.js';
export * from './cases/datc-case.js';
export * from './cases/legacy-case.js';
