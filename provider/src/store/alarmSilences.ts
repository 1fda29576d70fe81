import { silenceCovers, type AlarmSilence, type SilenceScope } from '@halo/shared';
import { sql, type Kysely } from 'kysely';
import type { AlarmSilenceRow, Database } from './schema.js';

/** The silences of `environmentIds` in force at `now` (silence.ts: they notify nobody). */
export function silencesInForce(db: Kysely<Database>, environmentIds: readonly number[], now: number) {
  if (environmentIds.length === 0) return Promise.resolve([] as AlarmSilenceRow[]);
  return db
    .selectFrom('alarm_silences')
    .selectAll()
    .where('environment_id', 'in', environmentIds)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
}

/** Whether any of `silences` covers an alarm of `environmentId` on `deviceId` at `now`. */
export function isSilenced(
  silences: readonly AlarmSilenceRow[],
  alarm: { readonly environmentId: number; readonly deviceId: number },
  now: number,
): boolean {
  return silences.some((silence) =>
    silenceCovers(
      { scope: silence.scope as SilenceScope, environment_id: silence.environment_id, device_id: silence.device_id },
      { startsAt: Number(silence.starts_at), endsAt: Number(silence.ends_at) },
      alarm,
      now,
    ),
  );
}

/** The SQL condition "a silence covers this row of alarms at `now`" (the counts' unacknowledged leave silenced alarms out). */
export const silencedAt = (now: number) =>
  sql<boolean>`exists (select 1 from alarm_silences s where s.environment_id = alarms.environment_id and s.starts_at <= ${now} and s.ends_at > ${now} and (s.scope = 'environment' or s.device_id = alarms.device_id))`;

export const silenceView = (row: AlarmSilenceRow): AlarmSilence => ({
  id: row.id,
  environment_id: row.environment_id,
  scope: row.scope === 'device' ? 'device' : 'environment',
  device_id: row.device_id,
  device_name: row.device_name,
  reason: row.reason,
  starts_at: new Date(Number(row.starts_at)).toISOString(),
  ends_at: new Date(Number(row.ends_at)).toISOString(),
  created_by: row.created_by,
  created_at: new Date(Number(row.created_at)).toISOString(),
});
