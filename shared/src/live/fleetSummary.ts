/**
 * The fleet at a glance, as the NOC wall and Home show it: counts by connection and main
 * application status, the devices that need attention ranked worst first, and the latest
 * alerts. The gateway keeps one FleetSummaryState per environment it follows, updated by the
 * same deltas the device stream carries, and pushes what changed (`fleet.summary`) at most
 * once a second: a wall pays for a few hundred bytes a second whatever the fleet's size, and
 * the ranking rule lives here once.
 */
import { z } from 'zod';
import { ConnectionStatus, MainAppStatus } from '../constants/enums.js';
import { deviceHealth, type DeviceHealth } from '../devices/deviceHealth.js';
import { connectionStatus, totalLinks, type LinkCounts } from '../devices/deviceStatus.js';
import { SystemLogEntrySchema, type SystemLogEntry } from '../logs/systemLog.js';
import type { DeviceLiveState } from './events.js';

export const FleetCountsSchema = z.object({
  total: z.number().int().min(0),
  connected: z.number().int().min(0),
  notConnected: z.number().int().min(0),
  nonActivated: z.number().int().min(0),
  unknown: z.number().int().min(0),
  /** Main application status, counted over connected devices only (spec section 4). */
  mainAppOnline: z.number().int().min(0),
  mainAppOffline: z.number().int().min(0),
  /** Connected devices with some, not all, links down: worth a look, not a problem. */
  linksDegraded: z.number().int().min(0),
});
export type FleetCounts = z.infer<typeof FleetCountsSchema>;

/**
 * What makes a device need attention, worst first: it is lost, its application is down,
 * every link is down, or a threshold raised an alert about it. A device with some links down
 * still carries traffic: it is counted (linksDegraded), not listed.
 */
export const PROBLEM_KINDS = ['notConnected', 'mainAppOffline', 'allLinksDown', 'alert'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** What an alert list shows of a system log entry raised as an alert. */
export const SummaryAlertSchema = SystemLogEntrySchema.pick({
  id: true,
  device_name: true,
  severity: true,
  description: true,
  log_time: true,
});
export type SummaryAlert = z.infer<typeof SummaryAlertSchema>;

export const FleetProblemSchema = z.object({
  /** The device's id and name. */
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  /** 1 minor, 2 major, 3 critical: the list is ranked by it. */
  severity: z.number().int(),
  /** What is wrong, for the text: links online/total, or the alert that was raised. */
  links: z.object({ online: z.number().int(), total: z.number().int() }).optional(),
  alert: SummaryAlertSchema.optional(),
});
export type FleetProblem = z.infer<typeof FleetProblemSchema>;

/** Problems a summary lists (the wall shows 12, Home 10), and alerts (the wall shows 14). */
export const SUMMARY_PROBLEMS = 12;
export const SUMMARY_ALERTS = 14;

export const FleetSummarySchema = z.object({
  counts: FleetCountsSchema,
  /** The worst SUMMARY_PROBLEMS, worst first. */
  problems: z.array(FleetProblemSchema).max(SUMMARY_PROBLEMS),
  /** How many devices need attention in all. */
  problemCount: z.number().int().min(0),
  /** The latest SUMMARY_ALERTS alerts, newest first (none for a session without logs view). */
  alerts: z.array(SummaryAlertSchema).max(SUMMARY_ALERTS),
});
export type FleetSummary = z.infer<typeof FleetSummarySchema>;

/**
 * `fleet.summary`: the whole summary (`reset`: every count, `problems`, `alerts`) after a
 * subscription, then only what changed, in few bytes (a wall gets one a second): the counts
 * that moved; the problems' order by id with the entries it does not hold yet or that changed;
 * the new alerts, newest first, to put before those held.
 */
export const FleetSummaryMessageSchema = z.object({
  environmentId: z.number().int(),
  reset: z.boolean().optional(),
  counts: FleetCountsSchema.partial().optional(),
  /** The whole list, with `reset`. */
  problems: z.array(FleetProblemSchema).max(SUMMARY_PROBLEMS).optional(),
  /** After a reset: the list's ids in order... */
  problemOrder: z.array(z.number().int()).max(SUMMARY_PROBLEMS).optional(),
  /** ...and the entries among them that are new or changed. */
  problemsChanged: z.array(FleetProblemSchema).max(SUMMARY_PROBLEMS).optional(),
  problemCount: z.number().int().min(0).optional(),
  alerts: z.array(SummaryAlertSchema).max(SUMMARY_ALERTS).optional(),
});
export type FleetSummaryMessage = z.infer<typeof FleetSummaryMessageSchema>;

/**
 * A summary held by a client, after a message; null when a change comes before any whole
 * summary, or a message does not add up (then the client should subscribe again).
 */
export function applySummaryMessage(held: FleetSummary | null, message: FleetSummaryMessage): FleetSummary | null {
  if (message.reset) {
    const counts = FleetCountsSchema.safeParse(message.counts);
    if (!counts.success) return null;
    return {
      counts: counts.data,
      problems: message.problems ?? [],
      problemCount: message.problemCount ?? 0,
      alerts: message.alerts ?? [],
    };
  }
  if (!held) return null;
  let problems = held.problems;
  if (message.problemOrder) {
    const known = new Map(held.problems.map((problem) => [problem.id, problem]));
    for (const problem of message.problemsChanged ?? []) known.set(problem.id, problem);
    problems = [];
    for (const id of message.problemOrder) {
      const problem = known.get(id);
      if (!problem) return null;
      problems.push(problem);
    }
  }
  return {
    counts: message.counts ? { ...held.counts, ...message.counts } : held.counts,
    problems,
    problemCount: message.problemCount ?? held.problemCount,
    alerts: message.alerts
      ? newestAlertsFirst([...message.alerts, ...held.alerts]).slice(0, SUMMARY_ALERTS)
      : held.alerts,
  };
}

/** The whole summary as a message, for a new follower. */
export const summaryReset = (environmentId: number, summary: FleetSummary): FleetSummaryMessage => ({
  environmentId,
  reset: true,
  ...summary,
});

/** Newest first by time, then id; each alert once. */
export function newestAlertsFirst<T extends Pick<SummaryAlert, 'id' | 'log_time'>>(alerts: Iterable<T>): T[] {
  const byId = new Map<number, T>();
  for (const alert of alerts) byId.set(alert.id, alert);
  return [...byId.values()].sort((a, b) => b.log_time.localeCompare(a.log_time) || b.id - a.id);
}

const emptyCounts = (): FleetCounts => ({
  total: 0,
  connected: 0,
  notConnected: 0,
  nonActivated: 0,
  unknown: 0,
  mainAppOnline: 0,
  mainAppOffline: 0,
  linksDegraded: 0,
});

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

/** A device's links summed over every kind. */
const linksOf = (device: DeviceLiveState): LinkCounts => totalLinks(device.links ?? {});

/**
 * What is wrong with a device by its own state, if anything; disabled and never-activated
 * devices are not problems.
 */
export function problemOf(device: DeviceLiveState): FleetProblem | null {
  if (!device.is_enabled) return null;
  const links = linksOf(device);
  return problemOfHealth(device, deviceHealth(connectionStatus(device), device.main_app_status, links), links);
}

/** The problem a health is, if any (an enabled device's). */
function problemOfHealth(device: DeviceLiveState, health: DeviceHealth, links: LinkCounts): FleetProblem | null {
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
export const summaryAlertOf = ({ id, device_name, severity, description, log_time }: SystemLogEntry) => ({
  id,
  device_name,
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
  private counts = emptyCounts();
  /** Devices whose own state is a problem. */
  private readonly ownProblems = new Map<number, FleetProblem>();
  /** Alerts within the problem window, per device, newest first. */
  private readonly alertsByDevice = new Map<number, SummaryAlert[]>();
  /** The latest alerts, newest first. */
  private latestAlerts: SummaryAlert[] = [];

  /** The whole fleet, instead of what was there. */
  reset(devices: Iterable<DeviceLiveState>): void {
    this.standings.clear();
    this.ownProblems.clear();
    this.counts = emptyCounts();
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
    for (const [id, fromAlert] of alerted) if (!this.ownProblems.has(id)) consider(fromAlert);
    return {
      counts: { ...this.counts },
      problems: top,
      problemCount,
      alerts: withAlerts ? this.latestAlerts.slice(0, SUMMARY_ALERTS) : [],
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
  const known = new Set(sent.alerts.map((alert) => alert.id));
  const added = next.alerts.filter((alert) => !known.has(alert.id)).slice(0, maxNewAlerts);
  if (added.length > 0) message.alerts = added;
  return Object.keys(message).length > 1 ? message : null;
}
