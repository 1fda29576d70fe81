import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Device ids a user may act on (login entities.devices): their allowed list plus the devices they created. */
export async function allowedDeviceIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const listed = await db.selectFrom('user_devices').select('device_id').where('user_id', '=', userId).execute();
  const created = await db.selectFrom('devices').select('id').where('created_by', '=', userId).execute();
  return [...new Set([...listed.map((row) => row.device_id), ...created.map((row) => row.id)])].sort((a, b) => a - b);
}
