import { describe, expect, it } from 'vitest';
import {
  RfRecordingDownloadRequestSchema,
  RfRecordingListResponseSchema,
  RfRecordingQuerySchema,
} from './rfRecording.js';

const uuid = '3f1c2b9e-8d4a-4c7e-9a51-2b6f0e1d7c3a';

describe('RfRecordingDownloadRequestSchema', () => {
  it('accepts uuids of one device', () => {
    expect(RfRecordingDownloadRequestSchema.safeParse({ report_uuids: [uuid], device_id: 3 }).success).toBe(true);
  });

  it('requires at least one recording, refuses bad uuids, too many recordings and unknown fields', () => {
    expect(
      RfRecordingDownloadRequestSchema.safeParse({ report_uuids: [], device_id: 3 }).error?.issues[0]?.message,
    ).toBe('validation.required');
    expect(
      RfRecordingDownloadRequestSchema.safeParse({ report_uuids: ['../etc/passwd'], device_id: 3 }).error?.issues[0]
        ?.message,
    ).toBe('validation.invalid');
    expect(
      RfRecordingDownloadRequestSchema.safeParse({ report_uuids: Array(101).fill(uuid), device_id: 3 }).success,
    ).toBe(false);
    expect(RfRecordingDownloadRequestSchema.safeParse({ report_uuids: [uuid], device_id: 3, zip: true }).success).toBe(
      false,
    );
  });
});

describe('RF recording list', () => {
  it('parses the query and the response', () => {
    expect(RfRecordingQuerySchema.parse({ device_id: '7' })).toEqual({ device_id: 7 });
    expect(RfRecordingQuerySchema.safeParse({}).success).toBe(false);
    const row = {
      report_uuid: uuid,
      device_id: 7,
      device_name: 'hub',
      serial: 'SN',
      start_time: '2024-01-01T00:00:00Z',
      end_time: null,
    };
    expect(RfRecordingListResponseSchema.safeParse({ rf_recordings: [row], truncated: false }).success).toBe(true);
    // A provider that answers the spec's list alone (no `truncated`) answers it whole.
    expect(RfRecordingListResponseSchema.safeParse({ rf_recordings: [row] }).success).toBe(true);
  });
});
