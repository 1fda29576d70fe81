import { describe, expect, it } from 'vitest';
import {
  API,
  AuditAction,
  AuditResource,
  Permission,
  Severity,
  ThresholdAttributeType,
  csvLine,
  unsilencedAlarmCounts,
  type Alarm,
  type Threshold,
} from '@halo/shared';
import { createFleetSimulator, type FleetSimulator } from '../../simulator/fleetSimulator.js';
import { pruneAlarms } from '../../jobs/pruneAlarms.js';
import { acknowledgeAlarms, applyAlarmReadings, type AlarmReading } from '../../store/alarms.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';
import { ALARM_CSV_HEADER } from './alarmQuery.js';

const TEMPERATURE = ThresholdAttributeType.TEMPERATURE;

describe.each(DIALECTS)('alarms on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  const alarmsOf = async (actor: Actor, query = ''): Promise<{ alarms: Alarm[]; total: number }> => {
    const response = await send(actor, 'get', `/alarms${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return API.alarms.list.answer.parse(response.body);
  };
  const countsOf = async (actor: Actor) => {
    const response = await send(actor, 'get', '/alarms/counts');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return API.alarms.counts.answer.parse(response.body).alarm_counts;
  };
  const temperatureThreshold = async (): Promise<Threshold> => {
    const listed = API.thresholds.list.answer.parse((await send(suite.admin, 'get', '/thresholds')).body).thresholds;
    const found = listed.find((threshold) => threshold.device_attribute_type === TEMPERATURE);
    if (!found) throw new Error('no temperature threshold');
    return found;
  };
  const setTemperatureLimits = async (values: Partial<Threshold['threshold_values']>, shouldAlert = true) => {
    const threshold = await temperatureThreshold();
    const response = await send(suite.admin, 'put', `/thresholds/${threshold.id}`, {
      threshold: {
        device_attribute_type: TEMPERATURE,
        threshold_values: { ...threshold.threshold_values, ...values },
        should_alert: shouldAlert,
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  /** A simulated fleet, ticked once so every device has a reading, and its coolest connected temperature. */
  const startFleet = async (): Promise<{ simulator: FleetSimulator; coolest: number; hottest: number }> => {
    const { context } = suite.provider.provider;
    const simulator = createFleetSimulator(context, { devices: 60, seed: 9, changeFraction: 0.02, pace: 'churning' });
    await simulator.ensureFleet();
    await tick(simulator);
    const threshold = await temperatureThreshold();
    const readings = API.thresholds.readings.answer.parse(
      (await send(suite.admin, 'get', `/thresholds/${threshold.id}/readings`)).body,
    ).readings;
    expect(readings.length).toBeGreaterThan(20);
    return { simulator, coolest: Math.min(...readings), hottest: Math.max(...readings) };
  };
  const tick = async (simulator: FleetSimulator) => {
    suite.provider.clock.now += 1000;
    return simulator.tick();
  };
  const reading = (deviceId: number, kind: AlarmReading['kind'], severity: number): AlarmReading => ({
    kind,
    deviceId,
    deviceName: `device-${deviceId}`,
    attributeType: TEMPERATURE,
    severity,
    value: `${80 + severity} °C`,
  });

  it('opens one alarm per breaching device, updates it on a worse breach and clears it back to safety', async () => {
    const { simulator, coolest, hottest } = await startFleet();
    const { db } = suite.provider.provider.context;
    /** The devices connected now: the only ones whose temperature is read (deviceReadings). */
    const connected = async () =>
      new Set(
        (await db.selectFrom('devices').select('id').where('availability', '=', 1).execute()).map((row) => row.id),
      );
    expect((await alarmsOf(suite.admin)).total).toBe(0);

    // Every connected device is minor now: alarms open, one per device.
    await setTemperatureLimits({
      minor: coolest - 1,
      major: hottest + 10,
      critical: hottest + 20,
      back_to_safety: coolest - 2,
    });
    const report = await tick(simulator);
    expect(report.alarmReadings).toBeGreaterThan(20);
    const opened = await alarmsOf(suite.admin, '?page_size=500');
    expect(opened.total).toBeGreaterThan(20);
    expect(new Set(opened.alarms.map((alarm) => alarm.device_id)).size).toBe(opened.total);
    for (const alarm of opened.alarms)
      expect(alarm).toMatchObject({
        state: 'active',
        severity: Severity.MINOR,
        peak_severity: Severity.MINOR,
        breach_count: 1,
        acknowledged: false,
        device_attribute_type: TEMPERATURE,
      });
    expect(await countsOf(suite.admin)).toEqual(
      unsilencedAlarmCounts([0, opened.total, 0, 0], [0, opened.total, 0, 0]),
    );

    // Critical now: the same alarms, worse, a second breach each; no second alarm for a device.
    await setTemperatureLimits({
      minor: coolest - 3,
      major: coolest - 2,
      critical: coolest - 1,
      back_to_safety: coolest - 4,
    });
    await tick(simulator);
    const worse = await alarmsOf(suite.admin, '?page_size=500');
    const connectedNow = await connected();
    const openedIdOf = new Map(opened.alarms.map((alarm) => [alarm.device_id, alarm.id]));
    expect(new Set(worse.alarms.map((alarm) => alarm.device_id)).size).toBe(worse.total);
    let updated = 0;
    for (const alarm of worse.alarms) {
      if (!connectedNow.has(alarm.device_id)) continue;
      expect(alarm.severity).toBe(Severity.CRITICAL);
      if (openedIdOf.has(alarm.device_id)) {
        expect(alarm).toMatchObject({ id: openedIdOf.get(alarm.device_id), breach_count: 2, peak_severity: 3 });
        updated += 1;
      }
    }
    expect(updated).toBeGreaterThan(opened.total - 3);

    // Back to safety: every connected device's alarm cleared, listed after the active ones.
    await setTemperatureLimits({
      minor: hottest + 10,
      major: hottest + 20,
      critical: hottest + 30,
      back_to_safety: hottest + 5,
    });
    await tick(simulator);
    const connectedAtClearing = await connected();
    const stillActive = (await alarmsOf(suite.admin, '?state=active&page_size=500')).alarms;
    expect(stillActive.filter((alarm) => connectedAtClearing.has(alarm.device_id))).toEqual([]);
    const cleared = await alarmsOf(suite.admin, '?state=cleared&page_size=500');
    expect(cleared.total).toBeGreaterThan(opened.total - 3);
    for (const alarm of cleared.alarms) expect(alarm).toMatchObject({ state: 'cleared', severity: Severity.CRITICAL });
    const all = (await alarmsOf(suite.admin, '?page_size=500')).alarms;
    expect(all.slice(0, stillActive.length).every((alarm) => alarm.state === 'active')).toBe(true);

    // A new breach after clearing opens a new alarm.
    await setTemperatureLimits({
      minor: coolest - 1,
      major: hottest + 10,
      critical: hottest + 20,
      back_to_safety: coolest - 2,
    });
    await tick(simulator);
    const reopened = await alarmsOf(suite.admin, '?state=active&page_size=500');
    expect(reopened.total).toBeGreaterThan(20);
    const clearedIds = new Set(cleared.alarms.map((alarm) => alarm.id));
    expect(reopened.alarms.some((alarm) => clearedIds.has(alarm.id))).toBe(false);
  });

  it('opens nothing for a threshold whose should_alert is off', async () => {
    const { simulator, coolest, hottest } = await startFleet();
    await setTemperatureLimits(
      { minor: coolest - 1, major: hottest + 10, critical: hottest + 20, back_to_safety: coolest - 2 },
      false,
    );
    await tick(simulator);
    const { db } = suite.provider.provider.context;
    const entries = await db
      .selectFrom('system_logs')
      .select('id')
      .where('event_type', '=', 'threshold_minor')
      .execute();
    expect(entries.length).toBeGreaterThan(20);
    expect((await alarmsOf(suite.admin)).total).toBe(0);
  });

  it('lists active first by severity then age, cleared after, with filters and pages', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    await applyAlarmReadings(db, root, [reading(1, 'breach', Severity.MINOR)], 1000);
    await applyAlarmReadings(db, root, [reading(2, 'breach', Severity.CRITICAL)], 2000);
    await applyAlarmReadings(db, root, [reading(3, 'breach', Severity.CRITICAL)], 3000);
    await applyAlarmReadings(db, root, [reading(4, 'breach', Severity.MAJOR)], 4000);
    await applyAlarmReadings(db, root, [reading(4, 'clear', Severity.NORMAL)], 5000);
    await applyAlarmReadings(db, root, [reading(5, 'breach', Severity.MAJOR)], 6000);
    await applyAlarmReadings(db, root, [reading(5, 'clear', Severity.NORMAL)], 7000);
    const order = (await alarmsOf(suite.admin)).alarms.map((alarm) => alarm.device_id);
    expect(order).toEqual([2, 3, 1, 5, 4]);
    const page = await alarmsOf(suite.admin, '?offset=1&page_size=2');
    expect(page).toMatchObject({ total: 5 });
    expect(page.alarms.map((alarm) => alarm.device_id)).toEqual([3, 1]);
    expect((await alarmsOf(suite.admin, '?severities=3&state=active')).alarms.map((a) => a.device_id)).toEqual([2, 3]);
    expect((await alarmsOf(suite.admin, '?device_name=ice-1')).alarms.map((a) => a.device_id)).toEqual([1]);
    expect((await alarmsOf(suite.admin, '?device_ids=4,5')).total).toBe(2);
    for (const bad of ['?state=open', '?severities=9', '?page_size=0', '?offset=-1', '?acknowledged=maybe', '?x=1']) {
      const refused = await send(suite.admin, 'get', `/alarms${bad}`);
      expect(refused.status, bad).toBe(400);
    }
    // An easing reading lowers the severity of an active alarm without counting a breach.
    await applyAlarmReadings(db, root, [reading(2, 'ease', Severity.MINOR)], 8000);
    const eased = (await alarmsOf(suite.admin, '?device_ids=2')).alarms[0];
    expect(eased).toMatchObject({ severity: Severity.MINOR, peak_severity: Severity.CRITICAL, breach_count: 1 });
  });

  it('marks an active alarm stale while its device is not connected: its value is the last it sent (issue 39, item 3)', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const reporting = await createDevice(suite.provider.api, suite.admin, clientDevice('still-reporting'));
    const silent = await createDevice(suite.provider.api, suite.admin, clientDevice('went-silent'));
    await db.updateTable('devices').set({ is_activated: 1, availability: 1 }).where('id', '=', reporting).execute();
    await db.updateTable('devices').set({ is_activated: 1, availability: 0 }).where('id', '=', silent).execute();
    await applyAlarmReadings(db, root, [reading(reporting, 'breach', Severity.MAJOR)], 1000);
    await applyAlarmReadings(db, root, [reading(silent, 'breach', Severity.CRITICAL)], 2000);
    const staleOf = (alarms: readonly Alarm[]) =>
      Object.fromEntries(alarms.map((alarm) => [alarm.device_id, alarm.stale]));
    expect(staleOf((await alarmsOf(suite.admin)).alarms)).toEqual({ [reporting]: false, [silent]: true });
    const changes = API.alarms.changes.answer.parse((await send(suite.admin, 'get', '/alarms/changes?after=0')).body);
    expect(staleOf(changes.alarms)).toEqual({ [reporting]: false, [silent]: true });
    const csv = String((await send(suite.admin, 'get', '/alarms/export?lang=en-US')).text)
      .trim()
      .split(/\r?\n/);
    const staleColumn = ALARM_CSV_HEADER.indexOf('stale');
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[staleColumn])
        .sort(),
    ).toEqual(['false', 'true']);
    // Back in touch: current again. A cleared alarm is never stale.
    await db.updateTable('devices').set({ availability: 1 }).where('id', '=', silent).execute();
    expect(staleOf((await alarmsOf(suite.admin)).alarms)[silent]).toBe(false);
    await db.updateTable('devices').set({ availability: 0 }).where('id', '=', silent).execute();
    await applyAlarmReadings(db, root, [reading(silent, 'clear', Severity.NORMAL)], 3000);
    expect(staleOf((await alarmsOf(suite.admin)).alarms)[silent]).toBe(false);
  });

  it('hands an alarm out again when its device connects or disconnects, so a follower of the changes knows it is stale (issue 39, item 3)', async () => {
    const { simulator, coolest, hottest } = await startFleet();
    const { db } = suite.provider.provider.context;
    // Every device that reports is minor: an alarm each, kept while devices come and go.
    await setTemperatureLimits({
      minor: coolest - 1,
      major: hottest + 10,
      critical: hottest + 20,
      back_to_safety: coolest - 50,
    });
    await tick(simulator);
    const changesAfter = async (after: number) =>
      API.alarms.changes.answer.parse((await send(suite.admin, 'get', `/alarms/changes?after=${after}`)).body);
    // A follower: what the feed said of each alarm, from the start.
    const followed = new Map<number, Alarm>();
    let revision = 0;
    const follow = async () => {
      for (let more = true; more;) {
        const page = await changesAfter(revision);
        for (const alarm of page.alarms) followed.set(alarm.id, alarm);
        revision = page.revision;
        more = page.more;
      }
    };
    await follow();
    const connectedOf = async () =>
      new Map(
        (await db.selectFrom('devices').select(['id', 'availability']).execute()).map((row) => [
          row.id,
          row.availability,
        ]),
      );
    let reconnected = 0;
    for (let round = 0; round < 30; round += 1) {
      const before = await connectedOf();
      await tick(simulator);
      const after = await connectedOf();
      await follow();
      const listed = (await alarmsOf(suite.admin, '?state=active&page_size=500')).alarms;
      for (const alarm of listed) {
        if (before.get(alarm.device_id) !== after.get(alarm.device_id)) reconnected += 1;
        expect(followed.get(alarm.id)?.stale, `alarm ${alarm.id} of device ${alarm.device_id}`).toBe(alarm.stale);
      }
    }
    // The churning fleet moved some alarmed devices in and out of touch: the case was met.
    expect(reconnected).toBeGreaterThan(0);
  });

  it('acknowledges with a note, audits each, and a worse breach asks again', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    await applyAlarmReadings(db, root, [reading(1, 'breach', Severity.MINOR), reading(2, 'breach', 2)], 1000);
    const [first, second] = (await alarmsOf(suite.admin)).alarms.sort((a, b) => a.device_id - b.device_id);
    if (!first || !second) throw new Error('two alarms expected');

    const child = await createEnvironment(suite.provider.api, suite.admin, 'child');
    await applyAlarmReadings(db, child.id, [reading(9, 'breach', Severity.CRITICAL)], 1000);
    const childAlarm = (await alarmsOf(child)).alarms[0];
    if (!childAlarm) throw new Error('the child’s alarm expected');

    const answer = await send(suite.admin, 'post', '/alarms/acknowledge', {
      ids: [first.id, first.id, childAlarm.id, 999_999],
      note: '  replacing the fan  ',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The child's alarm is not root's: ids are scoped to the path's environment.
    expect(answer.body).toEqual({
      acknowledged: [first.id],
      already_acknowledged: [],
      not_found: [childAlarm.id, 999_999],
    });
    const again = await send(suite.admin, 'post', '/alarms/acknowledge', { ids: [first.id, second.id] });
    expect(again.body).toEqual({ acknowledged: [second.id], already_acknowledged: [first.id], not_found: [] });

    const acknowledged = (await alarmsOf(suite.admin, '?acknowledged=true')).alarms.find((a) => a.id === first.id);
    expect(acknowledged).toMatchObject({
      acknowledged: true,
      acknowledged_by: 'admin',
      acknowledgement_note: 'replacing the fan',
    });
    expect(await countsOf(suite.admin)).toEqual(unsilencedAlarmCounts([0, 1, 1, 0], [0, 0, 0, 0]));
    const audits = await db
      .selectFrom('user_audits')
      .selectAll()
      .where('resource', '=', AuditResource.ALARM)
      .orderBy('id')
      .execute();
    expect(audits.map((row) => [row.action, row.name, row.detail, row.username])).toEqual([
      [AuditAction.ACKNOWLEDGE, 'device-1', 'replacing the fan', 'admin'],
      [AuditAction.ACKNOWLEDGE, 'device-2', null, 'admin'],
    ]);

    // The same severity again keeps the acknowledgement; a worse one asks for attention again.
    await applyAlarmReadings(db, root, [reading(1, 'breach', Severity.MINOR)], 2000);
    expect((await alarmsOf(suite.admin, '?device_ids=1')).alarms[0]).toMatchObject({
      acknowledged: true,
      breach_count: 2,
    });
    await applyAlarmReadings(db, root, [reading(1, 'breach', Severity.CRITICAL)], 3000);
    expect((await alarmsOf(suite.admin, '?device_ids=1')).alarms[0]).toMatchObject({
      acknowledged: false,
      acknowledged_by: null,
      acknowledgement_note: null,
      breach_count: 3,
      severity: Severity.CRITICAL,
    });

    // The parent's manager reaches the child's alarms through the child's path.
    const throughChild = await suite.provider.api
      .post(`/api/v1/config/${child.id}/alarms/acknowledge`)
      .set('Authorization', suite.admin.authorization)
      .send({ ids: [childAlarm.id] });
    expect(throughChild.body).toEqual({ acknowledged: [childAlarm.id], already_acknowledged: [], not_found: [] });
    // Bad bodies change nothing.
    for (const body of [
      {},
      { ids: [] },
      { ids: ['1'] },
      { ids: [first.id], note: 'x'.repeat(501) },
      { ids: [1], x: 1 },
    ]) {
      const refused = await send(suite.admin, 'post', '/alarms/acknowledge', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers the changes after a revision in their order, each alarm as it is now, scoped to the path', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const changesAfter = async (after?: number) => {
      const response = await send(suite.admin, 'get', `/alarms/changes${after === undefined ? '' : `?after=${after}`}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return API.alarms.changes.answer.parse(response.body);
    };
    const start = await changesAfter();
    expect(start).toEqual({ alarms: [], revision: 0, more: false });
    await applyAlarmReadings(
      db,
      root,
      [reading(1, 'breach', Severity.MINOR), reading(2, 'breach', Severity.MAJOR)],
      1000,
    );
    const child = await createEnvironment(suite.provider.api, suite.admin, 'child');
    await applyAlarmReadings(db, child.id, [reading(9, 'breach', Severity.CRITICAL)], 1000);
    const opened = await changesAfter(start.revision);
    expect(opened.alarms.map((alarm) => [alarm.device_id, alarm.state, alarm.severity])).toEqual([
      [1, 'active', Severity.MINOR],
      [2, 'active', Severity.MAJOR],
    ]);
    expect(opened.revision).toBe(opened.alarms[1]?.revision);
    expect(await changesAfter(opened.revision)).toEqual({ alarms: [], revision: opened.revision, more: false });
    // Only the latest copy of each changed alarm, newer than the cursor.
    await applyAlarmReadings(db, root, [reading(2, 'clear', Severity.NORMAL)], 2000);
    const [two] = opened.alarms.filter((alarm) => alarm.device_id === 2);
    await send(suite.admin, 'post', '/alarms/acknowledge', { ids: [two?.id] });
    const later = await changesAfter(opened.revision);
    expect(later.alarms.map((alarm) => [alarm.device_id, alarm.state, alarm.acknowledged])).toEqual([
      [2, 'cleared', true],
    ]);
    expect(later.alarms[0]?.revision).toBeGreaterThan(opened.revision);
    expect((await changesAfter()).revision).toBe(later.revision);
    for (const query of ['?after=-1', '?after=x', '?since=1']) {
      expect((await send(suite.admin, 'get', `/alarms/changes${query}`)).status, query).toBe(400);
    }
  });

  it('needs logs view (70) to see alarms and 71 to acknowledge them; other tenants see nothing', async () => {
    const { db } = suite.provider.provider.context;
    await applyAlarmReadings(db, suite.admin.environmentId, [reading(1, 'breach', Severity.MAJOR)], 1000);
    const alarm = (await alarmsOf(suite.admin)).alarms[0];
    if (!alarm) throw new Error('an alarm expected');
    await createUser(suite.provider.api, suite.admin, 'devices-only', [Permission.DEVICES_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'log-reader', [Permission.LOGS_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'acknowledger', [
      Permission.LOGS_VIEW,
      Permission.ALARMS_ACKNOWLEDGE,
    ]);
    const devicesOnly = await as(suite.provider.api, 'devices-only', 'root');
    const reader = await as(suite.provider.api, 'log-reader', 'root');
    const acknowledger = await as(suite.provider.api, 'acknowledger', 'root');
    for (const path of ['/alarms', '/alarms/counts', '/alarms/export'])
      expect((await send(devicesOnly, 'get', path)).status, path).toBe(403);
    expect((await alarmsOf(reader)).total).toBe(1);
    expect((await send(reader, 'post', '/alarms/acknowledge', { ids: [alarm.id] })).status).toBe(403);
    expect((await send(acknowledger, 'post', '/alarms/acknowledge', { ids: [alarm.id] })).body).toMatchObject({
      acknowledged: [alarm.id],
    });

    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling');
    expect((await alarmsOf(sibling)).total).toBe(0);
    const intoRoot = await suite.provider.api
      .get(`/api/v1/config/${suite.admin.environmentId}/alarms`)
      .set('Authorization', sibling.authorization);
    expect(intoRoot.status).toBe(404);
    expect(JSON.stringify(intoRoot.body)).not.toContain('device-1');
  });

  it('acknowledges only what the user may see: 71 without 70 is refused, allowed devices keep to their alarms', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const listed = await createDevice(suite.provider.api, suite.admin, clientDevice('listed'));
    const outside = await createDevice(suite.provider.api, suite.admin, clientDevice('outside'));
    await applyAlarmReadings(
      db,
      root,
      [reading(listed, 'breach', Severity.MAJOR), reading(outside, 'breach', Severity.MAJOR)],
      1000,
    );
    const alarmOf = async (deviceId: number) => {
      const found = (await alarmsOf(suite.admin)).alarms.find((alarm) => alarm.device_id === deviceId);
      if (!found) throw new Error(`an alarm of device ${deviceId} expected`);
      return found;
    };
    const [listedAlarm, outsideAlarm] = [await alarmOf(listed), await alarmOf(outside)];

    // 71 alone: refused as any call without its permission, and nothing acknowledged.
    await createUser(suite.provider.api, suite.admin, 'blind-acknowledger', [Permission.ALARMS_ACKNOWLEDGE]);
    const blind = await as(suite.provider.api, 'blind-acknowledger', 'root');
    const refused = await send(blind, 'post', '/alarms/acknowledge', { ids: [listedAlarm.id, outsideAlarm.id] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden' });
    expect(await countsOf(suite.admin)).toEqual(unsilencedAlarmCounts([0, 0, 2, 0], [0, 0, 2, 0]));

    // Plain device update (52) with one allowed device: the other device's alarm is not found to him.
    const limitedId = await createUser(suite.provider.api, suite.admin, 'limited', [
      Permission.DEVICES_VIEW,
      Permission.DEVICES_UPDATE,
      Permission.LOGS_VIEW,
      Permission.ALARMS_ACKNOWLEDGE,
    ]);
    const granted = await send(suite.admin, 'put', `/users/${limitedId}`, {
      user: {
        username: 'limited',
        email: 'limited@example.test',
        permissions: [
          Permission.DEVICES_VIEW,
          Permission.DEVICES_UPDATE,
          Permission.LOGS_VIEW,
          Permission.ALARMS_ACKNOWLEDGE,
        ],
        allowed_devices: [listed],
      },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const limited = await as(suite.provider.api, 'limited', 'root');
    const answer = await send(limited, 'post', '/alarms/acknowledge', { ids: [listedAlarm.id, outsideAlarm.id] });
    expect(answer.body).toEqual({
      acknowledged: [listedAlarm.id],
      already_acknowledged: [],
      not_found: [outsideAlarm.id],
    });
    expect((await alarmOf(outside)).acknowledged).toBe(false);
    // Acknowledged by someone else, it is still not found to him, not "already acknowledged".
    await send(suite.admin, 'post', '/alarms/acknowledge', { ids: [outsideAlarm.id] });
    expect((await send(limited, 'post', '/alarms/acknowledge', { ids: [outsideAlarm.id] })).body).toEqual({
      acknowledged: [],
      already_acknowledged: [],
      not_found: [outsideAlarm.id],
    });
  });

  it('exports what the filters select as CSV, formula-safe, labels in the asked language', async () => {
    const { db } = suite.provider.provider.context;
    await applyAlarmReadings(
      db,
      suite.admin.environmentId,
      [{ ...reading(1, 'breach', Severity.CRITICAL), deviceName: '=HYPERLINK("x")' }, reading(2, 'breach', 1)],
      1000,
    );
    const response = await send(suite.admin, 'get', '/alarms/export?severities=3&lang=he-IL');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = String(response.text).trim().split(/\r?\n/);
    expect(lines[0]).toContain('id,state,severity,severity_label');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toContain('קריטי');
  });

  it('exports each alarm as the list answers it, silenced by a device’s or a group’s silence in force', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const [inGroup, silencedDevice, watched] = await Promise.all(
      ['rack-a', 'modem-swap', 'watched'].map((name) =>
        createDevice(suite.provider.api, suite.admin, clientDevice(name)),
      ),
    );
    const group = API.groups.create.answer.parse(
      (await send(suite.admin, 'post', '/groups', { group: { name: 'rack-row' } })).body,
    ).id;
    expect((await send(suite.admin, 'post', `/groups/${group}/devices`, { add: [inGroup] })).status).toBe(200);
    await applyAlarmReadings(
      context.db,
      root,
      [reading(inGroup!, 'breach', Severity.CRITICAL), reading(silencedDevice!, 'breach', Severity.MAJOR)],
      context.now(),
    );
    await applyAlarmReadings(context.db, root, [reading(watched!, 'breach', Severity.MINOR)], context.now());
    for (const body of [
      { scope: 'group', group_ids: [group] },
      { scope: 'device', device_ids: [silencedDevice] },
    ]) {
      const created = await send(suite.admin, 'post', '/alarm_silences', {
        ...body,
        duration_minutes: 60,
        reason: 'Maintenance',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }

    const listed = (await alarmsOf(suite.admin)).alarms.sort((a, b) => b.id - a.id);
    expect(Object.fromEntries(listed.map((alarm) => [alarm.device_id, alarm.silenced]))).toEqual({
      [inGroup!]: true,
      [silencedDevice!]: true,
      [watched!]: false,
    });
    const hebrewSeverity: Record<number, string> = { 1: 'נמוכה', 2: 'גבוהה', 3: 'קריטית' };
    const expected =
      csvLine(ALARM_CSV_HEADER) +
      listed
        .map((alarm) =>
          csvLine(
            ALARM_CSV_HEADER.map((column) =>
              column === 'severity_label'
                ? hebrewSeverity[alarm.severity]
                : column === 'device_attribute_type_label'
                  ? 'טמפרטורה'
                  : alarm[column],
            ),
          ),
        )
        .join('');
    const response = await send(suite.admin, 'get', '/alarms/export?lang=he-IL');
    expect(response.status).toBe(200);
    expect(response.text).toBe(expected);
  });

  it('keeps one active alarm when breaches and acknowledgements race', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    await applyAlarmReadings(db, root, [reading(1, 'breach', Severity.MINOR)], 1000);
    const [alarm] = (await alarmsOf(suite.admin)).alarms;
    if (!alarm) throw new Error('an alarm expected');
    const by = { userId: suite.admin.userId, username: 'admin' };
    const results = await Promise.all([
      applyAlarmReadings(db, root, [reading(1, 'breach', Severity.MINOR), reading(7, 'breach', 2)], 2000),
      applyAlarmReadings(db, root, [reading(1, 'breach', Severity.MINOR), reading(7, 'breach', 2)], 2000),
      db.transaction().execute((trx) => acknowledgeAlarms(trx, root, [alarm.id], by, 'one', 2000)),
      db.transaction().execute((trx) => acknowledgeAlarms(trx, root, [alarm.id], by, 'two', 2000)),
    ]);
    const outcomes = results.slice(2) as Awaited<ReturnType<typeof acknowledgeAlarms>>[];
    expect(outcomes.map((outcome) => outcome.acknowledged.length).sort()).toEqual([0, 1]);
    const active = (await alarmsOf(suite.admin, '?state=active')).alarms;
    expect(active.map((each) => each.device_id).sort()).toEqual([1, 7]);
    expect(active.find((each) => each.device_id === 1)).toMatchObject({ breach_count: 3, acknowledged: true });
    expect(active.find((each) => each.device_id === 7)).toMatchObject({ breach_count: 2 });
  });

  it('clears the alarms of a deleted device', async () => {
    const { db } = suite.provider.provider.context;
    const id = await createDevice(suite.provider.api, suite.admin, clientDevice('doomed'));
    await applyAlarmReadings(db, suite.admin.environmentId, [reading(id, 'breach', Severity.MAJOR)], 1000);
    await applyAlarmReadings(db, suite.admin.environmentId, [reading(id + 1, 'breach', Severity.MAJOR)], 1000);
    expect((await alarmsOf(suite.admin, '?state=active')).total).toBe(2);
    expect((await send(suite.admin, 'delete', `/devices/${id}`)).status).toBe(200);
    const [cleared] = (await alarmsOf(suite.admin, '?state=cleared')).alarms;
    expect(cleared).toMatchObject({ device_id: id, state: 'cleared' });
    expect((await alarmsOf(suite.admin, '?state=active')).alarms.map((alarm) => alarm.device_id)).toEqual([id + 1]);
  });

  it('keeps cleared alarms for the retention days, active ones however old', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const day = 86_400_000;
    const start = context.now() - 200 * day;
    await applyAlarmReadings(context.db, root, [reading(1, 'breach', Severity.MAJOR), reading(2, 'breach', 2)], start);
    await applyAlarmReadings(context.db, root, [reading(3, 'breach', Severity.MAJOR)], start);
    await applyAlarmReadings(context.db, root, [reading(1, 'clear', Severity.NORMAL)], start + day);
    await applyAlarmReadings(context.db, root, [reading(3, 'clear', Severity.NORMAL)], context.now() - 10 * day);
    await pruneAlarms(context);
    const left = (await alarmsOf(suite.admin)).alarms.map((alarm) => `${alarm.device_id}:${alarm.state}`).sort();
    expect(left).toEqual(['2:active', '3:cleared']);
  });
});
