import { FeedSequencer, type DeviceLiveState, type DevicesDelta, type LogsSystemEvent } from '@halo/shared';
import type { LiveSystemLogEntry } from '../pollers/devicesUpstream.js';
import type { PolledChange, PollerSink } from '../pollers/environmentPoller.js';
import { newEpoch, type FeedState } from './environmentFeed.js';

/** What a gateway's feed of one environment receives, in order. */
export type FeedEvent =
  /** A whole state: a new epoch, or a reload after a gap. */
  | { readonly type: 'state'; readonly state: FeedState }
  | { readonly type: 'delta'; readonly delta: DevicesDelta }
  | { readonly type: 'logs'; readonly event: LogsSystemEvent };

export type FeedListener = (event: FeedEvent) => void;

/** The leader's side: numbers the poller's findings (epoch, seq; shared FeedSequencer) and publishes them. */
export interface FeedPublisher extends PollerSink {
  readonly epoch: string | null;
  readonly seq: number;
}

/**
 * How the leader's findings reach every gateway's feed: in-process with one gateway, through
 * Redis (shared state, shared history, pub/sub) with several.
 */
export interface FeedBus {
  /** Delivers the environment's events to `listener`; resolves once the shared state (if any) arrived. */
  follow(environmentId: number, listener: FeedListener): Promise<void>;
  unfollow(environmentId: number): void;
  /** A gap was seen: the whole state comes again as a 'state' event. */
  resync(environmentId: number): void;
  /** A publisher for the poller of this environment, on the gateway that leads it. */
  publisher(environmentId: number, owner: string): FeedPublisher;
  close(): Promise<void>;
}

/** The wire form of a poll's changes at (epoch, seq). */
export function deltaOf(environmentId: number, epoch: string, seq: number, change: PolledChange): DevicesDelta {
  const { patches, removed, changedAt } = change;
  return {
    environmentId,
    epoch,
    seq,
    changed: [...patches],
    removed: [...removed],
    ...(changedAt === undefined ? {} : { changedAt }),
  };
}

/** Measures a delta as published; also what it weighs on the wire (one serialisation). */
export type DeltaObserver = (delta: DevicesDelta, bytes: number) => void;

/** One gateway: the poller's findings go straight to the feed, in the same tick. */
export class LocalFeedBus implements FeedBus {
  private readonly listeners = new Map<number, FeedListener>();

  constructor(private readonly observeDelta: DeltaObserver = () => undefined) {}

  follow(environmentId: number, listener: FeedListener): Promise<void> {
    this.listeners.set(environmentId, listener);
    return Promise.resolve();
  }

  unfollow(environmentId: number): void {
    this.listeners.delete(environmentId);
  }

  resync(): void {
    // In-process delivery cannot skip a delta.
  }

  publisher(environmentId: number): FeedPublisher {
    const deliver = (event: FeedEvent) => this.listeners.get(environmentId)?.(event);
    const observe = this.observeDelta;
    const sequence = new FeedSequencer(newEpoch);
    return {
      get epoch() {
        return sequence.epoch;
      },
      get seq() {
        return sequence.seq;
      },
      reset(devices: DeviceLiveState[]) {
        const { epoch, seq } = sequence.nextState();
        sequence.commit({ epoch, seq });
        deliver({ type: 'state', state: { epoch, seq, devices, history: [] } });
        return Promise.resolve();
      },
      // Delivered in this tick; a delta before any state is a rejection.
      change: (change: PolledChange) =>
        new Promise<void>((resolve) => {
          const { epoch, seq } = sequence.nextDelta();
          sequence.commit({ epoch, seq });
          const delta = deltaOf(environmentId, epoch, seq, change);
          observe(delta, Buffer.byteLength(JSON.stringify(delta)));
          deliver({ type: 'delta', delta });
          resolve();
        }),
      logs(entries: LiveSystemLogEntry[]) {
        deliver({ type: 'logs', event: { environmentId, entries } });
        return Promise.resolve();
      },
    };
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
