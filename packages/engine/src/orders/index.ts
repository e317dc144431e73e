/** Order notation: parsing the ways players write orders, and writing them back out. */
export * from './parse.js';
export * from './format.js';
