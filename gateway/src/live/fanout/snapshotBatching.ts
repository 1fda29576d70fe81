import { LiveEvent, type DevicesSnapshotMessage } from '@halo/shared';
import { log } from '../../log.js';
import type { GatewayMetrics } from '../../metrics.js';
import type { EnvironmentFeed } from '../environmentFeed.js';
import type { LiveNamespace } from '../liveTypes.js';
import { pendingWrites } from '../pendingWrites.js';
import { devicesRoom } from './roomNames.js';

/**
 * Snapshots asked for within a window go out as one emit (one serialisation, one frame): after
 * a gateway restart thousands of clients subscribe within a second or two. The window grows
 * with the snapshot, about 1 ms per 32 KB from 20 ms to 250 ms: a large fleet's snapshot takes
 * longer to transfer than that anyway, and each emit of one costs a frame of its size.
 */
const SNAPSHOT_BATCH_MIN_MS = 20;
const SNAPSHOT_BATCH_MAX_MS = 250;
const SNAPSHOT_BATCH_BYTES_PER_MS = 32 * 1024;
const snapshotBatchMs = (snapshotBytes: number) =>
  Math.min(SNAPSHOT_BATCH_MAX_MS, Math.max(SNAPSHOT_BATCH_MIN_MS, snapshotBytes / SNAPSHOT_BATCH_BYTES_PER_MS));

export type SnapshotReason = 'subscribe' | 'resync' | 'epoch';

/** One environment's snapshot batch, kept with the rest of its state on this gateway. */
export interface SnapshotBatch {
  readonly feed: EnvironmentFeed;
  /** Sockets waiting for a snapshot, not yet in the delta room. */
  readonly awaitingSnapshot: Set<string>;
  flushScheduled: boolean;
  /** A snapshot is being encoded: it goes to every socket awaiting one when it is ready. */
  flushing: boolean;
  /**
   * What the latest snapshot weighed when written (bytes queued right after its emit). A socket
   * may have one snapshot plus the configured bound waiting before it counts as slow: a large
   * fleet's snapshot alone can be above the bound while deltas keep coming.
   */
  snapshotBytes: number;
}

export interface SnapshotBatchingOptions {
  readonly namespace: LiveNamespace;
  readonly metrics: GatewayMetrics;
  /** Whether this batch is still the environment's (it may have been released meanwhile). */
  readonly isCurrent: (environmentId: number, batch: SnapshotBatch) => boolean;
  /** Whether the socket is a slow consumer now: it gets its snapshot once it caught up. */
  readonly isLagging: (socketId: string) => boolean;
}

/**
 * Snapshots to sockets that need one, batched: those asked for within a short window go out
 * as one emit, followed in the same tick by the deltas since, before the sockets join the
 * delta room.
 */
export class SnapshotBatching {
  constructor(private readonly options: SnapshotBatchingOptions) {}

  /** Snapshots asked for within a short window go out as one emit to all those sockets. */
  queue(
    environmentId: number,
    batch: SnapshotBatch,
    socketId: string,
    reason: 'subscribe' | 'resync' = 'subscribe',
  ): void {
    batch.awaitingSnapshot.add(socketId);
    this.queueFlush(environmentId, batch, reason);
  }

  /**
   * Sends the latest snapshot to every socket awaiting one. Its encoding may take a while (a
   * large fleet's): whoever subscribes meanwhile gets the same one, and the deltas that came
   * after its seq follow it at once, before the sockets join the delta room, in one tick.
   */
  flush(environmentId: number, batch: SnapshotBatch, reason: SnapshotReason): void {
    if (batch.flushing || batch.awaitingSnapshot.size === 0) return;
    // Until the first state arrives the sockets wait; it is sent to them then.
    const message = batch.feed.snapshotMessage();
    if (!message) return;
    batch.flushing = true;
    message.then(
      (ready) => {
        batch.flushing = false;
        if (this.options.isCurrent(environmentId, batch)) this.send(environmentId, batch, ready, reason);
      },
      (error: unknown) => {
        batch.flushing = false;
        log.error({ err: error, environmentId }, 'encoding a snapshot failed');
        if (this.options.isCurrent(environmentId, batch)) this.queueFlush(environmentId, batch, reason);
      },
    );
  }

  private queueFlush(environmentId: number, batch: SnapshotBatch, reason: SnapshotReason): void {
    if (batch.flushScheduled) return;
    batch.flushScheduled = true;
    setTimeout(() => {
      batch.flushScheduled = false;
      if (this.options.isCurrent(environmentId, batch)) this.flush(environmentId, batch, reason);
    }, snapshotBatchMs(batch.snapshotBytes)).unref();
  }

  private send(environmentId: number, batch: SnapshotBatch, message: DevicesSnapshotMessage, reason: SnapshotReason) {
    const after = batch.feed.missedSince(message.epoch, message.seq);
    if (after === null) {
      // A new epoch began while it was encoded: the next one is of that.
      this.flush(environmentId, batch, reason);
      return;
    }
    const { namespace, isLagging } = this.options;
    const recipients = [...batch.awaitingSnapshot].filter(
      (socketId) => namespace.sockets.has(socketId) && !isLagging(socketId),
    );
    batch.awaitingSnapshot.clear();
    if (recipients.length === 0) return;
    namespace.local.to(recipients).emit(LiveEvent.DEVICES_SNAPSHOT, message);
    const first = namespace.sockets.get(recipients[0] ?? '');
    if (first) batch.snapshotBytes = pendingWrites(first).bytes;
    for (const delta of after) namespace.local.to(recipients).emit(LiveEvent.DEVICES_DELTA, delta);
    this.options.metrics.snapshotsSent.inc({ reason }, recipients.length);
    for (const socketId of recipients) void namespace.sockets.get(socketId)?.join(devicesRoom(environmentId));
  }
}
