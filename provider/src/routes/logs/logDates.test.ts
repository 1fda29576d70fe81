import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode, parseCsv } from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { as, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/**
 * Spec section 5: "A date list is sent as one date, or as 'first,last'". Every log call that
 * takes dates (audit, system and messaging lists, their exports, the histogram) reads both
 * forms with one parser: 'first,last' is the days first through last, whole, on either
 * parameter; anything else is error 3 naming the parameter, and nothing is answered.
 */
describe.each(DIALECTS)('log date lists on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  const at = (date: string, hour: number) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  /** One entry of each log at each of these moments: the 25th late, the 26th early and late, the 27th early. */
  const MOMENTS = [at('2026-11-25', 23), at('2026-11-26', 0), at('2026-11-26', 23), at('2026-11-27', 0)];

  beforeAll(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const db = provider.provider.context.db;
    const environment_id = admin.environmentId;
    // Only the entries below: the start-up's own audit rows go.
    await db.deleteFrom('user_audits').execute();
    for (const [index, time] of MOMENTS.entries()) {
      await db
        .insertInto('system_logs')
        .values({
          environment_id,
          device_id: 1,
          device_name: `cam-${index}`,
          device_attribute_type: 1,
          event_type: 'link_down',
          value: '0',
          severity: 1,
          description: 'event',
          log_time: time,
          is_alert: 0,
        })
        .execute();
      await db
        .insertInto('satcom_messages')
        .values({
          environment_id,
          device_id: 1,
          halo_name: `cam-${index}`,
          halo_serial: 'SN-1',
          satcom_imei: null,
          network: 'Iridium',
          severity: 0,
          description: 'position report',
          latitude: null,
          longitude: null,
          altitude: null,
          link_status: null,
          satcom_time: null,
          log_time: time,
        })
        .execute();
      await db
        .insertInto('user_audits')
        .values({
          environment_id,
          user_id: null,
          username: 'admin',
          resource: 'group',
          action: 'create',
          name: `cam-${index}`,
          detail: null,
          changes: null,
          created_at: time,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await provider.stop();
  });

  const LISTS = [
    { path: '/user_audits', key: 'user_audits', name: 'name' },
    { path: '/system_logs', key: 'system_logs', name: 'device_name' },
    { path: '/satcom_messages', key: 'satcom_messages', name: 'halo_name' },
  ] as const;
  const EXPORTS = ['/user_audits/export', '/system_logs/export', '/satcom_messages/export'] as const;
  const NAME_COLUMN: Record<(typeof EXPORTS)[number], string> = {
    '/user_audits/export': 'name',
    '/system_logs/export': 'device_name',
    '/satcom_messages/export': 'halo_name',
  };

  const listed = async (path: string, key: string, name: string, query: string) => {
    const response = await configCall(provider.api, admin, 'get', `${path}?${query}`);
    expect(response.status, `${path}?${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return ((response.body as Record<string, Record<string, string>[]>)[key] ?? []).map((entry) => entry[name]).sort();
  };
  const exported = async (path: (typeof EXPORTS)[number], query: string) => {
    const response = await configCall(provider.api, admin, 'get', `${path}?${query}`).buffer(true);
    expect(response.status, `${path}?${query}`).toBe(200);
    const [header, ...rows] = parseCsv(response.text);
    const column = header!.indexOf(NAME_COLUMN[path]);
    return rows.map((row) => row[column]).sort();
  };

  const SELECTIONS: readonly (readonly [string, readonly string[]])[] = [
    // The call: one day as a date list, on start_date.
    ['start_date=2026-11-26,2026-11-26', ['cam-1', 'cam-2']],
    ['end_date=2026-11-26,2026-11-26', ['cam-1', 'cam-2']],
    ['start_date=2026-11-25,2026-11-26', ['cam-0', 'cam-1', 'cam-2']],
    ['start_date=2026-11-26,2026-11-27', ['cam-1', 'cam-2', 'cam-3']],
    // One date each: from the start of one, through the end of the other.
    ['start_date=2026-11-26', ['cam-1', 'cam-2', 'cam-3']],
    ['end_date=2026-11-26', ['cam-0', 'cam-1', 'cam-2']],
    ['start_date=2026-11-26&end_date=2026-11-26', ['cam-1', 'cam-2']],
    // Both parameters: the spans intersect.
    ['start_date=2026-11-25,2026-11-26&end_date=2026-11-26,2026-11-27', ['cam-1', 'cam-2']],
    ['start_date=2026-11-26T12:00:00Z&end_date=2026-11-26,2026-11-26', ['cam-2']],
  ];

  it.each(SELECTIONS)('lists and exports %s as the days it names, in every log', async (query, names) => {
    for (const { path, key, name } of LISTS) expect(await listed(path, key, name, query), path).toEqual(names);
    for (const path of EXPORTS) expect(await exported(path, query), path).toEqual(names);
  });

  it('counts a date list in the histogram over the days it names', async () => {
    const response = await configCall(
      provider.api,
      admin,
      'get',
      '/system_logs/histogram?start_date=2026-11-26,2026-11-26&end_date=2026-11-26,2026-11-26&buckets=2',
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { histogram } = response.body as { histogram: { bucket_ms: number; buckets: { counts: number[] }[] } };
    expect(histogram.bucket_ms).toBe(12 * 3_600_000);
    expect(histogram.buckets.map((bucket) => bucket.counts[1])).toEqual([1, 1]);
  });

  const REFUSED = [
    ['start_date', '2026-11-27,2026-11-26'],
    ['start_date', '2026-11-26,'],
    ['start_date', ',2026-11-26'],
    ['end_date', '2026-11-26,2026-11-27,2026-11-28'],
    ['end_date', '2026-11-26,2026-02-30'],
    ['start_date', '2026-11-26T00:00:00Z,2026-11-27T00:00:00Z'],
    ['end_date', '2026-11-26 2026-11-27'],
    ['start_date', '26-11-2026,27-11-2026'],
  ] as const;

  it.each(REFUSED)('refuses %s=%s with error 3 naming the parameter, in every call', async (parameter, value) => {
    const query = `${parameter}=${encodeURIComponent(value)}`;
    for (const path of [...LISTS.map((list) => list.path), ...EXPORTS, '/system_logs/histogram']) {
      const histogramEnds = path.endsWith('histogram')
        ? `&${parameter === 'start_date' ? 'end_date' : 'start_date'}=2026-11-26`
        : '';
      const response = await configCall(provider.api, admin, 'get', `${path}?${query}${histogramEnds}`);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toEqual({
        error: ErrorCode.BAD_QUERY_PARAMETER,
        message: 'Bad query parameter',
        fields: { [parameter]: 'validation.date' },
      });
    }
  });
});
