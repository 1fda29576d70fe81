import { describe, expect, it } from 'vitest';
import { encodeDevicePatch } from './devicePatch.js';
import type { DeviceLiveState, DevicesDelta } from './events.js';
import { FleetReplica, subscriptionFrom } from './fleetReplica.js';

const device = (id: number, overrides: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `halo-${id}`,
  pairing_id: `SN-${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 1,
  ...overrides,
});

const delta = (seq: number, changed: DevicesDelta['changed'], removed: number[] = [], epoch = 'e1'): DevicesDelta => ({
  environmentId: 3,
  epoch,
  seq,
  changed,
  removed,
});

function replicaAt(seq = 5): FleetReplica {
  const replica = new FleetReplica(3);
  replica.applySnapshot({ environmentId: 3, epoch: 'e1', seq, devices: [device(1), device(2)] });
  return replica;
}

describe('subscriptionFrom', () => {
  it('subscribes with the last epoch and seq only when there are any', () => {
    expect(subscriptionFrom(3, { epoch: null, seq: 0 })).toEqual({ environmentId: 3 });
    expect(subscriptionFrom(3, { epoch: 'e1', seq: 9 })).toEqual({ environmentId: 3, epoch: 'e1', seq: 9 });
  });
});

describe('FleetReplica', () => {
  it('replaces everything on a snapshot of its environment and ignores another one', () => {
    const replica = replicaAt();
    expect(replica.applySnapshot({ environmentId: 4, epoch: 'x', seq: 1, devices: [] })).toBe(false);
    expect(replica.list().map((entry) => entry.id)).toEqual([1, 2]);
    expect(replica.applySnapshot({ environmentId: 3, epoch: 'e2', seq: 1, devices: [device(9)] })).toBe(true);
    expect(replica.list().map((entry) => entry.id)).toEqual([9]);
    expect(replica.subscription()).toEqual({ environmentId: 3, epoch: 'e2', seq: 1 });
  });

  it('applies a delta that follows on: patches, new devices and removals', () => {
    const replica = replicaAt();
    const outcome = replica.applyDelta(delta(6, [encodeDevicePatch({ id: 1, device_state: 2 }), device(3)], [2]));
    expect(outcome.kind).toBe('applied');
    expect(replica.seq).toBe(6);
    expect(replica.list().map((entry) => [entry.id, entry.device_state])).toEqual([
      [1, 2],
      [3, 1],
    ]);
  });

  it('changes nothing for a duplicate, a gap or another environment', () => {
    const replica = replicaAt();
    const before = replica.list();
    expect(replica.applyDelta(delta(5, [device(7)])).kind).toBe('duplicate');
    expect(replica.applyDelta(delta(8, [device(7)])).kind).toBe('gap');
    expect(replica.applyDelta(delta(6, [device(7)], [], 'e9')).kind).toBe('gap');
    expect(replica.applyDelta({ ...delta(6, [device(7)]), environmentId: 4 }).kind).toBe('foreign');
    expect(replica.list()).toEqual(before);
    expect(replica.subscription()).toEqual({ environmentId: 3, epoch: 'e1', seq: 5 });
  });

  it('applies nothing of a delta with a patch that gives no valid state, and asks for a snapshot next', () => {
    const replica = replicaAt();
    // A new device must come whole: a bare patch for an unknown id is not a state.
    const outcome = replica.applyDelta(delta(6, [encodeDevicePatch({ id: 1, device_state: 2 }), { id: 42 }], [2]));
    expect(outcome).toEqual({ kind: 'invalid', deviceId: 42 });
    expect(replica.list().map((entry) => [entry.id, entry.device_state])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(replica.subscription()).toEqual({ environmentId: 3 });
  });
});
