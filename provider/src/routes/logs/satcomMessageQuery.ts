import { codeLabel, type Locale, type CsvValue, type LogPaging, type SatcomMessageExportQuery } from '@halo/shared';
import type { Kysely } from 'kysely';
import { satcomMessageOf, type SatcomMessageRow } from '../../satcom/satcomMessageView.js';
import type { Database } from '../../store/schema.js';
import { contains, logPageConditions } from './logPage.js';

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

/** A message's cells in the export, the label in the reader's language (read shaper satcomMessageCsv). */
export const satcomMessageCells =
  (locale: Locale) =>
  (row: SatcomMessageRow): CsvValue[] => {
    const message = satcomMessageOf(row);
    return SATCOM_MESSAGE_CSV_HEADER.map((column) =>
      column === 'severity_label' ? codeLabel(locale, 'severity', message.severity) : message[column],
    );
  };
