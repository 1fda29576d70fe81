import { deviceReadings, SIM_EVENT_TYPE, ThresholdAttributeType, type DeviceFacts } from '@halo/shared';
import type { Kysely } from 'kysely';
import { textBytes } from '../../http/jsonAnswer.js';
import type { TextBatch } from '../../store/keysetPages.js';
import type { Database, DeviceRow } from '../../store/schema.js';
import { parseLinksInfo, parseSystemReport } from '../../store/deviceJsonColumns.js';

const HOUR_MS = 3_600_000;

/** The columns of a device the threshold rules read. */
export type DeviceFactsRow = Pick<
  DeviceRow,
  'id' | 'is_activated' | 'availability' | 'last_seen_at' | 'halo_system_report' | 'halo_data_links_info'
>;

/** The devices of an environment as the threshold rules read them. */
export const environmentDevicesQuery = (db: Kysely<Database>, environmentId: number) =>
  db
    .selectFrom('devices')
    .select(['id', 'is_activated', 'availability', 'last_seen_at', 'halo_system_report', 'halo_data_links_info'])
    .where('environment_id', '=', environmentId);

/** How many SIM events each device of an environment logged in the last hour. */
export const simEventsLastHourQuery = (db: Kysely<Database>, environmentId: number, now: number) =>
  db
    .selectFrom('system_logs')
    .select(['device_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('environment_id', '=', environmentId)
    .where('device_attribute_type', '=', ThresholdAttributeType.SIM_EVENT)
    .where('event_type', '=', SIM_EVENT_TYPE)
    .where('log_time', '>=', now - HOUR_MS)
    .groupBy('device_id');

/** A device's facts from its row and its SIM events of the last hour. */
export const deviceFactsOf = (row: DeviceFactsRow, simEventsLastHour: number): DeviceFacts => ({
  activated: row.is_activated === 1,
  connected: row.availability === 1,
  lastSeenAt: row.last_seen_at,
  temperature: parseSystemReport(row.halo_system_report)?.temperature ?? null,
  links: parseLinksInfo(row.halo_data_links_info),
  simEventsLastHour,
});

/** What a readings shaper needs beside the rows: the attribute, the time, and the SIM events per device. */
export interface ReadingsOf {
  readonly type: ThresholdAttributeType;
  readonly now: number;
  readonly simEvents: readonly (readonly [deviceId: number | null, count: number])[];
}

/**
 * The readings of one attribute across a batch of an environment's devices (those that have
 * one), as the answer's `readings` items, JSON joined by commas. It runs where the rows were
 * read (readShapers.ts), a keyset batch at a time: each device's JSON columns are parsed and
 * checked, which for 100,000 devices held the request loop for seconds.
 */
export function attributeReadingsBatch(rows: readonly DeviceFactsRow[], of: ReadingsOf): TextBatch {
  const simByDevice = new Map(of.simEvents);
  const readings = rows.flatMap((row) => {
    const reading = deviceReadings(deviceFactsOf(row, simByDevice.get(row.id) ?? 0), of.now).get(of.type);
    return reading === undefined ? [] : [JSON.stringify(reading)];
  });
  return { text: textBytes(readings.join(',')), count: rows.length, lastId: rows.at(-1)?.id ?? null };
}
