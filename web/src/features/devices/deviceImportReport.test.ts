import { DEVICE_IMPORT_COLUMNS, ErrorCode, parseCsv } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import {
  DEVICE_IMPORT_TEMPLATE,
  ImportReportSchema,
  importReportCsv,
  importSummary,
  reportErrorText,
  reportLine,
} from './deviceImportReport';

/** Rows as the provider answers them: a refusal carries its code, key, placeholders and what it names. */
const { report } = ImportReportSchema.parse({
  report: [
    { row: 2, name: 'edge-1', pairing_id: 'SN1', success: true, error: null, field: null, problem: null },
    {
      row: 3,
      name: 'hub-5',
      pairing_id: 'SN2',
      success: false,
      error: 'validation.invalid',
      field: 'ip_addresses.0',
      problem: { code: 1, key: 'validation.invalid', params: ['ip_address'] },
    },
    {
      row: 4,
      name: 'hub-6',
      pairing_id: 'SN3',
      success: false,
      error: 'validation.portRange',
      field: 'ports.from',
      problem: { code: 1, key: 'validation.portRange', params: [1024, 49151] },
    },
    {
      row: 5,
      name: 'cam-6',
      pairing_id: 'SN-1',
      success: false,
      error: 'A device with pairing id SN-1 already exists: edge-1',
      field: 'pairing_id',
      problem: {
        code: ErrorCode.DEVICE_PARAMETERS_EXIST,
        key: 'errors.deviceParametersExist',
        params: [],
        fields: { pairing_id: 'SN-1', device: 'edge-1' },
      },
    },
    {
      row: 6,
      name: 'bad name',
      pairing_id: 'SN4',
      success: false,
      error: 'validation.invalidCharacters',
      field: 'name',
      problem: { code: 1, key: 'validation.invalidCharacters', params: ['name'] },
    },
    {
      row: 7,
      name: 'short',
      pairing_id: '',
      success: false,
      error: 'validation.columnCount',
      field: null,
      problem: { code: 1, key: 'validation.columnCount', params: [7, 3] },
    },
    // A provider that sends no problem: a key is still translated, a free message shown as it is.
    { name: 'old', pairing_id: 'SN5', success: false, error: 'validation.required', field: 'pairing_id' },
    { name: 'hub', pairing_id: 'SN6', success: false, error: 'Port range taken upstream' },
  ],
});

describe('device import report', () => {
  it('counts created and failed rows', () => {
    expect(importSummary(report)).toEqual({ created: 1, failed: 7 });
  });

  it('numbers rows by their CSV line', () => {
    expect(report.map((row, index) => reportLine(row, index))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('says each refusal through the catalogue: placeholders filled, fields by their labels, the device in the way', () => {
    const t = createI18n('en-US').t;
    expect(report.map((row) => reportErrorText(t, row))).toEqual([
      '',
      'IP address 1 is invalid',
      'Port range: Port value must be between 1024 and 49151',
      'A device with pairing id SN-1 already exists: edge-1',
      'Name contains invalid characters',
      'Expected 7 columns, found 3',
      'Pairing ID (serial number) is required',
      'Port range taken upstream',
    ]);
  });

  it('says them in he-IL, with no English word or raw key left', () => {
    const t = createI18n('he-IL').t;
    const texts = report.slice(1, 7).map((row) => reportErrorText(t, row));
    expect(texts).toEqual([
      'הערך של כתובת IP 1 אינו תקין',
      'טווח פורטים: ערך הפורט חייב להיות בין 1024 ל-49151',
      'התקן עם מזהה הצימוד SN-1 כבר קיים: edge-1',
      'שם מכיל תווים לא חוקיים',
      'צפויות 7 עמודות, נמצאו 3',
      'מזהה צימוד (מספר סידורי) הוא שדה חובה',
    ]);
    for (const text of texts) {
      // Only identifiers and the IP abbreviation may be Latin: no English word, no key, no path.
      expect(text.replace(/SN-1|edge-1|IP/g, '')).not.toMatch(/[A-Za-z_]/);
    }
  });

  it('downloads as CSV what the dialog shows, in the reader’s language and formula-safe (issue 39, item 10)', () => {
    const t = createI18n('he-IL').t;
    const rows = parseCsv(importReportCsv(t, [...report, { ...report[0]!, name: '=HYPERLINK("x")' }]));
    expect(rows[0]).toEqual(['שורה', 'שם', 'מזהה צימוד', 'הצלחה', 'שגיאה']);
    expect(rows[2]).toEqual([
      String(reportLine(report[1]!, 1)),
      report[1]!.name,
      report[1]!.pairing_id,
      'לא נוצר',
      'הערך של כתובת IP 1 אינו תקין',
    ]);
    expect(rows.at(-1)?.[1]).toBe(`'=HYPERLINK("x")`);
    expect(rows).toHaveLength(report.length + 2);
  });

  it('offers a template whose header names every import column', () => {
    expect(DEVICE_IMPORT_TEMPLATE.split('\n')[0]).toBe(DEVICE_IMPORT_COLUMNS.join(','));
  });
});
