/** @arbiter/app: the service's use cases over a GameStore port. */
export * from './ports.js';
