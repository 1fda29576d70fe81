export * from './constants.js';
export * from './enums.js';
