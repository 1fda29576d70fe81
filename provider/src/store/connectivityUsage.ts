import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export const DAY_MS = 86_400_000;

/** Seconds a device was connected, to add to its counter of one UTC day. */
export interface ConnectedSeconds {
  readonly deviceId: number;
  readonly environmentId: number;
  /** UTC midnight of the day, epoch ms. */
  readonly dayStart: number;
  readonly seconds: number;
}

/** 4 parameters a row: well under either database's parameter limit. */
const ROWS_PER_STATEMENT = 2000;

export const utcDayStart = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/**
 * Adds connected seconds to the per-device day counters and to their environment roll-up:
 * one upsert per 2,000 devices and one for the environments, whatever the fleet size.
 */
export async function addConnectedSeconds(db: Kysely<Database>, entries: readonly ConnectedSeconds[]): Promise<void> {
  const rows = entries.filter((entry) => entry.seconds > 0);
  if (rows.length === 0) return;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto('device_connectivity_days')
      .values(
        rows.slice(start, start + ROWS_PER_STATEMENT).map((entry) => ({
          device_id: entry.deviceId,
          environment_id: entry.environmentId,
          day_start: entry.dayStart,
          connected_seconds: entry.seconds,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['device_id', 'day_start']).doUpdateSet((eb) => ({
          connected_seconds: eb(
            'device_connectivity_days.connected_seconds',
            '+',
            eb.ref('excluded.connected_seconds'),
          ),
        })),
      )
      .execute();
  }
  const totals = new Map<string, { environment_id: number; day_start: number; connected_seconds: number }>();
  for (const entry of rows) {
    const key = `${entry.environmentId}:${entry.dayStart}`;
    const total = totals.get(key);
    if (total) total.connected_seconds += entry.seconds;
    else
      totals.set(key, {
        environment_id: entry.environmentId,
        day_start: entry.dayStart,
        connected_seconds: entry.seconds,
      });
  }
  await db
    .insertInto('environment_connectivity_days')
    .values([...totals.values()])
    .onConflict((conflict) =>
      conflict.columns(['environment_id', 'day_start']).doUpdateSet((eb) => ({
        connected_seconds: eb(
          'environment_connectivity_days.connected_seconds',
          '+',
          eb.ref('excluded.connected_seconds'),
        ),
      })),
    )
    .execute();
}
