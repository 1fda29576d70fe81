import { describe, expect, it } from 'vitest';
import type { Subject } from './can.js';
import { isMenuItemEnabled, MENU_ITEM_CAPABILITY, type MenuItem } from './menu.js';
import { Feature, Permission } from './permissions.js';

const user = (permissions: number[], extra: Partial<Subject> = {}): Subject => ({
  environment_manager: false,
  permissions,
  ...extra,
});

describe('isMenuItemEnabled', () => {
  it.each<[MenuItem, number]>([
    ['environments', Permission.ENVIRONMENTS_VIEW],
    ['users', Permission.USERS_VIEW],
    ['devices', Permission.DEVICES_VIEW],
    ['dataPath', Permission.APPLICATION_RULES_VIEW],
    ['dataPath', Permission.OPENVPN_PROFILE_VIEW],
    ['versionsManagement', Permission.ADMIN_VIEW],
    ['thresholds', Permission.ADMIN_VIEW],
    ['usageMonitoring', Permission.ADMIN_VIEW],
    ['satcomTarget', Permission.ADMIN_VIEW],
    ['auditLog', Permission.LOGS_VIEW],
    ['systemLog', Permission.LOGS_VIEW],
    ['messagingLog', Permission.MESSAGING_LOG_VIEW],
    ['reports', Permission.DEVICES_VIEW],
  ])('enables %s with permission %i and disables it without', (item, permission) => {
    expect(isMenuItemEnabled(user([permission]), item)).toBe(true);
    expect(isMenuItemEnabled(user([]), item)).toBe(false);
  });

  it('does not let the logs permission open the messaging log', () => {
    expect(isMenuItemEnabled(user([Permission.LOGS_VIEW]), 'messagingLog')).toBe(false);
  });

  it('enables HeatSight with a feature permission unless the realm type is 2', () => {
    const withFeature = user([], { enabled_feature_ids: [Feature.HEATSIGHT_OWN_ENVIRONMENT] });
    expect(isMenuItemEnabled(withFeature, 'heatSight')).toBe(true);
    expect(isMenuItemEnabled({ ...withFeature, realm_type: 2 }, 'heatSight')).toBe(false);
    expect(isMenuItemEnabled({ environment_manager: true, permissions: [] }, 'heatSight')).toBe(false);
  });

  it('enables home for anyone logged in and nothing for no subject', () => {
    expect(isMenuItemEnabled(user([]), 'home')).toBe(true);
    for (const item of Object.keys(MENU_ITEM_CAPABILITY) as MenuItem[]) {
      expect(isMenuItemEnabled(null, item)).toBe(false);
      expect(isMenuItemEnabled(undefined, item)).toBe(false);
    }
  });

  it('enables every permission-based item for the environment manager', () => {
    const manager = { environment_manager: true, permissions: [] };
    for (const item of Object.keys(MENU_ITEM_CAPABILITY) as MenuItem[]) {
      expect(isMenuItemEnabled(manager, item)).toBe(item !== 'heatSight');
    }
  });

  it.each(['__proto__', 'constructor', 'toString', 'wall', ''])('disables the unknown item %s', (item) => {
    expect(isMenuItemEnabled({ environment_manager: true, permissions: [] }, item as MenuItem)).toBe(false);
  });
});
