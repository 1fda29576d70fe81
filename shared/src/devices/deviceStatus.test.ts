import { describe, expect, it } from 'vitest';
import { connectionStatus, countLinks, linkCountsByKind, locationStatus, totalLinks } from './deviceStatus.js';

describe('connectionStatus', () => {
  it('shows non-activated before anything else', () => {
    expect(connectionStatus({ is_activated: false, availability: 1 })).toBe(3);
  });

  it('maps availability 1 to connected, 0 to not connected and anything else to unknown', () => {
    expect(connectionStatus({ is_activated: true, availability: 1 })).toBe(1);
    expect(connectionStatus({ is_activated: true, availability: 0 })).toBe(2);
    expect(connectionStatus({ is_activated: true, availability: 2 })).toBe(4);
    expect(connectionStatus({ is_activated: true, availability: null })).toBe(4);
  });
});

describe('locationStatus', () => {
  it('is unavailable with accuracy 0 and coordinates summing to 0', () => {
    expect(locationStatus({ coordinate: [0, 0], accuracy: 0 }, true)).toBe(0);
    expect(locationStatus({ coordinate: [5, -5], accuracy: 0 }, true)).toBe(0);
    expect(locationStatus(null, true)).toBe(0);
  });

  it('is offline with accuracy 0 and real coordinates', () => {
    expect(locationStatus({ coordinate: [34.8, 32.1], accuracy: 0 }, true)).toBe(1);
  });

  it('is online with an accuracy only while connected', () => {
    expect(locationStatus({ coordinate: [34.8, 32.1], accuracy: 12 }, true)).toBe(2);
    expect(locationStatus({ coordinate: [34.8, 32.1], accuracy: 12 }, false)).toBe(1);
  });
});

describe('links', () => {
  const info = {
    cellular: [
      { port: 1, is_online: true },
      { port: 2, is_online: false },
    ],
    eth: [{ port: 1, is_online: true }],
    wifi: [],
    vlan: [{ port: 1, is_online: false }],
    vpn: [{ port: 1, is_online: true }],
  };

  it('counts online and total links over every interface kind', () => {
    expect(countLinks(info)).toEqual({ online: 3, total: 5 });
    expect(countLinks(null)).toEqual({ online: 0, total: 0 });
    expect(countLinks({ eth: [{ port: 1, is_online: true }] })).toEqual({ online: 1, total: 1 });
  });

  it('counts each interface kind on its own, and sums per-kind counts', () => {
    const byKind = linkCountsByKind(info);
    expect(byKind).toEqual({
      cellular: { online: 1, total: 2 },
      eth: { online: 1, total: 1 },
      wifi: { online: 0, total: 0 },
      vlan: { online: 0, total: 1 },
      vpn: { online: 1, total: 1 },
    });
    expect(totalLinks(byKind)).toEqual(countLinks(info));
    expect(totalLinks({})).toEqual({ online: 0, total: 0 });
  });
});
