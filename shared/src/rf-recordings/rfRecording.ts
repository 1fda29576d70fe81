/** RF recordings per device (spec section 3) and their download request. */
import { z } from 'zod';
import { IdSchema, QueryIdSchema } from '../common.js';
import { ValidationKey } from '../validation/rules.js';

export const RfRecordingSchema = z.object({
  report_uuid: z.uuid(),
  device_id: IdSchema,
  device_name: z.string(),
  /** The device's serial (pairing_id). */
  serial: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
});
export type RfRecording = z.infer<typeof RfRecordingSchema>;

/**
 * The most recordings a list holds: a device records for as long as it flies, so its list grows
 * forever; the newest are the ones looked for (older ones stay downloadable by their uuid).
 */
export const RF_RECORDINGS_LIST_MAX = 500;

export const RfRecordingListResponseSchema = z.object({
  /** Newest first, at most RF_RECORDINGS_LIST_MAX. */
  rf_recordings: z.array(RfRecordingSchema),
  /**
   * True when the device holds more than RF_RECORDINGS_LIST_MAX: only the newest are listed (the
   * product's addition; absent from a provider that answers the spec's list alone, whole).
   */
  truncated: z.boolean().optional(),
});
export type RfRecordingListResponse = z.infer<typeof RfRecordingListResponseSchema>;

export const RfRecordingQuerySchema = z.strictObject({ device_id: QueryIdSchema });
export type RfRecordingQuery = z.infer<typeof RfRecordingQuerySchema>;

export const RF_DOWNLOAD_MAX_RECORDINGS = 100;

/** POST /rf_data_recordings_download: which recordings of which device; the answer is a file. */
export const RfRecordingDownloadRequestSchema = z.strictObject({
  report_uuids: z
    .array(z.uuid({ error: ValidationKey.INVALID }), { error: ValidationKey.REQUIRED })
    .min(1, ValidationKey.REQUIRED)
    .max(RF_DOWNLOAD_MAX_RECORDINGS, ValidationKey.NOT_EXCEED),
  device_id: IdSchema,
});
export type RfRecordingDownloadRequest = z.infer<typeof RfRecordingDownloadRequestSchema>;
