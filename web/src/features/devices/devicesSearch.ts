import { API, devicePath, type Device } from '@halo/shared';
import type { SearchSourceDeclaration } from '../../lib/screens';

/** Matches asked for per search: enough for the names first among them (filterSearchGroups). */
const FOUND_MAX = 50;

const itemOf = (device: Device) => ({
  key: device.id,
  label: device.name,
  extra: device.pairing_id,
  route: devicePath(device.id),
});

/**
 * Global search looks for devices by name or serial number on the server (a fleet of 100,000
 * is not loaded to find one); a result opens the device's page.
 */
export const devicesSearch: SearchSourceDeclaration = {
  name: 'devices',
  labelKey: 'search.lists.devices',
  capability: 'devices.view',
  list: 'devices',
  rank: 1,
  find: async (api, environmentId, text, signal) => {
    const query = { search: text, limit: FOUND_MAX };
    const answer = await api.call(API.devices.list, { params: { environmentId }, query }, { signal });
    return answer.devices.map(itemOf);
  },
};
