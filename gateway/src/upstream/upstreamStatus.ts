import { UpstreamState, type UpstreamStatusEvent } from '@halo/shared';

/** Consecutive failures after which the upstream counts as down rather than degraded. */
export const DOWN_AFTER_FAILURES = 3;

type Listener = (status: UpstreamStatusEvent) => void;

/**
 * What the gateway knows of its upstream's health: ok, degraded after one failure, down after
 * three failures in a row or a failing health probe. Every outcome of a gateway call feeds it.
 */
export class UpstreamStatusTracker {
  private state: UpstreamState = UpstreamState.OK;
  private since: number;
  private lastGoodAt: number | null = null;
  private consecutiveFailures = 0;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly now: () => number = Date.now) {
    this.since = now();
  }

  recordSuccess(): void {
    this.consecutiveFailures = 0;
    this.lastGoodAt = this.now();
    this.moveTo(UpstreamState.OK);
  }

  recordFailure(): void {
    this.consecutiveFailures += 1;
    this.moveTo(this.consecutiveFailures >= DOWN_AFTER_FAILURES ? UpstreamState.DOWN : UpstreamState.DEGRADED);
  }

  /** A failing health probe: the upstream is down whatever the count says. */
  markDown(): void {
    this.consecutiveFailures = Math.max(this.consecutiveFailures, DOWN_AFTER_FAILURES);
    this.moveTo(UpstreamState.DOWN);
  }

  get current(): UpstreamState {
    return this.state;
  }

  snapshot(): UpstreamStatusEvent {
    return {
      state: this.state,
      since: new Date(this.since).toISOString(),
      lastGoodAt: this.lastGoodAt === null ? null : new Date(this.lastGoodAt).toISOString(),
    };
  }

  /** Calls the listener on every change of state; returns the unsubscribe function. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private moveTo(state: UpstreamState): void {
    if (state === this.state) return;
    this.state = state;
    this.since = this.now();
    const status = this.snapshot();
    for (const listener of this.listeners) listener(status);
  }
}
