import type { Device, HubDeviceLookup } from '@halo/shared';

/** The hubs' devices as the shared hub-port rule asks for them: name and control ports. */
export function hubLookupOf(devices: readonly Device[]): HubDeviceLookup {
  const byId = new Map(devices.map((device) => [device.id, device]));
  return (deviceId) => {
    const device = byId.get(deviceId);
    return device ? { name: device.name, ports: device.ports ?? null } : undefined;
  };
}
