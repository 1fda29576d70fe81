import type { PERMISSION_AREAS } from '@halo/shared';

/** The columns of the permission editor, in order; an area shows only those it has. */
export const PERMISSION_KINDS = ['view', 'add', 'update', 'delete', 'updateAll', 'deleteAll'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** The editor's labels: the name of each area and each kind of permission. */
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
export const KIND_LABEL_KEYS: Readonly<Record<PermissionKind, string>> = {
  view: 'users.permissions.kinds.view',
  add: 'users.permissions.kinds.add',
  update: 'users.permissions.kinds.update',
  delete: 'users.permissions.kinds.delete',
  updateAll: 'users.permissions.kinds.updateAll',
  deleteAll: 'users.permissions.kinds.deleteAll',
};

/** The permission numbers of one area, in column order. */
export function areaPermissions(area: PermissionArea): number[] {
  const numbers: number[] = [];
  for (const kind of PERMISSION_KINDS) {
    const permission = (area as Partial<Record<PermissionKind, number>>)[kind];
    if (permission !== undefined) numbers.push(permission);
  }
  return numbers;
}

export function permissionOf(area: PermissionArea, kind: PermissionKind): number | undefined {
  return (area as Partial<Record<PermissionKind, number>>)[kind];
}

function normalise(list: Iterable<number>): number[] {
  return [...new Set(list)].sort((a, b) => a - b);
}

/** Ticks or unticks one permission of an area; the list stays sorted and without repeats. */
export function togglePermission(current: readonly number[], area: PermissionArea, kind: PermissionKind, on: boolean) {
  const permission = permissionOf(area, kind);
  if (permission === undefined) return normalise(current);
  const next = new Set(current);
  if (on) next.add(permission);
  else next.delete(permission);
  return normalise(next);
}

/** The area's 'all' checkbox: every permission of the area, or none of them. */
export function toggleArea(current: readonly number[], area: PermissionArea, on: boolean) {
  const next = new Set(current);
  for (const each of areaPermissions(area)) {
    if (on) next.add(each);
    else next.delete(each);
  }
  return normalise(next);
}

export type AreaState = 'all' | 'some' | 'none';

export function areaState(current: readonly number[], area: PermissionArea): AreaState {
  const numbers = areaPermissions(area);
  const held = numbers.filter((each) => current.includes(each)).length;
  return held === 0 ? 'none' : held === numbers.length ? 'all' : 'some';
}
