import { ConnectionStatus, MainAppStatus, type DeviceChipState } from '../constants/enums.js';
import type { LinkCounts } from './deviceStatus.js';

/**
 * What state a device is in, worst first among the connected: the one rule that the Devices
 * table's chip and its alert filter, Home's and the wall's counts and problem lists, and the
 * gateway's summary all read, so they cannot disagree about a device. A connected device with
 * its application offline, or every link down, is a problem; some links down is degraded (it
 * still carries traffic: counted, not listed); both show the alert chip.
 */
export const DEVICE_HEALTHS = [
  'notActivated',
  'unknown',
  'notConnected',
  'mainAppOffline',
  'allLinksDown',
  'linksDegraded',
  'healthy',
] as const;
export type DeviceHealth = (typeof DEVICE_HEALTHS)[number];

/** A device's health from its connection status, its main application status and its links summed over every kind. */
export function deviceHealth(
  connection: ConnectionStatus,
  mainApp: number | null | undefined,
  links: LinkCounts,
): DeviceHealth {
  if (connection === ConnectionStatus.NON_ACTIVATED) return 'notActivated';
  if (connection === ConnectionStatus.UNKNOWN) return 'unknown';
  if (connection === ConnectionStatus.NOT_CONNECTED) return 'notConnected';
  if (mainApp === MainAppStatus.OFFLINE) return 'mainAppOffline';
  if (links.total > 0 && links.online === 0) return 'allLinksDown';
  if (links.online < links.total) return 'linksDegraded';
  return 'healthy';
}

/** The chip of spec section 4 (connected, not connected, alert, not activated) each health shows. */
export const CHIP_OF_HEALTH: Readonly<Record<DeviceHealth, DeviceChipState>> = {
  notActivated: 'notActivated',
  unknown: 'notConnected',
  notConnected: 'notConnected',
  mainAppOffline: 'alert',
  allLinksDown: 'alert',
  linksDegraded: 'alert',
  healthy: 'connected',
};
