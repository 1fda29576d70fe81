import type { IconName } from '@blueprintjs/icons';
import { ROUTES, type MenuItem } from '@halo/shared';
import type { ComponentType } from 'react';
import { applicationRulesSearch, DataPathPage, vpnProfilesSearch } from '../features/data-path';
import { DevicesPage, devicesSearch } from '../features/devices';
import { EnvironmentsPage, environmentsSearch } from '../features/environments';
import type { SearchSourceDeclaration } from '../features/global-search';
import { HeatSightRoute } from '../features/heatsight';
import { HomePage } from '../features/home';
import { AuditLogPage, MessagingLogPage, SystemLogPage } from '../features/logs';
import { SatcomTargetPage } from '../features/satcom-target';
import { ThresholdsPage } from '../features/thresholds';
import { UsagePage } from '../features/usage';
import { UsersPage, usersSearch } from '../features/users';
import { VersionsPage } from '../features/versions';

/** The side drawer's groups of spec section 2, in order. */
export const MENU_GROUPS = ['main', 'config', 'admin', 'logs', 'services'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * One screen of the console: its route, the menu entry that opens it (the permission is the
 * menu item's, shared `MENU_ITEM_CAPABILITY`), the page, and the lists global search finds in
 * it. The router, the side drawer and global search read this list; adding a screen is its
 * folder and one entry here.
 */
export interface ScreenEntry {
  readonly item: MenuItem;
  /** The route (optional parameters included). */
  readonly path: string;
  readonly icon: IconName;
  /** i18n key of the menu label, also the page title. */
  readonly labelKey: string;
  readonly group: MenuGroup;
  readonly page: ComponentType;
  readonly search?: readonly SearchSourceDeclaration[];
}

/** Every screen behind the login, in menu order. */
export const SCREENS: readonly ScreenEntry[] = [
  { item: 'home', path: ROUTES.home, icon: 'home', labelKey: 'shell.menu.home', group: 'main', page: HomePage },
  {
    item: 'environments',
    path: ROUTES.environments,
    icon: 'layers',
    labelKey: 'shell.menu.environments',
    group: 'config',
    page: EnvironmentsPage,
    search: [environmentsSearch],
  },
  {
    item: 'users',
    path: ROUTES.users,
    icon: 'people',
    labelKey: 'shell.menu.users',
    group: 'config',
    page: UsersPage,
    search: [usersSearch],
  },
  {
    item: 'devices',
    path: ROUTES.devices,
    icon: 'satellite',
    labelKey: 'shell.menu.devices',
    group: 'config',
    page: DevicesPage,
    search: [devicesSearch],
  },
  {
    item: 'dataPath',
    path: ROUTES.dataPath,
    icon: 'data-connection',
    labelKey: 'shell.menu.dataPath',
    group: 'config',
    page: DataPathPage,
    search: [applicationRulesSearch, vpnProfilesSearch],
  },
  {
    item: 'versionsManagement',
    path: ROUTES.versionsManagement,
    icon: 'git-branch',
    labelKey: 'shell.menu.versionsManagement',
    group: 'admin',
    page: VersionsPage,
  },
  {
    item: 'thresholds',
    path: ROUTES.thresholds,
    icon: 'timeline-bar-chart',
    labelKey: 'shell.menu.thresholds',
    group: 'admin',
    page: ThresholdsPage,
  },
  {
    item: 'usageMonitoring',
    path: ROUTES.usageMonitoring,
    icon: 'dashboard',
    labelKey: 'shell.menu.usageMonitoring',
    group: 'admin',
    page: UsagePage,
  },
  {
    item: 'satcomTarget',
    path: ROUTES.satcomTarget,
    icon: 'send-message',
    labelKey: 'shell.menu.satcomTarget',
    group: 'admin',
    page: SatcomTargetPage,
  },
  {
    item: 'auditLog',
    path: ROUTES.auditLog,
    icon: 'history',
    labelKey: 'shell.menu.auditLog',
    group: 'logs',
    page: AuditLogPage,
  },
  {
    item: 'systemLog',
    path: ROUTES.systemLog,
    icon: 'console',
    labelKey: 'shell.menu.systemLog',
    group: 'logs',
    page: SystemLogPage,
  },
  {
    item: 'messagingLog',
    path: ROUTES.messagingLog,
    icon: 'chat',
    labelKey: 'shell.menu.messagingLog',
    group: 'logs',
    page: MessagingLogPage,
  },
  {
    item: 'heatSight',
    path: ROUTES.heatSight,
    icon: 'heat-grid',
    labelKey: 'shell.menu.heatSight',
    group: 'services',
    page: HeatSightRoute,
  },
];
