import { csvLine, DEVICE_IMPORT_COLUMNS, ErrorCode, type DeviceImportReportRow } from '@halo/shared';
import type { TFunction } from 'i18next';
import { serverProblemText, type ServerProblem } from '../../lib/i18n';
import { deviceFieldLabel } from './deviceLabels';

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

/**
 * The problem of a report row: the provider's own (code, key, placeholders, what a conflict
 * names); from a provider that sends only `error`, an i18n key there is read as a rule's
 * problem; a free message has no problem.
 */
function problemOf(row: ImportReportRow): ServerProblem | null {
  if (row.problem) return row.problem;
  if (row.error && /^(validation|errors)\.[A-Za-z0-9.]+$/.test(row.error)) {
    return { code: ErrorCode.MISSING_VALUES, key: row.error, params: [] };
  }
  return null;
}

/**
 * A row's error as the forms say it, through the catalogue: placeholders filled, the field
 * named by its label ("IP address 1 is invalid", "Port range: Port value must be between 1024
 * and 49151"), a conflict naming the device in the way. Only a provider's free message (one
 * that sends no problem) is shown as it came.
 */
export function reportErrorText(t: TFunction, row: ImportReportRow): string {
  if (row.success) return '';
  const problem = problemOf(row);
  if (!problem) return row.error ?? '';
  const label = row.field ? deviceFieldLabel(t, row.field) : '';
  const text = serverProblemText(t, problem, label);
  // A rule's message may not say which field it is about ("Port value must be between ..."): say it first.
  const named = problem.code !== ErrorCode.MISSING_VALUES || label === '' || text.includes(label);
  return named ? text : t('devices.import.fieldProblem', { field: label, problem: text });
}

/**
 * The report as CSV, as the dialog shows it (issue 39, item 10): the line, the name and the
 * serial number as the file had them, whether the device was created, and the error in the
 * reader's language; formula-safe (shared csv.ts), a file to fix and import again.
 */
export function importReportCsv(t: TFunction, report: readonly ImportReportRow[]): string {
  const header = [
    t('devices.import.row'),
    t('devices.columns.name'),
    t('devices.columns.pairingId'),
    t('devices.import.success'),
    t('devices.import.error'),
  ];
  return [
    csvLine(header),
    ...report.map((row, index) =>
      csvLine([
        reportLine(row, index),
        row.name,
        row.pairing_id,
        t(row.success ? 'devices.import.yes' : 'devices.import.no'),
        reportErrorText(t, row),
      ]),
    ),
  ].join('');
}
