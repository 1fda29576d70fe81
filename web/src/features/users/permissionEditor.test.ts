import { PERMISSION_AREAS, Permission, UserUpdateSchema } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { validateValues } from '../../crud';
import { areaPermissions, areaState, permissionOf, toggleArea, togglePermission } from './permissionEditor';
import { userPayload, usersScreen, type UserValues } from './usersScreen';

const area = (name: string) => {
  const found = PERMISSION_AREAS.find((each) => each.area === name);
  if (!found) throw new Error(name);
  return found;
};

describe('permission editor', () => {
  it('lists each area’s numbers in column order, the all-variants included', () => {
    expect(areaPermissions(area('devices'))).toEqual([50, 51, 52, 54, 53, 55]);
    expect(areaPermissions(area('admin'))).toEqual([130, 131, 132]);
    expect(areaPermissions(area('logs'))).toEqual([70, 71]);
    expect(permissionOf(area('logs'), 'add')).toBeUndefined();
  });

  it('ticks and unticks single permissions, sorted and without repeats', () => {
    const devices = area('devices');
    let permissions = togglePermission([], devices, 'updateAll', true);
    expect(permissions).toEqual([Permission.DEVICES_UPDATE_ALL]);
    permissions = togglePermission([30, ...permissions], devices, 'view', true);
    expect(permissions).toEqual([30, 50, 53]);
    expect(togglePermission(permissions, devices, 'view', true)).toEqual([30, 50, 53]);
    expect(togglePermission(permissions, devices, 'updateAll', false)).toEqual([30, 50]);
    // A kind the area does not have changes nothing.
    expect(togglePermission(permissions, area('logs'), 'delete', true)).toEqual([30, 50, 53]);
  });

  it('the area’s all checkbox ticks every number of the area, or none, and shows some', () => {
    const users = area('users');
    expect(areaState([], users)).toBe('none');
    const all = toggleArea([20], users, true);
    expect(all).toEqual([20, 30, 31, 32, 33]);
    expect(areaState(all, users)).toBe('all');
    expect(areaState([30, 32], users)).toBe('some');
    expect(toggleArea(all, users, false)).toEqual([20]);
  });

  it('every number the editor can produce is one the shared schema accepts', () => {
    let permissions: number[] = [];
    for (const each of PERMISSION_AREAS) permissions = toggleArea(permissions, each, true);
    const parsed = UserUpdateSchema.safeParse(
      userPayload.edit({ ...usersScreen.emptyValues([]), username: 'a_b', email: 'a@b.co', permissions }),
    );
    expect(parsed.success).toBe(true);
  });
});

describe('users screen declaration', () => {
  const values = (overrides: Partial<UserValues>): UserValues => ({
    ...usersScreen.emptyValues([]),
    username: 'operator_1',
    email: 'op@example.com',
    password: 'Str0ng pass',
    ...overrides,
  });

  it('starts a new user at severity 3, enabled, without permissions', () => {
    expect(usersScreen.emptyValues([])).toMatchObject({ severity: 3, is_disabled: false, permissions: [] });
  });

  it('sends an empty password on edit as null (unchanged), and keeps it on add', () => {
    expect(userPayload.edit(values({ password: '' })).user.password).toBeNull();
    expect(userPayload.add(values({ password: '' })).user.password).toBe('');
    expect(userPayload.edit(values({})).user.password).toBe('Str0ng pass');
  });

  it('shows the section 5 rules per field as the shared schema reports them', () => {
    expect(validateValues(usersScreen, values({}), 'add')).toEqual({});
    expect(validateValues(usersScreen, values({ username: 'john doe' }), 'add')).toEqual({
      username: { key: 'validation.invalidCharacters', params: ['name'] },
    });
    expect(validateValues(usersScreen, values({ password: '' }), 'add').password?.key).toBe('validation.required');
    expect(validateValues(usersScreen, values({ password: '' }), 'edit')).toEqual({});
    expect(validateValues(usersScreen, values({ password: 'weak' }), 'edit').password?.key).toBe('validation.password');
    expect(validateValues(usersScreen, values({ email: 'nope' }), 'add').email?.key).toBe('validation.invalid');
  });

  it('protects the environment manager’s row', () => {
    const row = {
      id: 1,
      username: 'admin',
      name: null,
      email: null,
      description: null,
      environment_id: 1,
      environment_manager: true,
      permissions: [],
      severity: 3,
      is_disabled: false,
      two_factor_auth_status: 1 as const,
    };
    expect(usersScreen.isProtected?.(row)).toBe(true);
    expect(usersScreen.isProtected?.({ ...row, environment_manager: false })).toBe(false);
  });
});
