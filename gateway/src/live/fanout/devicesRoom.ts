import {
  DevicesSubscribeSchema,
  HttpErrorKind,
  LiveEvent,
  type DevicesDelta,
  type DevicesSubscribeAck,
} from '@halo/shared';
import type { GatewayMetrics } from '../../metrics.js';
import type { LiveNamespace, LiveSocket } from '../liveTypes.js';
import { broadcastFramed } from './frameBroadcast.js';
import { devicesRoom } from './roomNames.js';
import type { SlowConsumers } from './slowConsumers.js';
import type { SnapshotBatching } from './snapshotBatching.js';
import type { SubscribeAdmission } from './subscribeAdmission.js';
import type { Tracked, TrackedEnvironments } from './trackedEnvironments.js';

export interface DevicesRoomOptions {
  readonly namespace: LiveNamespace;
  readonly metrics: GatewayMetrics;
  readonly environments: TrackedEnvironments;
  readonly admission: SubscribeAdmission;
  readonly slow: SlowConsumers;
  readonly snapshots: SnapshotBatching;
}

/**
 * `devices.subscribe` and the fan-out of an environment's deltas: a socket resumes with the
 * deltas it missed or gets a snapshot, then joins the room; each delta is emitted once per
 * room (socket.io encodes it once and writes the same frame to every socket), slow consumers
 * leaving the room first.
 */
export class DevicesRoom {
  constructor(private readonly options: DevicesRoomOptions) {}

  async subscribe(socket: LiveSocket, payload: unknown, ack: (answer: DevicesSubscribeAck) => void): Promise<void> {
    const { environments, admission, slow, snapshots, metrics } = this.options;
    const parsed = DevicesSubscribeSchema.safeParse(payload);
    if (!parsed.success) {
      ack({ ok: false, error: HttpErrorKind.GENERAL });
      return;
    }
    const { environmentId, epoch, seq } = parsed.data;
    if (!(await admission.admit(socket, LiveEvent.DEVICES_SUBSCRIBE, environmentId, ack))) return;
    const tracked = environments.follow(socket, environmentId);
    tracked.deviceSubscribers.add(socket.id);
    if (!(await environments.followed(socket, environmentId, tracked)) || !tracked.deviceSubscribers.has(socket.id))
      return;
    const lagging = slow.noteSubscription(socket.id, environmentId);

    const missed = epoch !== undefined && seq !== undefined ? tracked.feed.missedSince(epoch, seq) : null;
    if (missed && !lagging) {
      // The ack, the missed deltas and the room join happen in one tick: nothing slips between.
      ack({ ok: true, mode: 'replay' });
      for (const delta of missed) socket.emit(LiveEvent.DEVICES_DELTA, delta);
      void socket.join(devicesRoom(environmentId));
      tracked.awaitingSnapshot.delete(socket.id);
      metrics.replays.inc();
      return;
    }
    ack({ ok: true, mode: 'snapshot' });
    void socket.leave(devicesRoom(environmentId));
    if (!lagging) snapshots.queue(environmentId, tracked, socket.id);
  }

  /** The socket stops following the environment's devices. */
  leave(socket: LiveSocket, environmentId: number, tracked: Tracked | undefined): void {
    void socket.leave(devicesRoom(environmentId));
    this.options.slow.leave(socket.id, environmentId);
    tracked?.deviceSubscribers.delete(socket.id);
    tracked?.awaitingSnapshot.delete(socket.id);
  }

  /** One emit per room; slow consumers leave the room first. The summary takes the change too. */
  broadcastDelta(environmentId: number, tracked: Tracked, delta: DevicesDelta): void {
    const started = performance.now();
    const { namespace, slow } = this.options;
    const room = devicesRoom(environmentId);
    const allowance = tracked.snapshotBytes;
    tracked.summary?.update(tracked.feed.devicesOf(delta.changed), delta.removed);
    // Slow consumers leave the room instead of taking it.
    broadcastFramed(namespace, room, LiveEvent.DEVICES_DELTA, delta, (socket) => {
      if (!slow.isBehind(socket, allowance)) return true;
      slow.drop(socket, environmentId);
      return false;
    });
    this.options.metrics.fanoutDuration.observe((performance.now() - started) / 1000);
  }

  /** A new epoch: everyone in the room needs the whole state, sent as soon as it is encoded. */
  newEpoch(environmentId: number, tracked: Tracked): void {
    const { namespace } = this.options;
    const room = namespace.adapter.rooms.get(devicesRoom(environmentId));
    for (const socketId of room ?? []) tracked.awaitingSnapshot.add(socketId);
    for (const socketId of tracked.awaitingSnapshot)
      void namespace.sockets.get(socketId)?.leave(devicesRoom(environmentId));
    this.options.snapshots.flush(environmentId, tracked, 'epoch');
  }
}
