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
    });
  });

  it('lists problems worst first, then by name', () => {
    const { problems } = summarizeFleet([
      device(1, { name: 'b-links', links: { cellular: { online: 1, total: 2 } } }),
      device(2, { name: 'z-lost', availability: 0 }),
      device(3, { name: 'a-app', main_app_status: 2 }),
      device(4, { name: 'a-lost', availability: 0 }),
      device(5, { name: 'healthy' }),
    ]);
    expect(problems.map((problem) => `${problem.kind}:${problem.device.name}`)).toEqual([
      'notConnected:a-lost',
      'notConnected:z-lost',
      'mainAppOffline:a-app',
      'linksDegraded:b-links',
    ]);
  });

  it('does not call a disabled or never-activated device a problem', () => {
    expect(problemOf(device(1, { is_enabled: false, availability: 0 }))).toBeNull();
    expect(problemOf(device(2, { is_activated: false, availability: 0 }))).toBeNull();
  });
});
