import type { IconName } from '@blueprintjs/icons';
import { ROUTES, type MenuItem } from '@halo/shared';

export interface MenuEntry {
  readonly item: MenuItem;
  /** Where the menu goes (optional route parameters left out). */
  readonly path: string;
  readonly icon: IconName;
  /** i18n key of the label, also the page title. */
  readonly labelKey: string;
}

export interface MenuSection {
  readonly titleKey: string | null;
  readonly entries: readonly MenuEntry[];
}

const withoutOptionalParameters = (path: string) => path.replace(/\/:[^/]+\?$/, '');

export const MENU_ENTRIES: Readonly<Record<MenuItem, MenuEntry>> = {
  home: { item: 'home', path: ROUTES.home, icon: 'home', labelKey: 'shell.menu.home' },
  environments: {
    item: 'environments',
    path: ROUTES.environments,
    icon: 'layers',
    labelKey: 'shell.menu.environments',
  },
  users: { item: 'users', path: ROUTES.users, icon: 'people', labelKey: 'shell.menu.users' },
  devices: { item: 'devices', path: ROUTES.devices, icon: 'satellite', labelKey: 'shell.menu.devices' },
  dataPath: { item: 'dataPath', path: ROUTES.dataPath, icon: 'data-connection', labelKey: 'shell.menu.dataPath' },
  versionsManagement: {
    item: 'versionsManagement',
    path: ROUTES.versionsManagement,
    icon: 'git-branch',
    labelKey: 'shell.menu.versionsManagement',
  },
  thresholds: {
    item: 'thresholds',
    path: ROUTES.thresholds,
    icon: 'timeline-bar-chart',
    labelKey: 'shell.menu.thresholds',
  },
  usageMonitoring: {
    item: 'usageMonitoring',
    path: withoutOptionalParameters(ROUTES.usageMonitoring),
    icon: 'dashboard',
    labelKey: 'shell.menu.usageMonitoring',
  },
  auditLog: { item: 'auditLog', path: ROUTES.auditLog, icon: 'history', labelKey: 'shell.menu.auditLog' },
  systemLog: { item: 'systemLog', path: ROUTES.systemLog, icon: 'console', labelKey: 'shell.menu.systemLog' },
  messagingLog: { item: 'messagingLog', path: ROUTES.messagingLog, icon: 'chat', labelKey: 'shell.menu.messagingLog' },
  heatSight: { item: 'heatSight', path: ROUTES.heatSight, icon: 'heat-grid', labelKey: 'shell.menu.heatSight' },
};

/** The side drawer of spec section 2: home, configuration, the Admin and Logs groups, services. */
export const MENU_SECTIONS: readonly MenuSection[] = [
  { titleKey: null, entries: [MENU_ENTRIES.home] },
  {
    titleKey: 'shell.menu.groupConfig',
    entries: [MENU_ENTRIES.environments, MENU_ENTRIES.users, MENU_ENTRIES.devices, MENU_ENTRIES.dataPath],
  },
  {
    titleKey: 'shell.menu.groupAdmin',
    entries: [MENU_ENTRIES.versionsManagement, MENU_ENTRIES.thresholds, MENU_ENTRIES.usageMonitoring],
  },
  {
    titleKey: 'shell.menu.groupLogs',
    entries: [MENU_ENTRIES.auditLog, MENU_ENTRIES.systemLog, MENU_ENTRIES.messagingLog],
  },
  { titleKey: 'shell.menu.groupServices', entries: [MENU_ENTRIES.heatSight] },
];

export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  return entry.path === ROUTES.home ? pathname === ROUTES.home : pathname.startsWith(entry.path);
}
