import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, parseCsv, Permission, SatcomMessageListResponseSchema } from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('satcom messages on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  const at = (date: string, hour = 12) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  beforeEach(async () => {
    provider = await startTestProvider(dialect);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const message = (deviceId: number, name: string, severity: number, description: string, logTime: number) => ({
      environment_id: admin.environmentId,
      device_id: deviceId,
      halo_name: name,
      halo_serial: `SN-${name}`,
      satcom_imei: `30000100000000${deviceId}`,
      network: deviceId === 1 ? 'Iridium' : 'Inmarsat',
      severity,
      description,
      latitude: 32.08,
      longitude: 34.78,
      altitude: 120.5,
      link_status: 4,
      satcom_time: logTime - 30_000,
      log_time: logTime,
    });
    await provider.provider.context.db
      .insertInto('satcom_messages')
      .values([
        message(1, 'dcx_north', 0, 'position report', at('2026-11-20')),
        message(1, 'dcx_north', 3, 'emergency (SOS) alert', at('2026-11-21', 0)),
        message(2, 'van%south', 2, 'terrestrial links down, reporting over satellite', at('2026-11-21', 23)),
        {
          ...message(2, 'van%south', 1, 'low battery, 12%', at('2026-11-22')),
          latitude: null,
          longitude: null,
          altitude: null,
          satcom_time: null,
        },
      ])
      .execute();
  });
  afterEach(async () => {
    await provider.stop();
  });
  const ids = async (actor: Actor, query = '') => {
    const response = await configCall(provider.api, actor, 'get', `/satcom_messages${query}`);
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return SatcomMessageListResponseSchema.parse(response.body).satcom_messages.map((message) => message.id);
  };

  it('answers the messaging log entries newest first in the shared shape', async () => {
    const body = (await configCall(provider.api, admin, 'get', '/satcom_messages').expect(200)).body as unknown;
    const messages = SatcomMessageListResponseSchema.parse(body).satcom_messages;
    expect(messages.map((message) => message.id)).toEqual([4, 3, 2, 1]);
    expect(messages[1]).toEqual({
      id: 3,
      device_id: 2,
      log_time: '2026-11-21T23:00:00.000Z',
      satcom_timestamp: '2026-11-21T22:59:30.000Z',
      halo_name: 'van%south',
      halo_serial: 'SN-van%south',
      satcom_imei: '300001000000002',
      network: 'Inmarsat',
      severity: 2,
      description: 'terrestrial links down, reporting over satellite',
      lat: 32.08,
      long: 34.78,
      altitude: 120.5,
      link_status: 4,
      provider: 1,
    });
    expect(messages[0]).toMatchObject({ lat: null, long: null, altitude: null, satcom_timestamp: null });
  });

  it('pages, filters and answers pollers with since_id', async () => {
    expect(await ids(admin, '?page_size=2')).toEqual([4, 3]);
    expect(await ids(admin, '?page_size=2&object_id=3')).toEqual([2, 1]);
    expect(await ids(admin, '?since_id=2')).toEqual([3, 4]);
    expect(await ids(admin, '?device_name=NORTH')).toEqual([2, 1]);
    expect(await ids(admin, '?device_name=%25')).toEqual([4, 3]);
    expect(await ids(admin, '?device_ids=2')).toEqual([4, 3]);
    expect(await ids(admin, '?severities=2,3')).toEqual([3, 2]);
    expect(await ids(admin, '?free_text=sos')).toEqual([2]);
    expect(await ids(admin, '?free_text=inmarsat')).toEqual([4, 3]);
    expect(await ids(admin, '?free_text=300001000000001')).toEqual([2, 1]);
    // Wildcards are literal: '_' matches an underscore, not the '%' of van%south.
    expect(await ids(admin, '?free_text=x_n')).toEqual([2, 1]);
    expect(await ids(admin, '?free_text=van_south')).toEqual([]);
    expect(await ids(admin, '?start_date=2026-11-21&end_date=2026-11-21')).toEqual([3, 2]);
  });

  it('refuses bad query input with error 3 in the spec format', async () => {
    for (const query of [
      '?severities=9',
      '?start_date=21-11-2026',
      '?page_size=0',
      '?page_size=1001',
      '?object_id=-1',
      '?device_ids=abc',
      '?since_id=x',
      '?bogus=1',
      `?free_text=${'x'.repeat(257)}`,
    ]) {
      const response = await configCall(provider.api, admin, 'get', `/satcom_messages${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({
        error: ErrorCode.BAD_QUERY_PARAMETER,
        message: 'Bad query parameter',
      });
    }
  });

  it('needs permission 120 and shows only the environment of the call', async () => {
    await createUser(provider.api, admin, 'messaging-reader', [Permission.MESSAGING_LOG_VIEW]);
    await createUser(provider.api, admin, 'logs-only', [Permission.LOGS_VIEW, Permission.ADMIN_VIEW]);
    expect(await ids(await as(provider.api, 'messaging-reader', 'root'))).toHaveLength(4);
    const refused = await configCall(
      provider.api,
      await as(provider.api, 'logs-only', 'root'),
      'get',
      '/satcom_messages',
    );
    expect(refused.status).toBe(403);
    const child = await createEnvironment(provider.api, admin, 'satcom-child');
    expect(await ids(child)).toEqual([]);
    // The parent reaches the child's (empty) log; the child cannot reach the parent's.
    expect(await ids(admin, '')).toHaveLength(4);
    expect((await configCall(provider.api, admin, 'get', '/satcom_messages', undefined, child.id)).body).toEqual({
      satcom_messages: [],
    });
    const stranger = await configCall(provider.api, child, 'get', '/satcom_messages', undefined, admin.environmentId);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe(ErrorCode.INVALID_TOKEN);
  });

  it('filters by network and exports what the filters select as CSV, formulas neutralised', async () => {
    expect(await ids(admin, '?networks=Iridium')).toEqual([2, 1]);
    expect(await ids(admin, '?networks=Inmarsat,Iridium&severities=3')).toEqual([2]);
    expect(await ids(admin, '?networks=Thuraya')).toEqual([]);
    await provider.provider.context.db
      .updateTable('satcom_messages')
      .set({ description: '@SUM(A1:A9)' })
      .where('id', '=', 4)
      .execute();
    const response = await configCall(provider.api, admin, 'get', '/satcom_messages/export?networks=Inmarsat');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/messaging-log-.*\.csv/);
    const rows = parseCsv(response.text);
    expect(rows.map((row) => row[0])).toEqual(['id', '4', '3']);
    expect(rows[1]?.[9]).toBe("'@SUM(A1:A9)");
    expect(rows[1]?.slice(10)).toEqual(['', '', '']);
    expect((await configCall(provider.api, admin, 'get', '/satcom_messages/export?since_id=1')).status).toBe(400);
  });
});
