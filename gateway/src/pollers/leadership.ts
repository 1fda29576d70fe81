import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { log } from '../log.js';

export interface LeadershipHandlers {
  /** This gateway now leads the environment; `owner` fences its writes. */
  elected(owner: string): void;
  /** It does not any more (lost, expired or given up). */
  deposed(): void;
}

/** Who polls an environment: one gateway at a time, cluster-wide. */
export interface Leadership {
  /** Competes for the environment until the returned function is called (which gives it up). */
  campaign(environmentId: number, handlers: LeadershipHandlers): () => Promise<void>;
}

/** A single gateway leads everything it is asked to. */
export class LocalLeadership implements Leadership {
  campaign(_environmentId: number, handlers: LeadershipHandlers): () => Promise<void> {
    handlers.elected(randomUUID());
    return () => {
      handlers.deposed();
      return Promise.resolve();
    };
  }
}

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export const leaderKey = (prefix: string, environmentId: number) => `${prefix}:env:${environmentId}:leader`;
/** Where a leader that steps down says so: the message is the environment's id. */
export const leaderReleasedChannel = (prefix: string) => `${prefix}:leader-released`;

/**
 * Leadership through a Redis lock per environment: `SET NX PX ttl`, renewed every third of
 * the TTL while held. A gateway that cannot renew within the TTL counts itself deposed (its
 * lock may have expired and another taken it); one that stops releases the lock at once and
 * publishes that it did, so a follower tries again at once instead of at its next round (a
 * stopping gateway's environments are polled again within a poll, not a third of the TTL).
 * The writes of the feed check the same owner.
 */
export class RedisLeadership implements Leadership {
  /** The campaigns of this gateway by environment: each tries for the lock at once when woken. */
  private readonly waiting = new Map<number, Set<() => void>>();
  private listening: Promise<unknown> | null = null;

  /**
   * @param subscriber a connection in subscriber mode (shared with other channels) on which
   *   releases are heard; without one, followers find a released lock at their next round.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
    private readonly subscriber?: Redis,
  ) {}

  /** Hears releases on the subscriber connection, from the first campaign on. */
  private listen(): void {
    if (!this.subscriber || this.listening) return;
    const channel = leaderReleasedChannel(this.prefix);
    this.subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      for (const wake of this.waiting.get(Number(message)) ?? []) wake();
    });
    this.listening = this.subscriber.subscribe(channel).catch((error: unknown) => {
      log.error({ err: error }, 'listening for leadership releases failed');
    });
  }

  campaign(environmentId: number, handlers: LeadershipHandlers): () => Promise<void> {
    this.listen();
    const key = leaderKey(this.prefix, environmentId);
    const owner = randomUUID();
    let leading = false;
    let renewedAt = 0;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let round: Promise<void> = Promise.resolve();

    const depose = () => {
      if (!leading) return;
      leading = false;
      handlers.deposed();
    };
    const attempt = async () => {
      try {
        if (leading) {
          const renewed = await this.redis.eval(RENEW, 1, key, owner, String(this.ttlMs));
          if (stopped) return;
          if (renewed === 1) renewedAt = Date.now();
          else depose();
        } else {
          const taken = await this.redis.set(key, owner, 'PX', this.ttlMs, 'NX');
          if (stopped) {
            if (taken === 'OK') await this.redis.eval(RELEASE, 1, key, owner);
            return;
          }
          if (taken === 'OK') {
            leading = true;
            renewedAt = Date.now();
            handlers.elected(owner);
          }
        }
      } catch (error) {
        if (leading && Date.now() - renewedAt >= this.ttlMs) depose();
        if (!stopped) log.error({ err: error, environmentId }, 'leadership failed');
      }
    };
    let attempting = false;
    let wokenDuringAttempt = false;
    const loop = () => {
      if (stopped) return;
      attempting = true;
      round = attempt();
      void round.finally(() => {
        attempting = false;
        if (stopped) return;
        const delay = wokenDuringAttempt && !leading ? 0 : Math.max(50, Math.floor(this.ttlMs / 3));
        wokenDuringAttempt = false;
        timer = setTimeout(loop, delay);
        timer.unref();
      });
    };
    /** The leader released the lock: a follower tries for it now. */
    const wake = () => {
      if (stopped || leading) return;
      if (attempting) {
        wokenDuringAttempt = true;
        return;
      }
      clearTimeout(timer);
      loop();
    };
    let wakers = this.waiting.get(environmentId);
    if (!wakers) this.waiting.set(environmentId, (wakers = new Set()));
    wakers.add(wake);
    loop();

    return async () => {
      stopped = true;
      wakers.delete(wake);
      if (wakers.size === 0) this.waiting.delete(environmentId);
      clearTimeout(timer);
      await round;
      const wasLeading = leading;
      depose();
      if (!wasLeading) return;
      try {
        const released = await this.redis.eval(RELEASE, 1, key, owner);
        if (released === 1) await this.redis.publish(leaderReleasedChannel(this.prefix), String(environmentId));
      } catch {
        // The lock expires by itself; followers find it free at their next round.
      }
    };
  }
}
