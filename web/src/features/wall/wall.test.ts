import { beforeEach, describe, expect, it } from 'vitest';
import { dataAgeSeconds, type WallConnection } from './useWallConnection';
import { WALL_TOKEN_STORAGE_KEY, adoptWallToken, forgetWallToken } from './wallToken';

type Connected = Extract<WallConnection, { kind: 'connected' }>;
const connected = (change: Partial<Connected>): Connected =>
  ({ kind: 'connected', socketConnected: true, upstream: null, clock: null, staleSince: null, ...change }) as Connected;

describe('dataAgeSeconds', () => {
  it('is 0 while live', () => {
    expect(dataAgeSeconds(connected({}), 10_000)).toBe(0);
  });

  it('counts from when liveness was lost', () => {
    expect(dataAgeSeconds(connected({ staleSince: 4_000, socketConnected: false }), 16_400)).toBe(12);
  });

  it("prefers the upstream's last good data in server time", () => {
    const age = dataAgeSeconds(
      connected({
        staleSince: 9_000,
        upstream: { state: 'down', since: '2026-11-23T12:00:05.000Z', lastGoodAt: '2026-11-23T12:00:00.000Z' },
        clock: { remoteTime: Date.parse('2026-11-23T12:00:30.000Z'), receivedAt: 10_000 },
      }),
      20_000,
    );
    expect(age).toBe(40);
  });
});

describe('adoptWallToken', () => {
  beforeEach(() => window.localStorage.clear());

  it('moves a #display token into storage and out of the address', () => {
    window.history.replaceState(null, '', '/wall#display=abcdefghijklmnop1234');
    expect(adoptWallToken()).toBe('abcdefghijklmnop1234');
    expect(window.location.hash).toBe('');
    expect(window.localStorage.getItem(WALL_TOKEN_STORAGE_KEY)).toBe('abcdefghijklmnop1234');
    forgetWallToken();
    expect(adoptWallToken()).toBeNull();
  });

  it('ignores a malformed token', () => {
    window.history.replaceState(null, '', '/wall#display=<script>');
    expect(adoptWallToken()).toBeNull();
  });
});
