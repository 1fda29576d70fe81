export * from './satcomTarget.js';
export * from './satcomApi.js';
