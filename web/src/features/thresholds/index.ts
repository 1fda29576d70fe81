export { ThresholdsPage } from './ThresholdsPage';
