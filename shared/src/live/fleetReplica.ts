import { patchDeviceLiveState } from './devicePatch.js';
import type { DeviceLiveState, DevicesDelta, DevicesSnapshot, DevicesSubscribe } from './events.js';
import { continuityOf, type StreamPosition } from './feedSequence.js';

/**
 * The client side of the live protocol (gateway/README.md, "list, then watch"), once: a
 * snapshot replaces, a delta applies only when it follows on (feedSequence.ts: same epoch, the
 * next seq), a delta already seen is a duplicate, anything else is a gap that calls for
 * subscribing again with the last epoch and seq. The browser's fleet feed, the gateway's test view, the e2e
 * client and the bench workers all follow these rules through this module.
 */

/** What to send on (re)subscribing: the last epoch and seq when there are any, so the gateway can replay. */
export function subscriptionFrom(environmentId: number, position: StreamPosition): DevicesSubscribe {
  return position.epoch === null ? { environmentId } : { environmentId, epoch: position.epoch, seq: position.seq };
}

/** What applying a delta came to. */
export type DeltaOutcome =
  | { readonly kind: 'applied'; readonly changed: readonly DeviceLiveState[]; readonly removed: readonly number[] }
  | { readonly kind: 'duplicate' }
  /** Continuity lost: subscribe again (`subscription()`). */
  | { readonly kind: 'gap' }
  /**
   * A patch that does not give a whole, valid state: this copy went wrong somewhere. Nothing
   * was applied and the epoch is forgotten, so the next subscription asks for a snapshot.
   */
  | { readonly kind: 'invalid'; readonly deviceId: number }
  /** A message of another environment: ignored. */
  | { readonly kind: 'foreign' };

/** One environment's devices as a client holds them. */
export class FleetReplica implements StreamPosition {
  readonly devices = new Map<number, DeviceLiveState>();
  epoch: string | null = null;
  seq = 0;

  constructor(readonly environmentId: number) {}

  /** Replaces everything; false (and nothing changed) for another environment's snapshot. */
  applySnapshot(snapshot: DevicesSnapshot): boolean {
    if (snapshot.environmentId !== this.environmentId) return false;
    this.devices.clear();
    for (const device of snapshot.devices) this.devices.set(device.id, device);
    this.epoch = snapshot.epoch;
    this.seq = snapshot.seq;
    return true;
  }

  /** Applies a delta that follows on, patches first into a scratch list so a bad one changes nothing. */
  applyDelta(delta: DevicesDelta): DeltaOutcome {
    if (delta.environmentId !== this.environmentId) return { kind: 'foreign' };
    const continuity = continuityOf(this, delta);
    if (continuity !== 'follows') return { kind: continuity };
    const changed: DeviceLiveState[] = [];
    for (const patch of delta.changed) {
      const device = patchDeviceLiveState(this.devices.get(patch.id), patch);
      if (device === null) {
        this.epoch = null;
        return { kind: 'invalid', deviceId: patch.id };
      }
      changed.push(device);
    }
    for (const device of changed) this.devices.set(device.id, device);
    for (const id of delta.removed) this.devices.delete(id);
    this.seq = delta.seq;
    return { kind: 'applied', changed, removed: delta.removed };
  }

  /** The subscription to send now. */
  subscription(): DevicesSubscribe {
    return subscriptionFrom(this.environmentId, this);
  }

  /** The devices sorted by id, for comparisons. */
  list(): DeviceLiveState[] {
    return [...this.devices.values()].sort((a, b) => a.id - b.id);
  }
}
