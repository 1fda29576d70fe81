/** System log entries (system_logs) of spec section 3 and the system log's filters. */
import { z } from 'zod';
import { csvListSchema, IdSchema, PageQueryShape, QueryIdSchema, wholeNumberParam } from '../common.js';
import { LogDatesSchema } from './logTime.js';
import { isThresholdAttributeType } from '../thresholds/threshold.js';
import { LogExportShape } from './logExport.js';
import { LogPollShape } from './logPaging.js';
import { SeveritySchema } from '../users/user.js';

/** Same shape as the live `logs.system` entries, so both feed one table. */
export const SystemLogEntrySchema = z.object({
  id: IdSchema,
  device_id: IdSchema.nullable(),
  device_name: z.string().nullable(),
  device_attribute_type: z.number().int().nullable(),
  event_type: z.string(),
  value: z.string().nullable(),
  severity: z.number().int(),
  description: z.string(),
  log_time: z.string(),
  /** Raised by a threshold whose should_alert is on: it belongs in the alert feeds too. */
  is_alert: z.boolean(),
});
export type SystemLogEntry = z.infer<typeof SystemLogEntrySchema>;

export const SystemLogListResponseSchema = z.object({ system_logs: z.array(SystemLogEntrySchema) });
export type SystemLogListResponse = z.infer<typeof SystemLogListResponseSchema>;

const QuerySeveritySchema = wholeNumberParam().pipe(SeveritySchema);
const QueryAttributeTypeSchema = wholeNumberParam().refine(isThresholdAttributeType);

/** GET /system_logs query. A device's own log sends device_ids, device_attribute_types, object_id and end_date. */
export const SystemLogQuerySchema = z.strictObject({
  ...PageQueryShape,
  device_name: z.string().max(64).optional(),
  device_ids: csvListSchema(QueryIdSchema).optional(),
  start_date: LogDatesSchema.optional(),
  end_date: LogDatesSchema.optional(),
  severities: csvListSchema(QuerySeveritySchema, 4).optional(),
  device_attribute_types: csvListSchema(QueryAttributeTypeSchema, 32).optional(),
  /** Only entries raised as alerts (should_alert). */
  alerts_only: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type SystemLogQuery = z.infer<typeof SystemLogQuerySchema>;

/** The same filters for an export or a histogram: everything they select, so no paging. */
export const SystemLogFilterSchema = SystemLogQuerySchema.omit({ object_id: true, page_size: true });
export type SystemLogFilter = z.infer<typeof SystemLogFilterSchema>;

/** An export: the filters and the language of its labels. */
export const SystemLogExportQuerySchema = SystemLogFilterSchema.extend(LogExportShape);
export type SystemLogExportQuery = z.infer<typeof SystemLogExportQuerySchema>;

export const HISTOGRAM_MAX_BUCKETS = 200;

/** GET /system_logs/histogram: the filters (a time range is required) and how many buckets. */
export const SystemLogHistogramQuerySchema = SystemLogFilterSchema.extend({
  start_date: LogDatesSchema,
  end_date: LogDatesSchema,
  buckets: wholeNumberParam(1, HISTOGRAM_MAX_BUCKETS).optional(),
});
export type SystemLogHistogramQuery = z.infer<typeof SystemLogHistogramQuerySchema>;

/** How many entries of each severity (normal, minor, major, critical) fell in each slice of the range. */
export const SystemLogHistogramSchema = z.object({
  histogram: z.object({
    bucket_ms: z.number().int().positive(),
    buckets: z.array(
      z.object({ start: z.string(), counts: z.tuple([z.number(), z.number(), z.number(), z.number()]) }),
    ),
  }),
});
export type SystemLogHistogram = z.infer<typeof SystemLogHistogramSchema>;

/** The query plus a poller's `since_id` (logPaging.ts). */
export const SystemLogPollQuerySchema = SystemLogQuerySchema.extend(LogPollShape);

/** A device log is shown oldest first; entries of the same moment in the order they were written (id). */
export function sortByLogTimeAscending<T extends { readonly log_time: string; readonly id: number }>(
  entries: readonly T[],
): T[] {
  return [...entries].sort((a, b) => Date.parse(a.log_time) - Date.parse(b.log_time) || a.id - b.id);
}
