export * from './heatSight.js';
export * from './heatSightApi.js';
export * from './heatSightCodec.js';
