export * from './wallDisplay.js';
export * from './wallDisplaysApi.js';
