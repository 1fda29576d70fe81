import { describe, expect, it } from 'vitest';
import {
  currentTimeZoneName,
  formerTimeZoneNames,
  instantOfWallText,
  sameTimeZone,
  isTimeZone,
  selectableTimeZones,
  TimeZoneSchema,
  wallText,
  zoneOffsetLabel,
} from './timeZone.js';

describe('isTimeZone and TimeZoneSchema', () => {
  it('accept IANA names and UTC, refuse anything else', () => {
    expect(isTimeZone('Asia/Jerusalem')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(TimeZoneSchema.safeParse('Europe/Berlin').success).toBe(true);
    const refused = TimeZoneSchema.safeParse('Not/AZone');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.invalid');
  });

  it('offer UTC first, then the IANA zones', () => {
    const zones = selectableTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Jerusalem');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
  });

  it('name a zone by its current IANA name where the platform lists its first one, and know both', () => {
    const zones = selectableTimeZones();
    // The platform (ICU) lists Asia/Calcutta and resolves Asia/Kolkata to it.
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).toContain('America/Argentina/Buenos_Aires');
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
    expect(currentTimeZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentTimeZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(currentTimeZoneName('Asia/Jerusalem')).toBe('Asia/Jerusalem');
    expect(currentTimeZoneName('Mars/Olympus')).toBe('Mars/Olympus');
    expect(formerTimeZoneNames('Asia/Kolkata')).toEqual(['Asia/Calcutta']);
    expect(formerTimeZoneNames('Asia/Jerusalem')).toEqual([]);
    expect(sameTimeZone('Asia/Calcutta', 'Asia/Kolkata')).toBe(true);
    expect(sameTimeZone('Asia/Kolkata', 'Asia/Jerusalem')).toBe(false);
    expect(sameTimeZone('Mars/Olympus', 'Asia/Kolkata')).toBe(false);
    // Every zone offered is one the API takes.
    for (const zone of zones) expect(isTimeZone(zone), zone).toBe(true);
  });
});

describe('zoneOffsetLabel', () => {
  it('names the offset at the instant', () => {
    expect(zoneOffsetLabel(Date.parse('2026-01-15T12:00:00Z'), 'UTC')).toBe('UTC');
    expect(zoneOffsetLabel(Date.parse('2026-01-15T12:00:00Z'), 'Asia/Kathmandu')).toBe('UTC+5:45');
    expect(zoneOffsetLabel(Date.parse('2026-01-15T12:00:00Z'), 'America/St_Johns')).toBe('UTC-3:30');
  });
});

describe('instantOfWallText (a time entered in a zone)', () => {
  const iso = (text: string, zone: string) => {
    const instant = instantOfWallText(text, zone);
    return instant === null ? null : new Date(instant).toISOString();
  };

  it('reads the wall time in the zone', () => {
    expect(iso('2026-12-01T06:00', 'Asia/Jerusalem')).toBe('2026-12-01T04:00:00.000Z');
    expect(iso('2026-12-01 06:00', 'UTC')).toBe('2026-12-01T06:00:00.000Z');
    expect(iso('2026-07-01T06:00:30', 'America/New_York')).toBe('2026-07-01T10:00:30.000Z');
  });

  it('is right on either side of a change of offset (Europe/Berlin, 2026-03-29)', () => {
    expect(iso('2026-03-29T01:30', 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z');
    expect(iso('2026-03-29T03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 never happens that night: read as 03:30 summer time, as Temporal's 'compatible' does.
    expect(iso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the earlier of a wall time that happens twice (Europe/Berlin, 2026-10-25)', () => {
    expect(iso('2026-10-25T01:30', 'Europe/Berlin')).toBe('2026-10-24T23:30:00.000Z');
    expect(iso('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25T03:30', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('refuses what names no time', () => {
    expect(instantOfWallText('2026-02-31T06:00', 'UTC')).toBeNull();
    expect(instantOfWallText('2026-02-01T25:00', 'UTC')).toBeNull();
    expect(instantOfWallText('tomorrow', 'UTC')).toBeNull();
  });

  it('round-trips with wallText', () => {
    for (const zone of ['Asia/Jerusalem', 'Europe/Berlin', 'America/Los_Angeles', 'UTC']) {
      const instant = Date.parse('2026-10-25T05:17:00Z');
      expect(instantOfWallText(wallText(instant, zone), zone)).toBe(instant);
    }
  });
});
