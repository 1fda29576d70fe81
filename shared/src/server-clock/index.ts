export * from './serverClock.js';
