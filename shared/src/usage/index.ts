export * from './connectivityData.js';
export * from './usageApi.js';
