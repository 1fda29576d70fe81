/**
 * The problem rule of the fleet summary, once: what is wrong with a device by its own state,
 * how bad that is, and how problems rank (the wall, Home and the gateway's summary agree).
 */
import { deviceHealth, type DeviceHealth } from '../devices/deviceHealth.js';
import { connectionStatus, totalLinks, type LinkCounts } from '../devices/deviceStatus.js';
import type { DeviceLiveState } from './events.js';
import type { FleetProblem, ProblemKind } from './fleetSummary.js';

/** Severity of spec section 4 (1 minor, 2 major, 3 critical) a problem of each kind has. */
const KIND_SEVERITY: Readonly<Record<Exclude<ProblemKind, 'alert'>, number>> = {
  notConnected: 3,
  mainAppOffline: 2,
  allLinksDown: 2,
};
const KIND_ORDER: Readonly<Record<ProblemKind, number>> = {
  notConnected: 0,
  mainAppOffline: 1,
  allLinksDown: 2,
  alert: 3,
};

/** Alerts about a device make it a problem for this long after they were raised. */
export const ALERT_PROBLEM_WINDOW_MS = 15 * 60 * 1000;
/** Alerts below this severity (normal) are news, not problems. */
export const ALERT_PROBLEM_MIN_SEVERITY = 1;

/** A device's links summed over every kind. */
export const linksOf = (device: DeviceLiveState): LinkCounts => totalLinks(device.links ?? {});

/**
 * What is wrong with a device by its own state, if anything; disabled and never-activated
 * devices are not problems.
 */
export function problemOf(device: DeviceLiveState): FleetProblem | null {
  if (!device.is_enabled) return null;
  const links = linksOf(device);
  return problemOfHealth(device, deviceHealth(connectionStatus(device), device.main_app_status, links), links);
}

/** The healths that make an enabled device a problem by its own state (problemOfHealth names each). */
export const isProblemHealth = (health: DeviceHealth): boolean =>
  health === 'notConnected' || health === 'mainAppOffline' || health === 'allLinksDown';

/** The problem a health is, if any (an enabled device's). */
export function problemOfHealth(device: DeviceLiveState, health: DeviceHealth, links: LinkCounts): FleetProblem | null {
  const { id, name } = device;
  switch (health) {
    case 'notConnected':
      return { id, name, kind: 'notConnected', severity: KIND_SEVERITY.notConnected };
    case 'mainAppOffline':
      return { id, name, kind: 'mainAppOffline', severity: KIND_SEVERITY.mainAppOffline };
    case 'allLinksDown':
      return { id, name, kind: 'allLinksDown', severity: KIND_SEVERITY.allLinksDown, links };
    default:
      return null;
  }
}

/** Names compare the same way on every gateway and in every browser. */
const names = new Intl.Collator('en-US', { numeric: true });

/** Worse first: severity, then kind, then name, then id. */
export function compareProblems(a: FleetProblem, b: FleetProblem): number {
  return (
    b.severity - a.severity || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || names.compare(a.name, b.name) || a.id - b.id
  );
}
