import { describe, expect, it } from 'vitest';
import { connectionStatus, countLinks, formatLinks, locationStatus, mergeDevicesState } from './deviceStatus.js';

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

  it('shows online/total when connected, 0/total when not and - when not activated', () => {
    expect(formatLinks({ is_activated: true, availability: 1 }, info)).toBe('3/5');
    expect(formatLinks({ is_activated: true, availability: 0 }, info)).toBe('0/5');
    expect(formatLinks({ is_activated: false, availability: 1 }, info)).toBe('-');
  });
});

describe('mergeDevicesState', () => {
  const known = [
    { device_id: 1, device_state: 2 },
    { device_id: 2, device_state: 3 },
  ];

  it('resets known devices missing from an incremental answer to 0 and appends new ones', () => {
    const merged = mergeDevicesState(
      known,
      [
        { device_id: 2, device_state: 5 },
        { device_id: 3, device_state: 1 },
      ],
      1,
    );
    expect(merged).toEqual([
      { device_id: 1, device_state: 0 },
      { device_id: 2, device_state: 5 },
      { device_id: 3, device_state: 1 },
    ]);
  });

  it('replaces the list for any other request state', () => {
    expect(mergeDevicesState(known, [{ device_id: 9, device_state: 1 }], 0)).toEqual([
      { device_id: 9, device_state: 1 },
    ]);
    expect(mergeDevicesState(known, [], 2)).toEqual([]);
  });

  it('leaves its inputs untouched', () => {
    const incoming = [{ device_id: 1, device_state: 4 }];
    mergeDevicesState(known, incoming, 1)[0]!.device_state = 99;
    expect(known[0]?.device_state).toBe(2);
    expect(incoming[0]?.device_state).toBe(4);
  });
});
