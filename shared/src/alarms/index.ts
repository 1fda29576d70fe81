export * from './alarm.js';
export * from './alarmsApi.js';
export * from './notifications.js';
export * from './silence.js';
export * from './webhook.js';
