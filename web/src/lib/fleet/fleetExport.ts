import {
  csvLine,
  type ConnectionStatus,
  type CsvValue,
  type DeviceLiveState,
  type DeviceRole,
  type LocationStatus,
  type MainAppStatus,
} from '@halo/shared';
import type { DeviceSortColumn, FleetRow } from './fleetRows';

/**
 * The words a Devices table cell is made of, in the reader's language: the page translates them
 * once and hands them over, so the fleet worker (which has no catalogue) writes a cell exactly
 * as the table shows it.
 */
export interface FleetCellTexts {
  /** The device types' names; a type without one shows its number. */
  readonly type: Readonly<Record<number, string>>;
  readonly role: Readonly<Record<DeviceRole, string>>;
  readonly connection: Readonly<Record<ConnectionStatus, string>>;
  readonly mainApp: Readonly<Record<MainAppStatus, string>>;
  readonly location: Readonly<Record<LocationStatus, string>>;
  readonly gnss: { readonly locked: string; readonly noLock: string };
  readonly enabled: { readonly enabled: string; readonly disabled: string };
}

/**
 * The columns only a file has: the device's groups (their names, `; ` between two) and the
 * coordinates of its last known position (decimal degrees, WGS 84).
 */
export const FILE_ONLY_COLUMNS = ['groups', 'latitude', 'longitude'] as const;
export type FileOnlyColumn = (typeof FILE_ONLY_COLUMNS)[number];

/** A column written: which one, and its header as the table labels it. */
export interface FleetExportColumn {
  readonly key: DeviceSortColumn | FileOnlyColumn;
  readonly label: string;
}

/** What the page asks the fleet worker to export: the columns and the words of the cells. */
export interface FleetExportRequest {
  readonly columns: readonly FleetExportColumn[];
  readonly texts: FleetCellTexts;
  /** The names of each device's groups, by device id (a device in none is absent). */
  readonly groups?: Readonly<Record<number, readonly string[]>>;
}

/** A row to write and its device's live state (for what the table does not show: its coordinates). */
export interface FleetExportEntry {
  readonly row: FleetRow;
  readonly live: Pick<DeviceLiveState, 'location'> | undefined;
}

/** Between two group names in a cell. */
const GROUP_SEPARATOR = '; ';

/** What the table shows for a value the device does not report (no GNSS fix known, no versions, no status). */
const NOT_REPORTED = '-';
/** A value not reported is an empty cell in a file (a lone dash would be taken for a formula and escaped). */
const fileCell = (text: string) => (text === NOT_REPORTED ? '' : text);

/** What a cell of the Devices table says (the table and its CSV export both take it from here). */
export function fleetCellText(row: FleetRow, column: DeviceSortColumn, texts: FleetCellTexts): string {
  switch (column) {
    case 'name':
      return row.name;
    case 'pairingId':
      return row.pairingId;
    case 'type':
      return texts.type[row.type] ?? String(row.type);
    case 'role':
      return texts.role[row.role];
    case 'connection':
      return texts.connection[row.connection];
    case 'mainApp':
      return row.mainApp === null ? '' : texts.mainApp[row.mainApp];
    case 'links':
      return row.linksText;
    case 'location':
      return texts.location[row.locationStatus];
    case 'gnss':
      return row.gnssLock === null ? NOT_REPORTED : row.gnssLock ? texts.gnss.locked : texts.gnss.noLock;
    case 'versions':
      return row.versions || NOT_REPORTED;
    case 'enabled':
      return row.isEnabled ? texts.enabled.enabled : texts.enabled.disabled;
  }
}

/** A cell of the file: what the table says, or what only a file has. */
function fileCellValue(entry: FleetExportEntry, key: FleetExportColumn['key'], request: FleetExportRequest): CsvValue {
  // The live state's coordinate is [longitude, latitude] (GeoJSON's order).
  const coordinate = entry.live?.location?.coordinate;
  switch (key) {
    case 'groups':
      return (request.groups?.[entry.row.id] ?? []).join(GROUP_SEPARATOR);
    case 'latitude':
      return coordinate?.[1];
    case 'longitude':
      return coordinate?.[0];
    default:
      return fileCell(fleetCellText(entry.row, key, request.texts));
  }
}

/**
 * The rows as CSV (RFC 4180, formula-safe through the shared csvLine): a header of the columns'
 * labels, then one line per row in the order given, each cell as the table says it (a dash
 * empty), the groups and coordinates as the request and the live state give them. Rows of
 * devices removed since the order was made (null) are left out.
 */
export function fleetCsv(entries: Iterable<FleetExportEntry | null>, request: FleetExportRequest): string {
  const lines = [csvLine(request.columns.map((column) => column.label))];
  for (const entry of entries) {
    if (entry) lines.push(csvLine(request.columns.map((column) => fileCellValue(entry, column.key, request))));
  }
  return lines.join('');
}
