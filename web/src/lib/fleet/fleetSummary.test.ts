import type { DeviceLiveState } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { problemOf, summarizeFleet } from './fleetSummary';

const device = (id: number, change: Partial<DeviceLiveState> = {}): DeviceLiveState => ({
  id,
  name: `device-${id}`,
  pairing_id: `SN${id}`,
  type: 1,
  is_server: false,
  is_enabled: true,
  is_activated: true,
  availability: 1,
  main_app_status: 1,
  device_state: 0,
  links: { cellular: { online: 2, total: 2 } },
  ...change,
});

describe('summarizeFleet', () => {
  it('counts connection and main application status with the section 4 rules', () => {
    const { counts } = summarizeFleet([
      device(1),
      device(2, { availability: 0, main_app_status: 2 }),
      device(3, { is_activated: false, availability: 1 }),
      device(4, { availability: null }),
      device(5, { main_app_status: 2 }),
    ]);
    expect(counts).toEqual({
      total: 5,
      connected: 2,
      notConnected: 1,
      nonActivated: 1,
      unknown: 1,
      mainAppOnline: 1,
      mainAppOffline: 1,
      linksDegraded: 0,
    });
  });

  it('ranks problems by severity, then kind, then name, and says what is wrong', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const alert = (id: number, deviceId: number, severity: number, minutesAgo: number) => ({
      id,
      device_id: deviceId,
      device_name: `device-${deviceId}`,
      device_attribute_type: 1,
      event_type: 'threshold',
      value: '91',
      severity,
      description: `temperature alert ${id}`,
      log_time: new Date(now - minutesAgo * 60_000).toISOString(),
      is_alert: true,
    });
    const { problems, counts } = summarizeFleet(
      [
        device(1, { name: 'b-links', links: { cellular: { online: 1, total: 2 } } }),
        device(2, { name: 'z-lost', availability: 0 }),
        device(3, { name: 'a-app', main_app_status: 2 }),
        device(4, { name: 'a-lost', availability: 0 }),
        device(5, { name: 'healthy' }),
        device(6, { name: 'dark', links: { cellular: { online: 0, total: 2 }, eth: { online: 0, total: 1 } } }),
        device(7, { name: 'hot' }),
        device(8, { name: 'warm' }),
        device(9, { name: 'old-news' }),
        device(10, { name: 'lost-and-hot', availability: 0 }),
      ],
      [alert(1, 7, 3, 2), alert(2, 8, 1, 1), alert(3, 9, 3, 60), alert(4, 10, 2, 1), alert(5, 5, 0, 1)],
      now,
    );
    expect(problems.map((problem) => `${problem.severity}:${problem.kind}:${problem.device.name}`)).toEqual([
      '3:notConnected:a-lost',
      '3:notConnected:lost-and-hot',
      '3:notConnected:z-lost',
      '3:alert:hot',
      '2:mainAppOffline:a-app',
      '2:allLinksDown:dark',
      '1:alert:warm',
    ]);
    expect(problems.find((problem) => problem.device.name === 'dark')?.links).toEqual({ online: 0, total: 3 });
    expect(problems.find((problem) => problem.device.name === 'hot')?.alert?.description).toBe('temperature alert 1');
    // Some links down is counted, not listed: 183 of 203 devices "needing attention" helped nobody.
    expect(counts.linksDegraded).toBe(1);
  });

  it('does not call a disabled or never-activated device a problem', () => {
    expect(problemOf(device(1, { is_enabled: false, availability: 0 }))).toBeNull();
    expect(problemOf(device(2, { is_activated: false, availability: 0 }))).toBeNull();
  });
});
