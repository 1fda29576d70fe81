import { ApiError, pathOf, Permission, ROUTES, type EndpointSpec, type PathParams } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  allowedSources,
  filterSearchGroups,
  loadSearchGroups,
  SEARCH_SOURCES,
  type SearchSource,
} from './searchSources';

const user = (permissions: number[]) => ({ environment_manager: false, permissions });
const names = (sources: readonly SearchSource[]) => sources.map((source) => source.name);

describe('global search sources', () => {
  it('asks only for the lists the user may view', () => {
    expect(names(allowedSources(user([])))).toEqual([]);
    expect(names(allowedSources(user([Permission.USERS_VIEW])))).toEqual(['users']);
    expect(names(allowedSources(user([Permission.ENVIRONMENTS_VIEW, Permission.OPENVPN_PROFILE_VIEW])))).toEqual([
      'environments',
      'vpnProfiles',
    ]);
    expect(names(allowedSources({ environment_manager: true, permissions: [] }))).toEqual([
      'devices',
      'users',
      'environments',
      'applicationRules',
      'vpnProfiles',
    ]);
    expect(allowedSources(null)).toEqual([]);
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
    const groups = await loadSearchGroups(api, 1, user([Permission.DEVICES_VIEW, Permission.USERS_VIEW]));
    expect(groups.map((group) => group.source.name)).toEqual(['users']);
    expect(groups[0]?.items).toEqual([{ key: 3, label: 'dana', extra: 'Dana dana@example.com' }]);
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/config/1/devices', '/config/1/users']);
  });

  it('matches names first, then other text, case-insensitively, at most five per list', () => {
    const users = SEARCH_SOURCES.find((source) => source.name === 'users')!;
    const items = [
      { key: 1, label: 'ops_north', extra: '' },
      { key: 2, label: 'dana', extra: 'Dana North dana@example.com' },
      ...Array.from({ length: 8 }, (_, index) => ({ key: 10 + index, label: `north_${index}`, extra: '' })),
    ];
    const found = filterSearchGroups([{ source: users, items }], 'NORTH');
    expect(found[0]?.items.map((item) => item.key)).toEqual([1, 10, 11, 12, 13]);
    expect(filterSearchGroups([{ source: users, items }], 'dana@')[0]?.items.map((item) => item.key)).toEqual([2]);
    expect(filterSearchGroups([{ source: users, items }], '   ')).toEqual([]);
    expect(filterSearchGroups([{ source: users, items }], 'zzz')).toEqual([]);
  });
});
