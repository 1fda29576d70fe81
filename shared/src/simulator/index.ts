export * from './simulatorApi.js';
