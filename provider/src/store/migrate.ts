import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect, Store } from './database.js';
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
import * as alarms from './migrations/023_alarms.js';
import * as alarmNotifications from './migrations/024_alarm_notifications.js';
import * as alarmSilences from './migrations/025_alarm_silences.js';
import * as alarmWebhooks from './migrations/026_alarm_webhooks.js';
import * as schedules from './migrations/027_schedules.js';
import * as deviceGroups from './migrations/028_device_groups.js';
import * as deviceReadings from './migrations/029_device_readings.js';
import * as savedViews from './migrations/030_saved_views.js';
import * as deviceCaseIndexes from './migrations/031_device_case_indexes.js';
import * as auditWebhookAddresses from './migrations/032_audit_webhook_addresses.js';
import * as emailChanges from './migrations/033_email_changes.js';
import * as alarmMailInterval from './migrations/034_alarm_mail_interval.js';
import * as userTimeZone from './migrations/035_user_time_zone.js';

/** A migration file: its `up` takes the database and, when it needs to tell them apart, the dialect. */
interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Every migration by name, applied in name order, each once per database: the one list (a
 * test checks it against the files in migrations/, so a file cannot be forgotten here).
 */
export const MIGRATIONS: Readonly<Record<string, MigrationModule>> = {
  '001_initial': initial,
  '002_groups': groups,
  '003_devices': devices,
  '010_data_path': dataPath,
  '011_display_sessions': displaySessions,
  '012_satcom_usage': satcomUsage,
  '013_log_views': logViews,
  '014_thresholds': thresholds,
  '015_version_definitions': versionDefinitions,
  '016_satcom_targets': satcomTargets,
  '017_log_search': logSearch,
  '018_heatsight': heatSight,
  '019_audit_detail_codes': auditDetailCodes,
  '020_position_rollups': positionRollups,
  '021_device_import_stage': deviceImportStage,
  '022_devices_simulated_index': devicesSimulatedIndex,
  '023_alarms': alarms,
  '024_alarm_notifications': alarmNotifications,
  '025_alarm_silences': alarmSilences,
  '026_alarm_webhooks': alarmWebhooks,
  '027_schedules': schedules,
  '028_device_groups': deviceGroups,
  '029_device_readings': deviceReadings,
  '030_saved_views': savedViews,
  '031_device_case_indexes': deviceCaseIndexes,
  '032_audit_webhook_addresses': auditWebhookAddresses,
  '033_email_changes': emailChanges,
  '034_alarm_mail_interval': alarmMailInterval,
  '035_user_time_zone': userTimeZone,
};

function migrationsFor(store: Store): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      { up: (db: Kysely<unknown>) => migration.up(db, store.dialect) },
    ]),
  );
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
