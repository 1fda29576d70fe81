export * from './group.js';
export * from './groupsApi.js';
