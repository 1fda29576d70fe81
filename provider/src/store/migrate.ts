import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './database.js';
import * as initial from './migrations/001_initial.js';
import * as groups from './migrations/002_groups.js';
import * as devices from './migrations/003_devices.js';
import * as dataPath from './migrations/010_data_path.js';
import * as displaySessions from './migrations/011_display_sessions.js';
import * as satcomUsage from './migrations/012_satcom_usage.js';
import * as logViews from './migrations/013_log_views.js';
import * as thresholds from './migrations/014_thresholds.js';
import * as versionDefinitions from './migrations/015_version_definitions.js';
import * as satcomTargets from './migrations/016_satcom_targets.js';
import * as logSearch from './migrations/017_log_search.js';
import * as heatSight from './migrations/018_heatsight.js';
import * as auditDetailCodes from './migrations/019_audit_detail_codes.js';
import * as positionRollups from './migrations/020_position_rollups.js';
import * as deviceImportStage from './migrations/021_device_import_stage.js';
import * as devicesSimulatedIndex from './migrations/022_devices_simulated_index.js';

/** Versioned migrations, applied in name order; each runs once per database. */
function migrationsFor(store: Store): Record<string, Migration> {
  return {
    '001_initial': { up: (db: Kysely<unknown>) => initial.up(db, store.dialect) },
    '002_groups': { up: (db: Kysely<unknown>) => groups.up(db, store.dialect) },
    '003_devices': { up: (db: Kysely<unknown>) => devices.up(db, store.dialect) },
    '010_data_path': { up: (db: Kysely<unknown>) => dataPath.up(db, store.dialect) },
    '011_display_sessions': { up: (db: Kysely<unknown>) => displaySessions.up(db) },
    '012_satcom_usage': { up: (db: Kysely<unknown>) => satcomUsage.up(db, store.dialect) },
    '013_log_views': { up: (db: Kysely<unknown>) => logViews.up(db) },
    '014_thresholds': { up: (db: Kysely<unknown>) => thresholds.up(db, store.dialect) },
    '015_version_definitions': { up: (db: Kysely<unknown>) => versionDefinitions.up(db, store.dialect) },
    '016_satcom_targets': { up: (db: Kysely<unknown>) => satcomTargets.up(db) },
    '017_log_search': { up: (db: Kysely<unknown>) => logSearch.up(db, store.dialect) },
    '018_heatsight': { up: (db: Kysely<unknown>) => heatSight.up(db) },
    '019_audit_detail_codes': { up: (db: Kysely<unknown>) => auditDetailCodes.up(db) },
    '020_position_rollups': { up: (db: Kysely<unknown>) => positionRollups.up(db, store.dialect) },
    '021_device_import_stage': { up: (db: Kysely<unknown>) => deviceImportStage.up(db) },
    '022_devices_simulated_index': { up: (db: Kysely<unknown>) => devicesSimulatedIndex.up(db) },
  };
}

export async function migrateToLatest(store: Store): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrationsFor(store)) };
  // Kysely looks for its bookkeeping tables in every schema unless told which one: name the
  // current schema, or another schema's tables (a parallel test, a second installation) pass for ours.
  const migrationTableSchema =
    store.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: store.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : (failed?.migrationName ?? JSON.stringify(error));
    throw new Error(`Database migration failed: ${cause}`);
  }
}
