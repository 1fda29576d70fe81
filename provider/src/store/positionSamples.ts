import { HEATSIGHT_RETENTION_MS, type BoundingBox, type HistoryCell, type HistorySample } from '@halo/shared';
import { sql, type Kysely } from 'kysely';
import type { Database, NewPositionSample } from './schema.js';

const INSERT_BATCH = 500;
/** Cells per side of the aggregation grid, and time buckets per window. */
export const GRID = 512;
const TIME_BUCKETS = 96;

export async function insertPositionSamples(
  db: Kysely<Database>,
  samples: readonly NewPositionSample[],
): Promise<void> {
  for (let start = 0; start < samples.length; start += INSERT_BATCH)
    await db
      .insertInto('position_samples')
      .values(samples.slice(start, start + INSERT_BATCH))
      .execute();
}

/** Drops samples older than the longest window. */
export async function prunePositionSamples(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('position_samples')
    .where('sample_time', '<', now - HEATSIGHT_RETENTION_MS)
    .executeTakeFirst();
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

/** How many samples the filter selects and where they lie (null extent when none). */
export async function historyExtent(
  db: Kysely<Database>,
  filter: HistoryFilter,
): Promise<{ count: number; extent: BoundingBox | null }> {
  const row = await selected(db, filter)
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.min('longitude').as('west'),
      eb.fn.min('latitude').as('south'),
      eb.fn.max('longitude').as('east'),
      eb.fn.max('latitude').as('north'),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count === 0) return { count, extent: null };
  return {
    count,
    extent: { west: Number(row.west), south: Number(row.south), east: Number(row.east), north: Number(row.north) },
  };
}

/** Every sample the filter selects, oldest first. */
export async function historySamples(db: Kysely<Database>, filter: HistoryFilter): Promise<HistorySample[]> {
  const rows = await selected(db, filter)
    .select(['longitude', 'latitude', 'sample_time', 'connected', 'links_online', 'links_total', 'best_signal'])
    .orderBy('sample_time')
    .execute();
  return rows.map((row) => ({
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    time: Number(row.sample_time),
    connected: Number(row.connected) === 1,
    linksOnline: Number(row.links_online),
    linksTotal: Number(row.links_total),
    bestSignal: row.best_signal === null ? null : Number(row.best_signal),
  }));
}

/**
 * The samples aggregated in the database over a grid of the extent (GRID cells a side) and
 * TIME_BUCKETS buckets of the window, both divided by `coarsen`: per cell and bucket the
 * sample count, the share with no link, the mean share of links down and the mean signal.
 */
export async function historyCells(
  db: Kysely<Database>,
  filter: HistoryFilter,
  extent: BoundingBox,
  coarsen = 1,
): Promise<HistoryCell[]> {
  const grid = Math.max(1, Math.floor(GRID / coarsen));
  const buckets = Math.max(1, Math.floor(TIME_BUCKETS / coarsen));
  const perLongitude = extent.east > extent.west ? grid / (extent.east - extent.west) : 0;
  const perLatitude = extent.north > extent.south ? grid / (extent.north - extent.south) : 0;
  const perTime = buckets / Math.max(1, filter.to - filter.from);
  // Parameters as doubles: PostgreSQL would otherwise read them as the column's type (bigint).
  const real = (value: number) => sql<number>`cast(${value} as double precision)`;
  const cellX = sql<number>`floor((longitude - ${real(extent.west)}) * ${real(perLongitude)})`;
  const cellY = sql<number>`floor((latitude - ${real(extent.south)}) * ${real(perLatitude)})`;
  const bucket = sql<number>`floor((sample_time - ${real(filter.from)}) * ${real(perTime)})`;
  // hasNoLink and linksDownShare (shared) in SQL, so a cell says what its samples would.
  const noLink = sql<number>`sum(case when connected = 0 or links_online = 0 then 1 else 0 end)`;
  const down = sql<number>`avg(case when connected = 0 or links_total <= 0 then 1.0 else (links_total - links_online) * 1.0 / links_total end)`;
  const rows = await selected(db, filter)
    .select((eb) => [
      cellX.as('cx'),
      cellY.as('cy'),
      bucket.as('tb'),
      eb.fn.countAll().as('count'),
      noLink.as('no_link'),
      down.as('down'),
      eb.fn.avg('best_signal').as('signal'),
    ])
    .groupBy(['cx', 'cy', 'tb'])
    .orderBy('tb')
    .execute();
  const span = Math.max(1, filter.to - filter.from);
  return rows.map((row) => {
    const count = Number(row.count);
    const cx = Math.min(grid - 1, Number(row.cx));
    const cy = Math.min(grid - 1, Number(row.cy));
    return {
      longitude: perLongitude > 0 ? extent.west + (cx + 0.5) / perLongitude : extent.west,
      latitude: perLatitude > 0 ? extent.south + (cy + 0.5) / perLatitude : extent.south,
      time: Math.min(filter.to, filter.from + ((Number(row.tb) + 0.5) * span) / buckets),
      count,
      noLink: Number(row.no_link) / count,
      linksDown: Number(row.down),
      signal: row.signal === null ? null : Number(row.signal),
    };
  });
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
