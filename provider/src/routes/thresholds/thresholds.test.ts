import { describe, expect, it } from 'vitest';
import { API, ErrorCode, Permission, Severity, ThresholdAttributeType, type Threshold } from '@halo/shared';
import { createFleetSimulator } from '../../simulator/fleetSimulator.js';
import { applyAlarmReadings } from '../../store/alarms.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

const TEMPERATURE = ThresholdAttributeType.TEMPERATURE;

describe.each(DIALECTS)('thresholds on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  const thresholdsOf = async (actor: Actor): Promise<Threshold[]> =>
    API.thresholds.list.answer.parse((await send(actor, 'get', '/thresholds')).body).thresholds;
  const listIn = async (actor: Actor, environmentId: number): Promise<Threshold[]> => {
    const response = await suite.provider.api
      .get(`/api/v1/config/${environmentId}/thresholds`)
      .set('Authorization', actor.authorization);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return API.thresholds.list.answer.parse(response.body).thresholds;
  };
  const put = (actor: Actor, pathEnvironment: number, threshold: Threshold, values: object, shouldAlert = true) =>
    suite.provider.api
      .put(`/api/v1/config/${pathEnvironment}/thresholds/${threshold.id}`)
      .set('Authorization', actor.authorization)
      .send({
        threshold: {
          device_attribute_type: threshold.device_attribute_type,
          threshold_values: { ...threshold.threshold_values, ...values },
          should_alert: shouldAlert,
        },
      });
  const temperatureOf = (thresholds: Threshold[]) => {
    const found = thresholds.find((threshold) => threshold.device_attribute_type === TEMPERATURE);
    if (!found) throw new Error('no temperature threshold');
    return found;
  };

  it('makes one threshold per attribute type with the defaults, and answers the metadata', async () => {
    const thresholds = await thresholdsOf(suite.admin);
    expect(thresholds.map((threshold) => threshold.device_attribute_type)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect(temperatureOf(thresholds)).toMatchObject({
      threshold_values: { minor: 70, major: 75, critical: 85, alert: null, back_to_safety: 65 },
      should_alert: true,
    });
    expect(await thresholdsOf(suite.admin)).toEqual(thresholds);
    const metadata = await send(suite.admin, 'get', '/thresholds_metadata');
    const parsed = API.thresholds.metadata.answer.parse(metadata.body).thresholds_metadata;
    expect(parsed.find((entry) => entry.device_attribute_type === TEMPERATURE)).toMatchObject({
      unit: '°C',
      direction: 'higher_is_worse',
    });
  });

  it('sets a sub-environment’s thresholds through the environment above it, never through its own', async () => {
    const rootTemperature = temperatureOf(await thresholdsOf(suite.admin));
    await put(suite.admin, suite.admin.environmentId, rootTemperature, {
      minor: 60,
      major: 72,
      back_to_safety: 50,
    }).expect(200);
    // A new sub-environment starts from its parent's values.
    const child = await createEnvironment(suite.provider.api, suite.admin, 'thresholds-child');
    const childTemperature = temperatureOf(await listIn(child, child.environmentId));
    expect(childTemperature.threshold_values).toMatchObject({ minor: 60, major: 72, back_to_safety: 50 });
    // The child's own manager cannot change them: the path it may use is its own, and that is not above it.
    expect((await put(child, child.environmentId, childTemperature, { minor: 52 })).status).toBe(404);
    // Its parent does, through the parent's id.
    const changed = await put(suite.admin, suite.admin.environmentId, childTemperature, { minor: 58 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(temperatureOf(await listIn(child, child.environmentId)).threshold_values.minor).toBe(58);
    // Named through the child's own id, the parent is refused too: the rule is "the environment above".
    expect((await put(suite.admin, child.environmentId, childTemperature, { minor: 56 })).status).toBe(404);
    const audit = await suite.provider.provider.context.db
      .selectFrom('user_audits')
      .select(['resource', 'action', 'changes'])
      .where('resource', '=', 'threshold')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '[]')).toEqual([
      {
        field: 'threshold_values',
        old: JSON.stringify({ ...childTemperature.threshold_values }),
        new: JSON.stringify({ ...childTemperature.threshold_values, minor: 58 }),
      },
    ]);
  });

  it('refuses values out of order, on the wrong side or out of bounds with the field, and writes nothing', async () => {
    const temperature = temperatureOf(await thresholdsOf(suite.admin));
    for (const [values, field, key] of [
      [{ major: 69 }, 'threshold.threshold_values.major', 'validation.moreThan'],
      [{ back_to_safety: 71 }, 'threshold.threshold_values.back_to_safety', 'validation.lessThan'],
      [{ critical: 500 }, 'threshold.threshold_values.critical', 'validation.notExceed'],
      [{ alert: 3 }, 'threshold.threshold_values.alert', 'validation.invalid'],
    ] as const) {
      const refused = await put(suite.admin, suite.admin.environmentId, temperature, values);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(ErrorCode.MISSING_VALUES);
      expect(refused.body.fields).toEqual({ [field]: key });
    }
    const otherType = await suite.provider.api
      .put(`/api/v1/config/${suite.admin.environmentId}/thresholds/${temperature.id}`)
      .set('Authorization', suite.admin.authorization)
      .send({ threshold: { device_attribute_type: 9, threshold_values: {}, should_alert: false } });
    expect(otherType.status).toBe(400);
    expect(temperatureOf(await thresholdsOf(suite.admin))).toEqual(temperature);
  });

  it('needs admin view (130) to read and admin update-all (131) to change', async () => {
    const temperature = temperatureOf(await thresholdsOf(suite.admin));
    await createUser(suite.provider.api, suite.admin, 'admin-viewer', [Permission.ADMIN_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'admin-updater', [
      Permission.ADMIN_VIEW,
      Permission.ADMIN_UPDATE_ALL,
    ]);
    await createUser(suite.provider.api, suite.admin, 'log-reader', [Permission.LOGS_VIEW]);
    const viewer = await as(suite.provider.api, 'admin-viewer', 'root');
    const updater = await as(suite.provider.api, 'admin-updater', 'root');
    const reader = await as(suite.provider.api, 'log-reader', 'root');
    expect((await send(reader, 'get', '/thresholds')).status).toBe(403);
    expect((await send(viewer, 'get', '/thresholds')).status).toBe(200);
    expect((await put(viewer, viewer.environmentId, temperature, { minor: 68 })).status).toBe(403);
    expect((await put(updater, updater.environmentId, temperature, { minor: 68 })).status).toBe(200);
  });

  it('a lowered temperature limit makes entries of the new severity on the next tick, alerts when should_alert', async () => {
    const { context } = suite.provider.provider;
    const simulator = createFleetSimulator(context, { devices: 80, seed: 5, changeFraction: 0.05, pace: 'churning' });
    await simulator.ensureFleet();
    suite.provider.clock.now += 1000;
    await simulator.tick();
    const temperatureEntries = () =>
      context.db
        .selectFrom('system_logs')
        .selectAll()
        .where('device_attribute_type', '=', TEMPERATURE)
        .where('event_type', 'like', 'threshold_%')
        .execute();
    const before = await temperatureEntries();
    const readings = await send(
      suite.admin,
      'get',
      `/thresholds/${temperatureOf(await thresholdsOf(suite.admin)).id}/readings`,
    );
    const temperatures = API.thresholds.readings.answer.parse(readings.body).readings;
    expect(temperatures.length).toBeGreaterThan(20);
    const coolest = Math.min(...temperatures);

    // Every connected device is now hotter than critical.
    const temperature = temperatureOf(await thresholdsOf(suite.admin));
    await put(suite.admin, suite.admin.environmentId, temperature, {
      minor: coolest - 3,
      major: coolest - 2,
      critical: coolest - 1,
      back_to_safety: coolest - 4,
    }).expect(200);
    suite.provider.clock.now += 1000;
    await simulator.tick();
    const fresh = (await temperatureEntries()).filter((entry) => !before.some((old) => old.id === entry.id));
    expect(fresh.length).toBeGreaterThanOrEqual(temperatures.length - 2);
    expect(fresh.every((entry) => entry.severity === Severity.CRITICAL && entry.is_alert === 1)).toBe(true);
    expect(fresh[0]?.event_type).toBe('threshold_critical');

    // Back where they were: recovery entries, not alerts.
    await put(suite.admin, suite.admin.environmentId, temperature, temperature.threshold_values, false).expect(200);
    suite.provider.clock.now += 1000;
    await simulator.tick();
    const safe = await context.db
      .selectFrom('system_logs')
      .selectAll()
      .where('event_type', '=', 'back_to_safety')
      .where('device_attribute_type', '=', TEMPERATURE)
      .execute();
    expect(safe.length).toBeGreaterThanOrEqual(fresh.length - 2);
    expect(safe.every((entry) => entry.is_alert === 0 && entry.severity === Severity.NORMAL)).toBe(true);
    await simulator.stop();
  });

  it('judges the open alarms of the attribute again when its limits change: eased, cleared, left (issue 39, item 3)', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const alarm = (deviceId: number, value: string) => ({
      kind: 'breach' as const,
      deviceId,
      deviceName: `device-${deviceId}`,
      attributeType: TEMPERATURE,
      severity: Severity.CRITICAL,
      value,
    });
    // Critical under a lowered limit (55 °C), two of them on devices that then stopped reporting.
    await applyAlarmReadings(
      context.db,
      root,
      [alarm(1, '58.2 °C'), alarm(2, '80 °C'), alarm(3, '91 °C')],
      context.now(),
    );
    const temperature = temperatureOf(await thresholdsOf(suite.admin));
    // Back to 70 / 75 / 85: 58.2 °C is below every limit, 80 °C is major, 91 °C stays critical.
    const restored = await put(suite.admin, root, temperature, {
      back_to_safety: 65,
      minor: 70,
      major: 75,
      critical: 85,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const open = await context.db
      .selectFrom('alarms')
      .select(['device_id', 'severity', 'peak_severity'])
      .where('cleared_at', 'is', null)
      .orderBy('device_id')
      .execute();
    expect(open).toEqual([
      { device_id: 2, severity: Severity.MAJOR, peak_severity: Severity.CRITICAL },
      { device_id: 3, severity: Severity.CRITICAL, peak_severity: Severity.CRITICAL },
    ]);
    const cleared = await context.db
      .selectFrom('alarms')
      .select(['device_id', 'cleared_at'])
      .where('device_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(cleared.cleared_at).toBe(context.now());
    // The change is audited by the attribute's name, not its number (issue 39, item 16).
    const audited = await context.db
      .selectFrom('user_audits')
      .select('name')
      .where('resource', '=', 'threshold')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited.name).toBe('root: Temperature');
  });
});
