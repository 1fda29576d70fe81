import {
  csvLine,
  DEVICE_REPORT_LABELS,
  FIRMWARE_COMPONENT,
  FIRMWARE_REPORT_MAX_VERSIONS,
  type CsvValue,
  type DeviceReportLabels,
  type FirmwareInUse,
  type FirmwareReport,
  type Locale,
} from '@halo/shared';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../store/database.js';
import type { Database } from '../../store/schema.js';

/**
 * The devices of an environment counted per reported firmware version and fixed version: few
 * rows as devices are, though a device may report any text (firmwareReportOf caps the report).
 */
export interface FirmwareCountRow {
  readonly firmware_version: string | null;
  readonly fixed_version: string | null;
  readonly devices: number | string;
}

/**
 * The firmware report's read: the environment's devices grouped by the version they report
 * (DeviceLiveState.versions' `firmware`, the devices' firmware_version) and the version their
 * upgrade policy fixes, counted by the database; a 100,000-device environment gives a few rows
 * (as many as devices only if each reports a version of its own: the report is capped).
 */
export function firmwareCounts(
  db: Kysely<Database>,
  dialect: Dialect,
  environmentId: number,
): CompiledQuery<FirmwareCountRow> {
  const fixed =
    dialect === 'postgres'
      ? sql`cast(upgrade_policy as json) ->> 'fixed_version'`
      : sql`json_extract(upgrade_policy, '$.fixed_version')`;
  return sql<FirmwareCountRow>`select firmware_version, ${fixed} as fixed_version, count(*) as devices
    from devices where environment_id = ${environmentId} group by 1, 2`.compile(db);
}

/** Versions compared by their numbers (12.10 after 12.9); one collator, not one per comparison (localeCompare with options makes one each time). */
const versionOrder = new Intl.Collator('en', { numeric: true });

/** Newest first, by the numbers in the version. */
const newestFirst = (a: FirmwareInUse, b: FirmwareInUse) =>
  versionOrder.compare(b.version, a.version) || a.component.localeCompare(b.component);

/** The most used first; the newest first among equals. */
const mostUsedFirst = (a: FirmwareInUse, b: FirmwareInUse) => b.devices - a.devices || newestFirst(a, b);

/**
 * The report of the counts (a read shaper: it runs where they were read, for a device that
 * reports a version of its own makes a row of its own, and they are sorted): per version how
 * many devices run it, and how many of those have an upgrade policy that fixes another version;
 * devices reporting none are counted apart. At most `maxVersions` versions are listed, the ones
 * run by the most devices (a version one odd device reports is the one left out), newest first;
 * the rest are counted in `more_versions`.
 */
export function firmwareReportOf(
  rows: readonly FirmwareCountRow[],
  maxVersions: number = FIRMWARE_REPORT_MAX_VERSIONS,
): FirmwareReport {
  const byVersion = new Map<string, FirmwareInUse>();
  let unreported = 0;
  for (const row of rows) {
    const devices = Number(row.devices);
    const version = row.firmware_version?.trim() ?? '';
    if (version === '') {
      unreported += devices;
      continue;
    }
    const entry = byVersion.get(version) ?? { component: FIRMWARE_COMPONENT, version, devices: 0, behind_fixed: 0 };
    const fixed = row.fixed_version?.trim() ?? '';
    entry.devices += devices;
    if (fixed !== '' && fixed !== version) entry.behind_fixed += devices;
    byVersion.set(version, entry);
  }
  const versions = [...byVersion.values()];
  if (versions.length <= maxVersions) return { versions: versions.sort(newestFirst), unreported, more_versions: null };
  versions.sort(mostUsedFirst);
  const left = versions.slice(maxVersions);
  return {
    versions: versions.slice(0, maxVersions).sort(newestFirst),
    unreported,
    more_versions: { versions: left.length, devices: left.reduce((sum, entry) => sum + entry.devices, 0) },
  };
}

/** The export's columns: the component with its name in the caller's language, the version and its counts. */
export const FIRMWARE_CSV_HEADER = ['component', 'component_label', 'version', 'devices', 'behind_fixed'] as const;

/** The export's rows: each version, then the versions left out and the devices that report none (named in `labels`). */
export function firmwareCells(
  report: FirmwareReport,
  labels: Pick<DeviceReportLabels, 'notReported' | 'moreVersions'> & {
    readonly components: Readonly<Record<string, string>>;
  },
): CsvValue[][] {
  return [
    ...report.versions.map((entry) => [
      entry.component,
      labels.components[entry.component] ?? entry.component,
      entry.version,
      entry.devices,
      entry.behind_fixed,
    ]),
    ...(report.more_versions === null
      ? []
      : [[null, labels.moreVersions(report.more_versions.versions), null, report.more_versions.devices, null]]),
    [null, labels.notReported, null, report.unreported, 0],
  ];
}

/** The export's text in the reader's language: the header, then firmwareCells' lines (a read shaper, as the report). */
export const firmwareReportCsv = (rows: readonly FirmwareCountRow[], locale: Locale): string =>
  csvLine(FIRMWARE_CSV_HEADER) +
  firmwareCells(firmwareReportOf(rows), DEVICE_REPORT_LABELS[locale]).map(csvLine).join('');
