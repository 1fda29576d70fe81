export { DataPathPage } from './DataPathPage';
