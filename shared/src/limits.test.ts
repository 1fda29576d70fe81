import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DescriptionSchema, EmailSchema, NameSchema, PAGE_SIZE_MAX, PasswordSchema } from './common.js';
import {
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REDUNDANCY_PERCENTAGE_MAX,
} from './constants/constants.js';
import { DEVICES_QUERY_MAX_IDS, DevicesQuerySchema } from './devices/device.js';
import { EnvironmentCreateSchema, EnvironmentListQuerySchema } from './environments/environment.js';
import { HeatSightSamplesQuerySchema } from './heatsight/heatSight.js';
import { SatcomMessageQuerySchema } from './logs/messagingLog.js';
import { HISTOGRAM_MAX_BUCKETS, SystemLogHistogramQuerySchema, SystemLogQuerySchema } from './logs/systemLog.js';
import { UserAuditQuerySchema } from './logs/userAudit.js';
import { RF_DOWNLOAD_MAX_RECORDINGS, RfRecordingDownloadRequestSchema } from './rf-recordings/rfRecording.js';
import { SATCOM_API_KEY_MAX_LENGTH, SATCOM_URL_MAX_LENGTH, SatcomTargetUpdateSchema } from './satcom/satcomTarget.js';
import {
  ConnectivityDetailQuerySchema,
  USAGE_DETAIL_MAX_DAYS,
  USAGE_TOP_DEVICES_MAX,
} from './usage/connectivityData.js';
import { validRedundancyPercentage } from './validation/rules.js';

/**
 * Every limit the product states is inclusive of its number: the last value inside is taken
 * and the first outside refused. One row per limit: the schema that enforces it (the provider
 * and the web parse with the same ones), a value at the limit and one past it.
 */
interface Boundary {
  readonly limit: string;
  readonly accepts: (value: number) => boolean;
  readonly inside: number;
  readonly outside: number;
}

const passes = (schema: z.ZodType, make: (value: number) => unknown) => (value: number) =>
  schema.safeParse(make(value)).success;

const text = (length: number) => 'x'.repeat(length);
const environment = { environment_name: 'north', username: 'north_admin', password: 'Str0ng pass', email: 'n@ex.com' };
/** A password of exactly `length` characters that meets every other rule. */
const password = (length: number) => `Aa1!${'x'.repeat(length - 4)}`;
/** An e-mail address of exactly `length` characters. */
const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
/** An https URL of exactly `length` characters as stored (already normalised). */
const url = (length: number) =>
  `https://satcom.example.com/${'p'.repeat(length - 'https://satcom.example.com/'.length)}`;
/** A host name of exactly `length` characters (labels of at most 63). */
const host = (length: number) => {
  const labels: string[] = [];
  let left = length;
  while (left > 0) {
    const size = Math.min(63, left - (labels.length > 0 ? 1 : 0));
    labels.push('h'.repeat(size));
    left -= size + (labels.length > 1 ? 1 : 0);
  }
  return labels.join('.');
};
const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1).join(',');
const uuids = (count: number) =>
  Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
const range = { start_date: '2026-11-01', end_date: '2026-11-02' };

const BOUNDARIES: readonly Boundary[] = [
  { limit: 'name length', accepts: passes(NameSchema, text), inside: NAME_MAX_LENGTH, outside: NAME_MAX_LENGTH + 1 },
  {
    limit: 'description length',
    accepts: passes(DescriptionSchema, text),
    inside: DESCRIPTION_MAX_LENGTH,
    outside: DESCRIPTION_MAX_LENGTH + 1,
  },
  {
    limit: 'e-mail length',
    accepts: passes(EmailSchema, email),
    inside: EMAIL_MAX_LENGTH,
    outside: EMAIL_MAX_LENGTH + 1,
  },
  {
    limit: 'password, longest',
    accepts: passes(PasswordSchema, password),
    inside: PASSWORD_MAX_LENGTH,
    outside: PASSWORD_MAX_LENGTH + 1,
  },
  {
    limit: 'password, shortest',
    accepts: passes(PasswordSchema, password),
    inside: PASSWORD_MIN_LENGTH,
    outside: PASSWORD_MIN_LENGTH - 1,
  },
  {
    limit: 'redundancy percentage',
    accepts: (value) => validRedundancyPercentage(value, 'redundancy') === null,
    inside: REDUNDANCY_PERCENTAGE_MAX,
    outside: REDUNDANCY_PERCENTAGE_MAX + 1,
  },
  {
    limit: 'satcom target URL length',
    accepts: passes(SatcomTargetUpdateSchema, (length) => ({ satcom_target: { url: url(length), api_key: 'k' } })),
    inside: SATCOM_URL_MAX_LENGTH,
    outside: SATCOM_URL_MAX_LENGTH + 1,
  },
  {
    limit: 'satcom API key length',
    accepts: passes(SatcomTargetUpdateSchema, (length) => ({
      satcom_target: { url: 'https://a.example', api_key: text(length) },
    })),
    inside: SATCOM_API_KEY_MAX_LENGTH,
    outside: SATCOM_API_KEY_MAX_LENGTH + 1,
  },
  {
    limit: 'custom CA address length',
    accepts: passes(EnvironmentCreateSchema, (length) => ({ ...environment, ca_server_address: host(length) })),
    inside: 255,
    outside: 256,
  },
  ...(
    [
      ['system log', SystemLogQuerySchema],
      ['audit log', UserAuditQuerySchema],
      ['messaging log', SatcomMessageQuerySchema],
      ['environment list', EnvironmentListQuerySchema],
    ] as const
  ).map(([list, schema]) => ({
    limit: `${list} page size`,
    accepts: passes(schema, (size) => ({ page_size: String(size) })),
    inside: PAGE_SIZE_MAX,
    outside: PAGE_SIZE_MAX + 1,
  })),
  {
    limit: 'device ids in one query',
    accepts: passes(DevicesQuerySchema, (count) => ({ devices: ids(count) })),
    inside: DEVICES_QUERY_MAX_IDS,
    outside: DEVICES_QUERY_MAX_IDS + 1,
  },
  {
    limit: 'RF recordings in one download',
    accepts: passes(RfRecordingDownloadRequestSchema, (count) => ({ report_uuids: uuids(count), device_id: 1 })),
    inside: RF_DOWNLOAD_MAX_RECORDINGS,
    outside: RF_DOWNLOAD_MAX_RECORDINGS + 1,
  },
  {
    limit: 'usage days',
    accepts: passes(ConnectivityDetailQuerySchema, (days) => ({ days: String(days) })),
    inside: USAGE_DETAIL_MAX_DAYS,
    outside: USAGE_DETAIL_MAX_DAYS + 1,
  },
  {
    limit: 'usage top devices',
    accepts: passes(ConnectivityDetailQuerySchema, (top) => ({ top: String(top) })),
    inside: USAGE_TOP_DEVICES_MAX,
    outside: USAGE_TOP_DEVICES_MAX + 1,
  },
  {
    limit: 'system log histogram buckets',
    accepts: passes(SystemLogHistogramQuerySchema, (buckets) => ({ ...range, buckets: String(buckets) })),
    inside: HISTOGRAM_MAX_BUCKETS,
    outside: HISTOGRAM_MAX_BUCKETS + 1,
  },
  {
    limit: 'HeatSight points, most',
    accepts: passes(HeatSightSamplesQuerySchema, (points) => ({ max_points: String(points) })),
    inside: 2_000_000,
    outside: 2_000_001,
  },
  {
    limit: 'HeatSight points, fewest',
    accepts: passes(HeatSightSamplesQuerySchema, (points) => ({ max_points: String(points) })),
    inside: 1_000,
    outside: 999,
  },
];

describe('stated limits', () => {
  it.each(BOUNDARIES)('$limit: $inside is taken, $outside refused', ({ accepts, inside, outside }) => {
    expect(accepts(inside)).toBe(true);
    expect(accepts(outside)).toBe(false);
  });

  it('builds values of the sizes it says (the table itself is right)', () => {
    expect([password(128).length, email(254).length, url(2048).length, host(255).length, host(256).length]).toEqual([
      128, 254, 2048, 255, 256,
    ]);
    expect(new URL(url(2048)).href).toBe(url(2048));
  });
});
