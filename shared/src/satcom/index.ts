export * from './satcomTarget.js';
