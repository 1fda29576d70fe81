export { AuditLogPage } from './AuditLogPage';
export { DeviceLogDialog } from './DeviceLogDialog';
export { MessagingLogPage } from './MessagingLogPage';
export { SystemLogPage } from './SystemLogPage';
export { AlarmsPage } from './alarms/AlarmsPage';
export { alarmCountTiles, type AlarmCountTile } from './alarms/alarmCounts';
export { severityColor } from './logColumns';
