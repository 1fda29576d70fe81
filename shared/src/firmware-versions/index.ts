export * from './versionDefinition.js';
