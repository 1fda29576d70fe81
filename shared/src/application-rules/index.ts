export * from './applicationRule.js';
export * from './applicationRulesApi.js';
