import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, canActOnDevice, canGrant, isLimitedToAllowedDevices, type Subject } from './can.js';
import { ALL_PERMISSIONS, Feature, isPermission, Permission } from './permissions.js';

const user = (permissions: number[], extra: Partial<Subject> = {}): Subject => ({
  environment_manager: false,
  permissions,
  ...extra,
});
const manager: Subject = { environment_manager: true, permissions: [] };

const HOSTILE_CAPABILITIES: unknown[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'DEVICES.VIEW',
  'devices.view ',
  '',
  -1,
  50,
  null,
  undefined,
  {},
  ['devices.view'],
  Symbol('devices.view'),
];

describe('can', () => {
  it('opens a capability with its permission number and not without it', () => {
    expect(can(user([Permission.USERS_VIEW]), 'users.view')).toBe(true);
    expect(can(user([Permission.USERS_VIEW]), 'users.add')).toBe(false);
    expect(can(user([]), 'users.view')).toBe(false);
  });

  it.each(HOSTILE_CAPABILITIES)('answers false for the unknown or hostile capability %s', (capability) => {
    expect(can(manager, capability)).toBe(false);
    expect(can(user([...ALL_PERMISSIONS]), capability)).toBe(false);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'admin'],
    ['a number', 20],
    ['an empty object', {}],
    ['permissions as a string', { environment_manager: false, permissions: '20,30,50' }],
    ['permissions as an object', { environment_manager: false, permissions: { 0: 50, length: 1 } }],
    ['environment_manager as a string', { environment_manager: 'true', permissions: [] }],
    ['a missing manager flag', { permissions: [50] }],
  ])('answers false for a subject that is %s', (_, subject) => {
    for (const capability of CAPABILITIES) expect(can(subject, capability)).toBe(false);
  });

  it('does not match permission numbers written as strings, negatives or near misses', () => {
    expect(can({ environment_manager: false, permissions: ['50'] }, 'devices.view')).toBe(false);
    expect(can(user([-50, 49, 50.5]), 'devices.view')).toBe(false);
  });

  it('ignores a permissions array with a poisoned prototype', () => {
    const permissions: number[] = [];
    Object.setPrototypeOf(permissions, { some: () => true });
    expect(can({ environment_manager: false, permissions }, 'devices.view')).toBe(false);
    const ownMethod = Object.assign([], { some: () => true, includes: () => true });
    expect(can({ environment_manager: false, permissions: ownMethod }, 'devices.view')).toBe(false);
  });

  it('gives the environment manager every permission-based capability', () => {
    const permissionBased = CAPABILITIES.filter((capability) => capability !== 'heatSight.view');
    for (const capability of permissionBased) expect(can(manager, capability)).toBe(true);
  });

  it('reaches ordinary users only through deactivating others 2FA as a manager', () => {
    expect(can(user([...ALL_PERMISSIONS]), 'twoFactor.deactivateOthers')).toBe(false);
    expect(can(manager, 'twoFactor.deactivateOthers')).toBe(true);
    expect(can(user([...ALL_PERMISSIONS]), 'wallDisplays.manage')).toBe(false);
    expect(can(manager, 'wallDisplays.manage')).toBe(true);
  });

  it('opens dataPath with either application rules view or OpenVPN profile view', () => {
    expect(can(user([Permission.APPLICATION_RULES_VIEW]), 'dataPath.view')).toBe(true);
    expect(can(user([Permission.OPENVPN_PROFILE_VIEW]), 'dataPath.view')).toBe(true);
    expect(can(user([Permission.DEVICES_VIEW]), 'dataPath.view')).toBe(false);
  });

  it('lets only OpenVPN profiles add (101) generate a certificate: a view-only user cannot mint credentials', () => {
    expect(can(user([Permission.OPENVPN_PROFILE_VIEW]), 'vpnCertificates.generate')).toBe(false);
    expect(
      can(user([Permission.OPENVPN_PROFILE_VIEW, Permission.OPENVPN_PROFILE_UPDATE]), 'vpnCertificates.generate'),
    ).toBe(false);
    expect(can(user([Permission.OPENVPN_PROFILE_ADD]), 'vpnCertificates.generate')).toBe(true);
  });

  it('lets the all-variants cover the plain device update and delete, not the reverse', () => {
    expect(can(user([Permission.DEVICES_UPDATE_ALL]), 'devices.update')).toBe(true);
    expect(can(user([Permission.DEVICES_DELETE_ALL]), 'devices.delete')).toBe(true);
    expect(can(user([Permission.DEVICES_UPDATE]), 'devices.updateAll')).toBe(false);
    expect(can(user([Permission.DEVICES_DELETE]), 'devices.deleteAll')).toBe(false);
  });

  it('maps admin update-all and delete-all to firmware rows', () => {
    expect(can(user([Permission.ADMIN_VIEW]), 'admin.updateAll')).toBe(false);
    expect(can(user([Permission.ADMIN_UPDATE_ALL]), 'admin.updateAll')).toBe(true);
    expect(can(user([Permission.ADMIN_DELETE_ALL]), 'admin.deleteAll')).toBe(true);
  });

  describe('heatSight', () => {
    it('needs one of the two feature permissions', () => {
      expect(can(user([], { enabled_feature_ids: [Feature.HEATSIGHT_OWN_ENVIRONMENT] }), 'heatSight.view')).toBe(true);
      expect(can(user([], { enabled_feature_ids: [Feature.HEATSIGHT_ALL_ENVIRONMENTS] }), 'heatSight.view')).toBe(true);
      expect(can(user([...ALL_PERMISSIONS], { enabled_feature_ids: [3] }), 'heatSight.view')).toBe(false);
      expect(can(user([...ALL_PERMISSIONS]), 'heatSight.view')).toBe(false);
    });

    it('is closed on realm type 2 even for the environment manager with both features', () => {
      const features = [Feature.HEATSIGHT_OWN_ENVIRONMENT, Feature.HEATSIGHT_ALL_ENVIRONMENTS];
      expect(can({ ...manager, enabled_feature_ids: features, realm_type: 2 }, 'heatSight.view')).toBe(false);
      expect(can({ ...manager, enabled_feature_ids: features, realm_type: 1 }, 'heatSight.view')).toBe(true);
    });

    it('is not opened by the manager flag alone', () => {
      expect(can(manager, 'heatSight.view')).toBe(false);
    });

    it('treats malformed feature lists as none', () => {
      const subject = { environment_manager: false, permissions: [], enabled_feature_ids: '1,2' };
      expect(can(subject, 'heatSight.view')).toBe(false);
    });
  });
});

describe('canActOnDevice', () => {
  const device = { id: 7, created_by: 3 };

  it('lets the all-variant reach any device', () => {
    expect(canActOnDevice(user([Permission.DEVICES_UPDATE_ALL]), 'update', device)).toBe(true);
    expect(canActOnDevice(user([Permission.DEVICES_DELETE_ALL]), 'delete', device)).toBe(true);
    expect(canActOnDevice(user([Permission.DEVICES_UPDATE_ALL]), 'delete', device)).toBe(false);
  });

  it('lets the plain permission reach allowed devices and devices the user created only', () => {
    const plain = [Permission.DEVICES_UPDATE, Permission.DEVICES_DELETE];
    expect(canActOnDevice(user(plain, { allowed_device_ids: [7] }), 'update', device)).toBe(true);
    expect(canActOnDevice(user(plain, { user_id: 3 }), 'delete', device)).toBe(true);
    expect(canActOnDevice(user(plain, { allowed_device_ids: [8], user_id: 4 }), 'update', device)).toBe(false);
    expect(canActOnDevice(user(plain), 'delete', device)).toBe(false);
  });

  it('does not treat an unknown creator as the user when the user id is unknown', () => {
    const plain = [Permission.DEVICES_UPDATE];
    expect(canActOnDevice(user(plain), 'update', { id: 7 })).toBe(false);
    expect(canActOnDevice(user(plain), 'update', { id: 7, created_by: null })).toBe(false);
    const nullUser = { ...user(plain), user_id: null } as unknown as Subject;
    expect(canActOnDevice(nullUser, 'update', { id: 7, created_by: null })).toBe(false);
  });

  it('needs the permission even for an allowed device', () => {
    expect(canActOnDevice(user([Permission.DEVICES_VIEW], { allowed_device_ids: [7] }), 'update', device)).toBe(false);
  });

  it('lets the environment manager act on any device', () => {
    expect(canActOnDevice(manager, 'update', device)).toBe(true);
    expect(canActOnDevice(manager, 'delete', device)).toBe(true);
  });

  it('refuses malformed subjects, actions and devices', () => {
    expect(canActOnDevice(null, 'update', device)).toBe(false);
    expect(canActOnDevice({ environment_manager: false, permissions: '52' }, 'update', device)).toBe(false);
    expect(canActOnDevice(manager, '__proto__' as 'update', device)).toBe(false);
    expect(canActOnDevice(manager, 'update', null as unknown as { id: number })).toBe(false);
    expect(canActOnDevice(manager, 'update', { id: '7' } as unknown as { id: number })).toBe(false);
  });
});

describe('isPermission', () => {
  it('knows every number of section 6 and nothing else', () => {
    expect(
      [
        20, 21, 22, 23, 30, 31, 32, 33, 50, 51, 52, 53, 54, 55, 60, 61, 62, 63, 70, 100, 101, 102, 103, 110, 111, 120,
        130, 131, 132,
      ].every(isPermission),
    ).toBe(true);
    expect([0, 24, 56, 64, 112, 133, -20, 20.5, '20', null].some(isPermission)).toBe(false);
  });
});

describe('canGrant', () => {
  it('lets a manager grant anything and anyone else only what they hold', () => {
    const manager = { environment_manager: true, permissions: [] };
    const operator = { environment_manager: false, permissions: [Permission.USERS_VIEW, Permission.USERS_ADD] };
    expect(ALL_PERMISSIONS.every((permission) => canGrant(manager, permission))).toBe(true);
    expect(canGrant(operator, Permission.USERS_ADD)).toBe(true);
    expect(canGrant(operator, Permission.USERS_DELETE)).toBe(false);
    expect(canGrant(null, Permission.USERS_VIEW)).toBe(false);
  });
});

describe('isLimitedToAllowedDevices', () => {
  it('keeps plain device writes to the allowed devices, the all-variants and the manager to none', () => {
    expect(isLimitedToAllowedDevices(user([Permission.DEVICES_UPDATE]))).toBe(true);
    expect(isLimitedToAllowedDevices(user([Permission.DEVICES_DELETE, Permission.LOGS_VIEW]))).toBe(true);
    expect(isLimitedToAllowedDevices(user([Permission.DEVICES_UPDATE, Permission.DEVICES_UPDATE_ALL]))).toBe(false);
    expect(isLimitedToAllowedDevices(user([Permission.DEVICES_UPDATE, Permission.DEVICES_DELETE_ALL]))).toBe(false);
    expect(isLimitedToAllowedDevices(user([Permission.LOGS_VIEW, Permission.ALARMS_ACKNOWLEDGE]))).toBe(false);
    expect(isLimitedToAllowedDevices(manager)).toBe(false);
  });

  it.each([null, undefined, {}, '__proto__', { permissions: [53] }])(
    'keeps the malformed subject %s limited',
    (subject) => {
      expect(isLimitedToAllowedDevices(subject)).toBe(true);
    },
  );
});
