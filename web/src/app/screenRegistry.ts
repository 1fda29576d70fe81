import { ROUTES } from '@halo/shared';
import { applicationRulesSearch, DataPathPage, vpnProfilesSearch } from '../features/data-path';
import { DeviceRoute } from '../features/device-page';
import { DevicesPage, devicesSearch } from '../features/devices';
import { EnvironmentsPage, environmentsSearch } from '../features/environments';
import { HeatSightRoute } from '../features/heatsight';
import { HomePage } from '../features/home';
import { AlarmsPage, SilencesPage, AuditLogPage, MessagingLogPage, SystemLogPage } from '../features/logs';
import { ReportsPage } from '../features/reports';
import { SatcomTargetPage } from '../features/satcom-target';
import { ThresholdsPage } from '../features/thresholds';
import { UsagePage } from '../features/usage';
import { UsersPage, usersSearch } from '../features/users';
import { VersionsPage } from '../features/versions';
import type { ScreenEntry } from '../lib/screens';

/**
 * Every screen behind the login, in menu order. The router makes a route of each
 * (`routes.tsx`) and hands the list to the shell, which builds the side drawer and global
 * search from it: adding a screen is its folder and one entry here.
 */
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
    // One device's page (issue 28): reached from the table, Home, alarms, search and the logs.
    pages: [{ path: ROUTES.device, titleKey: 'devicePage.title', page: DeviceRoute }],
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
    item: 'alarms',
    path: ROUTES.alarms,
    icon: 'notifications',
    labelKey: 'shell.menu.alarms',
    group: 'logs',
    page: AlarmsPage,
    // The silences in force and planned (issue 39, item 2): reached from the alarms, Home, the bell.
    pages: [{ path: ROUTES.silences, titleKey: 'alarms.silencesPage.title', page: SilencesPage }],
  },
  {
    item: 'heatSight',
    path: ROUTES.heatSight,
    icon: 'heat-grid',
    labelKey: 'shell.menu.heatSight',
    group: 'services',
    page: HeatSightRoute,
  },
  {
    item: 'reports',
    path: ROUTES.reports,
    icon: 'th-list',
    labelKey: 'shell.menu.reports',
    group: 'services',
    page: ReportsPage,
  },
];
