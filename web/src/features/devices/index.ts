export { DEVICE_STATUS_PARAM, DevicesPage } from './DevicesPage';
