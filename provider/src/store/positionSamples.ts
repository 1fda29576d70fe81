import type { BoundingBox, HistorySample } from '@halo/shared';
import type { Kysely } from 'kysely';
import { insertInBatches } from './insertInBatches.js';
import { addToRollups } from './positionRollups.js';
import type { Database, NewPositionSample } from './schema.js';

const INSERT_BATCH = 500;

/** Stores samples and adds them to the rollups; call it in a transaction, so both or neither hold them. */
export async function insertPositionSamples(
  db: Kysely<Database>,
  samples: readonly NewPositionSample[],
): Promise<void> {
  await insertInBatches(db, 'position_samples', samples, INSERT_BATCH);
  await addToRollups(db, samples);
}

/** Drops the raw samples taken before `before`; their rollups stay. */
export async function prunePositionSamples(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('position_samples').where('sample_time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface HistoryFilter {
  readonly environmentIds: readonly number[];
  readonly from: number;
  readonly to: number;
  readonly bbox?: BoundingBox | undefined;
}

function selected(db: Kysely<Database>, filter: HistoryFilter) {
  let query = db
    .selectFrom('position_samples')
    .where('environment_id', 'in', [...filter.environmentIds])
    .where('sample_time', '>=', filter.from)
    .where('sample_time', '<=', filter.to);
  const { bbox } = filter;
  if (bbox)
    query = query
      .where('longitude', '>=', bbox.west)
      .where('longitude', '<=', bbox.east)
      .where('latitude', '>=', bbox.south)
      .where('latitude', '<=', bbox.north);
  return query;
}

const SAMPLE_COLUMNS = [
  'longitude',
  'latitude',
  'sample_time',
  'connected',
  'links_online',
  'links_total',
  'best_signal',
] as const;

/** A stored sample as the history reads it (PostgreSQL may give numbers as text). */
export type HistorySampleRow = { readonly [Column in (typeof SAMPLE_COLUMNS)[number]]: unknown };

/** The query of the samples the filter selects, oldest first; no more than `limit`. */
export function historySamplesQuery(db: Kysely<Database>, filter: HistoryFilter, limit?: number) {
  let query = selected(db, filter).select(SAMPLE_COLUMNS).orderBy('sample_time');
  if (limit !== undefined) query = query.limit(limit);
  return query;
}

export const historySampleOf = (row: HistorySampleRow): HistorySample => ({
  longitude: Number(row.longitude),
  latitude: Number(row.latitude),
  time: Number(row.sample_time),
  connected: Number(row.connected) === 1,
  linksOnline: Number(row.links_online),
  linksTotal: Number(row.links_total),
  bestSignal: row.best_signal === null ? null : Number(row.best_signal),
});

/** The samples the filter selects, oldest first; no more than `limit`. */
export async function historySamples(
  db: Kysely<Database>,
  filter: HistoryFilter,
  limit?: number,
): Promise<HistorySample[]> {
  const rows = await historySamplesQuery(db, filter, limit).execute();
  return rows.map(historySampleOf);
}

/** Where points lie (samples or cells); null when there are none. */
export function extentOf(
  points: readonly { readonly longitude: number; readonly latitude: number }[],
): BoundingBox | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const point of points) {
    west = Math.min(west, point.longitude);
    east = Math.max(east, point.longitude);
    south = Math.min(south, point.latitude);
    north = Math.max(north, point.latitude);
  }
  return { west, south, east, north };
}

/** A device's link quality as one stored sample. */
export function positionSample(
  environmentId: number,
  deviceId: number,
  time: number,
  position: { readonly longitude: number; readonly latitude: number },
  quality: { connected: boolean; linksOnline: number; linksTotal: number; signals: readonly (number | null)[] },
): NewPositionSample {
  const online = quality.signals.filter((signal): signal is number => signal !== null);
  return {
    environment_id: environmentId,
    device_id: deviceId,
    sample_time: time,
    longitude: position.longitude,
    latitude: position.latitude,
    connected: quality.connected ? 1 : 0,
    links_online: quality.connected ? quality.linksOnline : 0,
    links_total: quality.linksTotal,
    best_signal: online.length > 0 ? Math.max(...online) : null,
    cellular_signals: quality.signals.length > 0 ? quality.signals.map((signal) => signal ?? '').join(',') : null,
  };
}
