import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_INTERFACE_KINDS, linkKey } from '@halo/shared';
import { connectionStateOf } from '../store/deviceHistory.js';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { createFleetSimulator } from './fleetSimulator.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

describe.each(DIALECTS)('the devices’ recorded history on %s', (dialect) => {
  const started: TestProvider[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((provider) => provider.stop()));
  });

  it('records connection and link changes as the simulator makes them, readings of connected devices, and goes on after a restart', async () => {
    const provider = await startTestProvider(dialect);
    started.push(provider);
    const { context } = provider.provider;
    const { db } = context;
    const options = { devices: 80, seed: 9, changeFraction: 0.2, pace: 'churning' as const };
    const first = createFleetSimulator(context, options);
    await first.ensureFleet();
    let reported = 0;
    for (let tick = 0; tick < 15; tick += 1) {
      provider.clock.now += 1000;
      reported += (await first.tick()).historyRows;
    }
    await first.stop();

    const connection = await db.selectFrom('device_connection_changes').selectAll().orderBy('changed_at').execute();
    const links = await db.selectFrom('device_link_changes').selectAll().orderBy('changed_at').execute();
    const readings = await db.selectFrom('device_readings').selectAll().execute();
    expect(connection.length + links.length + readings.length).toBe(reported);
    expect(connection.length).toBeGreaterThan(0);
    expect(links.length).toBeGreaterThan(0);
    expect(readings.length).toBeGreaterThan(0);

    // The last recorded state of each device, and of each link of a connected device, is the state its row holds.
    const rows = await db.selectFrom('devices').selectAll().execute();
    for (const row of rows) {
      const last = connection.filter((change) => change.device_id === row.id).at(-1);
      if (!last) continue;
      expect(connectionStateOf(last.state), row.name).toBe(connectionStateOf(row.availability));
      if (row.availability !== 1) continue;
      const reportedLinks = JSON.parse(row.halo_data_links_info ?? 'null') as Record<
        string,
        { is_online: boolean }[]
      > | null;
      if (!reportedLinks) continue;
      for (const kind of LINK_INTERFACE_KINDS)
        for (const [index, link] of (reportedLinks[kind] ?? []).entries()) {
          const key = linkKey(kind, index);
          const lastLink = links.filter((change) => change.device_id === row.id && change.link_key === key).at(-1);
          expect(lastLink, `${row.name} ${key}`).toBeDefined();
          expect(Number(lastLink!.state), `${row.name} ${key}`).toBe(link.is_online ? 1 : 0);
        }
    }
    // Each reading is one of a connected device's position samples, with its signal.
    const samples = await db.selectFrom('position_samples').selectAll().execute();
    for (const reading of readings) {
      const sample = samples.find(
        (each) => each.device_id === reading.device_id && Number(each.sample_time) === Number(reading.reading_time),
      );
      expect(sample?.connected).toBe(1);
      expect(reading.signal === null ? null : Number(reading.signal)).toBe(
        sample?.best_signal === null ? null : Number(sample?.best_signal),
      );
      expect(Number(reading.temperature)).toBeGreaterThan(20);
    }

    // A restart goes on from the recorded history: no device starts it again.
    const second = createFleetSimulator(context, options);
    await second.ensureFleet();
    for (let tick = 0; tick < 10; tick += 1) {
      provider.clock.now += 1000;
      await second.tick();
    }
    await second.stop();
    const starts = await db
      .selectFrom('device_connection_changes')
      .select(['device_id', (eb) => eb.fn.countAll<number | string>().as('starts')])
      .where('observed_ms', '=', 0)
      .where('connected_ms', '=', 0)
      .where('outages', '=', 0)
      .groupBy('device_id')
      .execute();
    const restarted = await db.selectFrom('device_connection_changes').selectAll().orderBy('changed_at').execute();
    for (const { device_id: deviceId } of starts) {
      const history = restarted.filter((change) => change.device_id === deviceId);
      // Only the very first change of a device has no totals (or a device never connected nor observed since).
      const observedLater = history.findIndex((change) => Number(change.observed_ms) > 0);
      const zeroAfter = history.slice(Math.max(1, observedLater)).filter((change) => Number(change.observed_ms) === 0);
      expect(observedLater === -1 ? [] : zeroAfter, `device ${deviceId}`).toEqual([]);
    }
    expect(restarted.length).toBeGreaterThan(connection.length);
  });
});
