import { encodeDevicePatch, encodeDevicesSnapshot, LiveEvent, type DeviceLiveState } from '@halo/shared';
import { queueScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from '../realtime';
import { FleetFeed } from './fleetFeed';
import { localFleetPort } from './fleetPort';
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
  readonly devices: ReadonlyMap<number, DeviceLiveState>;
  readonly updatedAt: number | null;
}

/** What a view of the whole fleet sees, frame by frame: a copy of the devices, and when they last changed. */
function follow(feed: FleetFeed) {
  const views: View[] = [];
  let updatedAt: number | null = null;
  feed.updatedAt$.subscribe((at) => (updatedAt = at));
  feed.batch$.subscribe((batch) => views.push({ devices: new Map(batch.devices), updatedAt }));
  return views;
}

/** A feed whose store runs on this thread, answering at once. */
const feedOn = (socket: LiveSocket, options: ConstructorParameters<typeof FleetFeed>[2] = {}) =>
  new FleetFeed(socket, 7, { port: localFleetPort(7), ...options });

describe('FleetFeed', () => {
  it('subscribes at once, replaces on a snapshot and applies deltas in order', () => {
    const { socket, emitted, deliver } = fakeLiveSocket();
    const feed = feedOn(socket, { scheduler: queueScheduler, now: () => 1000 });
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
    const last = views.at(-1);
    expect([...(last?.devices.keys() ?? [])].sort()).toEqual([2, 3]);
    expect(last?.devices.get(2)?.availability).toBe(0);
    expect(last?.updatedAt).toBe(1000);
  });

  it('applies field-level patches, keeping the rest of the device as it was', () => {
    const { socket, deliver } = fakeLiveSocket();
    const feed = feedOn(socket, { scheduler: queueScheduler });
    const views = follow(feed);
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
    expect(views.at(-1)?.devices.get(1)).toEqual({
      ...located,
      main_app_status: null,
      location: { coordinate: [34.2, 32.2], altitude: null, accuracy: 3 },
    });
  });

  it('asks for a fresh snapshot, applying nothing, when a patch does not give a valid device', () => {
    const { socket, emitted, deliver } = fakeLiveSocket();
    const feed = feedOn(socket, { scheduler: queueScheduler });
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
    expect(views.at(-1)?.devices.get(1)?.availability).toBe(1);
    expect(views.at(-1)?.devices.has(2)).toBe(false);
    expect(emitted.at(-1)).toEqual({ event: LiveEvent.DEVICES_SUBSCRIBE, payload: { environmentId: 7 } });
  });

  it('ignores duplicates and other environments, and resubscribes with epoch and seq on a gap', () => {
    const { socket, emitted, deliver } = fakeLiveSocket();
    const feed = feedOn(socket, { scheduler: queueScheduler });
    const views = follow(feed);
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e1', seq: 4, devices: [device(1)] }),
    );
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e1', seq: 4, changed: [device(9)], removed: [] });
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 8, epoch: 'e1', seq: 5, changed: [device(9)], removed: [] });
    expect(views.at(-1)?.devices.has(9)).toBe(false);
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e1', seq: 7, changed: [device(9)], removed: [] });
    expect(views.at(-1)?.devices.has(9)).toBe(false);
    expect(emitted.at(-1)).toEqual({
      event: LiveEvent.DEVICES_SUBSCRIBE,
      payload: { environmentId: 7, epoch: 'e1', seq: 4 },
    });
  });

  it('subscribes again after a reconnect and reports a refusal', () => {
    const { socket, emitted, acks, deliver } = fakeLiveSocket(false);
    const feed = feedOn(socket, { scheduler: queueScheduler });
    const states: string[] = [];
    feed.state$.subscribe((state) => states.push(state.kind));
    expect(emitted).toHaveLength(0);
    deliver('connect');
    expect(emitted).toHaveLength(1);
    acks[0]?.({ ok: false, error: 'forbidden' });
    expect(states).toEqual(['connecting', 'refused']);
  });

  it('batches many deltas into one view per frame', () => {
    const { socket, deliver } = fakeLiveSocket();
    const frames: (() => void)[] = [];
    const manualScheduler = {
      now: () => 0,
      schedule(work: () => void) {
        frames.push(() => work.call({}));
        return { unsubscribe() {}, closed: false };
      },
    };
    const feed = feedOn(socket, { scheduler: manualScheduler as never });
    const views = follow(feed);
    deliver(LiveEvent.DEVICES_SNAPSHOT, encodeDevicesSnapshot({ environmentId: 7, epoch: 'e', seq: 0, devices: [] }));
    for (let seq = 1; seq <= 50; seq += 1) {
      deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e', seq, changed: [device(seq)], removed: [] });
    }
    // The whole (empty) fleet at once, then one view for every delta of the frame.
    expect(views).toHaveLength(1);
    frames.splice(0).forEach((frame) => frame());
    expect(views).toHaveLength(2);
    expect(views[1]?.devices.size).toBe(50);
  });

  it('hands patching views what changed per frame, a reset first and after a snapshot', () => {
    const { socket, deliver } = fakeLiveSocket();
    const feed = feedOn(socket, { scheduler: queueScheduler });
    const batches: { reset: boolean; changed: number[]; removed: number[]; size: number }[] = [];
    feed.batch$.subscribe((batch) =>
      batches.push({
        reset: batch.reset,
        changed: batch.changed.map((entry) => entry.id),
        removed: [...batch.removed],
        size: batch.devices.size,
      }),
    );
    deliver(
      LiveEvent.DEVICES_SNAPSHOT,
      encodeDevicesSnapshot({ environmentId: 7, epoch: 'e', seq: 1, devices: [device(1), device(2)] }),
    );
    deliver(LiveEvent.DEVICES_DELTA, { environmentId: 7, epoch: 'e', seq: 2, changed: [device(3)], removed: [1] });
    expect(batches).toEqual([
      { reset: true, changed: [], removed: [], size: 0 },
      { reset: true, changed: [], removed: [], size: 2 },
      { reset: false, changed: [3], removed: [1], size: 2 },
    ]);
  });

  it('asks again after a pause when the gateway says not now, but not after a plain refusal', () => {
    vi.useFakeTimers();
    try {
      const { socket, emitted, acks } = fakeLiveSocket();
      const feed = feedOn(socket, { scheduler: queueScheduler, retryMs: 1000 });
      acks[0]?.({ ok: false, error: 'serviceUnavailable' });
      vi.advanceTimersByTime(1000);
      expect(emitted.filter((entry) => entry.event === LiveEvent.DEVICES_SUBSCRIBE)).toHaveLength(2);
      acks[1]?.({ ok: false, error: 'forbidden' });
      vi.advanceTimersByTime(5000);
      expect(emitted.filter((entry) => entry.event === LiveEvent.DEVICES_SUBSCRIBE)).toHaveLength(2);
      feed.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
