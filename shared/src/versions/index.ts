export * from './versions.js';
export * from './systemApi.js';
