export * from './wallDisplay.js';
export * from './wallDisplaysApi.js';
export * from './displayAccess.js';
