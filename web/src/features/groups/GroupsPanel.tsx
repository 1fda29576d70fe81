import { CrudScreen } from '../../crud';
import { groupsScreen } from './groupsScreen';

/** The groups list; the menu has no Groups entry, so it lives as a tab of the Users screen. */
export function GroupsPanel() {
  return <CrudScreen definition={groupsScreen} />;
}
