import {
  codeLabel,
  SATCOM_PROVIDER_SATELLITE_MESSAGING,
  type Locale,
  type CsvValue,
  type LogPaging,
  type SatcomMessage,
  type SatcomMessageExportQuery,
} from '@halo/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SatcomMessagesTable } from '../../store/schema.js';
import { contains, logPageConditions } from './logPage.js';

type SatcomMessageRow = Selectable<SatcomMessagesTable>;

const FREE_TEXT_COLUMNS = ['halo_name', 'halo_serial', 'satcom_imei', 'network', 'description'];

/** The messaging log of one environment narrowed by a filter (and a page's ids, when given). */
export function selectSatcomMessages(
  db: Kysely<Database>,
  environmentId: number,
  filter: Omit<SatcomMessageExportQuery, 'lang'> & LogPaging,
) {
  let select = db.selectFrom('satcom_messages').where('environment_id', '=', environmentId);
  for (const condition of logPageConditions(filter)) select = select.where(condition);
  const freeText = filter.free_text;
  if (freeText) select = select.where((eb) => eb.or(FREE_TEXT_COLUMNS.map((column) => contains(column, freeText))));
  if (filter.device_name) select = select.where(contains('halo_name', filter.device_name));
  if (filter.networks?.length) select = select.where('network', 'in', filter.networks);
  return select;
}

const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

export const satcomMessageOf = (row: SatcomMessageRow): SatcomMessage => ({
  id: row.id,
  device_id: row.device_id,
  log_time: new Date(row.log_time).toISOString(),
  satcom_timestamp: isoOrNull(row.satcom_time),
  halo_name: row.halo_name,
  halo_serial: row.halo_serial,
  satcom_imei: row.satcom_imei,
  network: row.network,
  severity: row.severity,
  description: row.description,
  lat: row.latitude,
  long: row.longitude,
  altitude: row.altitude,
  ...(row.link_status === null ? {} : { link_status: row.link_status as SatcomMessage['link_status'] }),
  provider: SATCOM_PROVIDER_SATELLITE_MESSAGING,
});

/** The export's columns: section 3's messaging log entry, the severity's label beside it. */
export const SATCOM_MESSAGE_CSV_HEADER = [
  'id',
  'log_time',
  'satcom_timestamp',
  'halo_name',
  'halo_serial',
  'satcom_imei',
  'network',
  'severity',
  'severity_label',
  'description',
  'lat',
  'long',
  'altitude',
] as const;

export const satcomMessageCells =
  (locale: Locale) =>
  (row: SatcomMessageRow): CsvValue[] => {
    const message = satcomMessageOf(row);
    return SATCOM_MESSAGE_CSV_HEADER.map((column) =>
      column === 'severity_label' ? codeLabel(locale, 'severity', message.severity) : message[column],
    );
  };
