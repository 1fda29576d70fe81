import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevicesStateResponseSchema, DeviceType, LocationStatus } from '@halo/shared';
import { deviceCall } from '../testing/devices.js';
import { as } from '../testing/people.js';
import {
  DIALECTS,
  startTestProvider,
  TEST_ADMIN_PASSWORD,
  type TestDialect,
  type TestProvider,
} from '../testing/testProvider.js';
import { createFleetSimulator } from './fleetSimulator.js';
import { planDevice } from './fleetPlan.js';
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
      rfRecordingChance: 0.3,
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
    return { provider, simulator, reports, fleet, logs, recordings };
  }

  it('the same seed gives the same fleet and the same ticks; another seed does not', async () => {
    const first = await run(dialect, 42);
    const second = await run(dialect, 42);
    expect(first.fleet).toHaveLength(60);
    expect(second.fleet).toEqual(first.fleet);
    expect(second.reports).toEqual(first.reports);
    expect(second.logs).toEqual(first.logs);
    expect(second.recordings).toEqual(first.recordings);
    expect(first.logs.length).toBeGreaterThan(0);
    expect(first.recordings.length).toBeGreaterThan(0);
    const other = await run(dialect, 43);
    expect(other.fleet.map((row) => [row.name, row.longitude])).not.toEqual(
      first.fleet.map((row) => [row.name, row.longitude]),
    );
  }, 60_000);

  it('creates the fleet once, in root, visible through the API; ticks move devices and devices_state?state=1 picks every change up', async () => {
    const provider = await startTestProvider(dialect);
    started.push(provider);
    const admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const simulator = createFleetSimulator(provider.provider.context, { devices: 200, seed: 1, changeFraction: 0.05 });
    expect((await simulator.ensureFleet()).created).toBe(200);
    // A second start finds the fleet and creates nothing.
    const restarted = createFleetSimulator(provider.provider.context, { devices: 200, seed: 1, changeFraction: 0.05 });
    expect((await restarted.ensureFleet()).created).toBe(0);
    expect(restarted.devices).toHaveLength(200);

    const listed = (await deviceCall(provider.api, admin, 'get', '/devices').expect(200)).body.devices as {
      is_server: boolean;
      type: number;
      is_activated: boolean;
      ports: { from: number; to: number } | null;
    }[];
    expect(listed).toHaveLength(200);
    expect(listed.filter((device) => device.is_server)).toHaveLength(2);
    expect(listed.some((device) => device.type === DeviceType.DRONECOMMX)).toBe(true);
    expect(listed.some((device) => !device.is_activated)).toBe(true);
    const locations = (await deviceCall(provider.api, admin, 'get', '/devices/locations').expect(200)).body
      .locations as { coordinate: number[]; status: number }[];
    const located = locations.filter((location) => location.status !== LocationStatus.UNAVAILABLE);
    expect(located.length).toBeGreaterThan(100);
    for (const { coordinate } of located) {
      const [longitude = 0, latitude = 0] = coordinate;
      expect(
        Math.min(...REGIONS.map((region) => distanceMeters({ longitude, latitude }, region) / region.radiusMeters)),
      ).toBeLessThan(1);
    }

    const fullBody = (await deviceCall(provider.api, admin, 'get', '/devices/devices_state').expect(200)).body as {
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
      const incremental = await deviceCall(
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
    const quiet = await deviceCall(
      provider.api,
      admin,
      'get',
      `/devices/devices_state?state=1&cursor=${cursor}`,
    ).expect(200);
    expect(quiet.body.devices_state).toEqual([]);

    // A device deleted through the API leaves the simulation without breaking it.
    const victim = simulator.devices[0]!.id;
    await deviceCall(provider.api, admin, 'delete', `/devices/${victim}`).expect(200);
    provider.clock.now += 1000;
    const after = await simulator.tick();
    expect(after.changed).not.toContain(victim);
    expect(simulator.devices).toHaveLength(199);
  }, 60_000);
});
