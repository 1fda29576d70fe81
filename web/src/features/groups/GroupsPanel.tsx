import type { Group } from '@halo/shared';
import { useMemo, useState } from 'react';
import { CrudScreen } from '../../crud';
import { useSessionSubject } from '../../lib/session';
import { GroupMembersDialog } from './GroupMembersDialog';
import { groupsScreen } from './groupsScreen';

/** The groups list; the menu has no Groups entry, so it lives as a tab of the Users screen. Each group's devices open from its row. */
export function GroupsPanel() {
  const { environmentId } = useSessionSubject();
  const [membersOf, setMembersOf] = useState<Group | null>(null);
  const definition = useMemo(
    () => ({
      ...groupsScreen,
      rowLinks: [{ name: 'devices', icon: 'layers' as const, labelKey: 'groups.members.open', onSelect: setMembersOf }],
    }),
    [],
  );
  return (
    <>
      <CrudScreen definition={definition} />
      {membersOf && (
        <GroupMembersDialog environmentId={environmentId} group={membersOf} onClose={() => setMembersOf(null)} />
      )}
    </>
  );
}
