import { Tab, Tabs } from '@blueprintjs/core';
import { can, TestId } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../crud';
import { subjectOf, useSessionSelector } from '../../lib/session';
import { GroupsPanel } from '../groups';
import { usersScreen } from './usersScreen';

type PeopleTab = 'users' | 'groups';

/** /config/users: users, and groups as a second tab (the spec's menu has no Groups entry). */
export function UsersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PeopleTab>('users');
  const canViewGroups = useSessionSelector((snapshot) => can(subjectOf(snapshot.context.session), 'groups.view'));
  return (
    <Tabs
      id="people"
      selectedTabId={tab}
      onChange={(next) => setTab(next === 'groups' ? 'groups' : 'users')}
      renderActiveTabPanelOnly
      data-testid={TestId.people.tabs}
    >
      <Tab
        id="users"
        title={<span data-testid={TestId.people.usersTab}>{t('users.tabs.users')}</span>}
        panel={<CrudScreen definition={usersScreen} />}
      />
      <Tab
        id="groups"
        disabled={!canViewGroups}
        title={<span data-testid={TestId.people.groupsTab}>{t('users.tabs.groups')}</span>}
        panel={<GroupsPanel />}
      />
    </Tabs>
  );
}
