import { ROUTES } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import type { SearchSource } from '../../lib/screens';
import { filterSearchGroups } from './searchSources';

// The screens' own lists, and which of them a user is asked for, are checked with the app's registry
// (app/screenRegistry.test.ts); the filtering needs only some list.
const users: SearchSource = {
  name: 'users',
  labelKey: 'search.lists.users',
  capability: 'users.view',
  rank: 2,
  route: ROUTES.users,
  list: 'users',
  load: () => Promise.resolve([]),
};

describe('global search filtering', () => {
  it('matches names first, then other text, case-insensitively, at most five per list', () => {
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
