import { describe, expect, it } from 'vitest';
import { decodeDevicesSnapshot, type DevicesDelta } from '@halo/shared';
import { fakeDeviceState } from '../testing/fakeUpstream.js';
import { EnvironmentFeed, newEpoch } from './environmentFeed.js';
import { encodeSnapshotMessage } from './snapshotEncoding.js';

const delta = (epoch: string, seq: number, changed: number[] = [], removed: number[] = []): DevicesDelta => ({
  environmentId: 7,
  epoch,
  seq,
  changed: changed.map((id) => fakeDeviceState(id, { name: `seq ${seq}` })),
  removed,
});

describe('EnvironmentFeed', () => {
  it('applies deltas that follow on and refuses gaps and other epochs', () => {
    const feed = new EnvironmentFeed(7, 10);
    expect(feed.snapshot()).toBeNull();
    expect(feed.apply(delta('e', 1))).toBe(false);
    feed.load({ epoch: 'e', seq: 0, devices: [fakeDeviceState(1), fakeDeviceState(2)], history: [] });
    expect(feed.apply(delta('e', 1, [3], [1]))).toBe(true);
    expect(feed.apply(delta('e', 3, [4]))).toBe(false);
    expect(feed.apply(delta('other', 2, [4]))).toBe(false);
    expect(feed.snapshot()).toMatchObject({ environmentId: 7, epoch: 'e', seq: 1 });
    expect(
      feed
        .snapshot()
        ?.devices.map((device) => device.id)
        .sort(),
    ).toEqual([2, 3]);
  });

  it('replays from any seq within the history and nothing older', () => {
    const feed = new EnvironmentFeed(7, 3);
    feed.load({ epoch: 'e', seq: 0, devices: [], history: [] });
    for (let seq = 1; seq <= 6; seq += 1) feed.apply(delta('e', seq, [seq]));
    expect(feed.missedSince('e', 6)).toEqual([]);
    expect(feed.missedSince('e', 3)?.map((entry) => entry.seq)).toEqual([4, 5, 6]);
    expect(feed.missedSince('e', 2)).toBeNull();
    expect(feed.missedSince('e', 7)).toBeNull();
    expect(feed.missedSince('another', 6)).toBeNull();
  });

  it('continues an epoch across a reload when the history bridges the gap, and starts over otherwise', () => {
    const feed = new EnvironmentFeed(7, 10);
    feed.load({ epoch: 'e', seq: 2, devices: [fakeDeviceState(1)], history: [] });
    const bridged = feed.load({
      epoch: 'e',
      seq: 4,
      devices: [],
      history: [delta('e', 2), delta('e', 3, [5]), delta('e', 4, [], [1])],
    });
    expect(bridged).toEqual({ kind: 'continued', deltas: [delta('e', 3, [5]), delta('e', 4, [], [1])] });
    expect(feed.snapshot()?.devices.map((device) => device.id)).toEqual([5]);
    const unbridged = feed.load({ epoch: 'e', seq: 9, devices: [fakeDeviceState(8)], history: [delta('e', 9)] });
    expect(unbridged).toEqual({ kind: 'reset' });
    expect(feed.seq).toBe(9);
    expect(feed.load({ epoch: newEpoch(), seq: 0, devices: [], history: [] })).toEqual({ kind: 'reset' });
  });

  it('builds the snapshot once per change', () => {
    const feed = new EnvironmentFeed(7, 10);
    feed.load({ epoch: 'e', seq: 0, devices: [fakeDeviceState(1)], history: [] });
    const first = feed.snapshot();
    expect(feed.snapshot()).toBe(first);
    feed.apply(delta('e', 1, [2]));
    expect(feed.snapshot()).not.toBe(first);
  });

  it('encodes the snapshot message once per epoch and seq, and it decodes to the state', async () => {
    const feed = new EnvironmentFeed(7, 10, encodeSnapshotMessage, 0);
    expect(feed.snapshotMessage()).toBeNull();
    feed.load({ epoch: 'e', seq: 0, devices: [fakeDeviceState(1), fakeDeviceState(2)], history: [] });
    const first = feed.snapshotMessage();
    expect(feed.snapshotMessage()).toBe(first);
    const message = await first;
    expect(message).toMatchObject({ environmentId: 7, epoch: 'e', seq: 0, count: 2 });
    expect(decodeDevicesSnapshot(message).devices).toEqual([fakeDeviceState(1), fakeDeviceState(2)]);
    feed.apply(delta('e', 1, [3], [1]));
    const next = await feed.snapshotMessage();
    expect(next).toMatchObject({ seq: 1, count: 2 });
    expect(decodeDevicesSnapshot(next).devices.map((device) => device.id)).toEqual([2, 3]);
  });

  it('sends a recent snapshot again while the history bridges it, and encodes anew past that', async () => {
    let encodings = 0;
    const feed = new EnvironmentFeed(
      7,
      3,
      (snapshot) => {
        encodings += 1;
        return encodeSnapshotMessage(snapshot);
      },
      2,
    );
    feed.load({ epoch: 'e', seq: 0, devices: [fakeDeviceState(1)], history: [] });
    const first = feed.snapshotMessage();
    feed.apply(delta('e', 1, [2]));
    feed.apply(delta('e', 2, [3]));
    expect(feed.snapshotMessage()).toBe(first);
    expect(feed.missedSince('e', (await first!).seq)?.map((entry) => entry.seq)).toEqual([1, 2]);
    feed.apply(delta('e', 3, [4]));
    await expect(feed.snapshotMessage()).resolves.toMatchObject({ seq: 3 });
    expect(encodings).toBe(2);
    // Another epoch never reuses one.
    feed.load({ epoch: 'f', seq: 0, devices: [], history: [] });
    await expect(feed.snapshotMessage()).resolves.toMatchObject({ epoch: 'f', seq: 0 });
    expect(encodings).toBe(3);
  });

  it('encodes again after an encoding failed', async () => {
    let calls = 0;
    const feed = new EnvironmentFeed(7, 10, (snapshot) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('out of memory')) : encodeSnapshotMessage(snapshot);
    });
    feed.load({ epoch: 'e', seq: 0, devices: [fakeDeviceState(1)], history: [] });
    await expect(feed.snapshotMessage()).rejects.toThrow('out of memory');
    await expect(feed.snapshotMessage()).resolves.toMatchObject({ seq: 0, count: 1 });
    expect(calls).toBe(2);
  });

  it('makes epochs that do not repeat and fit the protocol', () => {
    const epochs = new Set(Array.from({ length: 100 }, newEpoch));
    expect(epochs.size).toBe(100);
    for (const epoch of epochs) expect(epoch.length).toBeLessThanOrEqual(64);
  });
});
