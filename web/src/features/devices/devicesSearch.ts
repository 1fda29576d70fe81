import { API, devicePath } from '@halo/shared';
import type { SearchSourceDeclaration } from '../../lib/screens';

/** Global search looks for devices by name; a result opens the device's page. */
export const devicesSearch: SearchSourceDeclaration = {
  name: 'devices',
  labelKey: 'search.lists.devices',
  capability: 'devices.view',
  list: 'devices',
  rank: 1,
  load: async (api, environmentId, signal) => {
    const answer = await api.call(API.devices.list, { params: { environmentId } }, { signal });
    return answer.devices.map((device) => ({
      key: device.id,
      label: device.name,
      extra: device.pairing_id,
      route: devicePath(device.id),
    }));
  },
};
