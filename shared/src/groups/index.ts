export * from './group.js';
