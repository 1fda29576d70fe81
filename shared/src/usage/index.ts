export * from './connectivityData.js';
