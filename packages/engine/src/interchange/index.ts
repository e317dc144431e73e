/** Interchange with other programs: the MILA diplomacy engine's saved-game JSON. */
export * from './mila-types.js';
export * from './mila-orders.js';
export * from './mila-export.js';
export * from './mila-import.js';
export * from './mila-replay.js';
