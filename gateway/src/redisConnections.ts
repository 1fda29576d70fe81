import { Redis } from 'ioredis';
import { log } from './log.js';

export interface RedisConnections {
  readonly commands: Redis;
  readonly feedSub: Redis;
  readonly adapterPub: Redis;
  readonly adapterSub: Redis;
  quit(): Promise<void>;
}

/** The four connections the gateway needs: commands, the feed's subscriber, the adapter's pair. */
export function connectRedis(url: string): RedisConnections {
  const commands = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const connections = [commands, commands.duplicate(), commands.duplicate(), commands.duplicate()] as const;
  for (const connection of connections) {
    connection.on('error', (error: Error) => log.error({ err: error }, 'redis connection failed'));
  }
  const [, feedSub, adapterPub, adapterSub] = connections;
  // The adapter unsubscribes on close without waiting for Redis or handling a refusal; at
  // shutdown those replies may never come, which must not surface as unhandled rejections.
  for (const method of ['unsubscribe', 'punsubscribe'] as const) {
    const original = adapterSub[method].bind(adapterSub) as (...args: unknown[]) => Promise<unknown>;
    (adapterSub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const reply = original(...args);
      reply.catch(() => undefined);
      return reply;
    };
  }
  return {
    commands,
    feedSub,
    adapterPub,
    adapterSub,
    async quit() {
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}
