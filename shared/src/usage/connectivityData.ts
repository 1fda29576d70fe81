/** Connectivity usage per environment (connectivity_data), in seconds of connection. */
import { z } from 'zod';
import { IdSchema, QueryIdSchema, wholeNumberParam } from '../common.js';
import { SECONDS_PER_HOUR } from '../constants/constants.js';

export const ConnectivityDataSchema = z.object({
  environment_id: IdSchema.optional(),
  environment_name: z.string(),
  current_day: z.number().min(0).optional(),
  current_week: z.number().min(0),
  current_month: z.number().min(0),
  current_year: z.number().min(0),
});
export type ConnectivityData = z.infer<typeof ConnectivityDataSchema>;

/**
 * The most environments one devices_connectivity answer holds. The root's answer has a row per
 * environment of every tenant, and tenants are not limited: a caller pages with `offset`.
 */
export const USAGE_ENVIRONMENTS_PAGE_MAX = 500;

export const ConnectivityDataResponseSchema = z.object({
  connectivity_data: z.array(ConnectivityDataSchema),
  /**
   * How many environments there are in all (the product's addition): more than the answer
   * holds when it is a page. Absent from a provider that answers the whole set at once.
   */
  total: z.number().int().min(0).optional(),
});
export type ConnectivityDataResponse = z.infer<typeof ConnectivityDataResponseSchema>;

/**
 * GET /devices_connectivity: the spec's `sub_environment_id`, and the product's paging: the rows
 * (the call's environment first, then those below it, nearest first) from `offset`, at most
 * `limit` of them (USAGE_ENVIRONMENTS_PAGE_MAX when absent).
 */
export const ConnectivityQuerySchema = z.strictObject({
  sub_environment_id: QueryIdSchema.optional(),
  offset: wholeNumberParam(0, 1_000_000).optional(),
  limit: wholeNumberParam(1, USAGE_ENVIRONMENTS_PAGE_MAX).optional(),
});
export type ConnectivityQuery = z.infer<typeof ConnectivityQuerySchema>;

/**
 * Connected seconds as the usage screen shows them (spec section 3): hours, rounded when
 * there is at least one, otherwise to one decimal (0.4 h).
 */
export function connectedHours(seconds: number): number {
  const hours = seconds / SECONDS_PER_HOUR;
  return hours >= 1 ? Math.round(hours) : Math.round(hours * 10) / 10;
}

export const USAGE_DETAIL_MAX_DAYS = 366;
export const USAGE_DETAIL_DEFAULT_DAYS = 30;
export const USAGE_TOP_DEVICES_MAX = 100;

/** GET /devices_connectivity/{id}: how many days back (today included) and how many top devices. */
export const ConnectivityDetailQuerySchema = z.strictObject({
  days: wholeNumberParam(1, USAGE_DETAIL_MAX_DAYS).optional(),
  top: wholeNumberParam(1, USAGE_TOP_DEVICES_MAX).optional(),
});
export type ConnectivityDetailQuery = z.infer<typeof ConnectivityDetailQuerySchema>;

/** One environment's connected seconds per UTC day, and the devices that were connected longest. */
export const ConnectivityDetailSchema = z.object({
  environment_id: IdSchema,
  environment_name: z.string(),
  daily: z.array(z.object({ date: z.string(), seconds: z.number().min(0) })),
  top_devices: z.array(
    z.object({
      device_id: IdSchema,
      /** The device's name now, or null when it has been deleted since. */
      name: z.string().nullable(),
      seconds: z.number().min(0),
    }),
  ),
});
export type ConnectivityDetail = z.infer<typeof ConnectivityDetailSchema>;
export const ConnectivityDetailResponseSchema = z.object({ connectivity_detail: ConnectivityDetailSchema });
