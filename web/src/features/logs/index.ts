export { AuditLogPage } from './AuditLogPage';
export { DeviceLogDialog } from './DeviceLogDialog';
export { MessagingLogPage } from './MessagingLogPage';
export { SystemLogPage } from './SystemLogPage';
