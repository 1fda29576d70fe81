/** Messaging log entries (satellite messages, GET /satcom_messages) of spec section 3. */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, PageQueryShape, csvListSchema } from '../common.js';
import { SatcomLinkStatus } from '../constants/enums.js';
import { SeveritySchema } from '../users/user.js';

export const SatcomLinkStatusSchema = z.union([
  z.literal(SatcomLinkStatus.DISABLED),
  z.literal(SatcomLinkStatus.MISCONFIGURED),
  z.literal(SatcomLinkStatus.CONNECTED),
  z.literal(SatcomLinkStatus.TRANSMITTED),
]);

export const SatcomMessageSchema = z.object({
  id: IdSchema,
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
  link_status: SatcomLinkStatusSchema.optional(),
  /** The satellite messaging provider (1). */
  provider: z.number().int().optional(),
});
export type SatcomMessage = z.infer<typeof SatcomMessageSchema>;

export const SatcomMessageListResponseSchema = z.object({ satcom_messages: z.array(SatcomMessageSchema) });
export type SatcomMessageListResponse = z.infer<typeof SatcomMessageListResponseSchema>;

export const SatcomMessageQuerySchema = z.strictObject({
  ...PageQueryShape,
  free_text: z.string().max(256).optional(),
  start_date: IsoDateSchema.optional(),
  end_date: IsoDateSchema.optional(),
  severities: csvListSchema(z.coerce.number().pipe(SeveritySchema), 4).optional(),
});
export type SatcomMessageQuery = z.infer<typeof SatcomMessageQuerySchema>;
