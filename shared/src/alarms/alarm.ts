/**
 * Alarms (issue 27): a device's attribute in breach of a threshold that says should_alert, kept
 * as one record while the breach lasts. An alarm is active until the attribute is back to
 * safety (then cleared), and acknowledged or not: four states. Repeated breaches of an active
 * alarm update it (count, last value, last time) rather than open new ones.
 */
import { z } from 'zod';
import { csvListSchema, IdSchema, QueryIdSchema, wholeNumberParam } from '../common.js';
import { isThresholdAttributeType } from '../thresholds/threshold.js';
import { SeveritySchema } from '../users/user.js';
import { LogExportShape } from '../logs/logExport.js';
import { SystemLogEvent, thresholdEvent } from '../logs/systemLogEvent.js';
import { Severity } from '../constants/enums.js';
import { SILENCE_NOTICES_MAX, SilenceNoticeSchema } from './silence.js';

/** The system log events that open, change or clear an alarm: a threshold's severities, and back to safety. */
export const ALARM_EVENTS: ReadonlySet<string> = new Set([
  ...[Severity.MINOR, Severity.MAJOR, Severity.CRITICAL].map((severity) => thresholdEvent(severity)),
  SystemLogEvent.BACK_TO_SAFETY,
]);

/** Whether a system log entry's event may have opened, changed or cleared an alarm. */
export const isAlarmEvent = (eventType: string): boolean => ALARM_EVENTS.has(eventType);

export const ALARM_STATES = ['active', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** The longest acknowledgement note, in characters. */
export const ALARM_NOTE_MAX_LENGTH = 500;
/** The most alarms one acknowledgement names. */
export const ALARM_ACKNOWLEDGE_MAX = 1000;

export const AlarmSchema = z.object({
  id: IdSchema,
  environment_id: IdSchema,
  device_id: IdSchema,
  device_name: z.string(),
  device_attribute_type: z.number().int(),
  /** The attribute's severity now (minor, major, critical while active; its last one once cleared). */
  severity: z.number().int(),
  /** The worst severity the alarm reached. */
  peak_severity: z.number().int(),
  state: z.enum(ALARM_STATES),
  /** The reading that opened or last changed it, with its unit (as the system log writes it). */
  last_value: z.string().nullable(),
  /** How many times the attribute got worse while the alarm was open (1 when it opened). */
  breach_count: z.number().int().positive(),
  opened_at: z.string(),
  last_breach_at: z.string(),
  cleared_at: z.string().nullable(),
  acknowledged: z.boolean(),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledgement_note: z.string().nullable(),
  /** A silence covers it now: it notifies nobody (silence.ts). */
  silenced: z.boolean(),
  /**
   * Active, and its device is not connected now: `last_value` is the last reading it sent, not a
   * current one (the console marks it so, rather than as a live breach).
   */
  stale: z.boolean(),
  /** Its last change's place in the store's change order: a newer copy of an alarm has a higher one. */
  revision: z.number().int().min(0),
});
export type Alarm = z.infer<typeof AlarmSchema>;

const QuerySeveritySchema = wholeNumberParam().pipe(SeveritySchema);
const QueryAttributeTypeSchema = wholeNumberParam().refine(isThresholdAttributeType);
const QueryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The filters of the alarm list and its export. */
export const AlarmFilterSchema = z.strictObject({
  /** Active, cleared or both (unset). */
  state: z.enum(ALARM_STATES).optional(),
  severities: csvListSchema(QuerySeveritySchema, 4).optional(),
  acknowledged: QueryBooleanSchema.optional(),
  device_name: z.string().max(64).optional(),
  device_ids: csvListSchema(QueryIdSchema).optional(),
  device_attribute_types: csvListSchema(QueryAttributeTypeSchema, 32).optional(),
});
export type AlarmFilter = z.infer<typeof AlarmFilterSchema>;

/** The most alarms a page holds. */
export const ALARM_PAGE_SIZE_MAX = 1000;

/**
 * GET /alarms: active first, the worst first, the oldest first among equals; cleared ones
 * after, the last cleared first. Paged by `offset`, as the order is not an id's.
 */
export const AlarmQuerySchema = AlarmFilterSchema.extend({
  offset: wholeNumberParam(0, 1_000_000).optional(),
  page_size: wholeNumberParam(1, ALARM_PAGE_SIZE_MAX).optional(),
});
export type AlarmQuery = z.infer<typeof AlarmQuerySchema>;

/** The most alarms one answer of GET /alarms/changes holds; `more` says the rest follows. */
export const ALARM_CHANGES_MAX = 1000;

/** GET /alarms/changes: the alarms changed after a revision (none given: just the revision now). */
export const AlarmChangesQuerySchema = z.strictObject({
  after: wholeNumberParam().optional(),
});
export type AlarmChangesQuery = z.infer<typeof AlarmChangesQuerySchema>;

export const AlarmChangesResponseSchema = z.object({
  /** Each changed alarm as it is now, in the order of their changes. */
  alarms: z.array(AlarmSchema),
  /** Ask again after this one: the last change answered (or, with none, the latest there is). */
  revision: z.number().int().min(0),
  /** More changes follow this revision than one answer holds. */
  more: z.boolean(),
});
export type AlarmChangesResponse = z.infer<typeof AlarmChangesResponseSchema>;

export const AlarmListResponseSchema = z.object({
  alarms: z.array(AlarmSchema),
  /** How many alarms the filters select in all. */
  total: z.number().int().min(0),
  /** The environment's latest alarm change this answer reflects: live changes after it are news to it. */
  revision: z.number().int().min(0),
});
export type AlarmListResponse = z.infer<typeof AlarmListResponseSchema>;

export const AlarmExportQuerySchema = AlarmFilterSchema.extend(LogExportShape);
export type AlarmExportQuery = z.infer<typeof AlarmExportQuerySchema>;

const SeverityCountsSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/**
 * Active alarms, all, those nobody acknowledged nor silenced, and those a silence covers,
 * indexed by severity (0 normal, always 0, to 3 critical); with the silences in force, the
 * longest-lasting first (a whole environment's before a device's), so a count of 0 during a
 * silence says why (issue 39, item 2).
 */
export const AlarmCountsSchema = z.object({
  active: SeverityCountsSchema,
  unacknowledged: SeverityCountsSchema,
  silenced: SeverityCountsSchema,
  silences: z.array(SilenceNoticeSchema).max(SILENCE_NOTICES_MAX),
  /** How many silences are in force in all. */
  silences_total: z.number().int().min(0),
});
export type AlarmCounts = z.infer<typeof AlarmCountsSchema>;

/** Counts of active and unacknowledged alarms when no silence is in force. */
export function unsilencedAlarmCounts(
  active: AlarmCounts['active'],
  unacknowledged: AlarmCounts['unacknowledged'],
): AlarmCounts {
  return { active, unacknowledged, silenced: [0, 0, 0, 0], silences: [], silences_total: 0 };
}

export const AlarmCountsResponseSchema = z.object({ alarm_counts: AlarmCountsSchema });

/** POST /alarms/acknowledge: which alarms, and what the operator has to say. */
export const AlarmAcknowledgeSchema = z.strictObject({
  ids: z.array(IdSchema).min(1).max(ALARM_ACKNOWLEDGE_MAX),
  note: z.string().trim().max(ALARM_NOTE_MAX_LENGTH).nullable().optional(),
});
export type AlarmAcknowledge = z.infer<typeof AlarmAcknowledgeSchema>;

/** Which of the named alarms this call acknowledged; the others were acknowledged already or are not this environment's. */
export const AlarmAcknowledgeResultSchema = z.object({
  acknowledged: z.array(IdSchema),
  already_acknowledged: z.array(IdSchema),
  not_found: z.array(IdSchema),
});
export type AlarmAcknowledgeResult = z.infer<typeof AlarmAcknowledgeResultSchema>;
