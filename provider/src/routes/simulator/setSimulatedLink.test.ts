import { describe, expect, it, vi } from 'vitest';
import {
  ALL_PERMISSIONS,
  API,
  API_BASE,
  DeviceTimelineSchema,
  ErrorCode,
  pathOf,
  SIMULATED_LINK_HOLD_MS,
  SystemLogEvent,
} from '@halo/shared';
import { createFleetSimulator, type FleetSimulator } from '../../simulator/fleetSimulator.js';
import type { SimulatedDevice } from '../../simulator/fleetPlan.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('driving the simulator’s links on %s', (dialect) => {
  const suite = useAdminSuite(dialect);

  const setLink = (actor: Actor, environmentId: number, deviceId: number, body: object) =>
    suite.provider.api
      .post(`${API_BASE}${pathOf(API.simulator.setLink, { environmentId, id: deviceId })}`)
      .set('Authorization', actor.authorization)
      .send(body);

  async function runningSimulator(): Promise<FleetSimulator> {
    const simulator = createFleetSimulator(suite.provider.provider.context, {
      devices: 40,
      seed: 5,
      changeFraction: 0.5,
      pace: 'churning',
    });
    await simulator.ensureFleet();
    return simulator;
  }

  const tick = async (simulator: FleetSimulator) => {
    suite.provider.clock.now += 1000;
    await simulator.tick();
  };

  const rowOf = (deviceId: number) =>
    suite.provider.provider.context.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();

  const cellularOnline = async (deviceId: number) =>
    (JSON.parse((await rowOf(deviceId)).halo_data_links_info ?? '{}') as { cellular: { is_online: boolean }[] })
      .cellular[0]?.is_online;

  const pick = (simulator: FleetSimulator, test: (device: SimulatedDevice) => boolean) => {
    const device = simulator.devices.find(test);
    if (!device) throw new Error('no such simulated device');
    return device;
  };

  it('sets a link down on the next tick as a real drop would, keeps it down while held, and audits the request', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const simulator = await runningSimulator();
    try {
      const device = pick(simulator, (each) => each.availability === 1 && each.links.cellular[0]?.is_online === true);
      const asked = suite.provider.clock.now;
      const response = await setLink(suite.admin, root, device.id, { key: 'cellular:0', up: false });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({
        key: 'cellular:0',
        up: false,
        held_until: new Date(asked + SIMULATED_LINK_HOLD_MS).toISOString(),
      });
      // Nothing happens before the tick.
      expect(await cellularOnline(device.id)).toBe(true);
      await tick(simulator);
      const droppedAt = suite.provider.clock.now;
      expect(await cellularOnline(device.id)).toBe(false);
      const logged = await db
        .selectFrom('system_logs')
        .selectAll()
        .where('device_id', '=', device.id)
        .where('log_time', '=', droppedAt)
        .execute();
      expect(logged.map((entry) => entry.event_type)).toEqual([SystemLogEvent.LINK_DOWN]);
      // Held: the random changes leave the device alone (half the fleet changes each tick).
      for (let count = 0; count < 20; count += 1) await tick(simulator);
      expect(await cellularOnline(device.id)).toBe(false);
      expect((await rowOf(device.id)).updated_at).toBe(droppedAt);

      const timeline = await suite.provider.api
        .get(`${API_BASE}${pathOf(API.devices.timeline, { environmentId: root, id: device.id })}`)
        .query({ from: asked - 1000, to: suite.provider.clock.now })
        .set('Authorization', suite.admin.authorization);
      expect(timeline.status).toBe(200);
      const cellular = DeviceTimelineSchema.parse(timeline.body).links.find((link) => link.key === 'cellular:0');
      expect(cellular?.segments.at(-1)).toEqual({ from: droppedAt, to: suite.provider.clock.now, state: 0 });

      const audit = await db
        .selectFrom('user_audits')
        .selectAll()
        .where('detail_code', '=', 'simulatedLinkDown')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        environment_id: root,
        username: 'admin',
        resource: 'device',
        action: 'event',
        name: device.plan.name,
        detail: 'Simulator: link cellular:0 set down',
      });

      // Told otherwise: up again on the next tick.
      expect((await setLink(suite.admin, root, device.id, { key: 'cellular:0', up: true })).status).toBe(200);
      await tick(simulator);
      expect(await cellularOnline(device.id)).toBe(true);
    } finally {
      await simulator.stop();
    }
  });

  it('brings a disconnected device back when one of its links is set up', async () => {
    const simulator = await runningSimulator();
    try {
      const device = pick(simulator, (each) => each.activated && each.availability === 0);
      const response = await setLink(suite.admin, suite.admin.environmentId, device.id, { key: 'eth:0', up: true });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      await tick(simulator);
      const row = await rowOf(device.id);
      expect(row.availability).toBe(1);
      expect(
        (JSON.parse(row.halo_data_links_info ?? '{}') as { eth: { is_online: boolean }[] }).eth[0]?.is_online,
      ).toBe(true);
      const events = await suite.provider.provider.context.db
        .selectFrom('system_logs')
        .select('event_type')
        .where('device_id', '=', device.id)
        .where('log_time', '=', suite.provider.clock.now)
        .orderBy('id')
        .execute();
      expect(events.map((event) => event.event_type)).toEqual([
        SystemLogEvent.DEVICE_CONNECTED,
        SystemLogEvent.LINK_UP,
      ]);
    } finally {
      await simulator.stop();
    }
  });

  it('is not found without the simulator, for a device or link it does not drive, or another environment’s device', async () => {
    const { api } = suite.provider;
    const root = suite.admin.environmentId;
    const own = await createDevice(api, suite.admin, clientDevice('real-one'));
    // No simulator runs in this provider yet.
    const without = await setLink(suite.admin, root, own, { key: 'cellular:0', up: false });
    expect(without.status).toBe(404);
    expect(without.body.error).toBe(ErrorCode.INVALID_ID);
    const simulator = await runningSimulator();
    const simulated = pick(simulator, (each) => each.activated && each.links.cellular.length < 4);
    const neverActivated = pick(simulator, (each) => each.plan.activation === 'never');
    try {
      expect((await setLink(suite.admin, root, own, { key: 'cellular:0', up: false })).status).toBe(404);
      const missingLink = `cellular:${simulated.links.cellular.length}`;
      expect((await setLink(suite.admin, root, simulated.id, { key: missingLink, up: false })).status).toBe(404);
      expect((await setLink(suite.admin, root, neverActivated.id, { key: 'eth:0', up: true })).status).toBe(404);
      const child = await createEnvironment(api, suite.admin, 'depot');
      expect((await setLink(child, child.id, simulated.id, { key: 'cellular:0', up: false })).status).toBe(404);
      expect((await setLink(child, root, simulated.id, { key: 'cellular:0', up: false })).status).toBe(404);
      // Only environment managers; a user holding every permission is refused.
      await createUser(api, suite.admin, 'operator', [...ALL_PERMISSIONS]);
      const operator = await as(api, 'operator', 'root');
      const refused = await setLink(operator, root, simulated.id, { key: 'cellular:0', up: false });
      expect(refused.status).toBe(403);
      // Bad bodies: error 1, nothing queued.
      for (const body of [
        { key: 'cellular', up: false },
        { key: 'modem:0', up: true },
        { key: 'eth:0' },
        { key: 'eth:0', up: 'no' },
        {},
      ]) {
        const bad = await setLink(suite.admin, root, simulated.id, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.error).toBe(ErrorCode.MISSING_VALUES);
      }
      const audits = await suite.provider.provider.context.db
        .selectFrom('user_audits')
        .select('id')
        .where('detail_code', 'in', ['simulatedLinkDown', 'simulatedLinkUp'])
        .execute();
      expect(audits).toEqual([]);
    } finally {
      await simulator.stop();
    }
    // A stopped simulator drives nothing.
    expect((await setLink(suite.admin, root, simulated.id, { key: 'cellular:0', up: false })).status).toBe(404);
  });
});
