export * from './applicationRule.js';
