import type { ApplicationRulesTable, IssuedCertificatesTable, OpenVpnProfilesTable } from './dataPathTables.js';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables of the provider's store. Times are epoch milliseconds, flags are 0/1 integers and
 * lists are JSON text, so one schema runs unchanged on SQLite and PostgreSQL.
 */
export interface EnvironmentsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  description: string | null;
  ca_server_address: string | null;
  realm_type: number;
  /** JSON list of feature ids (spec 4): 1 HeatSight here, 2 here and below. */
  enabled_feature_ids: Generated<string>;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  environment_id: number;
  username: string;
  name: string | null;
  email: string | null;
  description: string | null;
  password_hash: string;
  environment_manager: number;
  /** JSON list of permission numbers. */
  permissions: string;
  severity: number;
  is_disabled: number;
  /** 1 unless the user turned alarm e-mail off (migration 024). */
  email_alarms: Generated<number>;
  /** The language of the user's e-mails; null until they choose (en-US). */
  locale: string | null;
  /** 1 when the user asked for a daily digest of their open alarms (migration 027). */
  email_digest: Generated<number>;
  /** At most one alarm mail every this many minutes; null: the installation's interval (migration 034). */
  alarm_mail_interval_minutes: number | null;
  /** The IANA zone the user reads and enters times in; null: their browser's (migration 035). */
  time_zone: string | null;
  two_factor_status: number;
  /** Encrypted TOTP secret, null while 2FA is inactive. */
  two_factor_secret: string | null;
  /** Last TOTP time step accepted, so a code is never used twice. */
  two_factor_last_step: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  verified: number;
  created_at: number;
  last_activity_at: number;
  ended_at: number | null;
  ended_reason: string | null;
  /** 'user' for a person's login, 'display' for a wall display a manager issued. */
  kind: Generated<string>;
  /** A display's name, e.g. 'NOC wall 1'. */
  label: string | null;
}

export interface LoginAttemptsTable {
  /** environment name and username, lower-cased: counted whether or not the user exists. */
  attempt_key: string;
  failures: number;
  locked_until: number | null;
  updated_at: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A new e-mail address waiting for its confirmation link to be opened (migration 033). */
export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  email: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface UserAuditsTable {
  id: Generated<number>;
  environment_id: number;
  user_id: number | null;
  username: string | null;
  resource: string;
  action: string;
  name: string | null;
  detail: string | null;
  /** The product's own detail as a code (shared AuditDetailCode) and its parameters (JSON), or null. */
  detail_code: string | null;
  detail_params: string | null;
  /** The fields an update changed: JSON of FieldChange[], or null. */
  changes: string | null;
  created_at: number;
}

export interface GroupsTable {
  id: Generated<number>;
  environment_id: number;
  name: string;
  created_at: number;
}

/** A device in a group of its environment (migration 028). */
export interface DeviceGroupMembersTable {
  group_id: number;
  device_id: number;
}

export interface RevisionCounterTable {
  id: number;
  value: number;
}

export interface DevicesTable {
  id: Generated<number>;
  environment_id: number;
  name: string;
  /** The serial number; unique across the installation. */
  pairing_id: string;
  type: number;
  product_type: string | null;
  is_server: number;
  is_enabled: number;
  is_activated: number;
  /** 1 connected, 0 not connected, null unknown. */
  availability: number | null;
  main_app_status: number | null;
  /** JSON list of IPv4 addresses (servers). */
  ip_addresses: string;
  port_from: number | null;
  port_to: number | null;
  /** JSON upgrade policy, null when the device never had one. */
  upgrade_policy: string | null;
  /** JSON halo_system_report. */
  halo_system_report: string | null;
  /** JSON halo_data_links_info. */
  halo_data_links_info: string | null;
  /** JSON {kind: {online, total}} kept beside the links, so state polls need not parse them. */
  links_summary: string | null;
  gnss_lock: number | null;
  firmware_version: string | null;
  device_certificate: string | null;
  longitude: number | null;
  latitude: number | null;
  altitude: number | null;
  accuracy: number | null;
  location_time: number | null;
  last_seen_at: number | null;
  activated_at: number | null;
  /** 1 for devices of the fleet simulator. */
  simulated: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** From revision_counter on every change: devices_state?state=1 answers revisions above its cursor. */
  revision: number;
}

export interface DeviceRemovalsTable {
  device_id: number;
  environment_id: number;
  revision: number;
  removed_at: number;
}

export interface UserDevicesTable {
  user_id: number;
  device_id: number;
}

export interface RfRecordingsTable {
  id: Generated<number>;
  environment_id: number;
  device_id: number;
  report_uuid: string;
  /** File name under HALO_DATA_DIR/rf-recordings. */
  file_name: string;
  size_bytes: number;
  start_time: number;
  end_time: number | null;
  created_at: number;
}

export interface SystemLogsTable {
  id: Generated<number>;
  environment_id: number;
  device_id: number | null;
  device_name: string | null;
  device_attribute_type: number | null;
  event_type: string;
  value: string | null;
  severity: number;
  description: string;
  log_time: number;
  /** 1 when a threshold with should_alert raised it. */
  is_alert: Generated<number>;
}

/** Alarms (migration 023): a device's attribute in breach, from the reading that opened it to the one that cleared it. */
export interface AlarmsTable {
  id: Generated<number>;
  environment_id: number;
  device_id: number;
  device_name: string;
  device_attribute_type: number;
  severity: number;
  peak_severity: number;
  last_value: string | null;
  breach_count: number;
  opened_at: number;
  last_breach_at: number;
  cleared_at: number | null;
  acknowledged_at: number | null;
  acknowledged_by_user_id: number | null;
  acknowledged_by: string | null;
  acknowledgement_note: string | null;
  acknowledged_severity: number | null;
  revision: number;
}

/** Alarm silences (migration 025): a device's or an environment's alarms notify nobody for a window. */
export interface AlarmSilencesTable {
  id: Generated<number>;
  environment_id: number;
  scope: string;
  device_id: number | null;
  device_name: string | null;
  /** The silenced group (scope `group`), with its name when it was silenced. */
  group_id: number | null;
  group_name: string | null;
  reason: string;
  starts_at: number;
  ends_at: number;
  created_by_user_id: number | null;
  created_by: string;
  created_at: number;
}

/** Alarm webhooks (migration 026): an environment's targets, their sealed secret and where delivery stands. */
export interface AlarmWebhooksTable {
  id: Generated<number>;
  environment_id: number;
  name: string;
  url: string;
  secret_sealed: string;
  min_severity: number;
  created_by_user_id: number | null;
  created_by: string;
  created_at: number;
  /** Delivered up to this alarm change: its revision, then its id among that revision's. */
  cursor_revision: number;
  cursor_alarm_id: number;
  /** Failed attempts in a row. */
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_delivered_at: number | null;
  last_status: number | null;
  /** A shared OutboundFailure code. */
  last_error: string | null;
}

/** The UTC day (YYYY-MM-DD) of a user's last alarm digest (migration 027): one a day. */
export interface AlarmDigestStateTable {
  user_id: number;
  sent_on: string;
  sent_at: number;
}

/** Which provider replica runs a scheduled job (migration 027, jobs/jobLeadership.ts). */
export interface ScheduledJobLeasesTable {
  job: string;
  owner: string;
  expires_at: number;
  /** The last schedule slot (epoch ms) the job ran for, whoever held the lease then. */
  last_slot: number | null;
}

/** Where a user's alarm mail stands (migration 024): the last message, and the last breach it told of. */
export interface AlarmMailStateTable {
  user_id: number;
  last_sent_at: number;
  told_up_to: number;
}

/**
 * SQLite only (migration 017): the trigram index of system_logs.device_name, an FTS5 table
 * whose rowid is the entry's id.
 */
export interface SystemLogNamesTable {
  rowid: number;
  device_name: string | null;
}

export interface ThresholdsTable {
  id: Generated<number>;
  environment_id: number;
  device_attribute_type: number;
  minor: number | null;
  major: number | null;
  critical: number | null;
  alert: number | null;
  back_to_safety: number | null;
  should_alert: number;
  updated_at: number;
}

export interface VersionDefinitionsTable {
  id: Generated<number>;
  environment_id: number;
  device_model: string;
  base_version: string;
  core_version: string;
  web_version: string;
  official_version: string;
  description: string | null;
  image_size: number;
  image_sha256: string;
  file_name: string;
  created_by: number | null;
  created_at: number;
}

export interface SatcomTargetsTable {
  environment_id: number;
  url: string;
  api_key_sealed: string;
  /** Section 4's satcom link status. */
  link_status: number;
  /** The last satcom message id the target accepted (the id before the first to forward). */
  forwarded_through_id: number;
  last_transmitted_at: number | null;
  last_error: string | null;
  failures: Generated<number>;
  next_attempt_at: number | null;
  checked_at: number | null;
  updated_at: number;
}

export interface SatcomMessagesTable {
  id: Generated<number>;
  environment_id: number;
  device_id: number | null;
  /** The device's name and serial (pairing id) when it sent the message. */
  halo_name: string;
  halo_serial: string;
  satcom_imei: string | null;
  /** The satellite network, e.g. 'Iridium'. */
  network: string | null;
  severity: number;
  description: string;
  latitude: number | null;
  longitude: number | null;
  altitude: number | null;
  /** Section 4 satcom link status (4 transmitted). */
  link_status: number | null;
  /** When the modem sent it (the satcom timestamp); log_time is when it was received. */
  satcom_time: number | null;
  log_time: number;
}

/** Seconds a device was connected during one UTC day (day_start: that midnight, epoch ms). */
export interface DeviceConnectivityDaysTable {
  device_id: number;
  environment_id: number;
  day_start: number;
  connected_seconds: number;
}

/** The same seconds summed per environment and UTC day, written in the same transaction. */
export interface EnvironmentConnectivityDaysTable {
  environment_id: number;
  day_start: number;
  connected_seconds: number;
}

/** One position of a device with its link quality then (HeatSight's history). */
export interface PositionSamplesTable {
  environment_id: number;
  device_id: number;
  sample_time: number;
  longitude: number;
  latitude: number;
  connected: number;
  links_online: number;
  links_total: number;
  best_signal: number | null;
  cellular_signals: string | null;
}

/** Position samples added up per map cell and time bucket at several levels (store/positionRollups.ts). */
export interface PositionRollupsTable {
  environment_id: number;
  level: number;
  bucket_start: number;
  cell_x: number;
  cell_y: number;
  sample_count: number;
  no_link_count: number;
  links_down_sum: number;
  signal_sum: number;
  signal_count: number;
  longitude_sum: number;
  latitude_sum: number;
}

/**
 * A change of a device's connection with the running totals of its history up to it
 * (migration 029, store/deviceHistory.ts): 1 connected, 0 not connected, null unknown.
 */
export interface DeviceConnectionChangesTable {
  device_id: number;
  changed_at: number;
  state: number | null;
  /** Connected and known time before changed_at (ms). */
  connected_ms: number;
  observed_ms: number;
  /** Connected -> not connected changes, and ended outages with their lengths, up to and including this one. */
  outages: number;
  recoveries: number;
  recovery_ms: number;
  /** While not connected after having been: when the outage began. */
  outage_since: number | null;
}

/** A change of one link's up (1) or down (0), by its key within the device (`cellular:0`). */
export interface DeviceLinkChangesTable {
  device_id: number;
  link_key: string;
  changed_at: number;
  state: number;
}

/** A device's best cellular signal and temperature at a moment. */
export interface DeviceReadingsTable {
  device_id: number;
  reading_time: number;
  signal: number | null;
  temperature: number | null;
}

/** A user's named URL query of a screen in an environment (migration 030). */
export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  environment_id: number;
  screen: string;
  name: string;
  /** The screen's URL query without `?`. */
  query: string;
  created_at: number;
  updated_at: number;
}

export interface Database {
  device_connection_changes: DeviceConnectionChangesTable;
  device_link_changes: DeviceLinkChangesTable;
  device_readings: DeviceReadingsTable;
  position_samples: PositionSamplesTable;
  position_rollups: PositionRollupsTable;
  openvpn_profiles: OpenVpnProfilesTable;
  application_rules: ApplicationRulesTable;
  issued_certificates: IssuedCertificatesTable;
  revision_counter: RevisionCounterTable;
  devices: DevicesTable;
  device_removals: DeviceRemovalsTable;
  user_devices: UserDevicesTable;
  rf_recordings: RfRecordingsTable;
  system_logs: SystemLogsTable;
  alarms: AlarmsTable;
  alarm_mail_state: AlarmMailStateTable;
  alarm_digest_state: AlarmDigestStateTable;
  scheduled_job_leases: ScheduledJobLeasesTable;
  alarm_silences: AlarmSilencesTable;
  alarm_webhooks: AlarmWebhooksTable;
  system_log_names: SystemLogNamesTable;
  thresholds: ThresholdsTable;
  version_definitions: VersionDefinitionsTable;
  satcom_targets: SatcomTargetsTable;
  satcom_messages: SatcomMessagesTable;
  device_connectivity_days: DeviceConnectivityDaysTable;
  environment_connectivity_days: EnvironmentConnectivityDaysTable;
  groups: GroupsTable;
  device_group_members: DeviceGroupMembersTable;
  environments: EnvironmentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  user_audits: UserAuditsTable;
  device_import_rows: DeviceImportRowsTable;
  saved_views: SavedViewsTable;
}

export type EnvironmentRow = Selectable<EnvironmentsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type GroupRow = Selectable<GroupsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type NewDevice = Insertable<DevicesTable>;
export type RfRecordingRow = Selectable<RfRecordingsTable>;
export type NewSystemLog = Insertable<SystemLogsTable>;
export type AlarmRow = Selectable<AlarmsTable>;
export type AlarmSilenceRow = Selectable<AlarmSilencesTable>;
export type AlarmWebhookRow = Selectable<AlarmWebhooksTable>;
export type ThresholdRow = Selectable<ThresholdsTable>;
export type VersionDefinitionRow = Selectable<VersionDefinitionsTable>;
export type SatcomTargetRow = Selectable<SatcomTargetsTable>;
export type NewPositionSample = Insertable<PositionSamplesTable>;
export type ConnectionChangeRow = Selectable<DeviceConnectionChangesTable>;
export type NewLinkChange = Insertable<DeviceLinkChangesTable>;
export type NewReading = Insertable<DeviceReadingsTable>;
export type NewPositionRollup = Insertable<PositionRollupsTable>;
export type NewSatcomMessage = Insertable<SatcomMessagesTable>;

/**
 * Rows of a device import on their way in (migration 021): staged in chunks, then published
 * to devices in one short transaction and deleted; what a crash leaves is swept at start-up.
 */
export interface DeviceImportRowsTable {
  import_id: string;
  /** The row's place among the import's accepted rows, from 1: its revision's offset and its id's order. */
  seq: number;
  /** When the import began, so the sweep knows a stage no running provider still writes. */
  started_at: number;
  name: string;
  pairing_id: string;
  type: number;
  is_server: number;
  is_enabled: number;
  ip_addresses: string;
  port_from: number | null;
  port_to: number | null;
  upgrade_policy: string | null;
  audit_detail: string | null;
  audit_detail_code: string | null;
  audit_detail_params: string | null;
}
