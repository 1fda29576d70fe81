import { DEVICE_IMPORT_COLUMNS, type DeviceImportReportRow } from '@halo/shared';
import type { TFunction } from 'i18next';

/** A report row as the provider answers it (the contract's): the CSV line and the field at fault included. */
export type ImportReportRow = DeviceImportReportRow;
export { DeviceImportResponseSchema as ImportReportSchema } from '@halo/shared';

/** A template to start from: the header row, a client and a server. */
export const DEVICE_IMPORT_TEMPLATE = [
  DEVICE_IMPORT_COLUMNS.join(','),
  'edge-001,SN-000001,1,false,,,',
  'hub-001,SN-000002,1,true,10.0.0.1;10.0.0.2,20000,20999',
  '',
].join('\n');

export function importSummary(report: readonly ImportReportRow[]): { created: number; failed: number } {
  const created = report.filter((row) => row.success).length;
  return { created, failed: report.length - created };
}

/** The CSV line of a report row: the provider's, else its place in the report after the header. */
export function reportLine(row: ImportReportRow, index: number): number {
  return row.row ?? index + 2;
}

/** A row's error: a catalogue or validation key is translated (naming the field), a server message shown as is. */
export function reportErrorText(t: TFunction, row: ImportReportRow): string {
  if (!row.error) return '';
  const field = row.field ?? '';
  const text = /^(validation|errors)\.[A-Za-z0-9.]+$/.test(row.error) ? t(row.error, { 0: field, 1: '' }) : row.error;
  return field && !text.includes(field) ? `${field}: ${text}` : text;
}
