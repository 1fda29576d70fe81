export { ConfirmEmailPage } from './ConfirmEmailPage';
