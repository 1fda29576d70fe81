export { SatcomTargetPage } from './SatcomTargetPage';
