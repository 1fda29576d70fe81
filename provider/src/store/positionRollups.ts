import { hasNoLink, linksDownShare, type HistoryCell } from '@halo/shared';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { HistoryFilter } from './positionSamples.js';
import type { Database, NewPositionRollup, NewPositionSample } from './schema.js';

/**
 * HeatSight's history read from rollups, not from every sample: as samples are written they
 * are added into a map cell and time bucket at several resolutions, so a window's answer reads
 * a bounded number of rows whatever the fleet wrote (issue 25).
 *
 * A cell is a square of the plain latitude/longitude grid, 1/cellsPerDegree of a degree a
 * side (the heat map draws in degrees, and at the zoom that fits a day's fleet a finer cell
 * would sit under one heat kernel anyway). Each row keeps sums, not means, so rows add up: to
 * a coarser cell, across environments (subtree) and across writes (an upsert adds).
 */
export interface RollupLevel {
  readonly level: number;
  readonly cellsPerDegree: number;
  readonly bucketMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Finest first, each a quarter of the one before in cells and in buckets: about 430 m and
 * 15 minutes (a 24 h window in 96 steps, as the map's playback had), then 1.7 km and 1 h (7 days
 * in 168 steps), 7 km and 4 h, 28 km and 12 h for a fleet too spread out for the others.
 */
export const ROLLUP_LEVELS: readonly RollupLevel[] = [
  { level: 0, cellsPerDegree: 256, bucketMs: 15 * MINUTE },
  { level: 1, cellsPerDegree: 64, bucketMs: HOUR },
  { level: 2, cellsPerDegree: 16, bucketMs: 4 * HOUR },
  { level: 3, cellsPerDegree: 4, bucketMs: 12 * HOUR },
];

/** A window is shown in at most this many time steps at its finest level. */
const MAX_TIME_STEPS = 192;
/**
 * Rollup rows one answer reads at most (fewer when max_points asks): reading and encoding this
 * many rows takes about 100 ms; a window with more at a level is answered from a coarser one.
 */
export const ROLLUP_READ_LIMIT = 100_000;

const cellOf = (degrees: number, level: RollupLevel) => Math.floor(degrees * level.cellsPerDegree);
const bucketOf = (time: number, level: RollupLevel) => Math.floor(time / level.bucketMs) * level.bucketMs;

/** The samples added up per environment, level, bucket and cell: the rows to add to the store. */
export function rollUp(samples: readonly NewPositionSample[]): NewPositionRollup[] {
  const rows = new Map<string, NewPositionRollup & { sample_count: number }>();
  for (const sample of samples) {
    const quality = {
      connected: Number(sample.connected) === 1,
      linksOnline: Number(sample.links_online),
      linksTotal: Number(sample.links_total),
    };
    const noLink = hasNoLink(quality) ? 1 : 0;
    const down = linksDownShare(quality);
    const signal = sample.best_signal ?? null;
    for (const level of ROLLUP_LEVELS) {
      const key = {
        environment_id: sample.environment_id,
        level: level.level,
        bucket_start: bucketOf(sample.sample_time, level),
        cell_x: cellOf(sample.longitude, level),
        cell_y: cellOf(sample.latitude, level),
      };
      const id = `${key.environment_id}:${key.level}:${key.bucket_start}:${key.cell_x}:${key.cell_y}`;
      const row = rows.get(id);
      if (row) {
        row.sample_count += 1;
        row.no_link_count += noLink;
        row.links_down_sum += down;
        row.signal_sum += signal ?? 0;
        row.signal_count += signal === null ? 0 : 1;
        row.longitude_sum += sample.longitude;
        row.latitude_sum += sample.latitude;
      } else
        rows.set(id, {
          ...key,
          sample_count: 1,
          no_link_count: noLink,
          links_down_sum: down,
          signal_sum: signal ?? 0,
          signal_count: signal === null ? 0 : 1,
          longitude_sum: sample.longitude,
          latitude_sum: sample.latitude,
        });
    }
  }
  // One order for every writer, so two transactions adding to the same rows never deadlock.
  return [...rows.values()].sort(
    (a, b) =>
      a.environment_id - b.environment_id ||
      a.level - b.level ||
      a.bucket_start - b.bucket_start ||
      a.cell_x - b.cell_x ||
      a.cell_y - b.cell_y,
  );
}

const UPSERT_BATCH = 400;
const SUMS = [
  'sample_count',
  'no_link_count',
  'links_down_sum',
  'signal_sum',
  'signal_count',
  'longitude_sum',
  'latitude_sum',
] as const;

/** Adds samples to the rollups (in the caller's transaction, with the samples themselves). */
export async function addToRollups(db: Kysely<Database>, samples: readonly NewPositionSample[]): Promise<void> {
  const rows = rollUp(samples);
  for (let start = 0; start < rows.length; start += UPSERT_BATCH)
    await db
      .insertInto('position_rollups')
      .values(rows.slice(start, start + UPSERT_BATCH))
      .onConflict((conflict) =>
        conflict
          .columns(['environment_id', 'level', 'bucket_start', 'cell_x', 'cell_y'])
          .doUpdateSet((eb) =>
            Object.fromEntries(
              SUMS.map((column) => [column, eb(`position_rollups.${column}`, '+', eb.ref(`excluded.${column}`))]),
            ),
          ),
      )
      .execute();
}

/**
 * Rolls up every stored sample at or after `from` (migration 020's backfill, and a bulk load
 * written straight into position_samples), in the database: what addToRollups would have
 * written, the shares as shared hasNoLink and linksDownShare say. Rollups already there for
 * those buckets are replaced, not added to.
 */
export async function rollUpStoredSamples<DB>(db: Kysely<DB>, from = 0): Promise<void> {
  const noLink = sql`sum(case when connected = 0 or links_online = 0 then 1 else 0 end)`;
  const down = sql`sum(case when connected = 0 or links_total <= 0 then 1.0 when links_online >= links_total then 0.0 else (links_total - links_online) * 1.0 / links_total end)`;
  const columns = sql`(environment_id, level, bucket_start, cell_x, cell_y, sample_count, no_link_count,
    links_down_sum, signal_sum, signal_count, longitude_sum, latitude_sum)`;
  let finer: RollupLevel | undefined;
  for (const level of ROLLUP_LEVELS) {
    const firstBucket = bucketOf(from, level);
    await sql`delete from position_rollups where level = ${level.level} and bucket_start >= ${firstBucket}`.execute(db);
    // Constants as literals: PostgreSQL groups by the select's own expressions (by position).
    const bucketMs = sql.lit(level.bucketMs);
    const scale = sql.lit(level.cellsPerDegree);
    if (!finer)
      await sql`insert into position_rollups ${columns}
        select environment_id, ${sql.lit(level.level)}, (sample_time / ${bucketMs}) * ${bucketMs},
          cast(floor(longitude * ${scale}) as integer), cast(floor(latitude * ${scale}) as integer),
          count(*), ${noLink}, ${down}, coalesce(sum(best_signal), 0), count(best_signal), sum(longitude), sum(latitude)
        from position_samples where sample_time >= ${sql.lit(firstBucket)}
        group by 1, 2, 3, 4, 5`.execute(db);
    else {
      // Levels nest (cells and buckets are whole multiples of the finer level's): add up the finer level's rows.
      const ratio = sql.lit(finer.cellsPerDegree / level.cellsPerDegree);
      await sql`insert into position_rollups ${columns}
        select environment_id, ${sql.lit(level.level)}, (bucket_start / ${bucketMs}) * ${bucketMs},
          cast(floor(cell_x / ${ratio}.0) as integer), cast(floor(cell_y / ${ratio}.0) as integer),
          sum(sample_count), sum(no_link_count), sum(links_down_sum), sum(signal_sum), sum(signal_count),
          sum(longitude_sum), sum(latitude_sum)
        from position_rollups where level = ${sql.lit(finer.level)} and bucket_start >= ${sql.lit(firstBucket)}
        group by 1, 2, 3, 4, 5`.execute(db);
    }
    finer = level;
  }
}

/** The finest level a window may be answered from: at most MAX_TIME_STEPS buckets in it. */
export function finestLevelFor(windowMs: number): RollupLevel {
  return (
    ROLLUP_LEVELS.find((level) => windowMs / level.bucketMs <= MAX_TIME_STEPS) ?? (ROLLUP_LEVELS.at(-1) as RollupLevel)
  );
}

/** The rows of a level that cover the filter: every bucket that overlaps the window, every cell that meets the box. */
function rollupsOf(db: Kysely<Database>, filter: HistoryFilter, level: RollupLevel) {
  let query = db
    .selectFrom('position_rollups')
    .where('environment_id', 'in', [...filter.environmentIds])
    .where('level', '=', level.level)
    .where('bucket_start', '>', filter.from - level.bucketMs)
    .where('bucket_start', '<=', filter.to);
  const { bbox } = filter;
  if (bbox)
    query = query
      .where('cell_x', '>=', cellOf(bbox.west, level))
      .where('cell_x', '<=', cellOf(bbox.east, level))
      .where('cell_y', '>=', cellOf(bbox.south, level))
      .where('cell_y', '<=', cellOf(bbox.north, level));
  return query;
}

/**
 * The level a window's samples are counted at: the coarsest whose buckets are no longer than
 * the window, so the count of the whole buckets that overlap it is at most about twice what it
 * holds (a 1 h window counted in 12 h buckets read as twelve times its samples, and answered
 * cells where its samples would do). Never finer than the finest level the window is answered
 * from, so the count also bounds that level's rows (levelFor).
 */
export function countingLevelFor(windowMs: number): RollupLevel {
  const finest = finestLevelFor(windowMs);
  const fitting = ROLLUP_LEVELS.filter((level) => level.level >= finest.level && level.bucketMs <= windowMs);
  return fitting.at(-1) ?? finest;
}

/**
 * At most how many samples the window holds: the counts of the rollups over the buckets that
 * overlap it (countingLevelFor), so the samples of a bucket the window only starts in count too.
 * The query, for a caller that runs it in the read pool; samplesAtMostOf reads its answer.
 */
export function samplesAtMostQuery(db: Kysely<Database>, filter: HistoryFilter) {
  return rollupsOf(db, filter, countingLevelFor(filter.to - filter.from)).select((eb) =>
    eb.fn.sum<number | string | null>('sample_count').as('count'),
  );
}

export const samplesAtMostOf = (rows: readonly { readonly count: number | string | null }[]) =>
  Number(rows[0]?.count ?? 0);

/** samplesAtMostQuery's answer, read on `db`. */
export async function samplesAtMost(db: Kysely<Database>, filter: HistoryFilter): Promise<number> {
  return samplesAtMostOf(await samplesAtMostQuery(db, filter).execute());
}

/**
 * Where a history read's statements run: on a connection (rowsOn), or in the read pool
 * (Read.rows), so that counting and reading rollups hold no loop that answers others.
 */
export type RunRows = <Row>(query: CompiledQuery<Row>) => Promise<Row[]>;

export const rowsOn =
  (db: Kysely<Database>): RunRows =>
  async <Row>(query: CompiledQuery<Row>) =>
    (await db.executeQuery(query)).rows;

/** How many rows of a level cover the filter, counting no further than `limit` + 1. */
async function rowsUpTo(run: RunRows, db: Kysely<Database>, filter: HistoryFilter, level: RollupLevel, limit: number) {
  const [row] = await run(
    db
      .selectFrom(
        rollupsOf(db, filter, level)
          .select(sql.lit(1).as('one'))
          .limit(limit + 1)
          .as('covering'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .compile(),
  );
  return Number(row?.count ?? 0);
}

/**
 * The level a window is answered from: the finest one for its length whose rows number at most
 * `limit`, or the coarsest. `db` builds the statements, `run` runs them.
 */
export async function levelFor(
  db: Kysely<Database>,
  filter: HistoryFilter,
  limit: number,
  samples: number,
  run: RunRows = rowsOn(db),
): Promise<RollupLevel> {
  const finest = finestLevelFor(filter.to - filter.from);
  // A level has no more rows than the window has samples.
  if (samples <= limit) return finest;
  for (const level of ROLLUP_LEVELS.slice(finest.level)) {
    if ((await rowsUpTo(run, db, filter, level, limit)) <= limit) return level;
  }
  return ROLLUP_LEVELS.at(-1) as RollupLevel;
}

/** A rollup row's sums, which add up to a coarser cell's. */
interface Sums {
  count: number;
  noLink: number;
  down: number;
  signalSum: number;
  signalCount: number;
  longitudeSum: number;
  latitudeSum: number;
}

export interface RolledUpCell extends Sums {
  readonly bucketStart: number;
  readonly cellX: number;
  readonly cellY: number;
}

/** The query of the rows of a level that cover the filter (rolledUpCellsOf turns them into cells). */
export function rolledUpQuery(db: Kysely<Database>, filter: HistoryFilter, level: RollupLevel) {
  return rollupsOf(db, filter, level)
    .select(['bucket_start', 'cell_x', 'cell_y', ...SUMS])
    .orderBy('bucket_start');
}

/** A rollup row as read (PostgreSQL may give numbers as text). */
export type RollupRow = { readonly [Column in 'bucket_start' | 'cell_x' | 'cell_y' | (typeof SUMS)[number]]: unknown };

/** Rollup rows as cells, those of several environments (`environments` > 1) added up per bucket and cell. */
export function rolledUpCellsOf(rows: readonly RollupRow[], environments: number): RolledUpCell[] {
  const cells = rows.map((row): RolledUpCell => ({
    bucketStart: Number(row.bucket_start),
    cellX: Number(row.cell_x),
    cellY: Number(row.cell_y),
    count: Number(row.sample_count),
    noLink: Number(row.no_link_count),
    down: Number(row.links_down_sum),
    signalSum: Number(row.signal_sum),
    signalCount: Number(row.signal_count),
    longitudeSum: Number(row.longitude_sum),
    latitudeSum: Number(row.latitude_sum),
  }));
  return environments > 1 ? coarsened(cells, 1, 1) : cells;
}

/** The rows of a level that cover the filter, those of several environments added up per bucket and cell. */
export async function rolledUpCells(
  db: Kysely<Database>,
  filter: HistoryFilter,
  level: RollupLevel,
): Promise<RolledUpCell[]> {
  return rolledUpCellsOf(await rolledUpQuery(db, filter, level).execute(), filter.environmentIds.length);
}

/** Cells added up into ones `factor` times larger a side, and buckets `timeFactor` times longer. */
function coarsened(cells: readonly RolledUpCell[], factor: number, timeFactor: number, bucketMs = 1): RolledUpCell[] {
  const merged = new Map<string, RolledUpCell>();
  const span = bucketMs * timeFactor;
  for (const cell of cells) {
    const bucketStart = timeFactor === 1 ? cell.bucketStart : Math.floor(cell.bucketStart / span) * span;
    const cellX = Math.floor(cell.cellX / factor);
    const cellY = Math.floor(cell.cellY / factor);
    const key = `${bucketStart}:${cellX}:${cellY}`;
    const into = merged.get(key);
    if (!into) {
      merged.set(key, { ...cell, bucketStart, cellX, cellY });
      continue;
    }
    into.count += cell.count;
    into.noLink += cell.noLink;
    into.down += cell.down;
    into.signalSum += cell.signalSum;
    into.signalCount += cell.signalCount;
    into.longitudeSum += cell.longitudeSum;
    into.latitudeSum += cell.latitudeSum;
  }
  return [...merged.values()];
}

/** What turns a level's rows into a window's cells, beside the rows (a plain object: it crosses to a read worker). */
export interface CellsOfWindow {
  readonly from: number;
  readonly to: number;
  /** How many environments the rows come from. */
  readonly environments: number;
  readonly bucketMs: number;
  readonly maxCells: number;
}

/**
 * A level's rows as a window's cells: coarser by halving cells and buckets until at most
 * `maxCells` remain (a fleet spread so widely that even the coarsest level holds more). Each
 * cell sits at its samples' mean position, at its bucket's middle (within the window).
 */
export function historyCellsOf(rows: readonly RollupRow[], window: CellsOfWindow): HistoryCell[] {
  let cells = rolledUpCellsOf(rows, window.environments);
  let bucketMs = window.bucketMs;
  // 2^16 times a level's cell covers the world: one cell at the most.
  for (let halvings = 0; cells.length > window.maxCells && halvings < 16; halvings += 1) {
    cells = coarsened(cells, 2, 2, bucketMs);
    bucketMs *= 2;
  }
  return cells.map((cell) => historyCellOf(cell, bucketMs, window));
}

/**
 * A window's history as aggregated cells from the rollups (`samples`: samplesAtMost's count):
 * at the finest level that fits the read limit (levelFor), then as historyCellsOf makes them.
 */
export async function historyCellsFromRollups(
  db: Kysely<Database>,
  filter: HistoryFilter,
  maxCells: number,
  samples: number,
): Promise<{ cells: HistoryCell[]; level: RollupLevel }> {
  const level = await levelFor(db, filter, cellsReadLimit(maxCells), samples);
  const rows = await rolledUpQuery(db, filter, level).execute();
  const window = {
    from: filter.from,
    to: filter.to,
    environments: filter.environmentIds.length,
    bucketMs: level.bucketMs,
    maxCells,
  };
  return { cells: historyCellsOf(rows, window), level };
}

/** The most rollup rows a window's cells are read from. */
export const cellsReadLimit = (maxCells: number) => Math.min(maxCells, ROLLUP_READ_LIMIT);

function historyCellOf(cell: RolledUpCell, bucketMs: number, filter: Pick<HistoryFilter, 'from' | 'to'>): HistoryCell {
  return {
    longitude: cell.longitudeSum / cell.count,
    latitude: cell.latitudeSum / cell.count,
    time: Math.min(filter.to, Math.max(filter.from, cell.bucketStart + bucketMs / 2)),
    count: cell.count,
    noLink: cell.noLink / cell.count,
    linksDown: cell.down / cell.count,
    signal: cell.signalCount > 0 ? cell.signalSum / cell.signalCount : null,
  };
}

/** Drops rollups whose bucket ended before `before`. */
export async function prunePositionRollups(db: Kysely<Database>, before: number): Promise<number> {
  let removed = 0;
  for (const level of ROLLUP_LEVELS) {
    const result = await db
      .deleteFrom('position_rollups')
      .where('level', '=', level.level)
      .where('bucket_start', '<', before - level.bucketMs)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}
