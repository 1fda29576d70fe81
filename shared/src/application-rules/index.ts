export * from './applicationRule.js';
export * from './applicationRulesApi.js';
export * from './hubPorts.js';
