export { VersionsPage } from './VersionsPage';
