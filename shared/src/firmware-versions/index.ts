export * from './versionDefinition.js';
export * from './versionsApi.js';
