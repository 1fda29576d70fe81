import { ErrorCode, ValidationKey } from '@halo/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { refuse } from '../errors/httpError.js';
import { keptToEnvironment } from './keptToEnvironment.js';
import type { Database } from './schema.js';

/** Device ids a user may act on (login entities.devices): their allowed list plus the devices they created. */
export async function allowedDeviceIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const listed = await db.selectFrom('user_devices').select('device_id').where('user_id', '=', userId).execute();
  const created = await db.selectFrom('devices').select('id').where('created_by', '=', userId).execute();
  return [...new Set([...listed.map((row) => row.device_id), ...created.map((row) => row.id)])].sort((a, b) => a - b);
}

/**
 * An alarm of one of the user's allowed devices (his list or what he created), asked in the
 * query itself: a list may hold a whole fleet, more ids than a statement may bind.
 */
export function alarmOfAllowedDevice(userId: number) {
  return (eb: ExpressionBuilder<Database, 'alarms'>) =>
    eb.or([
      eb('alarms.device_id', 'in', eb.selectFrom('user_devices').select('device_id').where('user_id', '=', userId)),
      eb('alarms.device_id', 'in', eb.selectFrom('devices').select('id').where('created_by', '=', userId)),
    ]);
}

/** Which of `deviceIds` are in the user's allowed list (not what they created: see mayActOnDevice). */
export async function listedAmong(
  db: Kysely<Database>,
  userId: number,
  deviceIds: readonly number[],
): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_devices')
    .select('device_id')
    .where('user_id', '=', userId)
    .where('device_id', 'in', [...deviceIds])
    .execute();
  return new Set(rows.map((row) => row.device_id));
}

/** The devices granted to each of these users (their allowed lists, not what they created). */
export async function grantedDevicesOf(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const granted = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return granted;
  const rows = await db
    .selectFrom('user_devices')
    .select(['user_id', 'device_id'])
    .where('user_id', 'in', [...userIds])
    .orderBy('device_id')
    .execute();
  for (const row of rows) granted.get(row.user_id)?.push(row.device_id);
  return granted;
}

/** Every id must name a device of the user's environment, or nothing is written (error 1 on the field). */
export async function assertDevicesOfEnvironment(
  db: Kysely<Database>,
  environmentId: number,
  deviceIds: readonly number[],
): Promise<void> {
  if (deviceIds.length === 0) return;
  const found = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('id', 'in', [...deviceIds])
    .where(keptToEnvironment(environmentId))
    .executeTakeFirstOrThrow();
  if (Number(found.count) !== deviceIds.length) {
    throw refuse(
      ErrorCode.MISSING_VALUES,
      { allowed_devices: ValidationKey.INVALID },
      { message: "Allowed devices must be devices of the user's environment" },
    );
  }
}

/** Replaces a user's granted devices (in the caller's transaction). */
export async function setGrantedDevices(
  db: Kysely<Database>,
  userId: number,
  deviceIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('user_devices').where('user_id', '=', userId).execute();
  for (let start = 0; start < deviceIds.length; start += 500) {
    await db
      .insertInto('user_devices')
      .values(deviceIds.slice(start, start + 500).map((deviceId) => ({ user_id: userId, device_id: deviceId })))
      .execute();
  }
}
