export * from './serverClock.js';
export * from './timeZone.js';
