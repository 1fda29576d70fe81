import { randomBytes } from 'node:crypto';
import {
  applyDeviceLivePatch,
  continuityOf,
  type DeviceLiveState,
  type DevicesDelta,
  type DevicesSnapshot,
  type DevicesSnapshotMessage,
} from '@halo/shared';
import { shareEncoding } from './sharedEncoding.js';
import { encodeSnapshotMessage, type SnapshotEncoder } from './snapshotEncoding.js';

/** A snapshot message stays in use until it is this many deltas old (at one poll a second, 30 s). */
export const SNAPSHOT_REUSE_DELTAS = 30;

/** A fresh epoch: random, so a restarted or replaced poller never reuses one. */
export const newEpoch = () => randomBytes(12).toString('base64url');

/** The whole state of an environment's feed at one seq, with the deltas that led to it. */
export interface FeedState {
  readonly epoch: string;
  readonly seq: number;
  readonly devices: readonly DeviceLiveState[];
  /** The latest deltas of this epoch, oldest first, ending at `seq` (may be empty). */
  readonly history: readonly DevicesDelta[];
}

export type LoadOutcome =
  /** Same epoch, and the history covered the gap: these deltas bring subscribers up to date. */
  | { readonly kind: 'continued'; readonly deltas: readonly DevicesDelta[] }
  /** Continuity cannot be proven: subscribers need a snapshot. */
  | { readonly kind: 'reset' };

/**
 * The delta engine's state of one environment on this gateway: the latest devices with their
 * epoch and seq, and a bounded history of deltas to replay a reconnecting client's missed
 * ones. A seq grows by exactly one per delta within an epoch (shared continuityOf); anything
 * else is a gap.
 */
export class EnvironmentFeed {
  private current: { epoch: string; seq: number } | null = null;
  private readonly devices = new Map<number, DeviceLiveState>();
  private history: DevicesDelta[] = [];
  private snapshotCache: DevicesSnapshot | null = null;
  /** The latest snapshot's message, being encoded or encoded, with the epoch and seq it is of. */
  private messageCache: { epoch: string; seq: number; message: Promise<DevicesSnapshotMessage> } | null = null;

  /**
   * @param historyLength deltas kept; at most one delta per poll, so poll interval times this
   *   is the time a client can be away and still get a replay.
   */
  /**
   * @param reuseDeltas how many deltas old a snapshot message may be and still be sent (its
   *   receivers get those deltas right after it)
   */
  constructor(
    readonly environmentId: number,
    private readonly historyLength: number,
    private readonly encode: SnapshotEncoder = encodeSnapshotMessage,
    private readonly reuseDeltas = SNAPSHOT_REUSE_DELTAS,
  ) {}

  get ready(): boolean {
    return this.current !== null;
  }

  get epoch(): string | null {
    return this.current?.epoch ?? null;
  }

  get seq(): number {
    return this.current?.seq ?? 0;
  }

  get size(): number {
    return this.devices.size;
  }

  /** Takes a whole state; keeps continuity when it is the same epoch and the history bridges the gap. */
  load(state: FeedState): LoadOutcome {
    const before = this.current;
    if (before && before.epoch === state.epoch && state.seq >= before.seq) {
      const missing = state.history.filter((delta) => delta.seq > before.seq);
      if (missing.length === state.seq - before.seq && (missing[0]?.seq ?? before.seq + 1) === before.seq + 1) {
        for (const delta of missing) this.apply(delta);
        return { kind: 'continued', deltas: missing };
      }
    }
    this.current = { epoch: state.epoch, seq: state.seq };
    this.devices.clear();
    for (const device of state.devices) this.devices.set(device.id, device);
    this.history = state.history.filter((delta) => delta.epoch === state.epoch && delta.seq <= state.seq);
    this.trim();
    this.snapshotCache = null;
    return { kind: 'reset' };
  }

  /** Applies the next delta; false (nothing applied) when it does not follow on: a gap or another epoch. */
  apply(delta: DevicesDelta): boolean {
    const current = this.current;
    if (!current || continuityOf(current, delta) !== 'follows') return false;
    // The leader's own patches (in-process or through Redis): applied as they are.
    for (const patch of delta.changed)
      this.devices.set(patch.id, applyDeviceLivePatch(this.devices.get(patch.id), patch) as DeviceLiveState);
    for (const id of delta.removed) this.devices.delete(id);
    current.seq = delta.seq;
    this.history.push(shareEncoding(delta));
    this.trim();
    this.snapshotCache = null;
    return true;
  }

  /** The current states of the devices a delta named (those still there). */
  *devicesOf(patches: readonly { readonly id: number }[]): Iterable<DeviceLiveState> {
    for (const { id } of patches) {
      const device = this.devices.get(id);
      if (device) yield device;
    }
  }

  /** The full state now (the same object until the next change, so it is built once per change). */
  snapshot(): DevicesSnapshot | null {
    if (!this.current) return null;
    this.snapshotCache ??= shareEncoding({
      environmentId: this.environmentId,
      epoch: this.current.epoch,
      seq: this.current.seq,
      devices: [...this.devices.values()],
    });
    return this.snapshotCache;
  }

  /**
   * The message of a recent state, as sent: encoded once per epoch and seq (the compression off
   * the event loop) and used while it is at most `reuseDeltas` old. The feed may have moved on:
   * its epoch and seq say which state it holds, and `missedSince` what came after.
   */
  snapshotMessage(): Promise<DevicesSnapshotMessage> | null {
    const snapshot = this.snapshot();
    if (!snapshot) return null;
    const cached = this.messageCache;
    // A recent one serves, the deltas since following it: encoding 100,000 devices costs the
    // event loop a second, a few deltas cost their receivers next to nothing.
    if (
      cached?.epoch === snapshot.epoch &&
      snapshot.seq - cached.seq <= this.reuseDeltas &&
      this.missedSince(cached.epoch, cached.seq) !== null
    )
      return cached.message;
    const message = this.encode(snapshot);
    this.messageCache = { epoch: snapshot.epoch, seq: snapshot.seq, message };
    // A failed encoding is not kept: the next call tries again.
    message.catch(() => {
      if (this.messageCache?.message === message) this.messageCache = null;
    });
    return message;
  }

  /** The whole state with its history, to hand on (to Redis or a test). */
  state(): FeedState | null {
    if (!this.current) return null;
    return { ...this.current, devices: [...this.devices.values()], history: [...this.history] };
  }

  /**
   * The deltas a client at (epoch, seq) missed, oldest first, or null when continuity cannot
   * be proven (another epoch, a seq never reached, or older than the history).
   */
  missedSince(epoch: string, seq: number): DevicesDelta[] | null {
    const current = this.current;
    if (!current || epoch !== current.epoch || seq > current.seq) return null;
    if (seq === current.seq) return [];
    const first = this.history[0];
    if (!first || first.seq > seq + 1) return null;
    return this.history.slice(seq + 1 - first.seq);
  }

  private trim(): void {
    const excess = this.history.length - this.historyLength;
    if (excess > 0) this.history = this.history.slice(excess);
  }
}
