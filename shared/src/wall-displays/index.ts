export * from './wallDisplay.js';
