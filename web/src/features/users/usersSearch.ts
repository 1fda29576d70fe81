import { API } from '@halo/shared';
import type { SearchSourceDeclaration } from '../../lib/screens';

/** Global search looks for users by username, name and e-mail. */
export const usersSearch: SearchSourceDeclaration = {
  name: 'users',
  labelKey: 'search.lists.users',
  capability: 'users.view',
  list: 'users',
  rank: 2,
  load: async (api, environmentId, signal) => {
    const answer = await api.call(API.users.list, { params: { environmentId } }, { signal });
    return answer.users.map((user) => ({
      key: user.id,
      label: user.username,
      extra: [user.name ?? '', user.email ?? ''].join(' '),
    }));
  },
};
