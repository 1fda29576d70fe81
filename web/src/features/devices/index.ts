export { DEVICE_STATUS_PARAM, DevicesPage } from './DevicesPage';
export { devicesSearch } from './devicesSearch';
