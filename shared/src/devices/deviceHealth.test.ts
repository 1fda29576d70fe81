import { describe, expect, it } from 'vitest';
import { ConnectionStatus, MainAppStatus } from '../constants/enums.js';
import { CHIP_OF_HEALTH, deviceHealth, type DeviceHealth } from './deviceHealth.js';

const { CONNECTED, NOT_CONNECTED, NON_ACTIVATED, UNKNOWN } = ConnectionStatus;
const links = (online: number, total: number) => ({ online, total });

describe('a device health, the one rule of chip, counts and problems', () => {
  it.each<[string, ConnectionStatus, number | null, { online: number; total: number }, DeviceHealth]>([
    ['never activated, whatever else it says', NON_ACTIVATED, MainAppStatus.OFFLINE, links(0, 3), 'notActivated'],
    ['availability neither 0 nor 1', UNKNOWN, MainAppStatus.ONLINE, links(3, 3), 'unknown'],
    [
      'not connected, even with its application offline',
      NOT_CONNECTED,
      MainAppStatus.OFFLINE,
      links(0, 2),
      'notConnected',
    ],
    [
      'connected, application offline and every link down: the application first',
      CONNECTED,
      MainAppStatus.OFFLINE,
      links(0, 2),
      'mainAppOffline',
    ],
    ['connected, every link down', CONNECTED, MainAppStatus.ONLINE, links(0, 2), 'allLinksDown'],
    ['connected, some links down', CONNECTED, MainAppStatus.ONLINE, links(1, 2), 'linksDegraded'],
    ['connected, every link up', CONNECTED, MainAppStatus.ONLINE, links(2, 2), 'healthy'],
    ['connected without links and no application status', CONNECTED, null, links(0, 0), 'healthy'],
  ])('%s', (_case, connection, mainApp, counts, health) => {
    expect(deviceHealth(connection, mainApp, counts)).toBe(health);
  });

  it('shows the alert chip for a problem of a connected device and for degraded links, and only then', () => {
    const alerting = (Object.keys(CHIP_OF_HEALTH) as DeviceHealth[]).filter(
      (health) => CHIP_OF_HEALTH[health] === 'alert',
    );
    expect(alerting.sort()).toEqual(['allLinksDown', 'linksDegraded', 'mainAppOffline']);
    expect(CHIP_OF_HEALTH.unknown).toBe('notConnected');
  });
});
