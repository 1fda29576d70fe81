import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  connectedHours,
  ConnectivityDataResponseSchema,
  ErrorCode,
  Permission,
  USAGE_ENVIRONMENTS_PAGE_MAX,
} from '@halo/shared';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { configCall } from '../../testing/configCall.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';
import { usagePeriods } from './getDevicesConnectivity.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('usage periods', () => {
  it('start on the UTC day, the Monday, the first of the month and the first of the year', () => {
    // Wednesday 25 November 2026.
    expect(usagePeriods(Date.parse('2026-11-25T18:30:00Z'))).toEqual({
      day: day('2026-11-25'),
      week: day('2026-11-23'),
      month: day('2026-11-01'),
      year: day('2026-01-01'),
    });
    // A Sunday belongs to the week that began on the Monday before; a week may start last year.
    expect(usagePeriods(Date.parse('2026-11-29T23:59:59Z')).week).toBe(day('2026-11-23'));
    expect(usagePeriods(Date.parse('2027-01-02T08:00:00Z')).week).toBe(day('2026-12-28'));
  });
});

describe.each(DIALECTS)('devices connectivity on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  let child: Actor & { id: number };
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    // Wednesday 25 November 2026.
    provider.clock.now = Date.parse('2026-11-25T12:00:00Z');
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    child = await createEnvironment(provider.api, admin, 'usage-child');
    const usage = (environmentId: number, date: string, seconds: number) => ({
      environment_id: environmentId,
      day_start: day(date),
      connected_seconds: seconds,
    });
    await provider.provider.context.db
      .insertInto('environment_connectivity_days')
      .values([
        usage(admin.environmentId, '2026-11-25', 3600),
        usage(admin.environmentId, '2026-11-23', 7200),
        usage(admin.environmentId, '2026-11-22', 600),
        usage(admin.environmentId, '2026-10-31', 36_000),
        usage(admin.environmentId, '2025-12-31', 999_999),
        usage(child.id, '2026-11-24', 1800),
        usage(child.id, '2026-02-01', 100),
      ])
      .execute();
  });
  afterEach(async () => {
    await provider.stop();
  });
  const connectivity = async (actor: Actor, query = '', environmentId = actor.environmentId) => {
    const response = await configCall(
      provider.api,
      actor,
      'get',
      `/devices_connectivity${query}`,
      undefined,
      environmentId,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return ConnectivityDataResponseSchema.parse(response.body).connectivity_data;
  };

  it('sums the seconds of the current day, week, month and year per environment', async () => {
    expect(await connectivity(admin)).toEqual([
      {
        environment_id: admin.environmentId,
        environment_name: 'root',
        current_day: 3600,
        current_week: 3600 + 7200,
        current_month: 3600 + 7200 + 600,
        current_year: 3600 + 7200 + 600 + 36_000,
      },
      {
        environment_id: child.id,
        environment_name: 'usage-child',
        current_day: 0,
        current_week: 1800,
        current_month: 1800,
        current_year: 1900,
      },
    ]);
    expect(await connectivity(admin, `?sub_environment_id=${child.id}`)).toEqual([
      expect.objectContaining({ environment_name: 'usage-child', current_year: 1900 }),
    ]);
    expect(await connectivity(admin, `?sub_environment_id=${admin.environmentId}`)).toHaveLength(1);
    // A new environment has used nothing yet: zeros, not a missing row.
    const quiet = await createEnvironment(provider.api, admin, 'usage-quiet');
    expect(await connectivity(quiet)).toEqual([
      {
        environment_id: quiet.id,
        environment_name: 'usage-quiet',
        current_day: 0,
        current_week: 0,
        current_month: 0,
        current_year: 0,
      },
    ]);
  });

  it('answers a page of environments at a time, with how many there are in all', async () => {
    const grandchild = await createEnvironment(provider.api, child, 'usage-grandchild');
    const page = async (query: string) => {
      const response = await configCall(provider.api, admin, 'get', `/devices_connectivity${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const answer = ConnectivityDataResponseSchema.parse(response.body);
      return { names: answer.connectivity_data.map((row) => row.environment_name), total: answer.total };
    };
    expect(await page('')).toEqual({ names: ['root', 'usage-child', 'usage-grandchild'], total: 3 });
    expect(await page('?limit=2')).toEqual({ names: ['root', 'usage-child'], total: 3 });
    expect(await page('?offset=2&limit=2')).toEqual({ names: ['usage-grandchild'], total: 3 });
    expect(await page('?offset=3')).toEqual({ names: [], total: 3 });
    expect(await page(`?offset=1&limit=${USAGE_ENVIRONMENTS_PAGE_MAX}`)).toEqual({
      names: ['usage-child', 'usage-grandchild'],
      total: 3,
    });
    expect(await page(`?sub_environment_id=${grandchild.id}&limit=1`)).toEqual({
      names: ['usage-grandchild'],
      total: 1,
    });
    for (const query of [
      '?limit=0',
      `?limit=${USAGE_ENVIRONMENTS_PAGE_MAX + 1}`,
      '?offset=-1',
      '?offset=x',
      '?limit=',
    ]) {
      const refused = await configCall(provider.api, admin, 'get', `/devices_connectivity${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('needs the admin view permission (130)', async () => {
    await createUser(provider.api, admin, 'usage-admin', [Permission.ADMIN_VIEW]);
    await createUser(provider.api, admin, 'no-admin', [Permission.MESSAGING_LOG_VIEW, Permission.LOGS_VIEW]);
    expect(await connectivity(await as(provider.api, 'usage-admin', 'root'))).toHaveLength(2);
    const refused = await configCall(
      provider.api,
      await as(provider.api, 'no-admin', 'root'),
      'get',
      '/devices_connectivity',
    );
    expect(refused.status).toBe(403);
  });

  it('keeps a child to its own environment: a stranger environment is 404 either way', async () => {
    expect(await connectivity(child)).toEqual([
      expect.objectContaining({ environment_name: 'usage-child', current_year: 1900 }),
    ]);
    const viaPath = await configCall(
      provider.api,
      child,
      'get',
      '/devices_connectivity',
      undefined,
      admin.environmentId,
    );
    expect(viaPath.status).toBe(404);
    const viaQuery = await configCall(
      provider.api,
      child,
      'get',
      `/devices_connectivity?sub_environment_id=${admin.environmentId}`,
    );
    expect(viaQuery.status).toBe(404);
    expect(viaQuery.body.error).toBe(ErrorCode.INVALID_TOKEN);
    const unknown = await configCall(provider.api, admin, 'get', '/devices_connectivity?sub_environment_id=999999');
    expect(unknown.status).toBe(404);
  });

  it('refuses bad query input with error 3 in the spec format', async () => {
    for (const query of [
      '?sub_environment_id=x',
      '?sub_environment_id=0',
      '?sub_environment_id=-4',
      '?sub_environment_id=1.5',
      '?period=week',
    ]) {
      const response = await configCall(provider.api, admin, 'get', `/devices_connectivity${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({
        error: ErrorCode.BAD_QUERY_PARAMETER,
        message: 'Bad query parameter',
      });
    }
  });

  it('answers one environment’s daily series and its top devices, deleted devices by id', async () => {
    const db = provider.provider.context.db;
    const kept = await createDevice(provider.api, admin, clientDevice('top-cam'));
    const gone = await createDevice(provider.api, admin, clientDevice('gone-cam'));
    const busy = await createDevice(provider.api, child, clientDevice('child-cam'));
    const deviceDay = (deviceId: number, environmentId: number, date: string, seconds: number) => ({
      device_id: deviceId,
      environment_id: environmentId,
      day_start: day(date),
      connected_seconds: seconds,
    });
    await db
      .insertInto('device_connectivity_days')
      .values([
        deviceDay(kept, admin.environmentId, '2026-11-25', 3000),
        deviceDay(kept, admin.environmentId, '2026-11-23', 4000),
        deviceDay(gone, admin.environmentId, '2026-11-24', 9000),
        deviceDay(gone, admin.environmentId, '2026-10-01', 99_000),
        deviceDay(busy, child.id, '2026-11-24', 1800),
      ])
      .execute();
    await configCall(provider.api, admin, 'delete', `/devices/${gone}`).expect(200);
    const detail = async (environmentId: number, query = '') => {
      const response = await configCall(provider.api, admin, 'get', `/devices_connectivity/${environmentId}${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return API.usage.devicesConnectivityDetail.answer.parse(response.body).connectivity_detail;
    };
    const root = await detail(admin.environmentId, '?days=4');
    expect(root.daily).toEqual([
      { date: '2026-11-22', seconds: 600 },
      { date: '2026-11-23', seconds: 7200 },
      { date: '2026-11-24', seconds: 0 },
      { date: '2026-11-25', seconds: 3600 },
    ]);
    expect(root.top_devices).toEqual([
      { device_id: gone, name: null, seconds: 9000 },
      { device_id: kept, name: 'top-cam', seconds: 7000 },
    ]);
    expect((await detail(admin.environmentId, '?days=4&top=1')).top_devices).toHaveLength(1);
    const sub = await detail(child.id);
    expect(sub.daily).toHaveLength(30);
    expect(sub.top_devices).toEqual([{ device_id: busy, name: 'child-cam', seconds: 1800 }]);
    // The child cannot look up; nobody gets a stranger's.
    expect((await configCall(provider.api, child, 'get', `/devices_connectivity/${admin.environmentId}`)).status).toBe(
      404,
    );
    for (const query of ['?days=0', '?days=400', '?top=0', '?from=1']) {
      const refused = await configCall(provider.api, admin, 'get', `/devices_connectivity/${child.id}${query}`);
      expect(refused.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('shows seconds as hours: rounded from one hour, one decimal below', () => {
    expect([0, 180, 1440, 3599, 3600, 5399, 5400, 36_000].map(connectedHours)).toEqual([0, 0.1, 0.4, 1, 1, 1, 2, 10]);
  });
});
