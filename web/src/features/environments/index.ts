export { EnvironmentsPage } from './EnvironmentsPage';
