import type { PollCapability } from '../../pollers/environmentPoller.js';
import type { PollerManager } from '../../pollers/pollerManager.js';
import { log } from '../../log.js';
import { EnvironmentFeed } from '../environmentFeed.js';
import type { EnvironmentAlarms } from '../environmentAlarms.js';
import type { EnvironmentSummary } from '../environmentSummary.js';
import type { FeedBus, FeedEvent } from '../feedBus.js';
import type { LiveSocket } from '../liveTypes.js';
import type { SnapshotEncoder } from '../snapshotEncoding.js';
import type { SnapshotBatch } from './snapshotBatching.js';
import { SubscriberTokens } from './subscriberTokens.js';

/** How long a subscription waits for the shared state (Redis) before answering with a snapshot to come. */
const FOLLOW_WAIT_MS = 3000;

/** What this gateway holds of an environment some socket follows. */
export interface Tracked extends SnapshotBatch {
  /** Every socket following the environment (its devices, its summary or both): their tokens poll. */
  readonly subscribers: Map<string, LiveSocket>;
  /** Those following its devices. */
  readonly deviceSubscribers: Set<string>;
  /** Those following its system log (the live tail). */
  readonly logSubscribers: Set<string>;
  /** The fleet summary, while some socket follows it. */
  summary: EnvironmentSummary | null;
  /** The live alarm stream, while some socket follows it. */
  alarms: EnvironmentAlarms | null;
  readonly tokens: SubscriberTokens;
  /** Resolves once the shared state (if any) was loaded. */
  readonly following: Promise<void>;
  releaseTimer: NodeJS.Timeout | undefined;
}

export interface TrackedEnvironmentsOptions {
  readonly bus: FeedBus;
  readonly pollers: PollerManager;
  /** Deltas kept per environment for replay. */
  readonly historyLength: number;
  /** How long an environment stays followed and polled after its last subscriber left. */
  readonly graceMs: number;
  readonly encodeSnapshot?: SnapshotEncoder;
  /** What the feed bus delivers for an environment still tracked. */
  readonly onFeedEvent: (environmentId: number, tracked: Tracked, event: FeedEvent) => void;
  /** The upstream refused a subscriber's token for this capability here. */
  readonly onRefused: (environmentId: number, token: string, capability: PollCapability) => void;
}

/**
 * The environments followed on this gateway and the sockets following each: the first
 * follower starts following the feed and wants a poller, the last one's leaving releases both
 * after a grace period (a page reload comes back within it).
 */
export class TrackedEnvironments {
  private readonly tracked = new Map<number, Tracked>();
  private readonly socketEnvironments = new Map<string, Set<number>>();

  constructor(private readonly options: TrackedEnvironmentsOptions) {}

  get environmentIds(): number[] {
    return [...this.tracked.keys()];
  }

  get(environmentId: number): Tracked | undefined {
    return this.tracked.get(environmentId);
  }

  /** Whether `tracked` is still what this gateway holds of the environment. */
  isCurrent(environmentId: number, tracked: unknown): boolean {
    return this.tracked.get(environmentId) === tracked;
  }

  /** The environments the socket follows. */
  of(socketId: string): ReadonlySet<number> | undefined {
    return this.socketEnvironments.get(socketId);
  }

  /** The socket follows the environment (its token may poll it). */
  follow(socket: LiveSocket, environmentId: number): Tracked {
    const tracked = this.acquire(environmentId);
    tracked.subscribers.set(socket.id, socket);
    const environments = this.socketEnvironments.get(socket.id) ?? new Set<number>();
    environments.add(environmentId);
    this.socketEnvironments.set(socket.id, environments);
    return tracked;
  }

  /**
   * Waits (a while at most) for the shared state, so a socket on a gateway that just started
   * following resumes from the shared history; false when the socket or the feed went meanwhile.
   */
  async followed(socket: LiveSocket, environmentId: number, tracked: Tracked): Promise<boolean> {
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([tracked.following, new Promise((resolve) => (waited = setTimeout(resolve, FOLLOW_WAIT_MS)))]);
    clearTimeout(waited);
    return socket.connected && this.tracked.get(environmentId) === tracked && tracked.subscribers.has(socket.id);
  }

  /**
   * The socket follows nothing of the environment any more: it stops being a subscriber, and
   * the environment is released after the grace period when it was the last.
   */
  unfollow(socket: LiveSocket, environmentId: number): void {
    this.socketEnvironments.get(socket.id)?.delete(environmentId);
    const tracked = this.tracked.get(environmentId);
    if (!tracked) return;
    tracked.subscribers.delete(socket.id);
    tracked.tokens.prune();
    if (tracked.subscribers.size > 0 || tracked.releaseTimer) return;
    tracked.releaseTimer = setTimeout(() => {
      if (this.tracked.get(environmentId) !== tracked || tracked.subscribers.size > 0) return;
      this.tracked.delete(environmentId);
      this.options.bus.unfollow(environmentId);
      void this.options.pollers.unwant(environmentId);
    }, this.options.graceMs);
    tracked.releaseTimer.unref();
  }

  /** The socket left. */
  forget(socketId: string): void {
    this.socketEnvironments.delete(socketId);
  }

  /** Stops following every environment (the pollers are the caller's to stop). */
  close(): void {
    for (const [environmentId, tracked] of this.tracked) {
      clearTimeout(tracked.releaseTimer);
      tracked.summary?.close();
      tracked.alarms?.close();
      this.options.bus.unfollow(environmentId);
    }
    this.tracked.clear();
  }

  /** Starts following (and wanting a poller for) an environment, or cancels its release. */
  private acquire(environmentId: number): Tracked {
    const existing = this.tracked.get(environmentId);
    if (existing) {
      clearTimeout(existing.releaseTimer);
      existing.releaseTimer = undefined;
      return existing;
    }
    const subscribers = new Map<string, LiveSocket>();
    const tokens = new SubscriberTokens(environmentId, subscribers, (token, capability) =>
      this.options.onRefused(environmentId, token, capability),
    );
    const feed = new EnvironmentFeed(environmentId, this.options.historyLength, this.options.encodeSnapshot);
    const tracked: Tracked = {
      feed,
      subscribers,
      deviceSubscribers: new Set(),
      logSubscribers: new Set(),
      summary: null,
      alarms: null,
      tokens,
      awaitingSnapshot: new Set(),
      following: Promise.resolve(),
      releaseTimer: undefined,
      flushScheduled: false,
      flushing: false,
      snapshotBytes: 0,
    };
    this.tracked.set(environmentId, tracked);
    (tracked as { following: Promise<void> }).following = this.options.bus
      .follow(environmentId, (event) => {
        if (this.tracked.get(environmentId) === tracked) this.options.onFeedEvent(environmentId, tracked, event);
      })
      .catch((error: unknown) => log.error({ err: error, environmentId }, 'following an environment failed'));
    this.options.pollers.want(environmentId, tokens);
    return tracked;
  }
}
