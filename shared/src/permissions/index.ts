export * from './permissions.js';
export * from './can.js';
export * from './menu.js';
