export { DEVICE_STATUS_PARAM, DevicesPage } from './DevicesPage';
export { devicesSearch } from './devicesSearch';
// What a device's page shows as the Devices screen does (issue 28).
export { DeviceEditDialog } from './components/DeviceEditDialog';
export { DroneCommXDetails } from './components/DroneCommXPanel';
export { CHIP_INTENTS } from './components/deviceColumns';
export { connectionColor } from './components/deviceCells';
export {
  CHIP_LABEL_KEYS,
  CONNECTION_LABEL_KEYS,
  DAY_LABEL_KEYS,
  FEED_STATE_LABEL_KEYS,
  LINK_KIND_LABEL_KEYS,
  LOCATION_LABEL_KEYS,
} from './deviceLabels';
export { buildDeviceRow, DEVICE_TYPE_NAMES, type DeviceRow } from './devicesTableModel';
export { useDeviceSearch, useDevicesNamed, type DeviceSearchAnswer } from './deviceLookup';
