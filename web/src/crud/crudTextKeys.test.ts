import { describe, expect, it } from 'vitest';
import { applicationRulesScreen } from '../features/data-path/applicationRulesScreen';
import { vpnProfilesScreen } from '../features/data-path/vpnProfilesScreen';
import { devicesScreen } from '../features/devices/devicesScreen';
import { environmentsScreen } from '../features/environments/environmentsScreen';
import { groupsScreen } from '../features/groups/groupsScreen';
import { usersScreen } from '../features/users/usersScreen';
import { createI18n } from '../lib/i18n/i18n';
import { crudTextKeys, type CrudTextKeys } from './crudDefinition';

const SCREENS = {
  environments: environmentsScreen,
  users: usersScreen,
  groups: groupsScreen,
  devices: devicesScreen({ list: () => null, toolbar: () => null, rowLinks: [], knownServers: () => [] }),
  applicationRules: applicationRulesScreen({ devices: [] }),
  vpnProfiles: vpnProfilesScreen,
};

const keysOf = (texts: CrudTextKeys) =>
  Object.values(texts).flatMap((value: CrudTextKeys[keyof CrudTextKeys]) =>
    value === null ? [] : typeof value === 'string' ? [value] : Object.values(value),
  );

describe('the CRUD kit’s texts of every screen', () => {
  const english = createI18n('en-US');

  it.each(Object.entries(SCREENS))('%s has every text the kit shows, in en-US', (_name, definition) => {
    const texts = crudTextKeys(definition);
    const missing = keysOf(texts).filter((key) => !english.exists(key, { lng: 'en-US', fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it('names a section heading for each form section and a protected-row text only where rows are protected', () => {
    expect(Object.keys(crudTextKeys(vpnProfilesScreen).sections).sort()).toEqual(['advanced', 'general', 'server']);
    expect(crudTextKeys(usersScreen).protectedRow).toBe('users.list.protected');
    expect(crudTextKeys(groupsScreen).protectedRow).toBeNull();
  });
});
