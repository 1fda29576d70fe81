import { describe, expect, it, vi } from 'vitest';
import {
  API,
  API_BASE,
  DEVICE_TIMELINE_MAX_POINTS,
  DeviceTimelineSchema,
  ErrorCode,
  pathOf,
  Permission,
  Severity,
  SystemLogEvent,
  ThresholdAttributeType,
  type DeviceTimeline,
} from '@halo/shared';
import { insertPositionSamples, positionSample } from '../../store/positionSamples.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { seedHistory } from '../../testing/deviceHistory.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(DIALECTS)('the device timeline on %s', (dialect) => {
  const suite = useAdminSuite(dialect);

  const timelineCall = (actor: Actor, environmentId: number, deviceId: number, query: Record<string, unknown>) =>
    suite.provider.api
      .get(`${API_BASE}${pathOf(API.devices.timeline, { environmentId, id: deviceId })}`)
      .query(query)
      .set('Authorization', actor.authorization);

  async function timeline(actor: Actor, environmentId: number, deviceId: number, from: number, to: number) {
    const response = await timelineCall(actor, environmentId, deviceId, { from, to });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return DeviceTimelineSchema.parse(response.body);
  }

  /** A device of root whose links the device reports: one modem and two ethernet ports. */
  async function reportingDevice(name = 'truck-1') {
    const id = await createDevice(suite.provider.api, suite.admin, clientDevice(name));
    const link = (port: number, online: boolean, linkName: string) => ({ port, is_online: online, name: linkName });
    await suite.provider.provider.context.db
      .updateTable('devices')
      .set({
        halo_data_links_info: JSON.stringify({
          cellular: [link(1, true, 'modem-a')],
          eth: [link(1, true, 'lan'), link(2, false, 'wan')],
          wifi: [],
          vlan: [],
          vpn: [],
        }),
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  const systemLog = (environmentId: number, deviceId: number, at: number, description: string) => ({
    environment_id: environmentId,
    device_id: deviceId,
    device_name: 'truck-1',
    device_attribute_type: ThresholdAttributeType.ETHERNET_PORT_1,
    event_type: SystemLogEvent.LINK_DOWN,
    value: '0',
    severity: Severity.MAJOR,
    description,
    log_time: at,
    is_alert: 0,
  });

  const alarm = (
    environmentId: number,
    deviceId: number,
    opened: number,
    cleared: number | null,
    revision: number,
  ) => ({
    environment_id: environmentId,
    device_id: deviceId,
    device_name: 'truck-1',
    device_attribute_type: ThresholdAttributeType.TEMPERATURE,
    severity: Severity.MINOR,
    peak_severity: Severity.MINOR,
    last_value: '71',
    breach_count: 1,
    opened_at: opened,
    last_breach_at: opened,
    cleared_at: cleared,
    acknowledged_at: null,
    acknowledged_by_user_id: null,
    acknowledged_by: null,
    acknowledgement_note: null,
    acknowledged_severity: null,
    revision,
  });

  it('answers the connection and each link as segments from the state in force at `from`, with readings, track, logs and alarms', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const now = suite.provider.clock.now;
    const device = await reportingDevice();
    const other = await createDevice(suite.provider.api, suite.admin, clientDevice('truck-2'));
    await seedHistory(db, device, {
      connection: [
        [now - 3 * HOUR, 1],
        [now - 90 * MINUTE, 0],
        [now - 30 * MINUTE, 1],
      ],
      links: [
        ['eth:0', now - 2 * HOUR, false],
        ['eth:0', now - 20 * MINUTE, true],
        // A link the device no longer reports still shows where it changed.
        ['vpn:0', now - 10 * MINUTE, true],
      ],
      readings: [
        [now - 2 * HOUR, 40, 50],
        [now - 25 * MINUTE, 55, 51.5],
        [now - 5 * MINUTE, null, 52],
      ],
    });
    await seedHistory(db, other, { connection: [[now - 2 * HOUR, 0]] });
    await insertPositionSamples(db, [
      positionSample(
        root,
        device,
        now - 40 * MINUTE,
        { longitude: 34.7, latitude: 32 },
        {
          connected: false,
          linksOnline: 0,
          linksTotal: 3,
          signals: [null],
        },
      ),
      positionSample(
        root,
        device,
        now - 10 * MINUTE,
        { longitude: 34.8, latitude: 32.1 },
        {
          connected: true,
          linksOnline: 2,
          linksTotal: 3,
          signals: [55],
        },
      ),
      positionSample(
        root,
        other,
        now - 10 * MINUTE,
        { longitude: 1, latitude: 1 },
        {
          connected: true,
          linksOnline: 1,
          linksTotal: 1,
          signals: [],
        },
      ),
    ]);
    await db
      .insertInto('system_logs')
      .values([
        systemLog(root, device, now - 50 * MINUTE, 'in the window'),
        systemLog(root, device, now - 5 * MINUTE, 'newest'),
        systemLog(root, device, now - 2 * HOUR, 'before the window'),
        systemLog(root, other, now - 5 * MINUTE, 'another device'),
      ])
      .execute();
    await db
      .insertInto('alarms')
      .values([
        alarm(root, device, now - 2 * HOUR, now - 45 * MINUTE, 1),
        alarm(root, device, now - 3 * HOUR, now - 70 * MINUTE, 2),
        alarm(root, device, now - 15 * MINUTE, null, 3),
        alarm(root, other, now - 15 * MINUTE, null, 4),
      ])
      .execute();

    const answer: DeviceTimeline = await timeline(suite.admin, root, device, now - HOUR, now);
    expect(answer).toMatchObject({ device_id: device, from: now - HOUR, to: now, truncated: false });
    expect(answer.connection).toEqual([
      { from: now - HOUR, to: now - 30 * MINUTE, state: 0 },
      { from: now - 30 * MINUTE, to: now, state: 1 },
    ]);
    // Every link is down while the device is not connected; one with no change recorded is unknown otherwise.
    const disconnected = { from: now - HOUR, to: now - 30 * MINUTE, state: 0 };
    expect(answer.links).toEqual([
      {
        key: 'cellular:0',
        kind: 'cellular',
        name: 'modem-a',
        segments: [disconnected, { from: now - 30 * MINUTE, to: now, state: null }],
      },
      {
        key: 'eth:0',
        kind: 'eth',
        name: 'lan',
        segments: [
          { from: now - HOUR, to: now - 20 * MINUTE, state: 0 },
          { from: now - 20 * MINUTE, to: now, state: 1 },
        ],
      },
      {
        key: 'eth:1',
        kind: 'eth',
        name: 'wan',
        segments: [disconnected, { from: now - 30 * MINUTE, to: now, state: null }],
      },
      {
        key: 'vpn:0',
        kind: 'vpn',
        name: null,
        segments: [
          disconnected,
          { from: now - 30 * MINUTE, to: now - 10 * MINUTE, state: null },
          { from: now - 10 * MINUTE, to: now, state: 1 },
        ],
      },
    ]);
    expect(answer.readings).toEqual({
      time: [now - 25 * MINUTE, now - 5 * MINUTE],
      signal: [55, null],
      temperature: [51.5, 52],
    });
    expect(answer.track).toEqual([
      { time: now - 40 * MINUTE, longitude: 34.7, latitude: 32, connected: false },
      { time: now - 10 * MINUTE, longitude: 34.8, latitude: 32.1, connected: true },
    ]);
    expect(answer.logs.map((entry) => entry.description)).toEqual(['newest', 'in the window']);
    // Open at some time in the window: cleared in it, or still active; newest first.
    expect(answer.alarms.map((entry) => [entry.opened_at, entry.state])).toEqual([
      [new Date(now - 15 * MINUTE).toISOString(), 'active'],
      [new Date(now - 2 * HOUR).toISOString(), 'cleared'],
    ]);

    // A window reaching past now is unknown after now; one before any record is unknown throughout.
    const ahead = await timeline(suite.admin, root, device, now - 10 * MINUTE, now + 10 * MINUTE);
    expect(ahead.connection).toEqual([
      { from: now - 10 * MINUTE, to: now, state: 1 },
      { from: now, to: now + 10 * MINUTE, state: null },
    ]);
    const early = await timeline(suite.admin, root, device, now - 5 * HOUR, now - 4 * HOUR);
    expect(early.connection).toEqual([{ from: now - 5 * HOUR, to: now - 4 * HOUR, state: null }]);
    expect(early).toMatchObject({
      logs: [],
      alarms: [],
      track: [],
      readings: { time: [], signal: [], temperature: [] },
    });
  });

  it('thins a week of readings and track to at most DEVICE_TIMELINE_MAX_POINTS points, and caps logs', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const now = suite.provider.clock.now;
    const device = await reportingDevice();
    const step = 5 * MINUTE;
    const count = (7 * DAY) / step;
    const readings = Array.from(
      { length: count },
      (_, index) => [now - 7 * DAY + index * step, 60, 40 + (index % 2)] as const,
    );
    await seedHistory(db, device, { readings });
    await insertPositionSamples(
      db,
      readings.map(([at], index) =>
        positionSample(
          root,
          device,
          at,
          { longitude: 34 + index / count, latitude: 32 },
          {
            connected: true,
            linksOnline: 1,
            linksTotal: 1,
            signals: [60],
          },
        ),
      ),
    );
    await db
      .insertInto('system_logs')
      .values(
        Array.from({ length: 510 }, (_, index) => systemLog(root, device, now - index * MINUTE - 1, `entry ${index}`)),
      )
      .execute();
    const answer = await timeline(suite.admin, root, device, now - 7 * DAY, now);
    expect(answer.readings.time.length).toBeLessThanOrEqual(DEVICE_TIMELINE_MAX_POINTS);
    expect(answer.readings.time.length).toBeGreaterThan(DEVICE_TIMELINE_MAX_POINTS / 2);
    expect(answer.readings.signal.every((signal) => signal === 60)).toBe(true);
    // Each point is the mean of its stretch: the temperatures alternate 40 and 41.
    expect(answer.readings.temperature.every((value) => value !== null && value > 40 && value < 41)).toBe(true);
    expect([...answer.readings.time].sort((a, b) => a - b)).toEqual(answer.readings.time);
    expect(answer.track.length).toBeLessThanOrEqual(DEVICE_TIMELINE_MAX_POINTS);
    expect(answer.track.length).toBeGreaterThan(DEVICE_TIMELINE_MAX_POINTS / 2);
    expect(answer.track[0]!.longitude).toBeLessThan(answer.track.at(-1)!.longitude);
    expect(answer.logs).toHaveLength(500);
    expect(answer.logs[0]!.description).toBe('entry 0');
    expect(answer.truncated).toBe(true);
    // A day of it holds fewer than the cap: every reading as it is.
    const day = await timeline(suite.admin, root, device, now - DAY, now);
    expect(day.readings.time).toHaveLength(DAY / step);
    expect(day.readings.temperature.slice(0, 2).sort()).toEqual([40, 41]);
  });

  it('reaches a device of an environment below through its path; a sibling’s or another tenant’s is not found', async () => {
    const { api } = suite.provider;
    const now = suite.provider.clock.now;
    const child = await createEnvironment(api, suite.admin, 'depot');
    const sibling = await createEnvironment(api, suite.admin, 'yard');
    const childDevice = await createDevice(api, child, clientDevice('depot-truck'));
    await seedHistory(suite.provider.provider.context.db, childDevice, { connection: [[now - HOUR, 1]] });
    const fromParent = await timeline(suite.admin, child.id, childDevice, now - HOUR, now);
    expect(fromParent.connection).toEqual([{ from: now - HOUR, to: now, state: 1 }]);
    // Through the parent's own path the device is not the parent's.
    const viaOwnPath = await timelineCall(suite.admin, suite.admin.environmentId, childDevice, {
      from: now - HOUR,
      to: now,
    });
    expect(viaOwnPath.status).toBe(404);
    expect(viaOwnPath.body.error).toBe(ErrorCode.INVALID_ID);
    const sibling404 = await timelineCall(sibling, sibling.id, childDevice, { from: now - HOUR, to: now });
    expect(sibling404.status).toBe(404);
    expect(sibling404.body.error).toBe(ErrorCode.INVALID_ID);
    const stranger = await timelineCall(sibling, child.id, childDevice, { from: now - HOUR, to: now });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe(ErrorCode.INVALID_TOKEN);
    // Devices view (50) opens it; without it, forbidden.
    await createUser(api, suite.admin, 'viewer', [Permission.DEVICES_VIEW], child.id);
    await createUser(api, suite.admin, 'logs-only', [Permission.LOGS_VIEW], child.id);
    const viewer = await as(api, 'viewer', 'depot');
    expect((await timelineCall(viewer, child.id, childDevice, { from: now - HOUR, to: now })).status).toBe(200);
    const logsOnly = await as(api, 'logs-only', 'depot');
    expect((await timelineCall(logsOnly, child.id, childDevice, { from: now - HOUR, to: now })).status).toBe(403);
  });

  it('refuses a window that ends before it begins, spans more than 31 days, or is not numbers, in the spec’s error format', async () => {
    const now = suite.provider.clock.now;
    const device = await reportingDevice();
    const root = suite.admin.environmentId;
    for (const query of [
      { from: now, to: now },
      { from: now, to: now - HOUR },
      { from: now - 32 * DAY, to: now },
      { from: 'yesterday', to: now },
      { from: now - HOUR },
      { from: now - HOUR, to: now, extra: 1 },
      { from: -5, to: now },
    ]) {
      const response = await timelineCall(suite.admin, root, device, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body).toMatchObject({ error: ErrorCode.BAD_QUERY_PARAMETER, message: expect.any(String) });
    }
    expect((await timelineCall(suite.admin, root, device, { from: now - 31 * DAY, to: now })).status).toBe(200);
  });
});
