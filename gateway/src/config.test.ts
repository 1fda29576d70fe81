import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      providerPort: 8081,
      publicUrl: undefined,
      upstreamUrl: undefined,
      sessionCheckMs: 2000,
      clockRefreshMs: 60_000,
      rateLimitAuthPerMinute: 60,
      rateLimitApiPerMinute: 1200,
      trustProxy: false,
      pollMs: 1000,
      fullPollEvery: 30,
      pollTimeoutMs: 5000,
      fullPollTimeoutMs: 60_000,
      pollBackoffMaxMs: 30_000,
      pollGraceMs: 10_000,
      deltaHistoryMs: 180_000,
      socketBufferPackets: 64,
      socketBufferBytes: 8 * 1024 * 1024,
      slowConsumerResyncMs: 30_000,
      redisPrefix: 'halo',
      leaderTtlMs: 5000,
    });
    expect(config.dataDir).toMatch(/[\\/]data$/);
  });

  it('keeps the delta history at two minutes or more', () => {
    expect(() => parseConfig({ HALO_DELTA_HISTORY_MS: '60000' })).toThrow(/HALO_DELTA_HISTORY_MS/);
    expect(parseConfig({ HALO_DELTA_HISTORY_MS: '120000', HALO_FULL_POLL_EVERY: '10' })).toMatchObject({
      deltaHistoryMs: 120_000,
      fullPollEvery: 10,
    });
  });

  it('treats empty strings as unset, as the e2e harness sends them', () => {
    const config = parseConfig({ UPSTREAM_URL: '', REDIS_URL: '', HALO_PORT: '', HALO_PUBLIC_URL: ' ' });
    expect(config.upstreamUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBeUndefined();
  });

  it('reads the values given', () => {
    const config = parseConfig({
      HALO_PORT: '9090',
      HALO_HOST: '0.0.0.0',
      UPSTREAM_URL: 'https://provider.example/api/v1/',
      HALO_PUBLIC_URL: 'https://console.example/some/path',
      HALO_ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443/x',
      HALO_SESSION_CHECK_MS: '500',
      HALO_RATE_LIMIT_AUTH_PER_MIN: '1000',
      HALO_TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      upstreamUrl: 'https://provider.example/api/v1',
      publicUrl: 'https://console.example',
      allowedOrigins: ['https://a.example', 'https://b.example:8443'],
      sessionCheckMs: 500,
      rateLimitAuthPerMinute: 1000,
      trustProxy: 1,
    });
  });

  it('names every bad value in one clear error', () => {
    let caught: unknown;
    try {
      parseConfig({ HALO_PORT: 'eighty', UPSTREAM_URL: 'ftp://x', HALO_SESSION_CHECK_MS: '-5' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('HALO_PORT="eighty"');
    expect(message).toContain('UPSTREAM_URL="ftp://x"');
    expect(message).toContain('HALO_SESSION_CHECK_MS="-5"');
  });

  it("refuses the embedded provider on the gateway's own port, and allows it with an upstream", () => {
    expect(() => parseConfig({ HALO_PORT: '9000', HALO_PROVIDER_PORT: '9000' })).toThrow(
      /HALO_PROVIDER_PORT=9000: the embedded provider needs a port of its own/,
    );
    expect(parseConfig({ HALO_PORT: '9000', HALO_PROVIDER_PORT: '9000', UPSTREAM_URL: 'http://up:1' }).port).toBe(9000);
    expect(parseConfig({ HALO_PORT: '9000', HALO_PROVIDER_PORT: '9001' }).providerPort).toBe(9001);
  });
});
