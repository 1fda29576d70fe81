import { ConnectionStatus, MainAppStatus } from '../constants/enums.js';
import { deviceHealth } from '../devices/deviceHealth.js';
import { connectionStatus } from '../devices/deviceStatus.js';
import type { AlarmCounts } from '../alarms/alarm.js';
import type { SystemLogEntry } from '../logs/systemLog.js';
import type { DeviceLiveState } from './events.js';
import {
  ALERT_PROBLEM_MIN_SEVERITY,
  ALERT_PROBLEM_WINDOW_MS,
  compareProblems,
  linksOf,
  problemOfHealth,
} from './fleetProblems.js';
import {
  newestAlertsFirst,
  SUMMARY_ALERTS,
  SUMMARY_PROBLEMS,
  type FleetCounts,
  type FleetProblem,
  type FleetSummary,
  type FleetSummaryMessage,
  type SummaryAlert,
} from './fleetSummary.js';

/** Every count at zero: a fleet before its first device. */
export const emptyFleetCounts = (): FleetCounts => ({
  total: 0,
  connected: 0,
  notConnected: 0,
  nonActivated: 0,
  unknown: 0,
  mainAppOnline: 0,
  mainAppOffline: 0,
  linksDegraded: 0,
});

/** What one device adds to the counts, and its own problem. */
interface Standing {
  readonly name: string;
  readonly enabled: boolean;
  readonly status: ConnectionStatus;
  readonly mainApp: MainAppStatus | null;
  readonly degraded: boolean;
  readonly problem: FleetProblem | null;
}

function standingOf(device: DeviceLiveState): Standing {
  const status = connectionStatus(device);
  const connected = status === ConnectionStatus.CONNECTED;
  const links = linksOf(device);
  const health = deviceHealth(status, device.main_app_status, links);
  return {
    name: device.name,
    enabled: device.is_enabled,
    status,
    mainApp:
      connected && (device.main_app_status === MainAppStatus.ONLINE || device.main_app_status === MainAppStatus.OFFLINE)
        ? device.main_app_status
        : null,
    degraded: health === 'linksDegraded',
    problem: device.is_enabled ? problemOfHealth(device, health, links) : null,
  };
}

const STATUS_COUNT: Readonly<Record<ConnectionStatus, keyof FleetCounts>> = {
  [ConnectionStatus.CONNECTED]: 'connected',
  [ConnectionStatus.NOT_CONNECTED]: 'notConnected',
  [ConnectionStatus.NON_ACTIVATED]: 'nonActivated',
  [ConnectionStatus.UNKNOWN]: 'unknown',
};

/** Alerts kept per device for the problem list: the worst one within the window is what counts. */
const ALERTS_PER_DEVICE = 8;
/** Alerts kept for the alert list (more than it shows, so one of them going away leaves it full). */
const ALERTS_KEPT = 4 * SUMMARY_ALERTS;

/** What the alert feeds take of a system log entry. */
export const summaryAlertOf = ({
  id,
  device_name,
  device_attribute_type,
  event_type,
  value,
  severity,
  description,
  log_time,
}: SystemLogEntry): SummaryAlert => ({
  id,
  device_name,
  device_attribute_type,
  event_type,
  value,
  severity,
  description,
  log_time,
});

/**
 * One environment's summary, kept up to date change by change: each device's standing is
 * remembered, so a delta of a thousand devices costs a thousand small steps, not a pass over
 * the fleet; only the ranking of the problems (a bounded selection) looks at all of them, and
 * only when a summary is asked for.
 */
export class FleetSummaryState {
  private readonly standings = new Map<number, Standing>();
  private counts = emptyFleetCounts();
  /** Devices whose own state is a problem. */
  private readonly ownProblems = new Map<number, FleetProblem>();
  /** Alerts within the problem window, per device, newest first. */
  private readonly alertsByDevice = new Map<number, SummaryAlert[]>();
  /** The latest alerts, newest first. */
  private latestAlerts: SummaryAlert[] = [];
  /** The environment's alarm counts as last read (issue 27), for the audience with logs view. */
  private alarmCounts: AlarmCounts | null = null;

  /** The whole fleet, instead of what was there. */
  reset(devices: Iterable<DeviceLiveState>): void {
    this.standings.clear();
    this.ownProblems.clear();
    this.counts = emptyFleetCounts();
    this.update(devices, []);
  }

  /** Some devices changed (whole states) and some went away. */
  update(changed: Iterable<DeviceLiveState>, removed: Iterable<number>): void {
    for (const device of changed) {
      this.forget(device.id);
      const standing = standingOf(device);
      this.standings.set(device.id, standing);
      this.count(standing, 1);
      if (standing.problem) this.ownProblems.set(device.id, standing.problem);
    }
    for (const id of removed) this.forget(id);
  }

  /** New system log entries; those raised as alerts are kept. */
  /** The alarm counts as read from the alarms' store; true when they differ from those held. */
  setAlarmCounts(counts: AlarmCounts): boolean {
    if (this.alarmCounts && JSON.stringify(this.alarmCounts) === JSON.stringify(counts)) return false;
    this.alarmCounts = counts;
    return true;
  }

  addAlerts(entries: Iterable<SystemLogEntry>): void {
    const raised = [...entries].filter((entry) => entry.is_alert);
    if (raised.length === 0) return;
    this.latestAlerts = newestAlertsFirst([...raised.map(summaryAlertOf), ...this.latestAlerts]).slice(0, ALERTS_KEPT);
    for (const entry of raised) {
      if (entry.device_id === null || entry.severity < ALERT_PROBLEM_MIN_SEVERITY) continue;
      const held = this.alertsByDevice.get(entry.device_id) ?? [];
      this.alertsByDevice.set(
        entry.device_id,
        newestAlertsFirst([summaryAlertOf(entry), ...held]).slice(0, ALERTS_PER_DEVICE),
      );
    }
  }

  get size(): number {
    return this.standings.size;
  }

  /**
   * The summary now. Without alerts (a session that may not view logs) neither the alert list
   * nor alert problems are in it.
   */
  summary(now: number, withAlerts: boolean): FleetSummary {
    const top: FleetProblem[] = [];
    let problemCount = 0;
    const consider = (problem: FleetProblem) => {
      problemCount += 1;
      if (top.length === SUMMARY_PROBLEMS && compareProblems(problem, top[top.length - 1]!) >= 0) return;
      let at = top.length;
      while (at > 0 && compareProblems(problem, top[at - 1]!) < 0) at -= 1;
      top.splice(at, 0, problem);
      if (top.length > SUMMARY_PROBLEMS) top.pop();
    };
    const alerted = withAlerts ? this.alertProblems(now) : new Map<number, FleetProblem>();
    for (const [id, own] of this.ownProblems) {
      const fromAlert = alerted.get(id);
      consider(fromAlert && compareProblems(fromAlert, own) < 0 ? fromAlert : own);
    }
    let alertOnlyCount = 0;
    for (const [id, fromAlert] of alerted)
      if (!this.ownProblems.has(id)) {
        alertOnlyCount += 1;
        consider(fromAlert);
      }
    return {
      counts: { ...this.counts },
      problems: top,
      problemCount,
      ...(alertOnlyCount > 0 ? { alertOnlyCount } : {}),
      alerts: withAlerts ? this.latestAlerts.slice(0, SUMMARY_ALERTS) : [],
      ...(withAlerts && this.alarmCounts ? { alarms: this.alarmCounts } : {}),
    };
  }

  /**
   * When the next alert problem runs out of its window (epoch ms), so a summary can be pushed
   * then even if nothing else changes; null when no device has one.
   */
  nextAlertExpiry(now: number): number | null {
    let next: number | null = null;
    for (const alerts of this.alertsByDevice.values()) {
      for (const alert of alerts) {
        const expiry = Date.parse(alert.log_time) + ALERT_PROBLEM_WINDOW_MS;
        if (expiry > now && (next === null || expiry < next)) next = expiry;
      }
    }
    return next;
  }

  /** Per device with a recent alert: its worst one as a problem (enabled devices this fleet holds). */
  private alertProblems(now: number): Map<number, FleetProblem> {
    const problems = new Map<number, FleetProblem>();
    for (const [deviceId, alerts] of this.alertsByDevice) {
      const recent = alerts.filter((alert) => now - Date.parse(alert.log_time) <= ALERT_PROBLEM_WINDOW_MS);
      if (recent.length === 0) {
        this.alertsByDevice.delete(deviceId);
        continue;
      }
      const standing = this.standings.get(deviceId);
      if (!standing?.enabled) continue;
      let worst = recent[0]!;
      for (const alert of recent)
        if (alert.severity > worst.severity || (alert.severity === worst.severity && alert.id > worst.id))
          worst = alert;
      problems.set(deviceId, {
        id: deviceId,
        name: standing.name,
        kind: 'alert',
        severity: worst.severity,
        alert: worst,
      });
    }
    return problems;
  }

  private forget(id: number): void {
    const standing = this.standings.get(id);
    if (!standing) return;
    this.count(standing, -1);
    this.standings.delete(id);
    this.ownProblems.delete(id);
  }

  private count(standing: Standing, step: 1 | -1): void {
    const counts = this.counts;
    counts.total += step;
    counts[STATUS_COUNT[standing.status]] += step;
    if (standing.mainApp === MainAppStatus.ONLINE) counts.mainAppOnline += step;
    if (standing.mainApp === MainAppStatus.OFFLINE) counts.mainAppOffline += step;
    if (standing.degraded) counts.linksDegraded += step;
  }
}

/**
 * The parts of `next` that differ from `sent`, as a message; null when nothing does. At most
 * `maxNewAlerts` new alerts go, the newest: in an alert storm a wall shows the latest few, each
 * long enough to be read (the system log has them all).
 */
export function summaryChanges(
  environmentId: number,
  sent: FleetSummary,
  next: FleetSummary,
  maxNewAlerts: number = SUMMARY_ALERTS,
): FleetSummaryMessage | null {
  const message: FleetSummaryMessage = { environmentId };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const counts: Partial<FleetCounts> = {};
  for (const key of Object.keys(next.counts) as (keyof FleetCounts)[])
    if (sent.counts[key] !== next.counts[key]) counts[key] = next.counts[key];
  if (Object.keys(counts).length > 0) message.counts = counts;
  if (!same(sent.problems, next.problems)) {
    const before = new Map(sent.problems.map((problem) => [problem.id, problem]));
    message.problemOrder = next.problems.map((problem) => problem.id);
    const changed = next.problems.filter((problem) => !same(before.get(problem.id), problem));
    if (changed.length > 0) message.problemsChanged = changed;
  }
  if (sent.problemCount !== next.problemCount) message.problemCount = next.problemCount;
  if ((sent.alertOnlyCount ?? 0) !== (next.alertOnlyCount ?? 0)) message.alertOnlyCount = next.alertOnlyCount ?? 0;
  const known = new Set(sent.alerts.map((alert) => alert.id));
  const added = next.alerts.filter((alert) => !known.has(alert.id)).slice(0, maxNewAlerts);
  if (added.length > 0) message.alerts = added;
  if (next.alarms && !same(sent.alarms, next.alarms)) message.alarms = next.alarms;
  return Object.keys(message).length > 1 ? message : null;
}
