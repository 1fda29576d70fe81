import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Devices in groups (migration 028): one statement per call, so callers pass a slice of a few
 * hundred ids (a group's change of devices, a bulk action) and keep their own turns.
 */

/** Puts the devices in the group; one already in it stays as it is. */
export async function addGroupMembers(db: Kysely<Database>, groupId: number, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return;
  await db
    .insertInto('device_group_members')
    .values(deviceIds.map((device_id) => ({ group_id: groupId, device_id })))
    .onConflict((conflict) => conflict.columns(['group_id', 'device_id']).doNothing())
    .execute();
}

/** Takes the devices out of the group; one not in it is no matter. */
export async function removeGroupMembers(db: Kysely<Database>, groupId: number, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return;
  await db
    .deleteFrom('device_group_members')
    .where('group_id', '=', groupId)
    .where('device_id', 'in', [...deviceIds])
    .execute();
}

/** Which of `deviceIds` are in the group. */
export async function membersAmong(
  db: Kysely<Database>,
  groupId: number,
  deviceIds: readonly number[],
): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('device_group_members')
    .select('device_id')
    .where('group_id', '=', groupId)
    .where('device_id', 'in', [...deviceIds])
    .execute();
  return new Set(rows.map((row) => row.device_id));
}
