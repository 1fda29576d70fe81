export * from './rules.js';
export * from './zodRules.js';
