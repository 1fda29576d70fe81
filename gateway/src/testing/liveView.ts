import {
  applySummaryMessage,
  compactDeviceLiveState,
  decodeDevicesSnapshot,
  FleetReplica,
  FleetSummaryMessageSchema,
  type FleetSummary,
  type FleetSummaryMessage,
  type DeviceLiveState,
  type DevicesDelta,
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
  /** Every environment's message is taken: the view follows whichever it subscribed to. */
  private replica: FleetReplica | null = null;
  snapshots = 0;
  readonly deltas: DevicesDelta[] = [];
  readonly logs: LogsSystemEvent[] = [];
  gaps = 0;

  constructor(readonly client: LiveClient) {
    client.on('devices.snapshot', (message: unknown) => {
      // As a browser does: a snapshot that does not decode to valid states is an error.
      const snapshot = decodeDevicesSnapshot(message);
      this.snapshots += 1;
      this.replica = new FleetReplica(snapshot.environmentId);
      this.replica.applySnapshot(snapshot);
    });
    client.on('devices.delta', (delta: DevicesDelta) => {
      this.deltas.push(delta);
      const outcome = this.replica?.applyDelta(delta) ?? { kind: 'gap' };
      if (outcome.kind === 'invalid') {
        // As a browser does: the patched state must be a whole, valid state.
        throw new Error(`delta ${delta.seq}: the patch of device ${outcome.deviceId} gives no valid state`);
      }
      if (outcome.kind !== 'applied') this.gaps += 1;
    });
    client.on('logs.system', (event: LogsSystemEvent) => this.logs.push(event));
  }

  /** Starts from what another view held, as a reconnecting client does (its devices, epoch and seq). */
  resumeFrom(other: LiveView): void {
    if (!other.replica) return;
    this.replica = new FleetReplica(other.replica.environmentId);
    for (const device of other.replica.devices.values()) this.replica.devices.set(device.id, device);
    this.replica.epoch = other.replica.epoch;
    this.replica.seq = other.replica.seq;
  }

  get devices(): ReadonlyMap<number, DeviceLiveState> {
    return this.replica?.devices ?? new Map();
  }

  get epoch(): string | null {
    return this.replica?.epoch ?? null;
  }

  get seq(): number {
    return this.replica?.seq ?? 0;
  }

  /** The devices sorted by id, for comparisons. */
  list(): DeviceLiveState[] {
    return this.replica?.list() ?? [];
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

/** What a client of `summary.subscribe` holds: the summary with every message applied, and the messages. */
export class SummaryView {
  summary: FleetSummary | null = null;
  readonly messages: FleetSummaryMessage[] = [];

  constructor(readonly client: LiveClient) {
    client.on('fleet.summary', (payload: unknown) => {
      const message = FleetSummaryMessageSchema.parse(payload);
      this.messages.push(message);
      this.summary = applySummaryMessage(this.summary, message);
    });
  }
}
