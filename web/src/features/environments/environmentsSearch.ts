import { API } from '@halo/shared';
import type { SearchSourceDeclaration } from '../../lib/screens';

/** Global search looks for environments by name, manager and e-mail. */
export const environmentsSearch: SearchSourceDeclaration = {
  name: 'environments',
  labelKey: 'search.lists.environments',
  capability: 'environments.view',
  list: 'environments',
  rank: 3,
  load: async (api, environmentId, signal) => {
    const answer = await api.call(API.environments.list, { params: { environmentId } }, { signal });
    return answer.environments.map((environment) => ({
      key: environment.id,
      label: environment.name,
      extra: [environment.username, environment.email ?? ''].join(' '),
    }));
  },
};
