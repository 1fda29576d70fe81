export { copyText } from './copyText';
