import {
  compactDeviceLiveState,
  patchDeviceLiveState,
  type DeviceLiveState,
  type DevicesDelta,
  type DevicesSnapshot,
  type LogsSystemEvent,
} from '@halo/shared';
import { foldDeviceStatus } from '../pollers/environmentPoller.js';
import type { FakeUpstream } from './fakeUpstream.js';
import type { LiveClient } from './testGateway.js';

/**
 * What a well-behaved client holds: the last snapshot with the deltas applied in order. A
 * delta that does not follow on (another epoch, a seq gap) is counted, not applied, as a
 * client would then subscribe again.
 */
export class LiveView {
  readonly devices = new Map<number, DeviceLiveState>();
  epoch: string | null = null;
  seq = 0;
  snapshots = 0;
  readonly deltas: DevicesDelta[] = [];
  readonly logs: LogsSystemEvent[] = [];
  gaps = 0;

  constructor(readonly client: LiveClient) {
    client.on('devices.snapshot', (snapshot: DevicesSnapshot) => {
      this.snapshots += 1;
      this.epoch = snapshot.epoch;
      this.seq = snapshot.seq;
      this.devices.clear();
      for (const device of snapshot.devices) this.devices.set(device.id, device);
    });
    client.on('devices.delta', (delta: DevicesDelta) => {
      this.deltas.push(delta);
      if (delta.epoch !== this.epoch || delta.seq !== this.seq + 1) {
        this.gaps += 1;
        return;
      }
      this.seq = delta.seq;
      for (const patch of delta.changed) {
        // As a browser does: the patched state must be a whole, valid state.
        const device = patchDeviceLiveState(this.devices.get(patch.id), patch);
        if (device === null)
          throw new Error(`delta ${delta.seq}: the patch of device ${patch.id} gives no valid state`);
        this.devices.set(patch.id, device);
      }
      for (const id of delta.removed) this.devices.delete(id);
    });
    client.on('logs.system', (event: LogsSystemEvent) => this.logs.push(event));
  }

  /** The devices sorted by id, for comparisons. */
  list(): DeviceLiveState[] {
    return [...this.devices.values()].sort((a, b) => a.id - b.id);
  }
}

/** What the fake upstream holds for an environment, compacted and folded as the poller does. */
export function upstreamDevices(upstream: FakeUpstream, environmentId: number): DeviceLiveState[] {
  return [...upstream.fleet.devices.values()]
    .filter((device) => device.environmentId === environmentId)
    .map((device) =>
      foldDeviceStatus(compactDeviceLiveState(device.state), {
        device_id: device.state.id,
        halo_data_links_info: device.links,
        halo_system_report: device.gnssLock === null ? null : { gnss_lock: device.gnssLock },
      }),
    )
    .sort((a, b) => a.id - b.id);
}
