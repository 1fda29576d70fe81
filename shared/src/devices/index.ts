export * from './device.js';
export * from './deviceImport.js';
export * from './deviceStatus.js';
export * from './deviceTelemetry.js';
export * from './devicesApi.js';
export * from './deviceHealth.js';
