export * from './threshold.js';
export * from './thresholdMetadata.js';
export * from './thresholdEvaluation.js';
export * from './deviceReadings.js';
export * from './thresholdsApi.js';
