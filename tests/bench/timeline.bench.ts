import { API, API_BASE, apiPaths, pathOf } from '@halo/shared';
import { test } from '@playwright/test';
import { login, type Session } from '../fixtures/liveClient';
import { TEST_POSTGRES_URL } from '../fixtures/ownDatabase';
import { startProvider, type ProviderProcess } from '../fixtures/stack';
import { figureTable, ms, percentile } from './benchFigures';
import {
  openBenchStore,
  seriesFrom,
  SYSTEM_LOG_INSERT,
  systemLogSelect,
  type BenchStore,
  type Dialect,
} from './benchStore';
import { withPostgres } from './systemLogSeed';

/**
 * bench:timeline (issue 28). A provider of its own (no simulator) on SQLite, then on PostgreSQL,
 * with DEVICES devices in tenant A's environment and DEVICES_B in tenant B's, written straight
 * into the store: every device with a background history over the last 7 days (connection and
 * link changes, readings, position samples; BACKGROUND rows of each per device) and 1,000,000
 * system log entries, and one device of A with a busy week of its own (a connection change
 * every 8 minutes, a link change every 4, a reading and a position sample every 5, a log entry
 * every 3, alarms). Then, over HTTP, A asks that device's timeline for 7 days (and 24 hours),
 * first alone, then while B works: B's manager asks B's availability report over 7 days and
 * B's devices_state, one after another, without a pause. Prints p50/p95 of each with the
 * target (7 days: p95 ≤ 200 ms); asserts only that each answer is whole.
 *
 * Flags (environment): BENCH_TIMELINE_DIALECTS (sqlite,postgres), BENCH_TIMELINE_DEVICES,
 * BENCH_TIMELINE_DEVICES_B, BENCH_TIMELINE_BACKGROUND, BENCH_TIMELINE_ASKS.
 */
const DIALECTS = (process.env.BENCH_TIMELINE_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
const DEVICES = Number(process.env.BENCH_TIMELINE_DEVICES ?? 100_000);
const DEVICES_B = Number(process.env.BENCH_TIMELINE_DEVICES_B ?? 10_000);
/** Rows of each kind of history per background device over the week. */
const BACKGROUND = Number(process.env.BENCH_TIMELINE_BACKGROUND ?? 12);
const ASKS = Number(process.env.BENCH_TIMELINE_ASKS ?? 60);
const LOG_ENTRIES = 1_000_000;
const TARGET_P95_MS = 200;
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const LINKS_INFO = JSON.stringify({
  cellular: [{ port: 1, is_online: true, name: 'modem-1', signal: 60 }],
  eth: [
    { port: 1, is_online: true, name: 'lan' },
    { port: 2, is_online: false, name: 'wan' },
  ],
  wifi: [{ port: 1, is_online: true, name: 'wifi', signal: 70 }],
  vlan: [],
  vpn: [],
});

/** `count` devices of an environment, numbered from `first`, each with the same links. */
async function seedDevices(store: BenchStore, environmentId: number, first: number, count: number, now: number) {
  const chunk = 50_000;
  for (let from = first; from < first + count; from += chunk) {
    const to = Math.min(first + count - 1, from + chunk - 1);
    await store.run(`insert into devices (environment_id, name, pairing_id, type, is_activated, availability,
        halo_data_links_info, firmware_version, longitude, latitude, created_at, updated_at, revision)
      select ${environmentId}, 'bench-' || i, 'BT-' || i, 1, 1, 1, '${LINKS_INFO}',
        case when i % 3 = 0 then '12.6.1' else '12.6.2' end, 34 + (i % 1000) / 1000.0, 32 + (i % 997) / 1000.0,
        ${now}, ${now}, i
      from ${seriesFrom(store.dialect, from, to)}`);
  }
}

/**
 * `perDevice` connection changes of each device of an environment over the week before `now`:
 * connected, then down and up in turn, each `step` apart, with the running totals the recorder
 * would have written (store/deviceHistory.ts).
 */
function connectionSelect(source: string, start: string, step: string, k: string) {
  return `select device_id, ${start} + ${k} * ${step},
      case when ${k} % 2 = 0 then 1 else 0 end,
      ((${k} + 1) / 2) * ${step}, ${k} * ${step},
      (${k} + 1) / 2, ${k} / 2, (${k} / 2) * ${step},
      case when ${k} % 2 = 1 then ${start} + ${k} * ${step} else null end
    from ${source}`;
}

const CONNECTION_INSERT = `insert into device_connection_changes (device_id, changed_at, state, connected_ms,
  observed_ms, outages, recoveries, recovery_ms, outage_since)`;

async function seedBackground(store: BenchStore, environmentId: number, now: number) {
  const step = Math.floor(WEEK_MS / BACKGROUND);
  const start = now - WEEK_MS;
  for (let k = 0; k < BACKGROUND; k += 1) {
    const devicesOf = `(select id as device_id, cast(id as bigint) * 7919 % ${step} as offset_ms from devices where environment_id = ${environmentId}) as each_device`;
    await store.run(
      `${CONNECTION_INSERT} ${connectionSelect(devicesOf, `${start} + offset_ms`, String(step), String(k))}`,
    );
    await store.run(`insert into device_link_changes (device_id, link_key, changed_at, state)
      select device_id, 'eth:0', ${start} + offset_ms + ${k * step} + 1000, ${k % 2} from ${devicesOf}`);
    await store.run(`insert into device_readings (device_id, reading_time, signal, temperature)
      select device_id, ${start} + offset_ms + ${k * step} + 2000, 40 + device_id % 50, 35 + device_id % 20 from ${devicesOf}`);
    await store.run(`insert into position_samples (environment_id, device_id, sample_time, longitude, latitude,
        connected, links_online, links_total, best_signal, cellular_signals)
      select ${environmentId}, device_id, ${start} + offset_ms + ${k * step} + 3000, 34.5, 32.5, 1, 2, 3, 60, '60'
      from ${devicesOf}`);
  }
}

/** The busy week of one device: what the simulator records of its busiest devices, and more. */
async function seedBusyDevice(store: BenchStore, environmentId: number, deviceId: number, now: number) {
  const start = now - WEEK_MS;
  const series = (every: number) => seriesFrom(store.dialect, 0, Math.floor(WEEK_MS / every) - 1);
  const one = (every: number) => `(select ${deviceId} as device_id, i from ${series(every)}) as busy`;
  await store.run(`delete from device_connection_changes where device_id = ${deviceId}`);
  await store.run(`${CONNECTION_INSERT} ${connectionSelect(one(8 * MINUTE), String(start), String(8 * MINUTE), 'i')}`);
  await store.run(`insert into device_link_changes (device_id, link_key, changed_at, state)
    select device_id, case i % 4 when 0 then 'cellular:0' when 1 then 'eth:0' when 2 then 'eth:1' else 'wifi:0' end,
      ${start} + i * ${4 * MINUTE} + 7, (i / 4) % 2 from ${one(4 * MINUTE)}`);
  await store.run(`insert into device_readings (device_id, reading_time, signal, temperature)
    select device_id, ${start} + i * ${5 * MINUTE} + 11, 30 + i % 60, 40 + (i % 30) / 2.0 from ${one(5 * MINUTE)}`);
  await store.run(`insert into position_samples (environment_id, device_id, sample_time, longitude, latitude,
      connected, links_online, links_total, best_signal, cellular_signals)
    select ${environmentId}, device_id, ${start} + i * ${5 * MINUTE} + 13, 34 + i / 10000.0, 32 + i / 20000.0,
      case when i % 10 = 0 then 0 else 1 end, 2, 4, 55, '55' from ${one(5 * MINUTE)}`);
  await store.run(`insert into system_logs (environment_id, device_id, device_name, device_attribute_type, event_type,
      value, severity, description, log_time, is_alert)
    select ${environmentId}, device_id, 'bench-1', 5, case when i % 2 = 0 then 'link_down' else 'link_up' end,
      cast(i % 2 as varchar(8)), i % 3, 'bench-1: eth 1 link ' || i, ${start} + i * ${3 * MINUTE} + 17, 0
    from ${one(3 * MINUTE)}`);
  await store.run(`insert into alarms (environment_id, device_id, device_name, device_attribute_type, severity,
      peak_severity, last_value, breach_count, opened_at, last_breach_at, cleared_at, revision)
    select ${environmentId}, device_id, 'bench-1', 1, 1, 2, '71', 3, ${start} + i * ${2 * 3_600_000},
      ${start} + i * ${2 * 3_600_000} + 60000, ${start} + i * ${2 * 3_600_000} + 1800000, i + 1
    from ${one(2 * 3_600_000)}`);
}

const authorised = (session: Session) => ({ headers: { Authorization: `Bearer ${session.token}` } });

/** Asks `path` and answers the time to the whole answer; anything but 200 fails the bench. */
async function timed(provider: ProviderProcess, session: Session, path: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(`${provider.url}${API_BASE}${path}`, authorised(session));
  const body = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

/** A's timeline asks, one after another: the latencies. */
async function timelineAsks(
  provider: ProviderProcess,
  session: Session,
  deviceId: number,
  windowMs: number,
  asks = ASKS,
) {
  const times: number[] = [];
  for (let ask = 0; ask < asks; ask += 1) {
    const to = Date.now();
    const path = `${pathOf(API.devices.timeline, { environmentId: session.environmentId, id: deviceId })}?from=${to - windowMs}&to=${to}`;
    const { ms: took, body } = await timed(provider, session, path);
    const answer = JSON.parse(body) as { connection: unknown[]; links: unknown[]; readings: { time: unknown[] } };
    if (answer.connection.length === 0 || answer.links.length !== 4 || answer.readings.time.length === 0)
      throw new Error('the timeline came back without its parts');
    times.push(took);
  }
  return times;
}

/** B's work until `until` settles: its 7-day availability report and its devices_state, in turn. */
async function tenantBWorks(provider: ProviderProcess, session: Session, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const reports: number[] = [];
  const lists: number[] = [];
  const environmentId = session.environmentId;
  while (!done) {
    const to = Date.now();
    reports.push(
      (
        await timed(
          provider,
          session,
          `${pathOf(API.devices.availabilityReport, { environmentId })}?from=${to - WEEK_MS}&to=${to}`,
        )
      ).ms,
    );
    lists.push((await timed(provider, session, apiPaths.devices.devicesState(environmentId))).ms);
  }
  return { reports, lists };
}

const spreadOf = (times: readonly number[]) =>
  `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))} (${times.length})`;

for (const dialect of DIALECTS) {
  test(`the device timeline on ${dialect}: 7 days of one device among ${DEVICES} while another tenant works`, async () => {
    const log = (text: string) => console.log(`[bench:timeline ${dialect}] ${text}`);
    const schema = `bench_timeline_${Date.now().toString(36)}`;
    if (dialect === 'postgres') await withPostgres((client) => client.query(`create schema ${schema}`));
    const databaseEnv: Record<string, string> =
      dialect === 'postgres'
        ? { DATABASE_URL: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }
        : {};
    const provider = await startProvider(databaseEnv);
    try {
      const admin = await login(provider.url, provider.adminPassword);
      const created = await fetch(`${provider.url}${API_BASE}${apiPaths.environments.list(admin.environmentId)}`, {
        method: 'POST',
        headers: { ...authorised(admin).headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          environment_name: 'tenant-b',
          username: 'tenant-b-manager',
          password: provider.adminPassword,
          email: 'tenant-b@bench.test',
        }),
      });
      if (created.status !== 201) throw new Error(`tenant B: ${created.status} ${await created.text()}`);
      const environmentB = Number(((await created.json()) as { id: number }).id);
      await provider.stop();

      const now = Date.now();
      const seeding = performance.now();
      const store = await openBenchStore(dialect, { dataDir: provider.dataDir, schema });
      let busyDevice: number;
      try {
        await seedDevices(store, admin.environmentId, 1, DEVICES, now);
        await seedDevices(store, environmentB, DEVICES + 1, DEVICES_B, now);
        for (const environmentId of [admin.environmentId, environmentB])
          await seedBackground(store, environmentId, now);
        const step = Math.floor((30 * DAY_MS) / LOG_ENTRIES);
        for (let from = 1; from <= LOG_ENTRIES; from += 100_000)
          await store.run(
            `${SYSTEM_LOG_INSERT} ${systemLogSelect(dialect, admin.environmentId, now - step * LOG_ENTRIES, step, DEVICES)} from ${seriesFrom(dialect, from, Math.min(LOG_ENTRIES, from + 99_999))}`,
          );
        const { id } = await store.one<{ id: number | string }>(
          `select min(id) as id from devices where environment_id = ${admin.environmentId}`,
        );
        busyDevice = Number(id);
        await seedBusyDevice(store, admin.environmentId, busyDevice, now);
      } finally {
        await store.close();
      }
      log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
      await provider.restart();
      const sessionA = await login(provider.url, provider.adminPassword);
      const sessionB = await login(provider.url, provider.adminPassword, 'tenant-b-manager', 'tenant-b');
      // Warm: the provider's first reads of the tables.
      await timelineAsks(provider, sessionA, busyDevice, WEEK_MS, 5);
      const weekAlone = await timelineAsks(provider, sessionA, busyDevice, WEEK_MS);
      const dayAlone = await timelineAsks(provider, sessionA, busyDevice, DAY_MS);
      const asks = (async () => ({
        week: await timelineAsks(provider, sessionA, busyDevice, WEEK_MS),
        day: await timelineAsks(provider, sessionA, busyDevice, DAY_MS),
      }))();
      const [busyFigures, tenantB] = await Promise.all([asks, tenantBWorks(provider, sessionB, asks)]);
      const weekP95 = percentile(busyFigures.week, 95);
      // A's own reports over its whole fleet, read and figured in the read pool.
      const environmentId = sessionA.environmentId;
      const reports: number[] = [];
      const firmware: number[] = [];
      for (let ask = 0; ask < 3; ask += 1) {
        const to = Date.now();
        const report = await timed(
          provider,
          sessionA,
          `${pathOf(API.devices.availabilityReport, { environmentId })}?from=${to - WEEK_MS}&to=${to}`,
        );
        if ((JSON.parse(report.body) as { devices: unknown[] }).devices.length !== DEVICES)
          throw new Error('the availability report did not hold every device');
        reports.push(report.ms);
        firmware.push((await timed(provider, sessionA, pathOf(API.devices.firmwareReport, { environmentId }))).ms);
      }
      console.log(
        figureTable(`bench:timeline on ${dialect}`, [
          ['devices A / B, background rows of each kind per device', `${DEVICES} / ${DEVICES_B}, ${BACKGROUND}`],
          ['A: 7-day timeline alone, p50 / p95', spreadOf(weekAlone)],
          ['A: 24-hour timeline alone, p50 / p95', spreadOf(dayAlone)],
          [
            'A: 7-day timeline while B works, p50 / p95',
            `${spreadOf(busyFigures.week)}: ${weekP95 <= TARGET_P95_MS ? 'met' : 'MISSED'} (p95 ≤ ${TARGET_P95_MS} ms)`,
          ],
          ['A: 24-hour timeline while B works, p50 / p95', spreadOf(busyFigures.day)],
          [`B: 7-day availability report of ${DEVICES_B} devices, p50 / p95`, spreadOf(tenantB.reports)],
          ['B: devices_state, p50 / p95', spreadOf(tenantB.lists)],
          [`A: 7-day availability report of ${DEVICES} devices, p50 / p95`, spreadOf(reports)],
          [`A: firmware report of ${DEVICES} devices, p50 / p95`, spreadOf(firmware)],
        ]),
      );
    } finally {
      await provider.dispose();
      if (dialect === 'postgres') await withPostgres((client) => client.query(`drop schema ${schema} cascade`));
    }
  });
}
