export { DeviceRoute } from './DeviceRoute';
