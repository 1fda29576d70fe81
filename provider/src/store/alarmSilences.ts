import type { AlarmSilence, SilenceNotice } from '@halo/shared';
import { sql, type Kysely } from 'kysely';
import type { AlarmSilenceRow, Database } from './schema.js';

/**
 * A silence in force, with the devices in its group (scope `group`) as they are now, and the
 * environment it was set from (its setter's own; null once the setter is gone; absent where
 * a list of silences was read without it).
 */
export type SilenceInForce = AlarmSilenceRow & {
  readonly set_from?: number | null;
  readonly members?: ReadonlySet<number>;
};

/** The silences of `environmentIds` in force at `now` (silence.ts: they notify nobody), groups' members read. */
export async function silencesInForce(
  db: Kysely<Database>,
  environmentIds: readonly number[],
  now: number,
): Promise<SilenceInForce[]> {
  if (environmentIds.length === 0) return [];
  const silences = await db
    .selectFrom('alarm_silences')
    .leftJoin('users', 'users.id', 'alarm_silences.created_by_user_id')
    .selectAll('alarm_silences')
    .select('users.environment_id as set_from')
    .where('alarm_silences.environment_id', 'in', environmentIds)
    .where('alarm_silences.starts_at', '<=', now)
    .where('alarm_silences.ends_at', '>', now)
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

/**
 * The silences that bind a recipient of notifications (an alarm mail's user, a webhook) whose
 * environment and those above it are `chain`: those set from one of them. A silence belongs
 * to the environment it was set from (routes/alarm-silences/silenceOwnership.ts), so a child
 * that silences itself quiets its own notifications, never its parent's mail and webhooks;
 * a parent's silence quiets the child's as well. A silence whose setter is gone counts as set
 * from the environment it silences.
 */
export const silencesBinding = (silences: readonly SilenceInForce[], chain: ReadonlySet<number>): SilenceInForce[] =>
  silences.filter((silence) => chain.has(silence.set_from ?? silence.environment_id));

/** The index silencedBy made of a list of silences, by the list (each request reads its own). */
const indexes = new WeakMap<readonly SilenceInForce[], { readonly now: number; readonly test: SilenceTest }>();

/**
 * Whether any of `silences` covers an alarm of `environmentId` on `deviceId` at `now`
 * (silenceCovers of shared/alarms/silence.ts), looked up in an index of the list made once per
 * list and time: a page of 1,000 alarms against 1,000 silences tried a million pairs.
 */
export function isSilenced(
  silences: readonly SilenceInForce[],
  alarm: { readonly environmentId: number; readonly deviceId: number },
  now: number,
): boolean {
  let index = indexes.get(silences);
  if (index?.now !== now) indexes.set(silences, (index = { now, test: silencedBy(silences, now) }));
  return index.test(alarm);
}

/** Whether a silence covers an alarm (silencedBy). */
export type SilenceTest = (alarm: { readonly environmentId: number; readonly deviceId: number }) => boolean;

/**
 * Whether an alarm is silenced at `now` (silenceCovers), from an index of the silences made
 * once: a job or page that checks thousands of alarms against a thousand
 * silences (one per device of a maintenance window) looks each alarm up instead of trying
 * every silence on it.
 */
export function silencedBy(silences: readonly SilenceInForce[], now: number): SilenceTest {
  const wholeEnvironments = new Set<number>();
  const devicesByEnvironment = new Map<number, Set<number>>();
  for (const silence of silences) {
    if (now < Number(silence.starts_at) || now >= Number(silence.ends_at)) continue;
    if (silence.scope === 'environment') {
      wholeEnvironments.add(silence.environment_id);
      continue;
    }
    const covered =
      silence.scope === 'group' ? [...(silence.members ?? [])] : silence.device_id === null ? [] : [silence.device_id];
    let devices = devicesByEnvironment.get(silence.environment_id);
    if (!devices) devicesByEnvironment.set(silence.environment_id, (devices = new Set()));
    for (const deviceId of covered) devices.add(deviceId);
  }
  return (alarm) =>
    wholeEnvironments.has(alarm.environmentId) ||
    (devicesByEnvironment.get(alarm.environmentId)?.has(alarm.deviceId) ?? false);
}

/** The SQL condition "a silence covers this row of alarms at `now`" (the counts' unacknowledged leave silenced alarms out). */
export const silencedAt = (now: number) =>
  sql<boolean>`exists (select 1 from alarm_silences s where s.environment_id = alarms.environment_id and s.starts_at <= ${now} and s.ends_at > ${now} and (s.scope = 'environment' or s.device_id = alarms.device_id or (s.scope = 'group' and exists (select 1 from device_group_members m where m.group_id = s.group_id and m.device_id = alarms.device_id))))`;

/** A silence's row as far as its notice goes. */
type NoticeRow = Pick<
  AlarmSilenceRow,
  'id' | 'scope' | 'device_name' | 'group_name' | 'reason' | 'ends_at' | 'created_by'
>;

/**
 * Silences as everything that counts alarms names them (issue 39, item 2): a whole
 * environment's first, then the longest-lasting.
 */
export function silenceNoticesOf(rows: readonly NoticeRow[]): SilenceNotice[] {
  return [...rows]
    .sort(
      (a, b) =>
        Number(b.scope === 'environment') - Number(a.scope === 'environment') ||
        Number(b.ends_at) - Number(a.ends_at) ||
        a.id - b.id,
    )
    .map((row) => ({
      id: row.id,
      scope: row.scope === 'device' || row.scope === 'group' ? row.scope : 'environment',
      device_name: row.device_name,
      group_name: row.group_name,
      reason: row.reason,
      ends_at: new Date(Number(row.ends_at)).toISOString(),
      created_by: row.created_by,
    }));
}

/** The silences in force in an environment at `now`, as notices (the table is capped: COLLECTION_CAPS.silences). */
export async function silenceNotices(
  db: Kysely<Database>,
  environmentId: number,
  now: number,
): Promise<SilenceNotice[]> {
  const rows = await db
    .selectFrom('alarm_silences')
    .select(['id', 'scope', 'device_name', 'group_name', 'reason', 'ends_at', 'created_by'])
    .where('environment_id', '=', environmentId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
  return silenceNoticesOf(rows);
}

/** A silence as answered; `mayEnd`: whether the caller may end it (routes/alarm-silences/silenceOwnership.ts). */
export const silenceView = (row: AlarmSilenceRow, mayEnd: boolean): AlarmSilence => ({
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
  may_end: mayEnd,
});
