export {
  alarmsOnChannel,
  appAlarms,
  appFleet,
  appLogTail,
  appSummary,
  fleetOnChannel,
  logTailOnChannel,
  summaryOnChannel,
  type ChannelAlarms,
  type ChannelFleet,
  type ChannelLogTail,
  type ChannelSummary,
} from './channelFleet';
export { FLEET_DELTA_MEASURE, FleetFeed, type FleetMap, type FleetTable } from './fleetFeed';
export {
  boundsOfPoints,
  type AreaPage,
  type AreaSummary,
  type DrillAnswer,
  type DrillRequest,
  type FleetDrill,
} from './fleetDrill';
export {
  HEAT_AGGREGATION,
  heatWeight,
  liveWeight,
  SHARE_FLOOR,
  type FleetHeat,
  type FleetHeatQuery,
  type MapArea,
  type MapDevice,
} from './fleetHeat';
export {
  FILE_ONLY_COLUMNS,
  fleetCellText,
  type FileOnlyColumn,
  type FleetCellTexts,
  type FleetExportColumn,
  type FleetExportRequest,
} from './fleetExport';
export { NO_SELECTION, type FleetSelectionChange, type FleetSelectionSummary } from './fleetSelection';
export {
  DEFAULT_TABLE_QUERY,
  DEVICE_ENABLED_FILTERS,
  DEVICE_ROLE_FILTERS,
  DEVICE_SORT_COLUMNS,
  DEVICE_STATUS_FILTERS,
  DEVICE_TYPE_FILTERS,
  fleetRowFrom,
  fleetRowOf,
  isDeviceStatusFilter,
  linksText,
  matchesStatus,
  sameTableQuery,
  type DeviceEnabledFilter,
  type DeviceRoleFilter,
  type DeviceSort,
  type DeviceSortColumn,
  type DeviceStatusFilter,
  type DeviceTypeFilter,
  type FleetRow,
  type FleetTableQuery,
} from './fleetRows';
export type { FleetTableWindow } from './fleetTableView';
export { localFleetPort, prepareFleetWorker, type FleetPort } from './fleetPort';
export type { FleetFeedState } from './liveSubscription';
export { AlarmFeed, type AlarmStreamEvent } from './alarmFeed';
export { LogTailFeed } from './logTailFeed';
export { SummaryFeed } from './summaryFeed';
export { describeProblem } from './problemDescription';
export { connectionMachine, type ConnectionContext, type ConnectionEvent } from './connectionMachine';
