import type { RuleHub } from '@halo/shared';
import { useDataPathLists } from '../dataPathContext';

/** A rule's hubs by device name, primary first. */
export function HubNames({ hubs }: { readonly hubs: readonly RuleHub[] }) {
  const { devices } = useDataPathLists();
  return (
    <>
      {hubs.map((hub) => devices.find((device) => device.id === hub.device_id)?.name ?? `#${hub.device_id}`).join(', ')}
    </>
  );
}
