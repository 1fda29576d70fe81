import { can, TwoFactorStatus, type Environment } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { validateValues } from '../../crud';
import { environmentPayload, environmentsScreen, type EnvironmentValues } from './environmentsScreen';

const values = (overrides: Partial<EnvironmentValues> = {}): EnvironmentValues => ({
  ...environmentsScreen.emptyValues([]),
  environment_name: 'north-fleet',
  username: 'north_admin',
  password: 'Str0ng pass',
  email: 'n@example.com',
  ...overrides,
});

const row: Environment = {
  id: 4,
  name: 'north-fleet',
  parent_id: 1,
  username: 'north_admin',
  email: 'n@example.com',
  description: null,
  ca_server_address: '10.0.0.9',
  realm_type: 1,
  enabled_feature_ids: [1],
  two_factor_auth_status: TwoFactorStatus.ACTIVE,
  severity: 3,
};

describe('environments screen declaration', () => {
  it('sends the product CA as null and a custom CA as its address', () => {
    expect(environmentPayload.add(values()).ca_server_address).toBeNull();
    expect(
      environmentPayload.add(values({ ca_choice: 'custom', ca_server_address: 'ca.example.com' })).ca_server_address,
    ).toBe('ca.example.com');
    // An address typed and then switched back to the product CA is not sent.
    expect(environmentPayload.add(values({ ca_choice: 'own', ca_server_address: 'x' })).ca_server_address).toBeNull();
  });

  it('sends an empty password on edit as null and an empty description as null', () => {
    expect(environmentPayload.edit(values({ password: '' }))).toMatchObject({ password: null, description: null });
  });

  it('opens an edit with the row’s values, the password empty and the CA choice set', () => {
    expect(environmentsScreen.toValues(row)).toMatchObject({
      environment_name: 'north-fleet',
      password: '',
      ca_choice: 'custom',
      ca_server_address: '10.0.0.9',
      heat_sight: 'own',
    });
  });

  it('sends HeatSight as the feature ids it stands for, and hides it from all but a manager', () => {
    expect(environmentPayload.add(values()).enabled_feature_ids).toEqual([]);
    expect(environmentPayload.edit(values({ heat_sight: 'own' })).enabled_feature_ids).toEqual([1]);
    expect(environmentPayload.edit(values({ heat_sight: 'descendants' })).enabled_feature_ids).toEqual([1, 2]);
    const field = environmentsScreen.fields.find((candidate) => candidate.name === 'heat_sight');
    const manager = { environment_manager: true, permissions: [] };
    const editor = { environment_manager: false, permissions: [20, 22] };
    expect(field?.hidden?.(values(), 'edit', manager)).toBe(false);
    expect(field?.hidden?.(values(), 'edit', editor)).toBe(true);
    expect(field?.hidden?.(values(), 'edit', null)).toBe(true);
  });

  it('shows the rules inline: names without spaces, a password on add only, a valid CA address', () => {
    expect(validateValues(environmentsScreen, values(), 'add')).toEqual({});
    expect(validateValues(environmentsScreen, values({ environment_name: 'north fleet' }), 'add')).toEqual({
      environment_name: { key: 'validation.invalidCharacters', params: ['name'] },
    });
    expect(validateValues(environmentsScreen, values({ password: '' }), 'add').password?.key).toBe(
      'validation.required',
    );
    expect(validateValues(environmentsScreen, values({ password: '' }), 'edit')).toEqual({});
    expect(
      validateValues(environmentsScreen, values({ ca_choice: 'custom', ca_server_address: 'ca example' }), 'add')
        .ca_server_address?.key,
    ).toBe('validation.invalid');
  });

  it('offers the 2FA deactivation to a parent manager only while the sub-manager’s 2FA is active', () => {
    const action = environmentsScreen.rowActions?.find((each) => each.name === 'deactivateTwoFactor');
    const manager = { environment_manager: true, permissions: [] };
    const viewer = { environment_manager: false, permissions: [20, 21, 22, 23] };
    expect(can(manager, 'twoFactor.deactivateOthers')).toBe(true);
    expect(action?.visible(row, manager)).toBe(true);
    expect(action?.visible({ ...row, two_factor_auth_status: TwoFactorStatus.PENDING }, manager)).toBe(false);
    expect(action?.visible(row, viewer)).toBe(false);
  });
});
