import { describe, expect, it, vi } from 'vitest';
import {
  API,
  API_BASE,
  AvailabilityReportSchema,
  ErrorCode,
  FirmwareReportSchema,
  parseCsv,
  pathOf,
  type EndpointSpec,
} from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { seedHistory } from '../../testing/deviceHistory.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { createEnvironment, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(DIALECTS)('device reports on %s', (dialect) => {
  // A batch of 3 stands for the default: the availability report of 4 devices is read, figured
  // and written in two batches, its total summed over both.
  const suite = useAdminSuite(dialect, { HALO_LIST_BATCH_ROWS: '3' });

  const call = (endpoint: EndpointSpec, actor: Actor, environmentId: number, query: Record<string, unknown> = {}) =>
    suite.provider.api
      .get(`${API_BASE}${pathOf(endpoint, { environmentId })}`)
      .query(query)
      .set('Authorization', actor.authorization)
      .buffer(true);

  async function availability(query: Record<string, unknown>, environmentId = suite.admin.environmentId) {
    const response = await call(API.devices.availabilityReport, suite.admin, environmentId, query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return AvailabilityReportSchema.parse(response.body);
  }

  it('figures availability, outages and time to recover per device from the recorded changes, the state before the window counting', async () => {
    const { db } = suite.provider.provider.context;
    const { api } = suite.provider;
    const now = suite.provider.clock.now;
    const from = now - 2 * HOUR;
    const steady = await createDevice(api, suite.admin, clientDevice('steady'));
    const flaky = await createDevice(api, suite.admin, clientDevice('flaky'));
    const late = await createDevice(api, suite.admin, clientDevice('late'));
    await createDevice(api, suite.admin, clientDevice('silent'));
    // Connected since long before the window.
    await seedHistory(db, steady, { connection: [[now - 30 * HOUR, 1]] });
    // Down 10 minutes before the window (a 40-minute outage that ends in it), then one of 20 minutes in it, and down at the end.
    await seedHistory(db, flaky, {
      connection: [
        [now - 5 * HOUR, 1],
        [from - 10 * MINUTE, 0],
        [from + 30 * MINUTE, 1],
        [from + 60 * MINUTE, 0],
        [from + 80 * MINUTE, 1],
        [from + 110 * MINUTE, 0],
      ],
    });
    // First heard of in the window (unknown before), not activated for a while, then connected.
    await seedHistory(db, late, {
      connection: [
        [from + 60 * MINUTE, null],
        [from + 90 * MINUTE, 1],
      ],
    });
    const report = await availability({ from, to: now });
    expect(report.from).toBe(from);
    expect(report.to).toBe(now);
    const byName = Object.fromEntries(report.devices.map((device) => [device.name, device]));
    expect(byName.steady).toEqual({
      device_id: steady,
      name: 'steady',
      observed_ms: 2 * HOUR,
      connected_ms: 2 * HOUR,
      availability: 1,
      outages: 0,
      mttr_ms: null,
    });
    expect(byName.flaky).toEqual({
      device_id: flaky,
      name: 'flaky',
      observed_ms: 2 * HOUR,
      // 30-60 and 80-110.
      connected_ms: 60 * MINUTE,
      availability: 0.5,
      outages: 2,
      // The outage that began before the window (40 min) and the one in it (20 min) ended in it.
      mttr_ms: 30 * MINUTE,
    });
    expect(byName.late).toMatchObject({
      observed_ms: 30 * MINUTE,
      connected_ms: 30 * MINUTE,
      availability: 1,
      outages: 0,
    });
    expect(byName.silent).toMatchObject({ observed_ms: 0, availability: null, mttr_ms: null });
    // By id, as they were read (streamed a batch at a time); the Reports page sorts them.
    expect(report.devices.map((device) => device.name)).toEqual(['steady', 'flaky', 'late', 'silent']);
    expect(report.total).toEqual({
      observed_ms: 4 * HOUR + 30 * MINUTE,
      connected_ms: 3 * HOUR + 30 * MINUTE,
      availability: (3 * HOUR + 30 * MINUTE) / (4 * HOUR + 30 * MINUTE),
      outages: 2,
      mttr_ms: 30 * MINUTE,
    });

    // One device alone; a window reaching past now counts up to now.
    const one = await availability({ from, to: now + HOUR, device_id: flaky });
    expect(one.devices).toHaveLength(1);
    expect(one.total).toEqual({
      observed_ms: 2 * HOUR,
      connected_ms: 60 * MINUTE,
      availability: 0.5,
      outages: 2,
      mttr_ms: 30 * MINUTE,
    });
    expect(one.to).toBe(now + HOUR);
  });

  it('exports the availability report as CSV, each device then their total (named in the caller’s language), formula-safe', async () => {
    const { db } = suite.provider.provider.context;
    const now = suite.provider.clock.now;
    const device = await createDevice(suite.provider.api, suite.admin, clientDevice('gate'));
    await db.updateTable('devices').set({ name: '=HYPERLINK("x")' }).where('id', '=', device).execute();
    // Three more, never heard of: four devices, two batches.
    const quiet: number[] = [];
    for (const index of [1, 2, 3])
      quiet.push(await createDevice(suite.provider.api, suite.admin, clientDevice(`quiet-${index}`)));
    await seedHistory(db, device, {
      connection: [
        [now - 4 * HOUR, 1],
        [now - HOUR, 0],
      ],
    });
    const response = await call(API.devices.availabilityReportExport, suite.admin, suite.admin.environmentId, {
      from: now - 2 * HOUR,
      to: now,
      lang: 'he-IL',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="availability-.*\.csv"/);
    expect(parseCsv(response.text)).toEqual([
      ['device_id', 'name', 'observed_ms', 'connected_ms', 'availability', 'outages', 'mttr_ms'],
      [String(device), `'=HYPERLINK("x")`, String(2 * HOUR), String(HOUR), '0.5', '1', ''],
      ...quiet.map((id, index) => [String(id), `quiet-${index + 1}`, '0', '0', '', '0', '']),
      ['', 'כל ההתקנים', String(2 * HOUR), String(HOUR), '0.5', '1', ''],
    ]);
  });

  it('groups the devices’ reported firmware with how many are behind their fixed version, and exports it', async () => {
    const { db } = suite.provider.provider.context;
    const { api } = suite.provider;
    const policy = (fixed: string | null) =>
      JSON.stringify({ is_auto_upgrade_enabled: false, allowed_days: [1], allowed_hours: [0], fixed_version: fixed });
    const devices: [string, string | null, string | null][] = [
      ['a', '12.6.1', null],
      ['b', '12.6.1', policy('12.6.1')],
      ['c', '12.6.1', policy('12.6.2')],
      ['d', '12.10.0', policy('')],
      ['e', '12.10.0', policy('12.6.1')],
      ['f', null, policy('12.6.1')],
    ];
    for (const [name, firmware, upgradePolicy] of devices) {
      const id = await createDevice(api, suite.admin, clientDevice(`fw-${name}`));
      await db
        .updateTable('devices')
        .set({ firmware_version: firmware, upgrade_policy: upgradePolicy })
        .where('id', '=', id)
        .execute();
    }
    // Another environment's devices are not counted.
    const other = await createEnvironment(api, suite.admin, 'other');
    const foreign = await createDevice(api, other, clientDevice('foreign'));
    await db.updateTable('devices').set({ firmware_version: '12.6.1' }).where('id', '=', foreign).execute();

    const response = await call(API.devices.firmwareReport, suite.admin, suite.admin.environmentId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(FirmwareReportSchema.parse(response.body)).toEqual({
      versions: [
        { component: 'firmware', version: '12.10.0', devices: 2, behind_fixed: 1 },
        { component: 'firmware', version: '12.6.1', devices: 3, behind_fixed: 1 },
      ],
      unreported: 1,
      more_versions: null,
    });
    const exported = await call(API.devices.firmwareReportExport, suite.admin, suite.admin.environmentId, {
      lang: 'en-US',
    });
    expect(exported.status).toBe(200);
    expect(parseCsv(exported.text)).toEqual([
      ['component', 'component_label', 'version', 'devices', 'behind_fixed'],
      ['firmware', 'Firmware', '12.10.0', '2', '1'],
      ['firmware', 'Firmware', '12.6.1', '3', '1'],
      ['', 'No version reported', '', '1', '0'],
    ]);
    const hebrew = await call(API.devices.firmwareReportExport, suite.admin, suite.admin.environmentId, {
      lang: 'he-IL',
    });
    expect(hebrew.text).toBe(
      'component,component_label,version,devices,behind_fixed\r\n' +
        'firmware,קושחה,12.10.0,2,1\r\n' +
        'firmware,קושחה,12.6.1,3,1\r\n' +
        ',לא דווחה גרסה,,1,0\r\n',
    );
  });

  it('refuses bad windows and another environment’s device; reaches an environment below', async () => {
    const { api } = suite.provider;
    const now = suite.provider.clock.now;
    const root = suite.admin.environmentId;
    for (const query of [
      { from: now, to: now - 1 },
      { from: now - 40 * 24 * HOUR, to: now },
      { from: 'x', to: now },
      { from: now - HOUR, to: now, device_id: 'one' },
    ]) {
      const response = await call(API.devices.availabilityReport, suite.admin, root, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error).toBe(ErrorCode.BAD_QUERY_PARAMETER);
      const exported = await call(API.devices.availabilityReportExport, suite.admin, root, query);
      expect(exported.status, JSON.stringify(query)).toBe(400);
    }
    expect((await call(API.devices.firmwareReportExport, suite.admin, root, { lang: 'fr-FR' })).status).toBe(400);
    const child = await createEnvironment(api, suite.admin, 'depot');
    const childDevice = await createDevice(api, child, clientDevice('depot-1'));
    const foreign = await call(API.devices.availabilityReport, suite.admin, root, {
      from: now - HOUR,
      to: now,
      device_id: childDevice,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(ErrorCode.INVALID_ID);
    const below = await availability({ from: now - HOUR, to: now, device_id: childDevice }, child.id);
    expect(below.devices.map((device) => device.name)).toEqual(['depot-1']);
    const fromChild = await call(API.devices.firmwareReport, child, root);
    expect(fromChild.status).toBe(404);
  });
});
