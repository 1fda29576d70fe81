export { AuditLogPage } from './AuditLogPage';
export { DeviceLogDialog } from './DeviceLogDialog';
export { MessagingLogPage } from './MessagingLogPage';
export { SystemLogPage } from './SystemLogPage';
export { AlarmsPage } from './alarms/AlarmsPage';
export { DeviceSilenceNotice, SilenceBanner, silenceNoticeText } from './alarms/SilenceBanner';
export { SilencesPage } from './alarms/SilencesPage';
export { alarmCountTiles, type AlarmCountTile } from './alarms/alarmCounts';
export { severityColor } from './logColumns';
