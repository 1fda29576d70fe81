import { LINK_INTERFACE_KINDS, locationStatus, type DataLinksAvailability, type NicCounts } from '@halo/shared';
import { parseLinksInfo, parseSystemReport } from '../../store/deviceJsonColumns.js';
import { textBatch, type TextBatch } from '../../store/keysetPages.js';
import type { DeviceRow } from '../../store/schema.js';
import { locationOf, parseLinksSummary } from './deviceView.js';

/*
 * The per-device status answers (device_status, data_links_info, data_links_availability, locations)
 * written as JSON text where their rows were read (readShapers.ts), a keyset batch at a time
 * (perDeviceAnswer): each row's JSON columns are parsed and checked, which for 100,000 devices
 * held the request loop for seconds.
 */

export type DeviceStatusRow = Pick<DeviceRow, 'id' | 'halo_data_links_info' | 'halo_system_report'>;
export type DataLinksInfoRow = Pick<DeviceRow, 'id' | 'halo_data_links_info'>;
export type LinksAvailabilityRow = Pick<DeviceRow, 'id' | 'availability' | 'is_activated' | 'links_summary'>;

/** A batch of rows' entries, each as JSON, joined by commas (an array's items: jsonArrayAnswer). */
const entriesOf = <Row extends { readonly id: number }>(
  rows: readonly Row[],
  entry: (row: Row) => unknown,
): TextBatch => textBatch(rows, (row) => JSON.stringify(entry(row)), ',');

/** The `device_status` field: per device its links and system report. */
export const deviceStatusText = (rows: readonly DeviceStatusRow[]) =>
  entriesOf(rows, (row) => ({
    device_id: row.id,
    halo_data_links_info: parseLinksInfo(row.halo_data_links_info),
    halo_system_report: parseSystemReport(row.halo_system_report),
  }));

/** The `halo_data_links_info` field: per device its links by interface kind. */
export const dataLinksInfoText = (rows: readonly DataLinksInfoRow[]) =>
  entriesOf(rows, (row) => ({ device_id: row.id, halo_data_links_info: parseLinksInfo(row.halo_data_links_info) }));

/** One device's online and offline links per kind: a device that is not connected has every link offline. */
export function linksAvailabilityOf(row: LinksAvailabilityRow): DataLinksAvailability {
  const summary = parseLinksSummary(row);
  const connected = row.is_activated === 1 && row.availability === 1;
  const nics = {} as Record<(typeof LINK_INTERFACE_KINDS)[number], NicCounts>;
  for (const kind of LINK_INTERFACE_KINDS) {
    const { online, total } = summary[kind];
    nics[kind] = connected ? { online, offline: total - online } : { online: 0, offline: total };
  }
  return { device_id: row.id, nics_info: nics };
}

/** The `halo_data_links_availability` field. */
export const linksAvailabilityText = (rows: readonly LinksAvailabilityRow[]) => entriesOf(rows, linksAvailabilityOf);

export type LocationRow = Pick<
  DeviceRow,
  'id' | 'is_activated' | 'availability' | 'longitude' | 'latitude' | 'altitude' | 'accuracy' | 'location_time'
>;

/** The `locations` field: each device's latest fix (none: [0, 0], accuracy 0) and its section 4 status. */
export const locationsText = (rows: readonly LocationRow[]) =>
  entriesOf(rows, (row) => {
    const location = locationOf(row) ?? { coordinate: [0, 0], altitude: null, time: null, accuracy: 0 };
    const connected = row.is_activated === 1 && row.availability === 1;
    return { device_id: row.id, ...location, status: locationStatus(location, connected) };
  });
