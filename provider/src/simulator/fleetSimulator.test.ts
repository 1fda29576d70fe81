import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectivityDataResponseSchema,
  DevicesStateResponseSchema,
  DeviceType,
  LocationStatus,
  SatcomMessageListResponseSchema,
  Severity,
} from '@halo/shared';
import { configCall } from '../testing/configCall.js';
import { as } from '../testing/people.js';
import {
  DIALECTS,
  startTestProvider,
  TEST_ADMIN_PASSWORD,
  type TestDialect,
  type TestProvider,
} from '../testing/testProvider.js';
import { createFleetSimulator } from './fleetSimulator.js';
import { luhnCheckDigit, planDevice } from './fleetPlan.js';
import { createRandom, sampleIndexes } from './random.js';
import { distanceMeters, REGIONS } from './regions.js';

// Each test logs users in (password hashing) on a shared, busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const TICKS = 12;

describe('seeded random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const sequence = (seed: number) => Array.from({ length: 5 }, createRandom(seed).next);
    const first = createRandom(7);
    const again = createRandom(7);
    expect(Array.from({ length: 20 }, () => first.next())).toEqual(Array.from({ length: 20 }, () => again.next()));
    expect(sequence(1)).not.toEqual(sequence(2));
    const indexes = sampleIndexes(createRandom(3), 50, 40);
    expect(new Set(indexes).size).toBe(40);
    expect(indexes.every((index) => index >= 0 && index < 50)).toBe(true);
    expect(sampleIndexes(createRandom(3), 10, 99)).toHaveLength(10);
  });

  it('plans a mixed fleet with non-overlapping server ranges', () => {
    const plans = Array.from({ length: 2000 }, (_, index) => planDevice(1, index));
    const servers = plans.filter((plan) => plan.isServer);
    expect(servers.length).toBe(20);
    const ranges = servers.map((plan) => plan.ports).sort((a, b) => (a?.from ?? 0) - (b?.from ?? 0));
    for (let index = 1; index < ranges.length; index += 1)
      expect(ranges[index]!.from).toBeGreaterThan(ranges[index - 1]!.to);
    expect(plans.some((plan) => plan.type === DeviceType.DRONECOMMX)).toBe(true);
    expect(plans.some((plan) => plan.activation === 'never')).toBe(true);
    expect(new Set(plans.map((plan) => plan.region.name)).size).toBe(REGIONS.length);
    expect(planDevice(1, 1234)).toEqual(planDevice(1, 1234));
    expect(planDevice(2, 1234)).not.toEqual(planDevice(1, 1234));
  });

  it('gives half the drones and a quarter of the vehicles a satellite modem with a stable, valid IMEI', () => {
    const plans = Array.from({ length: 4000 }, (_, index) => planDevice(7, index));
    const share = (mobility: string) => {
      const group = plans.filter((plan) => plan.mobility === mobility);
      return group.filter((plan) => plan.satcom !== null).length / group.length;
    };
    expect(share('drone')).toBeGreaterThan(0.44);
    expect(share('drone')).toBeLessThan(0.56);
    expect(share('vehicle')).toBeGreaterThan(0.2);
    expect(share('vehicle')).toBeLessThan(0.3);
    expect(share('fixed')).toBe(0);
    const imeis = plans.flatMap((plan) => (plan.satcom ? [plan.satcom.imei] : []));
    expect(new Set(imeis).size).toBe(imeis.length);
    for (const imei of imeis) {
      expect(imei).toMatch(/^30007\d{10}$/);
      expect(luhnCheckDigit(imei.slice(0, 14))).toBe(Number(imei[14]));
    }
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    const modem = plans.find((plan) => plan.satcom)!;
    expect(planDevice(7, modem.index).satcom).toEqual(modem.satcom);
    expect(modem.satcom!.imei).toBe(`30007${String(modem.index + 1).padStart(9, '0')}${modem.satcom!.imei[14]}`);
  });
});

describe.each(DIALECTS)('fleet simulator on %s', (dialect) => {
  const started: TestProvider[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((provider) => provider.stop()));
  });

  async function run(dialectName: TestDialect, seed: number, devices = 60) {
    const provider = await startTestProvider(dialectName);
    started.push(provider);
    const simulator = createFleetSimulator(provider.provider.context, {
      devices,
      seed,
      changeFraction: 0.1,
      pace: 'churning',
      rfRecordingChance: 0.3,
      satcomMessageChance: 0.1,
      usageFlushTicks: 3,
    });
    await simulator.ensureFleet();
    const reports = [];
    for (let tick = 0; tick < TICKS; tick += 1) {
      provider.clock.now += 1000;
      reports.push(await simulator.tick());
    }
    const db = provider.provider.context.db;
    const fleet = await db.selectFrom('devices').selectAll().orderBy('id').execute();
    const logs = await db.selectFrom('system_logs').selectAll().orderBy('id').execute();
    const recordings = await db.selectFrom('rf_recordings').selectAll().orderBy('id').execute();
    const satcom = await db.selectFrom('satcom_messages').selectAll().orderBy('id').execute();
    const usage = await db
      .selectFrom('device_connectivity_days')
      .selectAll()
      .orderBy('device_id')
      .orderBy('day_start')
      .execute();
    return { provider, simulator, reports, fleet, logs, recordings, satcom, usage };
  }

  it('the same seed gives the same fleet and the same ticks; another seed does not', async () => {
    const first = await run(dialect, 42);
    const second = await run(dialect, 42);
    expect(first.fleet).toHaveLength(60);
    expect(second.fleet).toEqual(first.fleet);
    expect(second.reports).toEqual(first.reports);
    expect(second.logs).toEqual(first.logs);
    expect(second.recordings).toEqual(first.recordings);
    expect(second.satcom).toEqual(first.satcom);
    expect(second.usage).toEqual(first.usage);
    expect(first.logs.length).toBeGreaterThan(0);
    expect(first.recordings.length).toBeGreaterThan(0);
    expect(first.satcom.length).toBeGreaterThan(0);
    expect(first.usage.length).toBeGreaterThan(0);
    const other = await run(dialect, 43);
    expect(other.fleet.map((row) => [row.name, row.longitude])).not.toEqual(
      first.fleet.map((row) => [row.name, row.longitude]),
    );
    expect(other.satcom.map((row) => row.satcom_imei)).not.toEqual(first.satcom.map((row) => row.satcom_imei));
  }, 60_000);

  it('sends satellite messages from modem devices and bills connected seconds, visible through the API', async () => {
    const provider = await startTestProvider(dialect);
    started.push(provider);
    const admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const simulator = createFleetSimulator(provider.provider.context, {
      devices: 150,
      seed: 3,
      changeFraction: 0.1,
      pace: 'churning',
      satcomMessageChance: 0.1,
      usageFlushTicks: 1,
    });
    await simulator.ensureFleet();
    const db = provider.provider.context.db;
    const billed = async () => {
      const row = await db
        .selectFrom('device_connectivity_days')
        .select((eb) => eb.fn.sum<number | string>('connected_seconds').as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    };
    let expected = 0;
    let sent = 0;
    for (let tick = 0; tick < 10; tick += 1) {
      // Each tick bills the second before it as the devices were when it began.
      expected += simulator.devices.filter((device) => device.activated && device.availability === 1).length;
      provider.clock.now += 1000;
      const report = await simulator.tick();
      sent += report.satcomMessages;
      expect(report.connectedSeconds).toBeGreaterThan(0);
      expect(await billed()).toBe(expected);
    }
    const environmentTotal = await db
      .selectFrom('environment_connectivity_days')
      .select(['environment_id', 'day_start', 'connected_seconds'])
      .execute();
    expect(environmentTotal).toEqual([
      { environment_id: admin.environmentId, day_start: Date.UTC(2026, 10, 23), connected_seconds: expected },
    ]);

    const messages = SatcomMessageListResponseSchema.parse(
      (await configCall(provider.api, admin, 'get', '/satcom_messages?page_size=1000').expect(200)).body,
    ).satcom_messages;
    expect(messages).toHaveLength(sent);
    expect(sent).toBeGreaterThan(10);
    const byId = new Map(simulator.devices.map((device) => [device.id, device]));
    for (const message of messages) {
      const device = byId.get(message.device_id!)!;
      expect(device.plan.satcom).not.toBeNull();
      expect(message).toMatchObject({
        halo_name: device.plan.name,
        halo_serial: device.plan.pairingId,
        satcom_imei: device.plan.satcom!.imei,
        network: device.plan.satcom!.network,
      });
      expect(Date.parse(message.satcom_timestamp!)).toBeLessThan(Date.parse(message.log_time));
      expect(message.lat).not.toBeNull();
    }
    expect(messages.some((message) => message.severity === Severity.NORMAL)).toBe(true);
    expect(messages.some((message) => message.severity !== Severity.NORMAL)).toBe(true);

    const usage = ConnectivityDataResponseSchema.parse(
      (await configCall(provider.api, admin, 'get', '/devices_connectivity').expect(200)).body,
    ).connectivity_data;
    expect(usage).toEqual([
      {
        environment_id: admin.environmentId,
        environment_name: 'root',
        current_day: expected,
        current_week: expected,
        current_month: expected,
        current_year: expected,
      },
    ]);
  }, 60_000);

  it('writes usage not yet written when it stops', async () => {
    const provider = await startTestProvider(dialect);
    started.push(provider);
    const simulator = createFleetSimulator(provider.provider.context, {
      devices: 40,
      seed: 9,
      changeFraction: 0.1,
      pace: 'churning',
    });
    await simulator.ensureFleet();
    let expected = 0;
    for (let tick = 0; tick < 3; tick += 1) {
      expected += simulator.devices.filter((device) => device.activated && device.availability === 1).length;
      provider.clock.now += 1000;
      await simulator.tick();
    }
    const db = provider.provider.context.db;
    const total = async () =>
      Number(
        (
          await db
            .selectFrom('environment_connectivity_days')
            .select((eb) => eb.fn.sum<number | string>('connected_seconds').as('total'))
            .executeTakeFirstOrThrow()
        ).total ?? 0,
      );
    // One device in 60 a tick: most of the fleet is still pending.
    expect(await total()).toBeLessThan(expected);
    await simulator.stop();
    expect(await total()).toBe(expected);
  }, 60_000);

  it('creates the fleet once, in root, visible through the API; ticks move devices and devices_state?state=1 picks every change up', async () => {
    const provider = await startTestProvider(dialect);
    started.push(provider);
    const admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const simulator = createFleetSimulator(provider.provider.context, {
      devices: 200,
      seed: 1,
      changeFraction: 0.05,
      pace: 'churning',
    });
    expect((await simulator.ensureFleet()).created).toBe(200);
    // A second start finds the fleet and creates nothing.
    const restarted = createFleetSimulator(provider.provider.context, {
      devices: 200,
      seed: 1,
      changeFraction: 0.05,
      pace: 'churning',
    });
    expect((await restarted.ensureFleet()).created).toBe(0);
    expect(restarted.devices).toHaveLength(200);

    const listed = (await configCall(provider.api, admin, 'get', '/devices').expect(200)).body.devices as {
      is_server: boolean;
      type: number;
      is_activated: boolean;
      ports: { from: number; to: number } | null;
    }[];
    expect(listed).toHaveLength(200);
    expect(listed.filter((device) => device.is_server)).toHaveLength(2);
    expect(listed.some((device) => device.type === DeviceType.DRONECOMMX)).toBe(true);
    expect(listed.some((device) => !device.is_activated)).toBe(true);
    const locations = (await configCall(provider.api, admin, 'get', '/devices/locations').expect(200)).body
      .locations as { coordinate: number[]; status: number }[];
    const located = locations.filter((location) => location.status !== LocationStatus.UNAVAILABLE);
    expect(located.length).toBeGreaterThan(100);
    for (const { coordinate } of located) {
      const [longitude = 0, latitude = 0] = coordinate;
      expect(
        Math.min(...REGIONS.map((region) => distanceMeters({ longitude, latitude }, region) / region.radiusMeters)),
      ).toBeLessThan(1);
    }

    const fullBody = (await configCall(provider.api, admin, 'get', '/devices/devices_state').expect(200)).body as {
      cursor: number;
    };
    const full = DevicesStateResponseSchema.parse(fullBody);
    let cursor = fullBody.cursor;
    expect(cursor).toBeGreaterThan(0);
    const before = new Map(full.devices_state.map((entry) => [entry.device_id, JSON.stringify(entry)]));
    let moved = 0;
    for (let tick = 0; tick < 5; tick += 1) {
      provider.clock.now += 1000;
      const report = await simulator.tick();
      expect(report.changed.length).toBeGreaterThan(0);
      expect(report.changed.length).toBeLessThanOrEqual(10);
      const incremental = await configCall(
        provider.api,
        admin,
        'get',
        `/devices/devices_state?state=1&cursor=${cursor}`,
      ).expect(200);
      expect(incremental.body.incremental).toBe(true);
      expect(
        incremental.body.devices_state
          .map((entry: { device_id: number }) => entry.device_id)
          .sort((a: number, b: number) => a - b),
      ).toEqual([...report.changed].sort((a, b) => a - b));
      expect(incremental.body.cursor).toBeGreaterThan(cursor);
      for (const entry of incremental.body.devices_state as { device_id: number; location: unknown }[]) {
        if (
          JSON.stringify((JSON.parse(before.get(entry.device_id) ?? '{}') as { location?: unknown }).location) !==
          JSON.stringify(entry.location)
        )
          moved += 1;
      }
      cursor = incremental.body.cursor;
    }
    expect(moved).toBeGreaterThan(0);
    const quiet = await configCall(
      provider.api,
      admin,
      'get',
      `/devices/devices_state?state=1&cursor=${cursor}`,
    ).expect(200);
    expect(quiet.body.devices_state).toEqual([]);

    // A device deleted through the API leaves the simulation without breaking it.
    const victim = simulator.devices[0]!.id;
    await configCall(provider.api, admin, 'delete', `/devices/${victim}`).expect(200);
    provider.clock.now += 1000;
    const after = await simulator.tick();
    expect(after.changed).not.toContain(victim);
    expect(simulator.devices).toHaveLength(199);
  }, 60_000);
});
