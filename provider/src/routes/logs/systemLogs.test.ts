import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Permission, SystemLogListResponseSchema } from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('system logs on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  const day = (date: string, hour = 12) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const entry = (
      deviceId: number,
      deviceName: string,
      severity: number,
      attribute: number | null,
      logTime: number,
    ) => ({
      environment_id: admin.environmentId,
      device_id: deviceId,
      device_name: deviceName,
      device_attribute_type: attribute,
      event_type: 'link_down',
      value: '0',
      severity,
      description: `${deviceName}: event`,
      log_time: logTime,
    });
    await provider.provider.context.db
      .insertInto('system_logs')
      .values([
        entry(1, 'north_gate', 0, 3, day('2026-11-20')),
        entry(1, 'north_gate', 2, 7, day('2026-11-21', 0)),
        entry(2, 'south%yard', 3, 1, day('2026-11-21', 23)),
        entry(2, 'south%yard', 1, 9, day('2026-11-22')),
      ])
      .execute();
  });
  afterEach(async () => {
    await provider.stop();
  });
  const logs = async (actor: Actor, query = '') =>
    (await configCall(provider.api, actor, 'get', `/system_logs${query}`)).body as {
      system_logs: { id: number; device_name: string }[];
    };

  it('answers newest first with paging, filters and since_id for pollers', async () => {
    const all = SystemLogListResponseSchema.parse(await logs(admin));
    expect(all.system_logs.map((entry) => entry.id)).toEqual([4, 3, 2, 1]);
    expect(all.system_logs[0]).toMatchObject({
      device_id: 2,
      device_name: 'south%yard',
      severity: 1,
      device_attribute_type: 9,
      log_time: '2026-11-22T12:00:00.000Z',
    });
    expect((await logs(admin, '?page_size=2')).system_logs.map((entry) => entry.id)).toEqual([4, 3]);
    expect((await logs(admin, '?page_size=2&object_id=3')).system_logs.map((entry) => entry.id)).toEqual([2, 1]);
    expect((await logs(admin, '?since_id=2')).system_logs.map((entry) => entry.id)).toEqual([3, 4]);
    expect((await logs(admin, '?device_name=GATE')).system_logs.map((entry) => entry.id)).toEqual([2, 1]);
    expect((await logs(admin, '?device_name=%25')).system_logs.map((entry) => entry.id)).toEqual([4, 3]);
    expect((await logs(admin, '?device_ids=2')).system_logs.map((entry) => entry.id)).toEqual([4, 3]);
    expect((await logs(admin, '?severities=2,3')).system_logs.map((entry) => entry.id)).toEqual([3, 2]);
    expect((await logs(admin, '?device_attribute_types=3,7')).system_logs.map((entry) => entry.id)).toEqual([2, 1]);
    expect(
      (await logs(admin, '?start_date=2026-11-21&end_date=2026-11-21')).system_logs.map((entry) => entry.id),
    ).toEqual([3, 2]);
    for (const query of [
      '?severities=9',
      '?start_date=21-11-2026',
      '?page_size=0',
      '?bogus=1',
      '?device_attribute_types=99',
    ]) {
      const response = await configCall(provider.api, admin, 'get', `/system_logs${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('needs permission 70 and shows only the environment of the call', async () => {
    await createUser(provider.api, admin, 'log-reader', [Permission.LOGS_VIEW]);
    await createUser(provider.api, admin, 'no-logs', [Permission.DEVICES_VIEW]);
    expect((await logs(await as(provider.api, 'log-reader', 'root'))).system_logs).toHaveLength(4);
    expect(
      (await configCall(provider.api, await as(provider.api, 'no-logs', 'root'), 'get', '/system_logs')).status,
    ).toBe(403);
    const child = await createEnvironment(provider.api, admin, 'log-child');
    expect((await logs(child)).system_logs).toEqual([]);
    expect((await configCall(provider.api, child, 'get', '/system_logs', undefined, admin.environmentId)).status).toBe(
      404,
    );
  });
});
