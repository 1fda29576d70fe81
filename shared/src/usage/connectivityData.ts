/** Connectivity usage per environment (connectivity_data), in seconds of connection. */
import { z } from 'zod';
import { IdSchema, QueryIdSchema } from '../common.js';

export const ConnectivityDataSchema = z.object({
  environment_id: IdSchema.optional(),
  environment_name: z.string(),
  current_day: z.number().min(0).optional(),
  current_week: z.number().min(0),
  current_month: z.number().min(0),
  current_year: z.number().min(0),
});
export type ConnectivityData = z.infer<typeof ConnectivityDataSchema>;

export const ConnectivityDataResponseSchema = z.object({ connectivity_data: z.array(ConnectivityDataSchema) });
export type ConnectivityDataResponse = z.infer<typeof ConnectivityDataResponseSchema>;

export const ConnectivityQuerySchema = z.strictObject({ sub_environment_id: QueryIdSchema.optional() });
export type ConnectivityQuery = z.infer<typeof ConnectivityQuerySchema>;
