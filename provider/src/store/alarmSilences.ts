import { silenceCovers, type AlarmSilence, type SilenceScope } from '@halo/shared';
import { sql, type Kysely } from 'kysely';
import type { AlarmSilenceRow, Database } from './schema.js';

/** A silence in force, with the devices in its group (scope `group`) as they are now. */
export type SilenceInForce = AlarmSilenceRow & { readonly members?: ReadonlySet<number> };

/** The silences of `environmentIds` in force at `now` (silence.ts: they notify nobody), groups' members read. */
export async function silencesInForce(
  db: Kysely<Database>,
  environmentIds: readonly number[],
  now: number,
): Promise<SilenceInForce[]> {
  if (environmentIds.length === 0) return [];
  const silences = await db
    .selectFrom('alarm_silences')
    .selectAll()
    .where('environment_id', 'in', environmentIds)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
  const groupIds = [...new Set(silences.flatMap((silence) => (silence.group_id === null ? [] : [silence.group_id])))];
  if (groupIds.length === 0) return silences;
  const members = new Map<number, Set<number>>();
  const rows = await db
    .selectFrom('device_group_members')
    .select(['group_id', 'device_id'])
    .where('group_id', 'in', groupIds)
    .execute();
  for (const row of rows) {
    let devices = members.get(row.group_id);
    if (!devices) members.set(row.group_id, (devices = new Set()));
    devices.add(row.device_id);
  }
  return silences.map((silence) =>
    silence.group_id === null ? silence : { ...silence, members: members.get(silence.group_id) ?? new Set() },
  );
}

/** Whether any of `silences` covers an alarm of `environmentId` on `deviceId` at `now`. */
export function isSilenced(
  silences: readonly SilenceInForce[],
  alarm: { readonly environmentId: number; readonly deviceId: number },
  now: number,
): boolean {
  return silences.some((silence) =>
    silenceCovers(
      {
        scope: silence.scope as SilenceScope,
        environment_id: silence.environment_id,
        device_id: silence.device_id,
        ...(silence.members ? { members: silence.members } : {}),
      },
      { startsAt: Number(silence.starts_at), endsAt: Number(silence.ends_at) },
      alarm,
      now,
    ),
  );
}

/** The SQL condition "a silence covers this row of alarms at `now`" (the counts' unacknowledged leave silenced alarms out). */
export const silencedAt = (now: number) =>
  sql<boolean>`exists (select 1 from alarm_silences s where s.environment_id = alarms.environment_id and s.starts_at <= ${now} and s.ends_at > ${now} and (s.scope = 'environment' or s.device_id = alarms.device_id or (s.scope = 'group' and exists (select 1 from device_group_members m where m.group_id = s.group_id and m.device_id = alarms.device_id))))`;

export const silenceView = (row: AlarmSilenceRow): AlarmSilence => ({
  id: row.id,
  environment_id: row.environment_id,
  scope: row.scope === 'device' || row.scope === 'group' ? row.scope : 'environment',
  device_id: row.device_id,
  device_name: row.device_name,
  group_id: row.group_id,
  group_name: row.group_name,
  reason: row.reason,
  starts_at: new Date(Number(row.starts_at)).toISOString(),
  ends_at: new Date(Number(row.ends_at)).toISOString(),
  created_by: row.created_by,
  created_at: new Date(Number(row.created_at)).toISOString(),
});
