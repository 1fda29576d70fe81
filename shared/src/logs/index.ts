export * from './messagingLog.js';
export * from './systemLog.js';
export * from './userAudit.js';
export * from './logPaging.js';
export * from './logsApi.js';
export * from './logTime.js';
