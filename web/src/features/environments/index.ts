export { EnvironmentsPage } from './EnvironmentsPage';
export { environmentsSearch } from './environmentsSearch';
