/**
 * The fleet at a glance, as the NOC wall and Home show it: counts by connection and main
 * application status, the devices that need attention ranked worst first, and the latest
 * alerts. The gateway keeps one FleetSummaryState (fleetSummaryState.ts) per environment it
 * follows, updated by the same deltas the device stream carries, and pushes what changed
 * (`fleet.summary`) at most once a second: a wall pays for a few hundred bytes a second
 * whatever the fleet's size. This file holds the wire form and how a client applies it; the
 * problem rule is fleetProblems.ts.
 */
import { z } from 'zod';
import { AlarmCountsSchema } from '../alarms/alarm.js';
import { SystemLogEntrySchema } from '../logs/systemLog.js';

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

/**
 * What an alert list shows of a system log entry raised as an alert: with what it is
 * (attribute type, event, value), so a reader sees it in their language (labels/logSentence.ts).
 */
export const SummaryAlertSchema = SystemLogEntrySchema.pick({
  id: true,
  device_name: true,
  device_attribute_type: true,
  event_type: true,
  value: true,
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
  /**
   * How many of them by a recent alert alone (their own state is fine): the Devices table's
   * "Needing attention" filter, which judges devices by their state, shows the others. Absent: 0.
   */
  alertOnlyCount: z.number().int().min(0).optional(),
  /** The latest SUMMARY_ALERTS alerts, newest first (none for a session without logs view). */
  alerts: z.array(SummaryAlertSchema).max(SUMMARY_ALERTS),
  /** Active alarms by severity, all and unacknowledged (issue 27); absent without logs view or before the first count. */
  alarms: AlarmCountsSchema.optional(),
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
  alertOnlyCount: z.number().int().min(0).optional(),
  alerts: z.array(SummaryAlertSchema).max(SUMMARY_ALERTS).optional(),
  /** The alarm counts, whole, when they changed. */
  alarms: AlarmCountsSchema.optional(),
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
      ...(message.alertOnlyCount ? { alertOnlyCount: message.alertOnlyCount } : {}),
      alerts: message.alerts ?? [],
      ...(message.alarms ? { alarms: message.alarms } : {}),
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
    ...alertOnly(message.alertOnlyCount ?? held.alertOnlyCount),
    alerts: message.alerts
      ? newestAlertsFirst([...message.alerts, ...held.alerts]).slice(0, SUMMARY_ALERTS)
      : held.alerts,
    ...(message.alarms || held.alarms ? { alarms: message.alarms ?? held.alarms } : {}),
  };
}

/** alertOnlyCount as a summary holds it: absent when 0. */
const alertOnly = (count: number | undefined) => (count ? { alertOnlyCount: count } : {});

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
