export * from './alarm.js';
export * from './alarmsApi.js';
