import {
  AREA_LABEL_KEYS,
  KIND_LABEL_KEYS,
  PERMISSION_KINDS,
  type PermissionArea,
  type PermissionKind,
} from '../../lib/i18n';

export { AREA_LABEL_KEYS, KIND_LABEL_KEYS, PERMISSION_KINDS, type PermissionArea, type PermissionKind };

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
