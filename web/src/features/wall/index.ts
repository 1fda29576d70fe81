export { WallPage } from './WallPage';
