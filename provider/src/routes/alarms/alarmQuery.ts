import { codeLabel, type Alarm, type AlarmFilter, type CsvValue, type Locale } from '@halo/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isSilenced, silencedBy, type SilenceInForce, type SilenceTest } from '../../store/alarmSilences.js';
import type { AlarmRow, AlarmSilenceRow, Database } from '../../store/schema.js';
import { deviceConnectionColumns, isStale, type AlarmDeviceConnection } from '../../store/alarms.js';
import { contains } from '../logs/logPage.js';

/** The conditions of an alarm filter in one environment (and, for an export's batches, ids below one). */
export function alarmConditions(environmentId: number, filter: AlarmFilter, olderThan?: number): RawBuilder<boolean>[] {
  const conditions = [sql<boolean>`environment_id = ${environmentId}`];
  if (filter.state === 'active') conditions.push(sql<boolean>`cleared_at is null`);
  if (filter.state === 'cleared') conditions.push(sql<boolean>`cleared_at is not null`);
  if (filter.severities?.length) conditions.push(sql<boolean>`severity in (${sql.join(filter.severities)})`);
  if (filter.acknowledged === true) conditions.push(sql<boolean>`acknowledged_at is not null`);
  if (filter.acknowledged === false) conditions.push(sql<boolean>`acknowledged_at is null`);
  if (filter.device_name) conditions.push(contains('device_name', filter.device_name));
  if (filter.device_ids?.length) conditions.push(sql<boolean>`device_id in (${sql.join(filter.device_ids)})`);
  if (filter.device_attribute_types?.length)
    conditions.push(sql<boolean>`device_attribute_type in (${sql.join(filter.device_attribute_types)})`);
  if (olderThan !== undefined) conditions.push(sql<boolean>`id < ${olderThan}`);
  return conditions;
}

export function selectAlarms(db: Kysely<Database>, conditions: readonly RawBuilder<boolean>[]) {
  let select = db.selectFrom('alarms');
  for (const condition of conditions) select = select.where(condition);
  return select;
}

/** The alarms of `conditions`, every column, with their device's connection (AlarmDeviceConnection). */
export function selectAlarmsWithDevice(db: Kysely<Database>, conditions: readonly RawBuilder<boolean>[]) {
  return selectAlarms(db, conditions).selectAll('alarms').select(deviceConnectionColumns);
}

/**
 * The list's order: active first, the worst first, the oldest first among equals (the problem
 * that has waited longest); cleared after, the last cleared first; id breaks ties.
 */
export const ALARM_LIST_ORDER = sql`case when cleared_at is null then 0 else 1 end, case when cleared_at is null then severity else 0 end desc, case when cleared_at is null then opened_at else 0 end, cleared_at desc, id desc`;

const time = (value: number | null) => (value === null ? null : new Date(Number(value)).toISOString());

/** An alarm as answered, `silenced` telling whether a silence in force covers it (active alarms only). */
const alarmOf = (row: AlarmRow & Partial<AlarmDeviceConnection>, silenced: SilenceTest): Alarm => ({
  id: row.id,
  environment_id: row.environment_id,
  device_id: row.device_id,
  device_name: row.device_name,
  device_attribute_type: row.device_attribute_type,
  severity: row.severity,
  peak_severity: row.peak_severity,
  state: row.cleared_at === null ? 'active' : 'cleared',
  last_value: row.last_value,
  breach_count: row.breach_count,
  opened_at: time(row.opened_at) ?? '',
  last_breach_at: time(row.last_breach_at) ?? '',
  cleared_at: time(row.cleared_at),
  acknowledged: row.acknowledged_at !== null,
  acknowledged_by: row.acknowledged_by,
  acknowledged_at: time(row.acknowledged_at),
  acknowledgement_note: row.acknowledgement_note,
  silenced: row.cleared_at === null && silenced({ environmentId: row.environment_id, deviceId: row.device_id }),
  stale: isStale(row),
  revision: Number(row.revision),
});

/** An alarm as answered; `silences` are those in force at `now` (it is silenced if one covers it). */
export const alarmView = (
  row: AlarmRow & Partial<AlarmDeviceConnection>,
  silences: readonly AlarmSilenceRow[],
  now: number,
): Alarm => alarmOf(row, (alarm) => isSilenced(silences, alarm, now));

/** The export's columns: the alarm's fields with each code's label beside it. */
export const ALARM_CSV_HEADER = [
  'id',
  'state',
  'severity',
  'severity_label',
  'peak_severity',
  'device_id',
  'device_name',
  'device_attribute_type',
  'device_attribute_type_label',
  'last_value',
  'breach_count',
  'opened_at',
  'last_breach_at',
  'cleared_at',
  'acknowledged',
  'acknowledged_by',
  'acknowledged_at',
  'acknowledgement_note',
  'silenced',
  'stale',
] as const;

/** What the export's cells need beside an alarm: the reader's language, the silences in force at `now`. */
export interface AlarmCsvArgument {
  readonly locale: Locale;
  readonly silences: readonly SilenceInForce[];
  readonly now: number;
}

/**
 * An alarm's cells in the export (read shaper alarmCsv), the silences' index made once per
 * batch where the batch is read: the silences come as the shaper's argument.
 */
export const alarmCells = ({ locale, silences, now }: AlarmCsvArgument) => {
  const silenced = silencedBy(silences, now);
  return (row: AlarmRow & Partial<AlarmDeviceConnection>): CsvValue[] => {
    const alarm = alarmOf(row, silenced);
    const labels = {
      severity_label: codeLabel(locale, 'severity', alarm.severity),
      device_attribute_type_label: codeLabel(locale, 'attribute', alarm.device_attribute_type),
    };
    return ALARM_CSV_HEADER.map((column) =>
      column in labels ? labels[column as keyof typeof labels] : alarm[column as keyof Alarm],
    );
  };
};
