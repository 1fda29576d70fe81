import { PERMISSION_AREAS } from '@halo/shared';
import type { TFunction } from 'i18next';

/** The kinds of permission an area may have, in the permission editor's column order. */
export const PERMISSION_KINDS = ['view', 'add', 'update', 'delete', 'updateAll', 'deleteAll'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** The name of each area of permissions (spec section 6). */
export const AREA_LABEL_KEYS: Readonly<Record<PermissionArea['area'], string>> = {
  environments: 'users.permissions.areas.environments',
  users: 'users.permissions.areas.users',
  devices: 'users.permissions.areas.devices',
  applicationRules: 'users.permissions.areas.applicationRules',
  openVpnProfiles: 'users.permissions.areas.openVpnProfiles',
  rfRecordings: 'users.permissions.areas.rfRecordings',
  admin: 'users.permissions.areas.admin',
  logs: 'users.permissions.areas.logs',
  messagingLog: 'users.permissions.areas.messagingLog',
};

/** The name of each kind of permission. */
export const KIND_LABEL_KEYS: Readonly<Record<PermissionKind, string>> = {
  view: 'users.permissions.kinds.view',
  add: 'users.permissions.kinds.add',
  update: 'users.permissions.kinds.update',
  delete: 'users.permissions.kinds.delete',
  updateAll: 'users.permissions.kinds.updateAll',
  deleteAll: 'users.permissions.kinds.deleteAll',
};

/** A kind that does something of its own in an area, named for what it does (logs' update acknowledges alarms). */
export const SPECIAL_KIND_LABEL_KEYS: Partial<
  Readonly<Record<PermissionArea['area'], Partial<Readonly<Record<PermissionKind, string>>>>>
> = {
  logs: { update: 'users.permissions.special.logsUpdate' },
};

/** A permission number's name, "area: kind" (`Logs: Acknowledge alarms`), or the number when it is none of section 6's. */
export function permissionName(t: TFunction, permission: number): string {
  for (const area of PERMISSION_AREAS) {
    for (const kind of PERMISSION_KINDS) {
      if ((area as Partial<Record<PermissionKind, number>>)[kind] !== permission) continue;
      const kindKey = SPECIAL_KIND_LABEL_KEYS[area.area]?.[kind] ?? KIND_LABEL_KEYS[kind];
      return `${t(AREA_LABEL_KEYS[area.area])}: ${t(kindKey)}`;
    }
  }
  return String(permission);
}

/** A list of permission numbers as an audit entry keeps it ("50,70,71"), named. */
export function permissionNames(t: TFunction, list: string): string {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => (/^\d+$/.test(item) ? permissionName(t, Number(item)) : item))
    .join(', ');
}
