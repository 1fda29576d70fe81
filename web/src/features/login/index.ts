export { LoginPage } from './LoginPage';
export { loginErrorText } from './loginErrorText';
