export * from './testIds.js';
export * from './webSettings.js';
