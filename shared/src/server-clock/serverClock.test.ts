import { describe, expect, it } from 'vitest';
import {
  formatServerClock,
  formatTimeOfDay,
  formatTimestamp,
  ServerClockResponseSchema,
  serverNow,
} from './serverClock.js';

describe('formatServerClock', () => {
  it("formats as 'D MMM, YYYY HH:mm:ss (UTC)' without a leading zero on the day", () => {
    expect(formatServerClock(Date.UTC(2024, 2, 5, 7, 4, 9))).toBe('5 Mar, 2024 07:04:09 (UTC)');
    expect(formatServerClock(Date.UTC(2023, 11, 31, 23, 59, 59))).toBe('31 Dec, 2023 23:59:59 (UTC)');
  });

  it('uses UTC whatever the local zone', () => {
    expect(formatServerClock(Date.parse('2024-06-30T23:30:00-02:00'))).toBe('1 Jul, 2024 01:30:00 (UTC)');
  });
});

describe('serverNow', () => {
  it('advances the remote time by the local time elapsed since receipt', () => {
    const clock = { remoteTime: 1_000_000, receivedAt: 500 };
    expect(serverNow(clock, 500)).toBe(1_000_000);
    expect(serverNow(clock, 2_500)).toBe(1_002_000);
  });

  it('keeps the offset when the local clock is behind the server', () => {
    const remote = Date.UTC(2024, 0, 1, 12, 0, 0);
    const clock = { remoteTime: remote, receivedAt: remote - 3_600_000 };
    expect(formatServerClock(serverNow(clock, remote - 3_600_000 + 61_000))).toBe('1 Jan, 2024 12:01:01 (UTC)');
  });
});

describe('ServerClockResponseSchema', () => {
  it('accepts ISO date-times and refuses anything else', () => {
    expect(ServerClockResponseSchema.safeParse({ server_clock: '2024-01-01T12:00:00Z' }).success).toBe(true);
    expect(ServerClockResponseSchema.safeParse({ server_clock: '2024-01-01T12:00:00+02:00' }).success).toBe(true);
    expect(ServerClockResponseSchema.safeParse({ server_clock: 'yesterday' }).success).toBe(false);
  });
});

describe('formatTimestamp and formatTimeOfDay', () => {
  it('write API timestamps the way the clock is written', () => {
    expect(formatTimestamp('2026-11-24T09:05:07.123Z')).toBe('24 Nov, 2026 09:05:07 (UTC)');
    expect(formatTimestamp(null)).toBe('-');
    expect(formatTimestamp('not a date')).toBe('-');
    expect(formatTimeOfDay('2026-11-24T09:05:07Z')).toBe('09:05:07');
  });
});
