import {
  connectionStatus,
  ConnectionStatus,
  isAlarmEvent,
  risingSeverity,
  Severity,
  SystemLogEvent,
  thresholdMetadataOf,
  type ThresholdAttributeType,
  type ThresholdValues,
} from '@halo/shared';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { forEachSlice } from '../loopTurns.js';
import { alarmOfAllowedDevice } from './allowedDevices.js';
import { keptToEnvironment } from './keptToEnvironment.js';
import { takeRevisions } from './revisions.js';
import type { Read } from './readPool.js';
import type { Database, NewSystemLog } from './schema.js';

/**
 * Alarms kept from the threshold readings the system log records (issue 27). A reading that
 * made an attribute worse on a threshold with should_alert (the entry's is_alert) opens the
 * device's alarm on that attribute, or updates the one that is open (severity, last value,
 * last time, one more breach); a reading that eased it updates its severity; one back to
 * safety clears it. Opening is an upsert against the partial unique index of migration 023, so
 * two writers racing open one alarm, not two.
 */

/** What a system log entry does to its device's alarm on its attribute. */
export type AlarmReadingKind = 'breach' | 'ease' | 'clear';

export interface AlarmReading {
  readonly kind: AlarmReadingKind;
  readonly deviceId: number;
  readonly deviceName: string;
  readonly attributeType: number;
  readonly severity: number;
  readonly value: string | null;
}

type ThresholdEntry = Pick<
  NewSystemLog,
  'device_id' | 'device_name' | 'device_attribute_type' | 'event_type' | 'severity' | 'value' | 'is_alert'
>;

/** The alarm reading of a system log entry, or null for an entry that is not a threshold's. */
export function alarmReadingOf(entry: ThresholdEntry): AlarmReading | null {
  if (entry.device_id == null || entry.device_attribute_type == null) return null;
  if (!isAlarmEvent(entry.event_type)) return null;
  const kind: AlarmReadingKind =
    entry.event_type === SystemLogEvent.BACK_TO_SAFETY ? 'clear' : entry.is_alert === 1 ? 'breach' : 'ease';
  return {
    kind,
    deviceId: entry.device_id,
    deviceName: entry.device_name ?? '',
    attributeType: entry.device_attribute_type,
    severity: entry.severity,
    value: entry.value ?? null,
  };
}

/** The readings of a batch of entries, the last one per device and attribute (as they were written). */
export function alarmReadingsOf(entries: readonly ThresholdEntry[]): AlarmReading[] {
  const last = new Map<string, AlarmReading>();
  for (const entry of entries) {
    const reading = alarmReadingOf(entry);
    if (!reading) continue;
    const key = `${reading.deviceId}:${reading.attributeType}`;
    last.delete(key); // keeps the order of the last reading
    last.set(key, reading);
  }
  return [...last.values()];
}

/** Alarms written per statement (breaches) or per transaction (eases and clears). */
const ALARM_WRITE_BATCH = 200;

/**
 * Applies `readings` to the environment's alarms as of `now`, in transactions of
 * ALARM_WRITE_BATCH with a turn of the event loop between them (a storm of 10,000 breaches
 * does not hold the writer in one piece). Each transaction takes one revision for its changes.
 */
export async function applyAlarmReadings(
  db: Kysely<Database>,
  environmentId: number,
  readings: readonly AlarmReading[],
  now: number,
): Promise<void> {
  await forEachSlice(readings, ALARM_WRITE_BATCH, (slice) =>
    db.transaction().execute(async (trx) => {
      const revision = await takeRevisions(trx, 1);
      const breaches = slice.filter((reading) => reading.kind === 'breach');
      if (breaches.length > 0) await upsertBreaches(trx, environmentId, breaches, now, revision);
      for (const reading of slice) {
        if (reading.kind === 'breach') continue;
        await trx
          .updateTable('alarms')
          .set(
            reading.kind === 'clear'
              ? { cleared_at: now, last_value: reading.value, revision }
              : { severity: reading.severity, last_value: reading.value, revision },
          )
          .where('environment_id', '=', environmentId)
          .where('device_id', '=', reading.deviceId)
          .where('device_attribute_type', '=', reading.attributeType)
          .where('cleared_at', 'is', null)
          .execute();
      }
    }),
  );
}

/**
 * After a threshold changes (issue 39, item 3): the environment's open alarms on its attribute
 * judged again, each by its last value against the new limits, as a device reading that value
 * now would be: cleared below every limit, its severity changed where the limits put it
 * elsewhere. An alarm of a device that stopped reporting would otherwise keep the severity of the
 * old limits until the device came back. Answers how many alarms changed. The open alarms (tens
 * of thousands in a storm) are read in the read pool (`read`), not on the loop that answers
 * everyone; only the changes are written.
 */
export async function reevaluateAlarms(
  db: Kysely<Database>,
  read: Read,
  environmentId: number,
  attributeType: ThresholdAttributeType,
  values: ThresholdValues,
  now: number,
): Promise<number> {
  const open = await read.rows(
    db
      .selectFrom('alarms')
      .select(['device_id', 'device_name', 'severity', 'last_value'])
      .where('environment_id', '=', environmentId)
      .where('device_attribute_type', '=', attributeType)
      .where('cleared_at', 'is', null)
      .compile(),
  );
  const metadata = thresholdMetadataOf(attributeType);
  const readings: AlarmReading[] = [];
  for (const alarm of open) {
    const value = Number.parseFloat(alarm.last_value ?? '');
    if (!Number.isFinite(value)) continue;
    const severity = risingSeverity(value, values, metadata);
    if (severity === alarm.severity) continue;
    readings.push({
      kind: severity === Severity.NORMAL ? 'clear' : 'ease',
      deviceId: alarm.device_id,
      deviceName: alarm.device_name,
      attributeType,
      severity,
      value: alarm.last_value,
    });
  }
  await applyAlarmReadings(db, environmentId, readings, now);
  return readings.length;
}

/** A worse breach after an acknowledgement asks for attention again: the acknowledgement's columns, kept or emptied. */
const keptUnlessWorse = <T>(column: string) =>
  sql<T>`case when alarms.acknowledged_severity is not null and excluded.severity > alarms.acknowledged_severity then null else ${sql.ref(`alarms.${column}`)} end`;

async function upsertBreaches(
  trx: Kysely<Database>,
  environmentId: number,
  breaches: readonly AlarmReading[],
  now: number,
  revision: number,
) {
  await trx
    .insertInto('alarms')
    .values(
      breaches.map((reading) => ({
        environment_id: environmentId,
        device_id: reading.deviceId,
        device_name: reading.deviceName,
        device_attribute_type: reading.attributeType,
        severity: reading.severity,
        peak_severity: reading.severity,
        last_value: reading.value,
        breach_count: 1,
        opened_at: now,
        last_breach_at: now,
        revision,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['device_id', 'device_attribute_type'])
        .where(sql.ref('cleared_at'), 'is', null)
        .doUpdateSet({
          device_name: sql`excluded.device_name`,
          severity: sql`excluded.severity`,
          peak_severity: sql`case when excluded.severity > alarms.peak_severity then excluded.severity else alarms.peak_severity end`,
          last_value: sql`excluded.last_value`,
          last_breach_at: sql`excluded.last_breach_at`,
          breach_count: sql`alarms.breach_count + 1`,
          acknowledged_at: keptUnlessWorse<number | null>('acknowledged_at'),
          acknowledged_by_user_id: keptUnlessWorse<number | null>('acknowledged_by_user_id'),
          acknowledged_by: keptUnlessWorse<string | null>('acknowledged_by'),
          acknowledgement_note: keptUnlessWorse<string | null>('acknowledgement_note'),
          acknowledged_severity: keptUnlessWorse<number | null>('acknowledged_severity'),
          revision: sql`excluded.revision`,
        }),
    )
    .execute();
}

/**
 * Clears the active alarms of deleted devices (no reading will clear them), each device's under
 * its own revision (`revisions`: device id to revision). One read finds the devices that have
 * any, so a batch of a few hundred devices without alarms costs one statement.
 */
export async function clearAlarmsOfDevices(trx: Kysely<Database>, revisions: ReadonlyMap<number, number>, now: number) {
  if (revisions.size === 0) return;
  const alarmed = await trx
    .selectFrom('alarms')
    .select('device_id')
    .distinct()
    .where('device_id', 'in', [...revisions.keys()])
    .where('cleared_at', 'is', null)
    .execute();
  for (const { device_id: deviceId } of alarmed) {
    await trx
      .updateTable('alarms')
      .set({ cleared_at: now, revision: revisions.get(deviceId) ?? 0 })
      .where('device_id', '=', deviceId)
      .where('cleared_at', 'is', null)
      .execute();
  }
}

/**
 * The devices among `after` whose connection (connected or not: what makes an active alarm
 * `stale`, alarmQuery.ts) differs from what the store holds now; read inside the transaction
 * that is about to write `after`.
 */
export async function devicesReconnecting(
  trx: Kysely<Database>,
  after: readonly { readonly id: number; readonly is_activated: number; readonly availability: number | null }[],
): Promise<number[]> {
  if (after.length === 0) return [];
  const before = new Map(
    (
      await trx
        .selectFrom('devices')
        .select(['id', 'is_activated', 'availability'])
        .where(
          'id',
          'in',
          after.map((device) => device.id),
        )
        .execute()
    ).map((row) => [row.id, isConnected(row)]),
  );
  return after
    .filter((device) => before.has(device.id) && before.get(device.id) !== isConnected(device))
    .map((device) => device.id);
}

/** Whether a device is connected now: what decides whether its active alarms are current or stale. */
const isConnected = (row: { readonly is_activated: number | null; readonly availability: number | null }) =>
  connectionStatus({ is_activated: row.is_activated === 1, availability: row.availability }) ===
  ConnectionStatus.CONNECTED;

/** The device's connection beside an alarm, read with it: whether its reading is current (`isStale`). */
export interface AlarmDeviceConnection {
  readonly device_availability: number | null;
  readonly device_activated: number | null;
}

/** The alarm's device's connection (AlarmDeviceConnection), as two columns of a select from alarms. */
export const deviceConnectionColumns = (eb: ExpressionBuilder<Database, 'alarms'>) =>
  [
    eb
      .selectFrom('devices')
      .select('devices.availability')
      .whereRef('devices.id', '=', 'alarms.device_id')
      .as('device_availability'),
    eb
      .selectFrom('devices')
      .select('devices.is_activated')
      .whereRef('devices.id', '=', 'alarms.device_id')
      .as('device_activated'),
  ] as const;

/**
 * Whether an active alarm's reading is not current: its device is not connected now (issue 39,
 * item 3), so the value is the last it sent, not what it reads; a device no longer there is not.
 */
export const isStale = (row: { readonly cleared_at: number | null } & Partial<AlarmDeviceConnection>): boolean =>
  row.cleared_at === null &&
  row.device_activated !== undefined &&
  row.device_activated !== null &&
  !isConnected({ is_activated: row.device_activated, availability: row.device_availability ?? null });

/**
 * Gives the active alarms of `deviceIds` a new revision, nothing else changed: a device that
 * connected or disconnected makes its alarms current or `stale`, and the changes feed (and the
 * live alarm stream it feeds) hands them out again so that followers see it without a reload.
 */
export async function reviseAlarmsOfDevices(
  trx: Kysely<Database>,
  deviceIds: readonly number[],
  revision: number,
): Promise<void> {
  if (deviceIds.length === 0) return;
  await trx
    .updateTable('alarms')
    .set({ revision })
    .where('device_id', 'in', [...deviceIds])
    .where('cleared_at', 'is', null)
    .execute();
}

/** Deletes the alarms cleared before `before` (retention); answers how many. Active alarms stay, however old. */
export async function pruneClearedAlarms(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('alarms').where('cleared_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface Acknowledger {
  readonly userId: number;
  readonly username: string;
  /** His reach is his allowed devices (isLimitedToAllowedDevices): alarms of other devices are not found to him. */
  readonly limitedToAllowedDevices?: boolean;
}

export interface AcknowledgeOutcome {
  /** The alarms this call acknowledged, with what the audit names them by. */
  readonly acknowledged: readonly { readonly id: number; readonly deviceName: string }[];
  readonly alreadyAcknowledged: readonly number[];
  readonly notFound: readonly number[];
}

/**
 * Acknowledges the environment's alarms among `ids` that nobody has acknowledged. Run it in a
 * transaction (with the audit of what it did): of two operators acknowledging the same alarm
 * at once, one does it and the other is told it was done already. Ids of other environments'
 * alarms, and of devices beyond the acknowledger's reach, count as not found.
 */
export async function acknowledgeAlarms(
  trx: Kysely<Database>,
  environmentId: number,
  ids: readonly number[],
  by: Acknowledger,
  note: string | null,
  now: number,
): Promise<AcknowledgeOutcome> {
  const unique = [...new Set(ids)];
  const limited = by.limitedToAllowedDevices === true;
  {
    const revision = await takeRevisions(trx, 1);
    const acknowledged = await trx
      .updateTable('alarms')
      .set((eb) => ({
        acknowledged_at: now,
        acknowledged_by_user_id: by.userId,
        acknowledged_by: by.username,
        acknowledgement_note: note,
        acknowledged_severity: eb.ref('severity'),
        revision,
      }))
      .where('id', 'in', unique)
      .where(keptToEnvironment(environmentId))
      .$if(limited, (query) => query.where(alarmOfAllowedDevice(by.userId)))
      .where('acknowledged_at', 'is', null)
      .returning(['id', 'device_name'])
      .execute();
    const done = new Set(acknowledged.map((row) => row.id));
    const rest = unique.filter((id) => !done.has(id));
    const existing =
      rest.length === 0
        ? []
        : await trx
            .selectFrom('alarms')
            .select('id')
            .where('id', 'in', rest)
            .where(keptToEnvironment(environmentId))
            .$if(limited, (query) => query.where(alarmOfAllowedDevice(by.userId)))
            .execute();
    const found = new Set(existing.map((row) => row.id));
    return {
      acknowledged: acknowledged
        .map((row) => ({ id: row.id, deviceName: row.device_name }))
        .sort((a, b) => a.id - b.id),
      alreadyAcknowledged: rest.filter((id) => found.has(id)).sort((a, b) => a - b),
      notFound: rest.filter((id) => !found.has(id)).sort((a, b) => a - b),
    };
  }
}
