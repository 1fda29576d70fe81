import { can, type Capability, type Subject } from './can.js';

/** Routes of spec section 2 that appear in the side drawer, with what enables each. */
export const MENU_ITEM_CAPABILITY = {
  home: null,
  environments: 'environments.view',
  users: 'users.view',
  devices: 'devices.view',
  dataPath: 'dataPath.view',
  versionsManagement: 'admin.view',
  thresholds: 'admin.view',
  usageMonitoring: 'admin.view',
  satcomTarget: 'admin.view',
  auditLog: 'logs.view',
  systemLog: 'logs.view',
  messagingLog: 'messagingLog.view',
  alarms: 'alarms.view',
  heatSight: 'heatSight.view',
  /** The product's own (issue 28): availability and firmware reports, for whoever views the devices. */
  reports: 'devices.view',
} as const satisfies Record<string, Capability | null>;

export type MenuItem = keyof typeof MENU_ITEM_CAPABILITY;

export function isMenuItemEnabled(subject: Subject | null | undefined, item: MenuItem): boolean {
  const capability: Capability | null = MENU_ITEM_CAPABILITY[item];
  return capability === null ? subject != null : can(subject, capability);
}
