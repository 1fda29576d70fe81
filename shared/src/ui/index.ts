export * from './testIds.js';
