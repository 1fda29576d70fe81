import { API } from '@halo/shared';
import type { ApiClient } from '../../lib/api';

/** The names of each device's groups, by device id, in the groups' order by name (a device in none is absent). */
export type DeviceGroupNames = Readonly<Record<number, readonly string[]>>;

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Which groups each device of the environment is in (for the Devices CSV export): the groups,
 * then each one's devices, one call after the other (an environment holds at most
 * COLLECTION_CAPS.groups of them). Needs groups.view; the caller asks only for a user who has it.
 */
export async function deviceGroupNames(
  client: Pick<ApiClient, 'call'>,
  environmentId: number,
): Promise<DeviceGroupNames> {
  const { groups } = await client.call(API.groups.list, { params: { environmentId } });
  const names: Record<number, string[]> = {};
  for (const group of [...groups].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)) {
    const { devices } = await client.call(API.groups.devices, { params: { environmentId, id: group.id } });
    for (const device of devices) (names[device.id] ??= []).push(group.name);
  }
  return names;
}
