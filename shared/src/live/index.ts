export * from './events.js';
export * from './devicePatch.js';
