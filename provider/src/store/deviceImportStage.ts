import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AuditAction, AuditResource } from '@halo/shared';
import { sql, type Insertable, type Kysely } from 'kysely';

import { writeAuditForEachRow } from './audit.js';
import type { Dialect } from './database.js';
import { constantColumns, insertForEachRow, selectedColumn } from './insertForEachRow.js';
import { insertInBatches } from './insertInBatches.js';
import { forEachPacedSlice, type Pace } from '../loopTurns.js';
import { ADDED_DEVICE_COLUMN_TYPES, addedDeviceColumns } from './newDeviceRow.js';
import { takeRevisions } from './revisions.js';
import type { Database, DeviceImportRowsTable } from './schema.js';

/**
 * A device import is all or nothing, yet must not hold the store (SQLite has one writer, and
 * the provider's one connection runs one transaction at a time) while it writes 300,000 rows.
 * So its rows are first written to `device_import_rows` in short statements with the event
 * loop free between them, then published to devices and the audit in one transaction of
 * INSERT ... SELECT statements over slices of the stage (the loop free between them too), which
 * also deletes the stage. Until that commits no device of the import
 * exists; a crash before it leaves only a stage, which the start-up sweep deletes.
 */

export type StagedDeviceRow = Omit<Insertable<DeviceImportRowsTable>, 'import_id' | 'started_at'>;

/** Rows per INSERT: 15 columns each, well under the bound-parameter limits (SQLite 32,766, PostgreSQL 65,535). */
const STAGE_BATCH = 500;

/** Device ids read back per query after the publish, with the loop free between pages. */
const ID_PAGE = 10_000;

/**
 * On PostgreSQL other providers may share the store (a rolling restart) and be staging an
 * import right now: only stages older than any import can run are swept there. An SQLite file
 * is one provider's, so everything it finds at start-up was left by a crash.
 */
export const STAGE_ABANDONED_AFTER_MS = 30 * 60 * 1000;

export interface ImportStage {
  readonly importId: string;
  readonly startedAt: number;
}

/** Writes rows to the stage, STAGE_BATCH per statement, yielding to other requests between statements. */
export async function stageDeviceRows(
  db: Kysely<Database>,
  stage: ImportStage,
  rows: readonly StagedDeviceRow[],
): Promise<void> {
  await insertInBatches(
    db,
    'device_import_rows',
    rows.map((row) => ({ ...row, import_id: stage.importId, started_at: stage.startedAt })),
    STAGE_BATCH,
    { turnBetween: true },
  );
}

export async function dropStage(db: Kysely<Database>, stage: ImportStage): Promise<void> {
  await db.deleteFrom('device_import_rows').where('import_id', '=', stage.importId).execute();
}

/** Deletes the stages a crash left (see STAGE_ABANDONED_AFTER_MS); answers how many rows went. */
export async function sweepImportStages(db: Kysely<Database>, dialect: Dialect, now: number): Promise<number> {
  let query = db.deleteFrom('device_import_rows');
  if (dialect === 'postgres') query = query.where('started_at', '<', now - STAGE_ABANDONED_AFTER_MS);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface PublishedImport {
  /** The revision of the stage's first row; row `seq` got `firstRevision + seq - 1`. */
  readonly firstRevision: number;
  readonly count: number;
}

export interface PublishOptions {
  readonly environmentId: number;
  readonly user: { readonly id: number; readonly username: string };
  readonly now: number;
  /** Staged rows: the count the stage must hold. */
  readonly count: number;
  /** Runs first inside the transaction (the device limit), and may refuse. */
  readonly guard: (trx: Kysely<Database>) => Promise<void>;
}

/** The device columns a staged row carries as they are (deviceInputColumns); publishing adds the rest (addedDeviceColumns). */
const STAGED_DEVICE_COLUMNS = [
  'name',
  'pairing_id',
  'type',
  'is_server',
  'is_enabled',
  'ip_addresses',
  'port_from',
  'port_to',
  'upgrade_policy',
] as const;

/**
 * Moves the stage into devices and user_audits in one transaction and deletes it. Each row's
 * revision is the first taken plus its place, so devices_state cursors see the import as one
 * ordered change.
 */
export async function publishStage(
  db: Kysely<Database>,
  stage: ImportStage,
  options: PublishOptions,
): Promise<PublishedImport> {
  return db.transaction().execute(async (trx) => {
    await options.guard(trx);
    const firstRevision = await takeRevisions(trx, options.count);
    const { environmentId, user, now } = options;
    const stagedIn = (first: number, last: number) =>
      trx
        .selectFrom('device_import_rows')
        .where('import_id', '=', stage.importId)
        .where('seq', '>=', first)
        .where('seq', '<=', last)
        .orderBy('seq');
    let inserted = 0;
    // The rows in slices of seq, a turn of the loop between two (the transaction stays open):
    // one statement for 100,000 rows held the provider's thread for seconds on SQLite.
    await forEachPacedSlice(seqsOf(options.count), PUBLISH_PACE, async (seqs) => {
      const staged = stagedIn(seqs[0] ?? 1, seqs.at(-1) ?? 0);
      const result = await insertForEachRow(trx, 'devices', staged, {
        ...constantColumns(addedDeviceColumns({ environmentId, userId: user.id, now }), ADDED_DEVICE_COLUMN_TYPES),
        ...Object.fromEntries(STAGED_DEVICE_COLUMNS.map((column) => [column, selectedColumn(column)])),
        revision: sql`seq + cast(${firstRevision - 1} as bigint)`,
      });
      inserted += Number(result.numInsertedOrUpdatedRows);
      await writeAuditForEachRow(
        trx,
        {
          environmentId,
          userId: user.id,
          username: user.username,
          resource: AuditResource.DEVICE,
          action: AuditAction.CREATE,
        },
        staged,
        {
          name: 'name',
          detail: 'audit_detail',
          detail_code: 'audit_detail_code',
          detail_params: 'audit_detail_params',
        },
        now,
      );
      await trx
        .deleteFrom('device_import_rows')
        .where('import_id', '=', stage.importId)
        .where('seq', '>=', seqs[0] ?? 1)
        .where('seq', '<=', seqs.at(-1) ?? 0)
        .execute();
    });
    // The stage must hold what the import staged: anything else would publish part of it.
    if (inserted !== options.count) {
      throw new Error(`device import stage ${stage.importId} held ${inserted} of ${options.count} rows`);
    }
    await trx.deleteFrom('device_import_rows').where('import_id', '=', stage.importId).execute();
    return { firstRevision, count: options.count };
  });
}

/** Rows published per statement, sized to take about 20 ms of the writer (forEachPacedSlice). */
const PUBLISH_PACE: Pace = { aimMs: 20, first: 500, fewest: 100, most: 5000 };

/** The stage's places: 1 to count. */
const seqsOf = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** The ids of a published import by their place in it (index 0 is seq 1), read in pages. */
export async function publishedIds(
  db: Kysely<Database>,
  environmentId: number,
  published: PublishedImport,
): Promise<number[]> {
  const ids = new Array<number>(published.count);
  const last = published.firstRevision + published.count - 1;
  for (let from = published.firstRevision; from <= last; from += ID_PAGE) {
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'revision'])
      .where('environment_id', '=', environmentId)
      .where('revision', '>=', from)
      .where('revision', '<=', Math.min(last, from + ID_PAGE - 1))
      .execute();
    for (const row of rows) ids[Number(row.revision) - published.firstRevision] = row.id;
    await yieldToLoop();
  }
  return ids;
}
