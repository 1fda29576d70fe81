import type { GatewayMetrics } from '../metrics.js';
import type { DevicesUpstream } from './devicesUpstream.js';
import { EnvironmentPoller, type PollerSink, type TokenSource } from './environmentPoller.js';
import type { Leadership } from './leadership.js';

/**
 * Where a leading poller's findings go, one sink per environment: the live feed's bus
 * (live/feedBus.ts) is one. Declared here so the pollers need nothing of the live side; the
 * arrow runs from live to pollers only (a lint rule keeps it so).
 */
export interface PollerSinks {
  publisher(environmentId: number, owner: string): PollerSink;
}

export interface PollerManagerOptions {
  readonly upstream: DevicesUpstream;
  readonly bus: PollerSinks;
  readonly leadership: Leadership;
  readonly metrics: GatewayMetrics;
  readonly pollMs: number;
  readonly fullPollEvery: number;
  readonly backoffMaxMs: number;
  /**
   * With several gateways: a leader that found no usable token for this long gives the
   * environment up for as long again, so a gateway whose subscribers can poll takes over.
   */
  readonly yieldWhenStarvedMs?: number;
}

interface Campaign {
  readonly tokens: TokenSource;
  poller: EnvironmentPoller | null;
  stop: () => Promise<void>;
  retry?: NodeJS.Timeout;
}

/**
 * Runs one poller per environment that this gateway's subscribers want and that this gateway
 * leads (always, with one gateway; by Redis lock with several). The caller says when an
 * environment is wanted and when it is not any more (its grace period is the caller's).
 */
export class PollerManager {
  private readonly campaigns = new Map<number, Campaign>();

  constructor(private readonly options: PollerManagerOptions) {}

  /** Pollers running on this gateway. */
  get running(): number {
    let count = 0;
    for (const campaign of this.campaigns.values()) if (campaign.poller) count += 1;
    return count;
  }

  poller(environmentId: number): EnvironmentPoller | null {
    return this.campaigns.get(environmentId)?.poller ?? null;
  }

  isLeading(environmentId: number): boolean {
    return this.poller(environmentId) !== null;
  }

  want(environmentId: number, tokens: TokenSource): void {
    if (this.campaigns.has(environmentId)) return;
    const { options } = this;
    const campaign: Campaign = { tokens, poller: null, stop: () => Promise.resolve() };
    this.campaigns.set(environmentId, campaign);
    campaign.stop = options.leadership.campaign(environmentId, {
      elected: (owner) => {
        void campaign.poller?.stop();
        campaign.poller = new EnvironmentPoller({
          environmentId,
          upstream: options.upstream,
          tokens,
          sink: options.bus.publisher(environmentId, owner),
          metrics: options.metrics,
          pollMs: options.pollMs,
          fullPollEvery: options.fullPollEvery,
          backoffMaxMs: options.backoffMaxMs,
          ...(options.yieldWhenStarvedMs === undefined
            ? {}
            : {
                starvedAfterMs: options.yieldWhenStarvedMs,
                onStarved: () => void this.yieldLeadership(environmentId, campaign),
              }),
        });
        campaign.poller.start();
      },
      deposed: () => {
        void campaign.poller?.stop();
        campaign.poller = null;
      },
    });
  }

  async unwant(environmentId: number): Promise<void> {
    const campaign = this.campaigns.get(environmentId);
    if (!campaign) return;
    this.campaigns.delete(environmentId);
    clearTimeout(campaign.retry);
    const poller = campaign.poller;
    await campaign.stop();
    await poller?.stop();
  }

  /** Gives the environment up for a while, then competes again if it is still wanted. */
  private async yieldLeadership(environmentId: number, campaign: Campaign): Promise<void> {
    const poller = campaign.poller;
    await campaign.stop();
    await poller?.stop();
    if (this.campaigns.get(environmentId) !== campaign) return;
    campaign.stop = () => Promise.resolve();
    campaign.retry = setTimeout(() => {
      if (this.campaigns.get(environmentId) !== campaign) return;
      this.campaigns.delete(environmentId);
      this.want(environmentId, campaign.tokens);
    }, this.options.yieldWhenStarvedMs);
    campaign.retry.unref();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.campaigns.keys()].map((environmentId) => this.unwant(environmentId)));
  }
}
