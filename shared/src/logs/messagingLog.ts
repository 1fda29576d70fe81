/** Messaging log entries (satellite messages, GET /satcom_messages) of spec section 3. */
import { z } from 'zod';
import { IdSchema, PageQueryShape, QueryIdSchema, csvListSchema, wholeNumberParam } from '../common.js';
import { LogDatesSchema } from './logTime.js';
import { LogExportShape } from './logExport.js';
import { LogPollShape } from './logPaging.js';
import { SatcomLinkStatusValueSchema } from '../satcom/satcomTarget.js';
import { SeveritySchema } from '../users/user.js';

export const SatcomMessageSchema = z.object({
  id: IdSchema,
  /** The sending device (kept, with the name and serial it had, after the device is deleted). */
  device_id: IdSchema.nullable().optional(),
  log_time: z.string(),
  satcom_timestamp: z.string().nullable(),
  halo_name: z.string(),
  halo_serial: z.string(),
  satcom_imei: z.string().nullable(),
  network: z.string().nullable(),
  severity: z.number().int(),
  description: z.string(),
  lat: z.number().min(-90).max(90).nullable(),
  long: z.number().min(-180).max(180).nullable(),
  altitude: z.number().nullable(),
  link_status: SatcomLinkStatusValueSchema.optional(),
  /** The satellite messaging provider (1). */
  provider: z.number().int().optional(),
});
export type SatcomMessage = z.infer<typeof SatcomMessageSchema>;

export const SatcomMessageListResponseSchema = z.object({ satcom_messages: z.array(SatcomMessageSchema) });
export type SatcomMessageListResponse = z.infer<typeof SatcomMessageListResponseSchema>;

/**
 * GET /satcom_messages query: paging and filters as the system log's; free_text matches the
 * name, serial, IMEI, network or description. `since_id` answers the messages after that id,
 * oldest first, for pollers.
 */
export const SatcomMessageQuerySchema = z.strictObject({
  ...PageQueryShape,
  ...LogPollShape,
  free_text: z.string().max(256).optional(),
  device_name: z.string().max(64).optional(),
  device_ids: csvListSchema(QueryIdSchema).optional(),
  start_date: LogDatesSchema.optional(),
  end_date: LogDatesSchema.optional(),
  severities: csvListSchema(wholeNumberParam().pipe(SeveritySchema), 4).optional(),
  /** Satellite networks, exactly as the messages name them. */
  networks: csvListSchema(z.string().min(1).max(64), 16).optional(),
});
export type SatcomMessageQuery = z.infer<typeof SatcomMessageQuerySchema>;

/** The same filters for an export: everything they select, so no paging. */
export const SatcomMessageExportQuerySchema = SatcomMessageQuerySchema.omit({
  object_id: true,
  page_size: true,
  since_id: true,
}).extend(LogExportShape);
export type SatcomMessageExportQuery = z.infer<typeof SatcomMessageExportQuerySchema>;
