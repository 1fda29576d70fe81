import type { Request, RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { apiErrorBody, HttpErrorKind, isAuthenticationPath } from '@halo/shared';
import type { GatewayMetrics } from '../metrics.js';

export interface RateLimitOptions {
  readonly authPerMinute: number;
  readonly apiPerMinute: number;
  readonly metrics: GatewayMetrics;
  /** Where the counts live when several gateways share the load (REDIS_URL); in memory otherwise. */
  readonly redis?: { readonly client: Redis; readonly prefix: string };
}

const WINDOW_MS = 60_000;

/** Sign-in, reset and 2FA verification calls (paths relative to the API mount point). */
const isAuthPath = (request: Request) => isAuthenticationPath(request.path);

/**
 * Per client address: a tight limit on /api/v1/auth/* (password guessing, mail flooding) and a
 * generous one on the rest of the API. Mount at API_BASE. Refusals are 429 in the spec's
 * error format with the standard RateLimit headers and Retry-After.
 */
export function createRateLimits({ authPerMinute, apiPerMinute, metrics, redis }: RateLimitOptions): RequestHandler[] {
  const storeFor = (name: string): Store | undefined =>
    redis
      ? new RedisStore({
          prefix: `${redis.prefix}${name}:`,
          sendCommand: (command: string, ...args: string[]) =>
            redis.client.call(command, ...args) as Promise<RedisReply>,
        })
      : undefined;
  const limiter = (name: 'auth' | 'api', limit: number, skip: (request: Request) => boolean) => {
    const store = storeFor(name);
    return rateLimit({
      windowMs: WINDOW_MS,
      limit,
      skip,
      // With Redis unreachable the API stays up rather than refusing everyone.
      ...(store ? { store, passOnStoreError: true } : {}),
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      handler(_request, response) {
        metrics.rateLimited.inc({ limiter: name });
        response
          .status(429)
          .json(apiErrorBody(HttpErrorKind.TOO_MANY_REQUESTS, 'Too many requests, please try again later'));
      },
    });
  };
  return [limiter('auth', authPerMinute, (request) => !isAuthPath(request)), limiter('api', apiPerMinute, isAuthPath)];
}
