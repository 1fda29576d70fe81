import { DEVICE_IMPORT_COLUMNS } from '@halo/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_IMPORT_TEMPLATE,
  ImportReportSchema,
  importSummary,
  reportErrorText,
  reportLine,
} from './deviceImportReport';

const t = ((key: string, options?: { 0?: string }) => `${key}(${options?.[0] ?? ''})`) as unknown as TFunction;

describe('device import report', () => {
  const { report } = ImportReportSchema.parse({
    report: [
      { row: 2, name: 'edge-1', pairing_id: 'SN1', success: true, error: null, field: null },
      {
        row: 3,
        name: 'bad one',
        pairing_id: 'SN2',
        success: false,
        error: 'validation.invalidCharacters',
        field: 'name',
      },
      { name: 'hub', pairing_id: 'SN3', success: false, error: 'Device port range overlaps with other device' },
    ],
  });

  it('counts created and failed rows', () => {
    expect(importSummary(report)).toEqual({ created: 1, failed: 2 });
  });

  it('numbers rows by their CSV line', () => {
    expect(report.map((row, index) => reportLine(row, index))).toEqual([2, 3, 4]);
  });

  it('translates a validation key naming its field and shows a server message as is', () => {
    expect(reportErrorText(t, report[0]!)).toBe('');
    expect(reportErrorText(t, report[1]!)).toBe('validation.invalidCharacters(name)');
    expect(reportErrorText(t, report[2]!)).toBe('Device port range overlaps with other device');
  });

  it('offers a template whose header names every import column', () => {
    expect(DEVICE_IMPORT_TEMPLATE.split('\n')[0]).toBe(DEVICE_IMPORT_COLUMNS.join(','));
  });
});
