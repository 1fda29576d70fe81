import { ApiError, pathOf, Permission, ROUTES, type EndpointSpec, type PathParams } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { allowedSources, loadSearchGroups, searchSourcesOf } from '../features/global-search/searchSources';
import { menuSections } from '../features/shell/menuEntries';
import type { SearchSource } from '../lib/screens';
import { SCREENS } from './screenRegistry';

const SEARCH_SOURCES = searchSourcesOf(SCREENS);
const user = (permissions: number[]) => ({ environment_manager: false, permissions });
const names = (sources: readonly SearchSource[]) => sources.map((source) => source.name);

describe('the side drawer of the registered screens', () => {
  it('groups the screens under their titles in menu order, optional route parameters left out', () => {
    const sections = menuSections(SCREENS);
    expect(sections.map((section) => section.titleKey)).toEqual([
      null,
      'shell.menu.groupConfig',
      'shell.menu.groupAdmin',
      'shell.menu.groupLogs',
      'shell.menu.groupServices',
    ]);
    expect(sections.map((section) => section.entries.map((entry) => entry.item))).toEqual([
      ['home'],
      ['environments', 'users', 'devices', 'dataPath'],
      ['versionsManagement', 'thresholds', 'usageMonitoring', 'satcomTarget'],
      ['auditLog', 'systemLog', 'messagingLog', 'alarms'],
      ['heatSight', 'reports'],
    ]);
    const entries = sections.flatMap((section) => section.entries);
    expect(entries.find((entry) => entry.item === 'users')).toEqual({
      item: 'users',
      path: ROUTES.users,
      icon: 'people',
      labelKey: 'shell.menu.users',
    });
    expect(entries.find((entry) => entry.item === 'usageMonitoring')?.path).toBe('/admin/usage-monitoring');
  });
});

describe('global search sources of the registered screens', () => {
  it('asks only for the lists the user may view', () => {
    expect(names(allowedSources(user([]), SEARCH_SOURCES))).toEqual([]);
    expect(names(allowedSources(user([Permission.USERS_VIEW]), SEARCH_SOURCES))).toEqual(['users']);
    expect(
      names(allowedSources(user([Permission.ENVIRONMENTS_VIEW, Permission.OPENVPN_PROFILE_VIEW]), SEARCH_SOURCES)),
    ).toEqual(['environments', 'vpnProfiles']);
    expect(names(allowedSources({ environment_manager: true, permissions: [] }, SEARCH_SOURCES))).toEqual([
      'devices',
      'users',
      'environments',
      'applicationRules',
      'vpnProfiles',
    ]);
    expect(allowedSources(null, SEARCH_SOURCES)).toEqual([]);
  });

  it('leads devices, users and environments to their screens, rules and profiles to dataPath', () => {
    const routeOf = (name: string) => SEARCH_SOURCES.find((source) => source.name === name)?.route;
    expect(routeOf('devices')).toBe(ROUTES.devices);
    expect(routeOf('users')).toBe(ROUTES.users);
    expect(routeOf('environments')).toBe(ROUTES.environments);
    expect(routeOf('applicationRules')).toBe(ROUTES.dataPath);
    expect(routeOf('vpnProfiles')).toBe(ROUTES.dataPath);
  });

  it('leaves out a list that does not answer and calls nothing the user may not view', async () => {
    const get = vi.fn((path: string) => {
      if (path.endsWith('/devices')) return Promise.reject(new ApiError(404, { error: 'notFound', message: 'no' }));
      if (path.endsWith('/users')) {
        return Promise.resolve({
          users: [
            {
              id: 3,
              username: 'dana',
              name: 'Dana',
              email: 'dana@example.com',
              description: null,
              environment_id: 1,
              environment_manager: false,
              permissions: [],
              severity: 3,
              is_disabled: false,
              two_factor_auth_status: 1,
            },
          ],
        });
      }
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    // The test's `get` answers already-parsed bodies by path; the real client parses with the schema.
    const api = {
      call: (endpoint: EndpointSpec, input: { params?: PathParams<string> }) => get(pathOf(endpoint, input.params)),
    } as never;
    const groups = await loadSearchGroups(
      api,
      1,
      user([Permission.DEVICES_VIEW, Permission.USERS_VIEW]),
      SEARCH_SOURCES,
    );
    expect(groups.map((group) => group.source.name)).toEqual(['users']);
    expect(groups[0]?.items).toEqual([{ key: 3, label: 'dana', extra: 'Dana dana@example.com' }]);
    // Devices are searched on the server for a text (findSearchGroups), never loaded whole.
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/config/1/users']);
  });
});
