export * from './environment.js';
