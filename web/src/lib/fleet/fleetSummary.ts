import { ConnectionStatus, MainAppStatus, connectionStatus, type DeviceLiveState } from '@halo/shared';

export interface FleetCounts {
  readonly total: number;
  readonly connected: number;
  readonly notConnected: number;
  readonly nonActivated: number;
  readonly unknown: number;
  /** Main application status, counted over connected devices only (spec section 4). */
  readonly mainAppOnline: number;
  readonly mainAppOffline: number;
}

export type ProblemKind = 'notConnected' | 'mainAppOffline' | 'linksDegraded';

export interface FleetProblem {
  readonly device: DeviceLiveState;
  readonly kind: ProblemKind;
}

/** Worst first: a lost device, then a device whose application is down, then missing links. */
const PROBLEM_ORDER: Readonly<Record<ProblemKind, number>> = { notConnected: 0, mainAppOffline: 1, linksDegraded: 2 };

function linksOf(device: DeviceLiveState): { online: number; total: number } {
  let online = 0;
  let total = 0;
  for (const counts of Object.values(device.links ?? {})) {
    online += counts.online;
    total += counts.total;
  }
  return { online, total };
}

/** What is wrong with a device, if anything; disabled and never-activated devices are not problems. */
export function problemOf(device: DeviceLiveState): ProblemKind | null {
  if (!device.is_enabled) return null;
  const status = connectionStatus(device);
  if (status === ConnectionStatus.NOT_CONNECTED) return 'notConnected';
  if (status !== ConnectionStatus.CONNECTED) return null;
  if (device.main_app_status === MainAppStatus.OFFLINE) return 'mainAppOffline';
  const links = linksOf(device);
  return links.total > 0 && links.online < links.total ? 'linksDegraded' : null;
}

export function summarizeFleet(devices: Iterable<DeviceLiveState>): { counts: FleetCounts; problems: FleetProblem[] } {
  const counts = {
    total: 0,
    connected: 0,
    notConnected: 0,
    nonActivated: 0,
    unknown: 0,
    mainAppOnline: 0,
    mainAppOffline: 0,
  };
  const problems: FleetProblem[] = [];
  for (const device of devices) {
    counts.total += 1;
    const status = connectionStatus(device);
    if (status === ConnectionStatus.CONNECTED) {
      counts.connected += 1;
      if (device.main_app_status === MainAppStatus.ONLINE) counts.mainAppOnline += 1;
      if (device.main_app_status === MainAppStatus.OFFLINE) counts.mainAppOffline += 1;
    } else if (status === ConnectionStatus.NOT_CONNECTED) counts.notConnected += 1;
    else if (status === ConnectionStatus.NON_ACTIVATED) counts.nonActivated += 1;
    else counts.unknown += 1;
    const kind = problemOf(device);
    if (kind) problems.push({ device, kind });
  }
  problems.sort((a, b) => PROBLEM_ORDER[a.kind] - PROBLEM_ORDER[b.kind] || a.device.name.localeCompare(b.device.name));
  return { counts, problems };
}
