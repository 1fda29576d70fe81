import { deviceReadings, SIM_EVENT_TYPE, ThresholdAttributeType, type DeviceFacts } from '@halo/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { parseLinksInfo, parseSystemReport } from '../../store/deviceJsonColumns.js';

const HOUR_MS = 3_600_000;

/** What every device of an environment reports now, as the threshold rules read it. */
export async function environmentDeviceFacts(
  db: Kysely<Database>,
  environmentId: number,
  now: number,
): Promise<DeviceFacts[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'is_activated', 'availability', 'last_seen_at', 'halo_system_report', 'halo_data_links_info'])
    .where('environment_id', '=', environmentId)
    .execute();
  const simEvents = await db
    .selectFrom('system_logs')
    .select(['device_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('environment_id', '=', environmentId)
    .where('device_attribute_type', '=', ThresholdAttributeType.SIM_EVENT)
    .where('event_type', '=', SIM_EVENT_TYPE)
    .where('log_time', '>=', now - HOUR_MS)
    .groupBy('device_id')
    .execute();
  const simByDevice = new Map(simEvents.map((row) => [row.device_id, Number(row.count)]));
  return rows.map((row) => ({
    activated: row.is_activated === 1,
    connected: row.availability === 1,
    lastSeenAt: row.last_seen_at,
    temperature: parseSystemReport(row.halo_system_report)?.temperature ?? null,
    links: parseLinksInfo(row.halo_data_links_info),
    simEventsLastHour: simByDevice.get(row.id) ?? 0,
  }));
}

/** The readings of one attribute across an environment's devices (those that have one). */
export async function attributeReadings(
  db: Kysely<Database>,
  environmentId: number,
  type: ThresholdAttributeType,
  now: number,
): Promise<number[]> {
  const readings: number[] = [];
  for (const facts of await environmentDeviceFacts(db, environmentId, now)) {
    const reading = deviceReadings(facts, now).get(type);
    if (reading !== undefined) readings.push(reading);
  }
  return readings;
}
