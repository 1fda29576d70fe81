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

/**
 * Leadership through a Redis lock per environment: `SET NX PX ttl`, renewed every third of
 * the TTL while held. A gateway that cannot renew within the TTL counts itself deposed (its
 * lock may have expired and another taken it); one that stops releases the lock at once so a
 * follower takes over within a renewal period. The writes of the feed check the same owner.
 */
export class RedisLeadership implements Leadership {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  campaign(environmentId: number, handlers: LeadershipHandlers): () => Promise<void> {
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
    const loop = () => {
      if (stopped) return;
      round = attempt();
      void round.finally(() => {
        if (stopped) return;
        timer = setTimeout(loop, Math.max(50, Math.floor(this.ttlMs / 3)));
        timer.unref();
      });
    };
    loop();

    return async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
      const wasLeading = leading;
      depose();
      if (wasLeading) await this.redis.eval(RELEASE, 1, key, owner).catch(() => undefined);
    };
  }
}
