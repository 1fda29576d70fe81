import {
  connectionStatus,
  encodeDevicePatch,
  encodeDevicesSnapshot,
  LiveEvent,
  type DeviceLiveState,
} from '@halo/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type LiveSocket } from '../realtime';
import type { FleetHeat } from './fleetHeat';
import { FleetFeed } from './fleetFeed';
import { localFleetPort } from './fleetPort';
import { DEFAULT_TABLE_QUERY, type FleetRow } from './fleetRows';
import { REORDER_INTERVAL_MS } from './fleetStore';
import { fakeLiveSocket } from '../../testing/fakeLiveSocket';

const device = (id: number, availability = 1): DeviceLiveState => ({
  id,
  name: `d${id}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability,
  main_app_status: 1,
  device_state: 0,
});

interface View {
  readonly devices: ReadonlyMap<number, FleetRow>;
  readonly updatedAt: number | null;
}

/**
 * What the Devices table of the whole fleet shows, window by window (new rows find their place
 * at the next reorder: `settle`), and when the devices last changed.
 */
function follow(feed: FleetFeed) {
  const views: View[] = [];
  let updatedAt: number | null = null;
  feed.updatedAt$.subscribe((at) => (updatedAt = at));
  feed.table.window$.subscribe((window) =>
    views.push({ devices: new Map(window.rows.flatMap((row) => (row ? [[row.id, row] as const] : []))), updatedAt }),
  );
  feed.table.setQuery(DEFAULT_TABLE_QUERY);
  feed.table.setWindow(0, 100);
  return views;
}

const settle = () => vi.advanceTimersByTime(REORDER_INTERVAL_MS);
const NOT_CONNECTED = connectionStatus({ is_activated: true, availability: 0 });
const CONNECTED = connectionStatus({ is_activated: true, availability: 1 });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A feed whose store runs on this thread, answering at once. */
const feedOn = (socket: LiveSocket, options: ConstructorParameters<typeof FleetFeed>[2] = {}) =>
  new FleetFeed(new LiveConnection(socket), 7, { port: localFleetPort(7), ...options });

describe('FleetFeed', () => {
  it('subscribes at once, replaces on a snapshot and applies deltas in order', () => {
    const { socket, emitted, deliver } = fakeLiveSocket();
    const feed = feedOn(socket, { now: () => 1000 });
    const views = follow(feed);
    expect(emitted).toEqual([{ event: LiveEvent.DEVICES_SUBSCRIBE, payload: { environmentId: 7 } }]);
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e1', seq: 4, devices: [device(1), device(2)] }),
    );
    deliver(LiveEvent.DEVICES_DELTA, {
      environmentId: 7,
      epoch: 'e1',
      seq: 5,
      changed: [device(2, 0), device(3)],
      removed: [1],
    });
    settle();
    const last = views.at(-1);
    expect([...(last?.devices.keys() ?? [])].sort()).toEqual([2, 3]);
    expect(last?.devices.get(2)?.connection).toBe(NOT_CONNECTED);
    expect(last?.updatedAt).toBe(1000);
  });

  it('applies field-level patches, keeping the rest of the device as it was', () => {
    const { socket, deliver } = fakeLiveSocket();
    const feed = feedOn(socket);
    const shown: (DeviceLiveState | null)[] = [];
    feed.device$(1).subscribe((state) => shown.push(state));
    const located = { ...device(1), location: { coordinate: [34.1, 32.1], altitude: null, accuracy: 3 } };
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e1', seq: 1, devices: [located] }),
    );
    deliver(LiveEvent.DEVICES_DELTA, {
      environmentId: 7,
      epoch: 'e1',
      seq: 2,
      changed: [encodeDevicePatch({ id: 1, main_app_status: null, location: { coordinate: [34.2, 32.2] } })],
      removed: [],
    });
    expect(shown.at(-1)).toEqual({
      ...located,
      main_app_status: null,
      location: { coordinate: [34.2, 32.2], altitude: null, accuracy: 3 },
    });
  });

  it('asks for a fresh snapshot, applying nothing, when a patch does not give a valid device', () => {
    const { socket, emitted, deliver } = fakeLiveSocket();
    const feed = feedOn(socket);
    const views = follow(feed);
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e1', seq: 1, devices: [device(1)] }),
    );
    deliver(LiveEvent.DEVICES_DELTA, {
      environmentId: 7,
      epoch: 'e1',
      seq: 2,
      // A good patch, then one for a device this copy never saw: not a whole state.
      changed: [
        { id: 1, availability: 0 },
        { id: 2, availability: 0 },
      ],
      removed: [],
    });
    settle();
    expect(views.at(-1)?.devices.get(1)?.connection).toBe(CONNECTED);
    expect(views.at(-1)?.devices.has(2)).toBe(false);
    expect(emitted.at(-1)).toEqual({ event: LiveEvent.DEVICES_SUBSCRIBE, payload: { environmentId: 7 } });
  });

  it('ignores duplicates and other environments, and resubscribes with epoch and seq on a gap', () => {
    const { socket, emitted, deliver } = fakeLiveSocket();
    const feed = feedOn(socket);
    const views = follow(feed);
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e1', seq: 4, devices: [device(1)] }),
    );
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e1', seq: 4, changed: [device(9)], removed: [] });
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 8, epoch: 'e1', seq: 5, changed: [device(9)], removed: [] });
    settle();
    expect(views.at(-1)?.devices.has(9)).toBe(false);
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e1', seq: 7, changed: [device(9)], removed: [] });
    settle();
    expect(views.at(-1)?.devices.has(9)).toBe(false);
    expect(emitted.at(-1)).toEqual({
      event: LiveEvent.DEVICES_SUBSCRIBE,
      payload: { environmentId: 7, epoch: 'e1', seq: 4 },
    });
  });

  it('subscribes again after a reconnect and reports a refusal', () => {
    const { socket, emitted, acks, deliver } = fakeLiveSocket(false);
    const feed = feedOn(socket);
    const states: string[] = [];
    feed.state$.subscribe((state) => states.push(state.kind));
    expect(emitted).toHaveLength(0);
    deliver('connect');
    expect(emitted).toHaveLength(1);
    acks[0]?.({ ok: false, error: 'forbidden' });
    expect(states).toEqual(['connecting', 'refused']);
  });

  it('hands HeatSight the heat of the located devices, at once and after each change, until it leaves', () => {
    const { socket, deliver } = fakeLiveSocket();
    const feed = feedOn(socket);
    const located = (id: number, availability = 1): DeviceLiveState => ({
      ...device(id, availability),
      location: { coordinate: [34 + id / 100, 32], altitude: null, accuracy: 3 },
    });
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e', seq: 1, devices: [located(1), located(2), device(3)] }),
    );
    const heats: FleetHeat[] = [];
    feed.map.setHeat({ metric: 'density', cellDegrees: 1 });
    const subscription = feed.map.heat$.subscribe((heat) => heats.push(heat));
    vi.runOnlyPendingTimers();
    // Devices 1 and 2 share a cell; device 3 has no position.
    expect(heats.map((heat) => [heat.length, heat.devices, [...heat.counts], [...heat.weights]])).toEqual([
      [1, 2, [2], [2]],
    ]);
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e', seq: 2, changed: [located(3)], removed: [1] });
    vi.runOnlyPendingTimers();
    expect(heats.at(-1)).toMatchObject({ devices: 2, changed: 1, reset: false });
    // Another scale: summed again.
    feed.map.setHeat({ metric: 'noConnection', cellDegrees: 0.001 });
    vi.runOnlyPendingTimers();
    expect(heats.at(-1)).toMatchObject({ length: 2, devices: 2, reset: true });
    subscription.unsubscribe();
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e', seq: 3, changed: [located(4)], removed: [] });
    vi.runOnlyPendingTimers();
    expect(heats).toHaveLength(3);
  });

  it('is not live while the socket is off the gateway, and live again once the replay applies', () => {
    const { socket, emitted, acks, deliver } = fakeLiveSocket();
    const feed = feedOn(socket);
    const states: string[] = [];
    feed.state$.subscribe((state) => states.push(state.kind));
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e', seq: 1, devices: [device(1)] }),
    );
    deliver('disconnect', 'transport close');
    expect(states).toEqual(['connecting', 'live', 'connecting']);
    deliver('connect');
    expect(emitted.at(-1)).toEqual({
      event: LiveEvent.DEVICES_SUBSCRIBE,
      payload: { environmentId: 7, epoch: 'e', seq: 1 },
    });
    acks.at(-1)?.({ ok: true, mode: 'replay' });
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e', seq: 2, changed: [device(1, 0)], removed: [] });
    expect(states.at(-1)).toBe('live');
    feed.close();
  });

  it('asks again after a pause when the gateway says not now, but not after a plain refusal', () => {
    {
      const { socket, emitted, acks } = fakeLiveSocket();
      const feed = feedOn(socket, { retryMs: 1000 });
      acks[0]?.({ ok: false, error: 'serviceUnavailable' });
      vi.advanceTimersByTime(1000);
      expect(emitted.filter((entry) => entry.event === LiveEvent.DEVICES_SUBSCRIBE)).toHaveLength(2);
      acks[1]?.({ ok: false, error: 'forbidden' });
      vi.advanceTimersByTime(5000);
      expect(emitted.filter((entry) => entry.event === LiveEvent.DEVICES_SUBSCRIBE)).toHaveLength(2);
      feed.close();
    }
  });
});
