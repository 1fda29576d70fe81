import {
  ConnectionStatus,
  MainAppStatus,
  connectionStatus,
  type DeviceLiveState,
  type LiveSystemLogEntry,
} from '@halo/shared';

export interface FleetCounts {
  readonly total: number;
  readonly connected: number;
  readonly notConnected: number;
  readonly nonActivated: number;
  readonly unknown: number;
  /** Main application status, counted over connected devices only (spec section 4). */
  readonly mainAppOnline: number;
  readonly mainAppOffline: number;
  /** Connected devices with some, not all, links down: worth a look, not a problem. */
  readonly linksDegraded: number;
}

/**
 * What makes a device need attention, worst first: it is lost, its application is down,
 * every link is down, or a threshold raised an alert about it. A device with some links down
 * still carries traffic: it is counted (linksDegraded), not listed.
 */
export type ProblemKind = 'notConnected' | 'mainAppOffline' | 'allLinksDown' | 'alert';

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
const ALERT_PROBLEM_MIN_SEVERITY = 1;

export interface FleetProblem {
  readonly device: DeviceLiveState;
  readonly kind: ProblemKind;
  /** 1 minor, 2 major, 3 critical: the list is ranked by it. */
  readonly severity: number;
  /** What is wrong, for the text: links online/total, or the alert that was raised. */
  readonly links?: { readonly online: number; readonly total: number };
  readonly alert?: LiveSystemLogEntry;
}

function linksOf(device: DeviceLiveState): { online: number; total: number } {
  let online = 0;
  let total = 0;
  for (const counts of Object.values(device.links ?? {})) {
    online += counts.online;
    total += counts.total;
  }
  return { online, total };
}

/**
 * What is wrong with a device by its own state, if anything; disabled and never-activated
 * devices are not problems.
 */
export function problemOf(device: DeviceLiveState): FleetProblem | null {
  if (!device.is_enabled) return null;
  const status = connectionStatus(device);
  if (status === ConnectionStatus.NOT_CONNECTED)
    return { device, kind: 'notConnected', severity: KIND_SEVERITY.notConnected };
  if (status !== ConnectionStatus.CONNECTED) return null;
  if (device.main_app_status === MainAppStatus.OFFLINE) {
    return { device, kind: 'mainAppOffline', severity: KIND_SEVERITY.mainAppOffline };
  }
  const links = linksOf(device);
  if (links.total > 0 && links.online === 0)
    return { device, kind: 'allLinksDown', severity: KIND_SEVERITY.allLinksDown, links };
  return null;
}

/** The worst recent alert per device, from the live alert feed. */
function recentAlertsByDevice(alerts: readonly LiveSystemLogEntry[], now: number): Map<number, LiveSystemLogEntry> {
  const byDevice = new Map<number, LiveSystemLogEntry>();
  for (const alert of alerts) {
    if (alert.device_id === null || alert.severity < ALERT_PROBLEM_MIN_SEVERITY) continue;
    if (now - Date.parse(alert.log_time) > ALERT_PROBLEM_WINDOW_MS) continue;
    const known = byDevice.get(alert.device_id);
    if (!known || alert.severity > known.severity || (alert.severity === known.severity && alert.id > known.id)) {
      byDevice.set(alert.device_id, alert);
    }
  }
  return byDevice;
}

const worse = (a: FleetProblem, b: FleetProblem) =>
  b.severity - a.severity || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.device.name.localeCompare(b.device.name);

/**
 * Counts by status, and the devices that need attention ranked by severity (then kind, then
 * name): one entry per device, its worst problem, with what is wrong.
 */
export function summarizeFleet(
  devices: Iterable<DeviceLiveState>,
  alerts: readonly LiveSystemLogEntry[] = [],
  now = Date.now(),
): { counts: FleetCounts; problems: FleetProblem[] } {
  const counts = {
    total: 0,
    connected: 0,
    notConnected: 0,
    nonActivated: 0,
    unknown: 0,
    mainAppOnline: 0,
    mainAppOffline: 0,
    linksDegraded: 0,
  };
  const alerted = recentAlertsByDevice(alerts, now);
  const problems: FleetProblem[] = [];
  for (const device of devices) {
    counts.total += 1;
    const status = connectionStatus(device);
    if (status === ConnectionStatus.CONNECTED) {
      counts.connected += 1;
      if (device.main_app_status === MainAppStatus.ONLINE) counts.mainAppOnline += 1;
      if (device.main_app_status === MainAppStatus.OFFLINE) counts.mainAppOffline += 1;
      const links = linksOf(device);
      if (links.online > 0 && links.online < links.total) counts.linksDegraded += 1;
    } else if (status === ConnectionStatus.NOT_CONNECTED) counts.notConnected += 1;
    else if (status === ConnectionStatus.NON_ACTIVATED) counts.nonActivated += 1;
    else counts.unknown += 1;
    const own = problemOf(device);
    const alert = device.is_enabled ? alerted.get(device.id) : undefined;
    const fromAlert: FleetProblem | null = alert ? { device, kind: 'alert', severity: alert.severity, alert } : null;
    const worst = own && fromAlert ? (worse(own, fromAlert) <= 0 ? own : fromAlert) : (own ?? fromAlert);
    if (worst) problems.push(worst);
  }
  problems.sort(worse);
  return { counts, problems };
}
