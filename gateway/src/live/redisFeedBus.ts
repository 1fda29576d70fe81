import type { Redis } from 'ioredis';
import {
  continuityOf,
  DeviceLiveStateSchema,
  FeedSequencer,
  DevicesDeltaSchema,
  LogsSystemEventSchema,
  type DeviceLiveState,
  type DevicesDelta,
} from '@halo/shared';
import { z } from 'zod';
import type { LiveSystemLogEntry } from '../pollers/devicesUpstream.js';
import type { PolledChange } from '../pollers/environmentPoller.js';
import { leaderKey } from '../pollers/leadership.js';
import { newEpoch, type FeedState } from './environmentFeed.js';
import { deltaOf, type DeltaObserver, type FeedBus, type FeedListener, type FeedPublisher } from './feedBus.js';
import { log } from '../log.js';

/** Raised when a write finds the leadership lock held by someone else. */
export class LeadershipLostError extends Error {
  constructor(environmentId: number) {
    super(`this gateway no longer leads environment ${environmentId}`);
    this.name = 'LeadershipLostError';
  }
}

/** Keys of one environment's shared feed. */
export function feedKeys(prefix: string, environmentId: number) {
  const base = `${prefix}:env:${environmentId}`;
  return {
    leader: leaderKey(prefix, environmentId),
    meta: `${base}:meta`,
    devices: `${base}:devices`,
    history: `${base}:history`,
    channel: `${base}:feed`,
  };
}

// KEYS: leader, meta, devices, history. ARGV: owner, meta, channel, message, expiry ms, then per script.
const HEADER = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
`;
const EXPIRE = `
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
redis.call('PEXPIRE', KEYS[4], ARGV[5])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`;
/** ARGV[6..]: device id, device JSON, ... */
const RESET_SCRIPT = `${HEADER}
redis.call('DEL', KEYS[3], KEYS[4])
for i = 6, #ARGV, 2 do redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
redis.call('SET', KEYS[2], ARGV[2])
${EXPIRE}`;
/** ARGV[6]: history entry, ARGV[7]: history length, ARGV[8]: changed count, then id/JSON pairs, then removed ids. */
const DELTA_SCRIPT = `${HEADER}
local changed = tonumber(ARGV[8])
local i = 9
for _ = 1, changed do
  redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1])
  i = i + 2
end
while i <= #ARGV do
  redis.call('HDEL', KEYS[3], ARGV[i])
  i = i + 1
end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('RPUSH', KEYS[4], ARGV[6])
redis.call('LTRIM', KEYS[4], -tonumber(ARGV[7]), -1)
${EXPIRE}`;

/** `owner`: the leader that wrote it; a state is served only while its writer still leads. */
const MetaSchema = z.object({ epoch: z.string(), seq: z.number().int().min(0), owner: z.string() });
const MessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reset'), epoch: z.string() }),
  z.object({ type: z.literal('delta'), delta: DevicesDeltaSchema }),
  z.object({ type: z.literal('logs'), event: LogsSystemEventSchema }),
]);

/** Shared keys outlive their last writer by this much, then Redis drops them. */
const EXPIRY_MS = 60 * 60_000;

interface Following {
  readonly listener: FeedListener;
  /** Everything for this environment runs in order on this chain. */
  chain: Promise<void>;
  /** What was delivered last, to skip what the load already covered. */
  epoch: string | null;
  seq: number;
}

export interface RedisFeedBusOptions {
  /** For commands and the fenced writes. */
  readonly redis: Redis;
  /** A connection of its own in subscriber mode. */
  readonly subscriber: Redis;
  readonly prefix: string;
  readonly historyLength: number;
  readonly observeDelta?: DeltaObserver;
}

/**
 * Several gateways: the leader writes each state and delta to Redis in one script that first
 * checks it still holds the lock (the state as a hash, the latest deltas as a capped list, the
 * epoch and seq) and publishes it; every gateway (the leader too) follows the environment's
 * channel. A follower starts from the shared state and history, so a client can resume on any
 * gateway; a gap or a new epoch makes it load the shared state again.
 */
export class RedisFeedBus implements FeedBus {
  private readonly following = new Map<number, Following>();
  private readonly channels = new Map<string, number>();

  constructor(private readonly options: RedisFeedBusOptions) {
    options.subscriber.on('message', (channel: string, message: string) => this.onMessage(channel, message));
  }

  async follow(environmentId: number, listener: FeedListener): Promise<void> {
    const keys = feedKeys(this.options.prefix, environmentId);
    const entry: Following = { listener, chain: Promise.resolve(), epoch: null, seq: 0 };
    this.following.set(environmentId, entry);
    this.channels.set(keys.channel, environmentId);
    // Subscribed before loading, so nothing published in between is lost (duplicates are skipped).
    entry.chain = this.options.subscriber.subscribe(keys.channel).then(() => this.load(environmentId, entry));
    await entry.chain;
  }

  unfollow(environmentId: number): void {
    const keys = feedKeys(this.options.prefix, environmentId);
    this.following.delete(environmentId);
    this.channels.delete(keys.channel);
    void this.options.subscriber.unsubscribe(keys.channel).catch(() => undefined);
  }

  resync(environmentId: number): void {
    const entry = this.following.get(environmentId);
    if (entry) this.enqueue(environmentId, entry, () => this.load(environmentId, entry));
  }

  publisher(environmentId: number, owner: string): FeedPublisher {
    const { redis, historyLength, observeDelta } = this.options;
    const keys = feedKeys(this.options.prefix, environmentId);
    const keyList = [keys.leader, keys.meta, keys.devices, keys.history];
    const sequence = new FeedSequencer(newEpoch);
    const run = async (script: string, args: (string | number)[]) => {
      const result = await redis.eval(script, keyList.length, ...keyList, ...args);
      if (result !== 1) throw new LeadershipLostError(environmentId);
    };
    return {
      get epoch() {
        return sequence.epoch;
      },
      get seq() {
        return sequence.seq;
      },
      // The position moves on only once the fenced write went through.
      async reset(devices: DeviceLiveState[]) {
        const next = sequence.nextState();
        const pairs: string[] = [];
        for (const device of devices) pairs.push(String(device.id), JSON.stringify(device));
        const meta = JSON.stringify({ epoch: next.epoch, seq: next.seq, owner });
        const message = JSON.stringify({ type: 'reset', epoch: next.epoch });
        await run(RESET_SCRIPT, [owner, meta, keys.channel, message, EXPIRY_MS, ...pairs]);
        sequence.commit(next);
      },
      async change(change: PolledChange) {
        const next = sequence.nextDelta();
        const delta = deltaOf(environmentId, next.epoch, next.seq, change);
        const { states, removed } = change;
        const json = JSON.stringify(delta);
        const pairs: string[] = [];
        for (const device of states) pairs.push(String(device.id), JSON.stringify(device));
        const meta = JSON.stringify({ epoch: next.epoch, seq: next.seq, owner });
        const message = `{"type":"delta","delta":${json}}`;
        await run(DELTA_SCRIPT, [
          owner,
          meta,
          keys.channel,
          message,
          EXPIRY_MS,
          json,
          historyLength,
          states.length,
          ...pairs,
          ...removed.map(String),
        ]);
        sequence.commit(next);
        observeDelta?.(delta, Buffer.byteLength(json));
      },
      async logs(entries: LiveSystemLogEntry[]) {
        await redis.publish(keys.channel, JSON.stringify({ type: 'logs', event: { environmentId, entries } }));
      },
    };
  }

  async close(): Promise<void> {
    this.following.clear();
    this.channels.clear();
    await Promise.resolve();
  }

  private enqueue(environmentId: number, entry: Following, task: () => Promise<void>): void {
    entry.chain = entry.chain.then(task).catch((error: unknown) => {
      log.error({ err: error, environmentId }, 'shared feed failed');
    });
  }

  private onMessage(channel: string, raw: string): void {
    const environmentId = this.channels.get(channel);
    if (environmentId === undefined) return;
    const entry = this.following.get(environmentId);
    if (!entry) return;
    let message: z.infer<typeof MessageSchema>;
    try {
      const parsed = MessageSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    this.enqueue(environmentId, entry, async () => {
      if (this.following.get(environmentId) !== entry) return;
      if (message.type === 'logs') {
        entry.listener({ type: 'logs', event: message.event });
      } else if (message.type === 'reset') {
        if (message.epoch !== entry.epoch) await this.load(environmentId, entry);
      } else {
        const { delta } = message;
        const continuity = continuityOf(entry, delta);
        if (continuity === 'duplicate') return;
        if (continuity === 'gap') {
          await this.load(environmentId, entry);
          return;
        }
        entry.epoch = delta.epoch;
        entry.seq = delta.seq;
        entry.listener({ type: 'delta', delta });
      }
    });
  }

  /**
   * Reads the shared state, devices and history in one transaction and hands it on. A state
   * whose writer no longer leads is left alone: it may be long out of date, and the next
   * leader starts a new epoch anyway.
   */
  private async load(environmentId: number, entry: Following): Promise<void> {
    const keys = feedKeys(this.options.prefix, environmentId);
    const results = await this.options.redis
      .multi()
      .get(keys.meta)
      .hgetall(keys.devices)
      .lrange(keys.history, 0, -1)
      .get(keys.leader)
      .exec();
    if (!results || this.following.get(environmentId) !== entry) return;
    const [metaResult, devicesResult, historyResult, leaderResult] = results;
    const metaText = metaResult?.[1];
    if (typeof metaText !== 'string') return;
    const meta = MetaSchema.safeParse(JSON.parse(metaText));
    if (!meta.success || meta.data.owner !== leaderResult?.[1]) return;
    const devices: DeviceLiveState[] = [];
    for (const text of Object.values((devicesResult?.[1] ?? {}) as Record<string, string>)) {
      const device = DeviceLiveStateSchema.safeParse(JSON.parse(text));
      if (device.success) devices.push(device.data);
    }
    const history: DevicesDelta[] = [];
    for (const text of (historyResult?.[1] ?? []) as string[]) {
      if (!text) continue;
      const delta = DevicesDeltaSchema.safeParse(JSON.parse(text));
      if (delta.success && delta.data.epoch === meta.data.epoch) history.push(delta.data);
    }
    const state: FeedState = { epoch: meta.data.epoch, seq: meta.data.seq, devices, history };
    entry.epoch = state.epoch;
    entry.seq = state.seq;
    entry.listener({ type: 'state', state });
  }
}
