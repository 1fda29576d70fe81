import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
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
    expect(formatTimestamp('2026-11-24T09:05:07.123Z', 'UTC')).toBe('24 Nov, 2026 09:05:07 (UTC)');
    expect(formatTimestamp(null, 'UTC')).toBe('-');
    expect(formatTimestamp('not a date', 'Asia/Jerusalem')).toBe('-');
    expect(formatTimeOfDay('2026-11-24T09:05:07Z', 'UTC')).toBe('09:05:07');
  });

  it("write them in the reader's zone, labelled with its offset then", () => {
    expect(formatTimestamp('2026-11-24T09:05:07Z', 'Asia/Jerusalem')).toBe('24 Nov, 2026 11:05:07 (UTC+2)');
    expect(formatTimestamp('2026-07-24T09:05:07Z', 'Asia/Jerusalem')).toBe('24 Jul, 2026 12:05:07 (UTC+3)');
    expect(formatTimestamp('2026-11-24T22:30:00Z', 'Asia/Kolkata')).toBe('25 Nov, 2026 04:00:00 (UTC+5:30)');
    expect(formatTimestamp('2026-01-01T02:00:00Z', 'America/New_York')).toBe('31 Dec, 2025 21:00:00 (UTC-5)');
    expect(formatTimestamp('2026-11-24T09:05:07Z', 'Europe/London')).toBe('24 Nov, 2026 09:05:07 (UTC)');
    expect(formatTimeOfDay('2026-11-24T23:05:07Z', 'Asia/Jerusalem')).toBe('01:05:07');
  });

  it('write midnight as 00, not 24', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 23, 22, 0, 0), 'Asia/Jerusalem')).toBe('24 Nov, 2026 00:00:00 (UTC+2)');
  });

  it('follow a change of offset (Europe/Berlin, 2026-03-29 and 2026-10-25)', () => {
    expect(formatDateTime(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('29 Mar, 2026 01:59:59 (UTC+1)');
    expect(formatDateTime(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('29 Mar, 2026 03:00:00 (UTC+2)');
    expect(formatDateTime(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe('25 Oct, 2026 02:30:00 (UTC+2)');
    expect(formatDateTime(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('25 Oct, 2026 02:30:00 (UTC+1)');
  });
});
