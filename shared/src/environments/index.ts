export * from './environment.js';
export * from './environmentsApi.js';
