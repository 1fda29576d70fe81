import type { Kysely } from 'kysely';
import {
  emptyHistory,
  insertHistory,
  nextConnectionChange,
  type ConnectionChange,
  type ConnectionState,
} from '../store/deviceHistory.js';
import type { Database } from '../store/schema.js';

/** A device's connection changes, each carrying the totals on from the one before, as the simulator records them. */
export function connectionChanges(
  deviceId: number,
  steps: readonly (readonly [at: number, state: ConnectionState])[],
): ConnectionChange[] {
  const rows: ConnectionChange[] = [];
  for (const [at, state] of steps) rows.push(nextConnectionChange(deviceId, rows.at(-1) ?? null, state, at));
  return rows;
}

/** Writes a device's hand-made history: connection changes, link changes (`key`, time, up) and readings. */
export async function seedHistory(
  db: Kysely<Database>,
  deviceId: number,
  history: {
    readonly connection?: readonly (readonly [at: number, state: ConnectionState])[];
    readonly links?: readonly (readonly [key: string, at: number, up: boolean])[];
    readonly readings?: readonly (readonly [at: number, signal: number | null, temperature: number | null])[];
  },
): Promise<void> {
  const rows = emptyHistory();
  rows.connection.push(...connectionChanges(deviceId, history.connection ?? []));
  for (const [key, at, up] of history.links ?? [])
    rows.links.push({ device_id: deviceId, link_key: key, changed_at: at, state: up ? 1 : 0 });
  for (const [at, signal, temperature] of history.readings ?? [])
    rows.readings.push({ device_id: deviceId, reading_time: at, signal, temperature });
  await insertHistory(db, rows);
}
