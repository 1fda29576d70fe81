export { GroupsPanel } from './GroupsPanel';
