/** System log entries (system_logs) of spec section 3 and the system log's filters. */
import { z } from 'zod';
import { csvListSchema, IdSchema, IsoDateSchema, PageQueryShape, QueryIdSchema } from '../common.js';
import { isThresholdAttributeType } from '../thresholds/threshold.js';
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
});
export type SystemLogEntry = z.infer<typeof SystemLogEntrySchema>;

export const SystemLogListResponseSchema = z.object({ system_logs: z.array(SystemLogEntrySchema) });
export type SystemLogListResponse = z.infer<typeof SystemLogListResponseSchema>;

const QuerySeveritySchema = z.coerce.number().pipe(SeveritySchema);
const QueryAttributeTypeSchema = z.coerce.number().refine(isThresholdAttributeType);

/** GET /system_logs query. A device's own log sends device_ids, device_attribute_types, object_id and end_date. */
export const SystemLogQuerySchema = z.strictObject({
  ...PageQueryShape,
  device_name: z.string().max(64).optional(),
  device_ids: csvListSchema(QueryIdSchema).optional(),
  start_date: IsoDateSchema.optional(),
  end_date: IsoDateSchema.optional(),
  severities: csvListSchema(QuerySeveritySchema, 4).optional(),
  device_attribute_types: csvListSchema(QueryAttributeTypeSchema, 32).optional(),
});
export type SystemLogQuery = z.infer<typeof SystemLogQuerySchema>;

/** The query plus a poller's `since_id` (logPaging.ts). */
export const SystemLogPollQuerySchema = SystemLogQuerySchema.extend(LogPollShape);

/** A device log is shown oldest first. */
export function sortByLogTimeAscending<T extends { readonly log_time: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => Date.parse(a.log_time) - Date.parse(b.log_time));
}
