import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, ErrorCode, parseCsv, Permission, SystemLogListResponseSchema } from '@halo/shared';
import { sql } from 'kysely';
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
      is_alert: severity === 3 ? 1 : 0,
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
    // To the second, as the time presets send it; an end date-time includes its instant.
    expect(
      (await logs(admin, '?start_date=2026-11-21T00:00:00Z&end_date=2026-11-21T23:00:00Z')).system_logs.map(
        (entry) => entry.id,
      ),
    ).toEqual([3, 2]);
    expect((await logs(admin, '?alerts_only=true')).system_logs.map((entry) => entry.id)).toEqual([3]);
    expect(SystemLogListResponseSchema.parse(await logs(admin)).system_logs.map((entry) => entry.is_alert)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    for (const query of [
      '?severities=9',
      '?start_date=21-11-2026',
      '?page_size=0',
      '?bogus=1',
      '?device_attribute_types=99',
      '?start_date=2026-11-21T25:00:00Z',
      '?alerts_only=yes',
    ]) {
      const response = await configCall(provider.api, admin, 'get', `/system_logs${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('finds entries by part of a device name the same way with and without the name index', async () => {
    const db = provider.provider.context.db;
    const child = await createEnvironment(provider.api, admin, 'log-names');
    const entry = (environmentId: number, deviceName: string, logTime: number) => ({
      environment_id: environmentId,
      device_id: 9,
      device_name: deviceName,
      device_attribute_type: 1,
      event_type: 'threshold_minor',
      value: '1',
      severity: 1,
      description: 'event',
      log_time: logTime,
    });
    // Ids 5-34: thirty "common" entries, one look-alike where the name has X for _, and the child's.
    await db
      .insertInto('system_logs')
      .values([
        ...Array.from({ length: 30 }, (_, index) =>
          entry(admin.environmentId, `common-${index}`, day('2026-11-23') + index),
        ),
        entry(admin.environmentId, 'northXgate', day('2026-11-23', 20)),
        entry(child.id, 'north_gate', day('2026-11-23', 21)),
      ])
      .execute();
    const ids = async (query: string) => (await logs(admin, query)).system_logs.map((log) => log.id);
    // Three letters in a row: on SQLite through the trigram index; an end date reads the time index.
    const farEnd = '&end_date=2099-01-01';
    for (const end of ['', farEnd]) {
      // _ and % are literal: the index's wildcard match is checked exactly.
      expect(await ids(`?device_name=rth_gat${end}`), end).toEqual([2, 1]);
      expect(await ids(`?device_name=UTH%25YA${end}`), end).toEqual([4, 3]);
      expect(await ids(`?device_name=common${end}&page_size=5`), end).toEqual([34, 33, 32, 31, 30]);
      expect(await ids(`?device_name=common${end}&page_size=5&object_id=30`), end).toEqual([29, 28, 27, 26, 25]);
      // common-1 and common-10 to -19 are ids 6 and 15-24.
      expect(await ids(`?device_name=common-1${end}&since_id=20`), end).toEqual([21, 22, 23, 24]);
      expect(await ids(`?device_name=common&severities=2${end}`), end).toEqual([]);
      // The child's north_gate is not the root's.
      expect(await ids(`?device_name=north${end}`), end).toEqual([35, 2, 1]);
    }
    const exported = await configCall(provider.api, admin, 'get', '/system_logs/export?device_name=common-2');
    expect(
      parseCsv(exported.text)
        .slice(1)
        .map((row) => Number(row[0])),
    ).toEqual([34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 7]);
    // An environment's entries leave the index with it.
    await db.deleteFrom('environments').where('id', '=', child.id).execute();
    expect(await ids('?device_name=north')).toEqual([35, 2, 1]);
    if (dialect === 'sqlite') {
      await sql`insert into system_log_names (system_log_names) values ('integrity-check')`.execute(db);
      const indexed = await sql<{
        count: number;
      }>`select count(*) as count from system_log_names where device_name like '%north%'`.execute(db);
      expect(indexed.rows[0]?.count).toBe(3);
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

  it('counts entries by severity in equal slices of a range, filters applied', async () => {
    const histogram = async (query: string) =>
      API.logs.systemLogsHistogram.answer.parse(
        (await configCall(provider.api, admin, 'get', `/system_logs/histogram${query}`)).body,
      ).histogram;
    const days = await histogram('?start_date=2026-11-20&end_date=2026-11-22&buckets=3');
    expect(days.bucket_ms).toBe(86_400_000);
    expect(days.buckets).toEqual([
      { start: '2026-11-20T00:00:00.000Z', counts: [1, 0, 0, 0] },
      { start: '2026-11-21T00:00:00.000Z', counts: [0, 0, 1, 1] },
      { start: '2026-11-22T00:00:00.000Z', counts: [0, 1, 0, 0] },
    ]);
    const south = await histogram('?start_date=2026-11-20&end_date=2026-11-22&buckets=3&device_ids=2');
    expect(south.buckets.map((bucket) => bucket.counts)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 1],
      [0, 1, 0, 0],
    ]);
    for (const query of [
      '',
      '?start_date=2026-11-20',
      '?start_date=2026-11-22&end_date=2026-11-20T00:00:00Z',
      '?start_date=2026-11-20&end_date=2026-11-21&buckets=500',
    ]) {
      const refused = await configCall(provider.api, admin, 'get', `/system_logs/histogram${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error, query).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
  });

  it('exports every entry the filters select as RFC 4180 CSV, formulas neutralised, past any page size', async () => {
    const db = provider.provider.context.db;
    const many = Array.from({ length: 4500 }, (_, index) => ({
      environment_id: admin.environmentId,
      device_id: 3,
      device_name: 'bulk',
      device_attribute_type: 1,
      event_type: 'temperature',
      value: index === 0 ? '=HYPERLINK("http://evil.test","x")' : String(index),
      severity: 0,
      description: index === 1 ? 'quoted "text", with a comma\nand a line' : '-95',
      log_time: Date.parse('2026-11-23T00:00:00Z') + index,
    }));
    for (let start = 0; start < many.length; start += 500) {
      await db
        .insertInto('system_logs')
        .values(many.slice(start, start + 500))
        .execute();
    }
    const response = await configCall(provider.api, admin, 'get', '/system_logs/export?device_ids=3');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="system-log-.*\.csv"/);
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([
      'id',
      'log_time',
      'device_id',
      'device_name',
      'device_attribute_type',
      'device_attribute_type_label',
      'event_type',
      'event_type_label',
      'value',
      'severity',
      'severity_label',
      'description',
      'is_alert',
    ]);
    expect(rows).toHaveLength(4501);
    const byValue = (value: string) => rows.find((row) => row[8] === value);
    expect(byValue(`'=HYPERLINK("http://evil.test","x")`)).toBeDefined();
    expect(rows.find((row) => row[11]?.startsWith('quoted'))?.[11]).toBe('quoted "text", with a comma\nand a line');
    expect(rows[2]?.[11]).toBe('-95');
    // Newest first, as the screen shows them.
    expect(Number(rows[1]?.[0])).toBeGreaterThan(Number(rows[4500]?.[0]));
    const filtered = parseCsv((await configCall(provider.api, admin, 'get', '/system_logs/export?severities=3')).text);
    expect(filtered.slice(1).map((row) => row[0])).toEqual(['3']);
    expect((await configCall(provider.api, admin, 'get', '/system_logs/export?object_id=3')).status).toBe(400);
  });
});
