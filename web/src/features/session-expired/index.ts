export { SessionExpiredPage } from './SessionExpiredPage';
